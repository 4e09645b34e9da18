"""What a screen reader says about the table: card names, whose turn, the trick.

Every sentence is translatable whole (the French translation builds its own word order
from the placeholders); the names of players, bids and trump come from the table's own
wording, which is translated where it is made.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication

from kaiser_desktop.rules import Card, Rank, Suit


def rank_name(rank: Rank) -> str:
    # Literal calls, one per rank, so pyside6-lupdate finds each word.
    names = {
        Rank.ACE: QCoreApplication.translate("CardNames", "Ace"),
        Rank.KING: QCoreApplication.translate("CardNames", "King"),
        Rank.QUEEN: QCoreApplication.translate("CardNames", "Queen"),
        Rank.JACK: QCoreApplication.translate("CardNames", "Jack"),
        Rank.TEN: QCoreApplication.translate("CardNames", "Ten"),
        Rank.NINE: QCoreApplication.translate("CardNames", "Nine"),
        Rank.EIGHT: QCoreApplication.translate("CardNames", "Eight"),
        Rank.SEVEN: QCoreApplication.translate("CardNames", "Seven"),
        Rank.FIVE: QCoreApplication.translate("CardNames", "Five"),
        Rank.THREE: QCoreApplication.translate("CardNames", "Three"),
    }
    return names[rank]


def suit_name(suit: Suit) -> str:
    names = {
        Suit.S: QCoreApplication.translate("CardNames", "spades"),
        Suit.H: QCoreApplication.translate("CardNames", "hearts"),
        Suit.D: QCoreApplication.translate("CardNames", "diamonds"),
        Suit.C: QCoreApplication.translate("CardNames", "clubs"),
    }
    return names[suit]


def card_name(card: Card) -> str:
    """ "Ace of spades", "Five of hearts"."""
    return QCoreApplication.translate("CardNames", "{rank} of {suit}").format(
        rank=rank_name(card.rank), suit=suit_name(card.suit)
    )


def _you(player: str, is_me: bool | None) -> bool:
    """Is the sentence about the person? South is called "You" in every sentence (watching
    too): "You" then takes its own verb ("You name trump", never "You names trump")."""
    return bool(is_me) or player == QCoreApplication.translate("Seating", "You")


# What one of the person's own cards can do now (South's hand).
PLAYABLE, NOT_NOW, PASSABLE, DISCARDABLE, CHOSEN = (
    "playable", "not_now", "passable", "discardable", "chosen",
)  # fmt: skip


def hand_card_name(card: Card, state: str) -> str:
    """ "Ace of spades, playable", "Ace of spades, cannot be played now"."""
    name = card_name(card)
    if state == PLAYABLE:
        return QCoreApplication.translate("TableAccess", "{card}, playable").format(card=name)
    if state == PASSABLE:
        return QCoreApplication.translate(
            "TableAccess", "{card}, can be passed to your partner"
        ).format(card=name)
    if state == DISCARDABLE:
        return QCoreApplication.translate("TableAccess", "{card}, can be discarded").format(
            card=name
        )
    if state == CHOSEN:
        return QCoreApplication.translate("TableAccess", "{card}, chosen to discard").format(
            card=name
        )
    return QCoreApplication.translate("TableAccess", "{card}, cannot be played now").format(
        card=name
    )


def hand_card_help(state: str) -> str:
    """The accessible description: how to act on the card."""
    if state == PLAYABLE:
        return QCoreApplication.translate(
            "TableAccess",
            "Press Enter to play this card. Left and right arrows move between cards.",
        )
    if state == PASSABLE:
        return QCoreApplication.translate(
            "TableAccess",
            "Press Enter to pass this card. Left and right arrows move between cards.",
        )
    if state in (DISCARDABLE, CHOSEN):
        return QCoreApplication.translate(
            "TableAccess", "Press Enter to choose or unchoose this card for the discard."
        )
    return QCoreApplication.translate(
        "TableAccess", "Left and right arrows move between the cards you may play."
    )


def hand_title() -> str:
    # No count in the name: the screen reader counts the cards (and "card(s)" would be
    # read as such wherever no plural forms are loaded, English included).
    return QCoreApplication.translate("TableAccess", "Your hand")


def trick_card_text(card: Card, player: str, is_me: bool) -> str:
    """ "King of hearts, played by Sam", "Ten of hearts, played by you"."""
    if _you(player, is_me):
        return QCoreApplication.translate("TableAccess", "{card}, played by you").format(
            card=card_name(card)
        )
    return QCoreApplication.translate("TableAccess", "{card}, played by {player}").format(
        card=card_name(card), player=player
    )


def trick_text(cards: Sequence[tuple[str, Card, bool]]) -> str:
    """The whole trick on the table in one line, in the order the cards were played."""
    if not cards:
        return QCoreApplication.translate(
            "TableAccess", "The table is empty: no card played in this trick yet."
        )
    played = QCoreApplication.translate("TableAccess", "; ").join(
        trick_card_text(card, player, me) for player, card, me in cards
    )
    return QCoreApplication.translate("TableAccess", "On the table: {cards}.").format(cards=played)


def turn_text(player: str | None, is_me: bool) -> str:
    """ "It is your turn." for the person (watching too: South is "You" in sentences, never
    "It is You's turn"), "It is West's turn." for the others."""
    if is_me or (player is not None and _you(player, is_me)):
        return QCoreApplication.translate("TableAccess", "It is your turn.")
    if player is None:
        return QCoreApplication.translate("TableAccess", "Nobody is playing just now.")
    return QCoreApplication.translate("TableAccess", "It is {player}'s turn.").format(player=player)


def seat_text(plate: str, dealer: bool, turn: bool, said: str) -> str:
    """A player's place at the table: name, dealer, turn and what they last said."""
    text = plate
    if dealer:
        text = QCoreApplication.translate("TableAccess", "{player}, dealer").format(player=text)
    if turn:
        text = QCoreApplication.translate("TableAccess", "{player}, playing now").format(
            player=text
        )
    if said:
        text = QCoreApplication.translate("TableAccess", "{player}: {said}").format(
            player=text, said=said
        )
    return text


def board_line(label: str, value: str) -> str:
    """One line of the board in the corner: "Trump: ♥ Hearts"."""
    return QCoreApplication.translate("TableAccess", "{label}: {value}").format(
        label=label, value=value
    )


def pile_text(team: str, count: str) -> str:
    return QCoreApplication.translate("TableAccess", "{team} won {count}").format(
        team=team, count=count
    )


def played_text(player: str, card: Card, is_me: bool) -> str:
    if _you(player, is_me):
        return QCoreApplication.translate("TableAccess", "You play {card}.").format(
            card=card_name(card)
        )
    return QCoreApplication.translate("TableAccess", "{player} plays {card}.").format(
        player=player, card=card_name(card)
    )


def bid_text(player: str, bid: str, is_pass: bool, is_me: bool) -> str:
    if is_pass:
        return (
            QCoreApplication.translate("TableAccess", "You pass.")
            if _you(player, is_me)
            else QCoreApplication.translate("TableAccess", "{player} passes.").format(player=player)
        )
    if _you(player, is_me):
        return QCoreApplication.translate("TableAccess", "You bid {bid}.").format(bid=bid)
    return QCoreApplication.translate("TableAccess", "{player} bids {bid}.").format(
        player=player, bid=bid
    )


def trump_named_text(player: str, trump: str, is_me: bool | None = None) -> str:
    if _you(player, is_me):
        return QCoreApplication.translate("TableAccess", "You name trump: {trump}.").format(
            trump=trump
        )
    return QCoreApplication.translate("TableAccess", "{player} names trump: {trump}.").format(
        player=player, trump=trump
    )


def trick_won_text(player: str, is_me: bool) -> str:
    if _you(player, is_me):
        return QCoreApplication.translate("TableAccess", "You win the trick.")
    return QCoreApplication.translate("TableAccess", "{player} wins the trick.").format(
        player=player
    )


def table_name() -> str:
    return QCoreApplication.translate("TableAccess", "Card table")


def layer_name() -> str:
    return QCoreApplication.translate("TableAccess", "What is on the table")


def table_help() -> str:
    return QCoreApplication.translate(
        "TableAccess",
        "Left and right arrows choose one of your cards, Enter plays it. "
        "Tab goes to the bid and trump buttons; P passes.",
    )


def latest_label() -> str:
    return QCoreApplication.translate("TableAccess", "Latest")
