"""Sentences the table says to the player, built from rules values (no widgets here)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtCore import QCoreApplication

from kaiser_desktop.app.seating import Seating
from kaiser_desktop.rules import (
    AskRedeal,
    Bid,
    Card,
    Discard,
    GameState,
    MakeBid,
    NameTrump,
    PassCard,
    Play,
    PlayerView,
    Rank,
    Seat,
    SeatAction,
    Suit,
    Team,
    Trick,
    legal_cards,
    standing_bid,
)
from kaiser_desktop.rules.said import QT_TRANSLATE_NOOP
from kaiser_desktop.ui.said_words import (
    bid_text,
    card_name,
    counts,
    error_text,
    listing_text,
    refusal_text,
    said_text,
    suit_word,
    translate,
    untranslated,
)

__all__ = ["bid_text", "error_text", "refusal_text", "said_text"]

SUIT_NAMES = {
    Suit.S: QT_TRANSLATE_NOOP("Suits", "Spades"),
    Suit.H: QT_TRANSLATE_NOOP("Suits", "Hearts"),
    Suit.D: QT_TRANSLATE_NOOP("Suits", "Diamonds"),
    Suit.C: QT_TRANSLATE_NOOP("Suits", "Clubs"),
}

# One minus sign on every screen: a hyphen ("-3") beside a real minus ("−6") looks like a typo.
MINUS = "\u2212"


def number_text(value: int) -> str:
    """A whole number with a real minus sign: "−3", "0", "12"."""
    return f"{MINUS}{-value}" if value < 0 else str(value)


def change_text(value: int) -> str:
    """Points won or lost in a hand, always signed: "+9", "−8", "0"."""
    return f"+{value}" if value > 0 else number_text(value)


def points_text(value: int) -> str:
    """ "1 point", "7 points", "−3 points"."""
    said = counts().points(value, number_text(value))
    if untranslated(said):
        return f"{number_text(value)} point{'' if abs(value) == 1 else 's'}"
    return said


def card_words(card: Card) -> str:
    """A card as a person says it: "the jack of clubs", "the 10 of diamonds", "the 5♥"."""
    return card_name(card)


def trump_text(suit: Suit | None) -> str:
    if suit is None:
        return translate("Wording", "No trump")
    return f"{suit.symbol} {translate('Suits', SUIT_NAMES[suit])}"


def contract_text(bid: Bid, trump: Suit | None, trump_named: bool) -> str:
    """ "8 ♥", "8 no trump", "Kaiser ♠", or just "8" before trump is named."""
    if bid.no_trump or not trump_named:
        return bid_text(bid)
    if trump is None:
        return translate("Wording", "{bid} no trump").format(bid=bid_text(bid))
    return f"{bid_text(bid)} {trump.symbol}"


def team_name(team: Team, seating: Seating) -> str:
    first, second = team.seats
    if seating.is_human(Seat.S) and team is Team.NS:
        return translate("Wording", "You & {partner}").format(partner=seating.name(Seat.N))
    return translate("Wording", "{first} & {second}").format(
        first=seating.name(first), second=seating.name(second)
    )


def redeal_prompt() -> str:
    return translate(
        "Wording", "Your hand has no ace, no face card, no 5♥ and no 3♠. Ask for a new deal?"
    )


def bidding_prompt(view: PlayerView, seating: Seating) -> str:
    standing = standing_bid(view.bids)
    is_dealer = view.seat == view.dealer
    minimum = view.rules.min_bid
    if standing is None:
        if is_dealer and not any(a for a in view.legal if getattr(a, "bid", None) == Bid(0)):
            return translate("Wording", "Everyone passed: as dealer you must bid.")
        if is_dealer:
            return translate(
                "Wording", "Everyone passed. You are the dealer: bid, or pass to throw the hand in."
            )
        passed = list(dict.fromkeys(
            seat for seat, bid in zip(view.bidders, view.bids, strict=False) if bid.is_pass
        ))  # fmt: skip
        # Said in words: at a small window the panel may cover the players' own bubbles.
        if passed:
            names = _names_in_order(seating.name(seat) for seat in passed)
            if len(passed) == 1 and Seat.S not in passed:
                text = translate("Wording", "{names} passed. Bids start at {minimum}: bid or pass.")
            else:  # French agrees the verb: « Ouest et Est ont passé », « … et vous avez passé »
                text = (
                    QCoreApplication.translate(
                        "Wording",
                        "{names} passed. Bids start at {minimum}: bid or pass.",
                        "you and others",
                    )
                    if Seat.S in passed
                    else QCoreApplication.translate(
                        "Wording",
                        "{names} passed. Bids start at {minimum}: bid or pass.",
                        "several players",
                    )
                )
            return text.format(names=names, minimum=minimum)
        return translate("Wording", "Your bid. Bids start at {minimum}. Bid or pass.").format(
            minimum=minimum
        )
    holder = view.bidders[max(i for i, b in enumerate(view.bids) if b == standing)]
    name, bid = seating.name(holder), bid_text(standing)
    # In an open auction a pass is not the end: the bidding goes round until three pass.
    open_auction = view.rules.auction == "open"
    if is_dealer and open_auction:
        text = translate(
            "Wording",
            "{name} bid {bid}. As dealer you may equal it to take the contract, bid higher, or "
            "pass. You can bid again on a later turn.",
        )
    elif is_dealer:
        text = translate(
            "Wording",
            "{name} bid {bid}. As dealer you may equal it to take the contract, bid higher, or "
            "pass.",
        )
    elif open_auction:
        text = translate(
            "Wording", "{name} bid {bid}. Bid higher or pass. You can bid again on a later turn."
        )
    else:
        text = translate("Wording", "{name} bid {bid}. Bid higher or pass.")
    return text.format(name=name, bid=bid)


def _names_in_order(names: Iterable[str]) -> str:
    """ "Alex", "Alex and Pat", "Alex, Pat and Sam": each name once, in the order heard."""
    return listing_text(list(dict.fromkeys(names)))


# --- hints and "Why?" ------------------------------------------------------------------------
# The reasons come from the computer players and change as they improve, so nothing here
# takes them apart: a reason is shown whole, and only checked for whether it already names
# the move (then the move is not said twice). The check reads the English reason (the same
# in every language); the reason is then said in the player's language.


def suggestion_text(action: SeatAction, seating: Seating) -> str:
    """What a hint suggests, as an instruction to the person: "play the king of hearts"."""
    if isinstance(action, Play):
        return translate("Wording", "play {card}").format(card=card_words(action.card))
    if isinstance(action, MakeBid):
        if action.bid.is_pass:
            return translate("Wording", "pass")
        return translate("Wording", "bid {bid}").format(bid=bid_text(action.bid))
    if isinstance(action, NameTrump):
        if action.suit is None:
            return translate("Wording", "play no trump")
        return translate("Wording", "name {suit} as trump").format(suit=suit_word(action.suit))
    if isinstance(action, PassCard):
        return translate("Wording", "pass {card} to {partner}").format(
            card=card_words(action.card), partner=seating.name(Seat.N)
        )
    if isinstance(action, Discard):
        first, second = action.cards
        return translate("Wording", "put aside {first} and {second}").format(
            first=card_words(first), second=card_words(second)
        )
    if isinstance(action, AskRedeal):
        if action.ask:
            return translate("Wording", "ask for a new deal")
        return translate("Wording", "keep this hand")
    return translate("Wording", "wait")


def names_the_move(action: SeatAction, reason: str) -> bool:
    """Does the reason already say the move ("Pass: …", "Name hearts as trump: …")?"""
    text = str(reason).lower()
    if isinstance(action, (Play, PassCard)):
        return _names_card(action.card, text)
    if isinstance(action, Discard):
        return all(_names_card(card, text) for card in action.cards)
    if isinstance(action, MakeBid):
        if action.bid.is_pass:
            return text.startswith("pass")
        return f"bid {action.bid.label.lower()}" in text
    if isinstance(action, NameTrump):
        if action.suit is None:
            return "no trump" in text
        return action.suit.plural in text and "trump" in text
    if isinstance(action, AskRedeal):
        return ("new deal" in text) if action.ask else ("keep" in text)
    return False


def _names_card(card: Card, text: str) -> bool:
    spoken = _english_card(card).removeprefix("the ")
    return card.label.lower() in text or spoken in text or spoken.replace("10", "ten") in text


def _english_card(card: Card) -> str:
    if card.label in ("5♥", "3♠"):
        return f"the {card.label}"
    rank = {Rank.ACE: "ace", Rank.KING: "king", Rank.QUEEN: "queen", Rank.JACK: "jack"}
    return f"the {rank.get(card.rank, card.rank.label)} of {card.suit.plural}"


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] if text else text


def hint_text(
    action: SeatAction,
    reason: str,
    seating: Seating,
    legal: Sequence[SeatAction] | None = None,
) -> str:
    """The hint in plain words, the move said once: "Hint: Play the king of hearts. <reason>".

    `legal` is what the player could do; with one choice the hint says the move is forced
    instead of explaining it as a choice.
    """
    # Every hint starts its advice with a capital, as the reasons do ("Hint: Play…" beside
    # "Hint: play…" read as a slip, issue 38).
    move = _sentence(suggestion_text(action, seating))
    if legal is not None and len(legal) == 1:
        if isinstance(action, Play):
            return translate(
                "Wording", "Hint: Play {card}. It is the only card you can play."
            ).format(card=card_words(action.card))
        return translate("Wording", "Hint: {move}. It is the only thing you can do here.").format(
            move=move
        )
    said = _sentence(said_text(reason))
    if not said:
        return translate("Wording", "Hint: {move}.").format(move=move)
    if names_the_move(action, reason):
        return translate("Wording", "Hint: {reason}").format(reason=said)
    return translate("Wording", "Hint: {move}. {reason}").format(move=move, reason=said)


def was_forced(state: GameState, action: SeatAction) -> bool:
    """Was this card, played in the hand on the table, the only one its player could play?

    For "Why?" about a card already played: the player's hand then was what is left now
    plus every card it played from that trick on."""
    hand = state.hand
    if hand is None or not isinstance(action, Play):
        return False
    tricks = [*hand.tricks, *([hand.current] if hand.current is not None else [])]
    for at, trick in enumerate(tricks):
        if action.card in trick.cards:
            place = trick.cards.index(action.card)
            seat = trick.order[place]
            later = [
                t.cards[t.order.index(seat)]
                for t in tricks[at:]
                if seat in t.order and t.order.index(seat) < len(t.cards)
            ]
            held = (*hand.hand_of(seat), *later)
            before = Trick(trick.order, trick.cards[:place])
            return len(legal_cards(held, before)) == 1
    return False


def did_text(seat: Seat, action: SeatAction, seating: Seating) -> str:
    """What a computer player did, in the past tense: "West played the king of hearts"."""
    name = seating.name(seat)
    you = seat is Seat.S  # "You" in English; French says « vous avez joué »
    if isinstance(action, Play):
        text = (
            translate("Wording", "You played {card}")
            if you
            else translate("Wording", "{name} played {card}")
        )
        return text.format(name=name, card=card_words(action.card))
    if isinstance(action, MakeBid):
        if action.bid.is_pass:
            text = (
                translate("Wording", "You passed") if you else translate("Wording", "{name} passed")
            )
            return text.format(name=name)
        text = (
            translate("Wording", "You bid {bid}")
            if you
            else translate("Wording", "{name} bid {bid}")
        )
        return text.format(name=name, bid=bid_text(action.bid))
    if isinstance(action, NameTrump):
        if action.suit is None:
            text = (
                translate("Wording", "You chose no trump")
                if you
                else translate("Wording", "{name} chose no trump")
            )
            return text.format(name=name)
        text = (
            translate("Wording", "You named {suit} as trump")
            if you
            else translate("Wording", "{name} named {suit} as trump")
        )
        return text.format(name=name, suit=suit_word(action.suit))
    if isinstance(action, AskRedeal):
        if action.ask:
            text = (
                translate("Wording", "You asked for a new deal")
                if you
                else translate("Wording", "{name} asked for a new deal")
            )
        else:
            text = (
                translate("Wording", "You kept the hand")
                if you
                else translate("Wording", "{name} kept the hand")
            )
        return text.format(name=name)
    text = (
        translate("Wording", "You made a move")
        if you
        else translate("Wording", "{name} made a move")
    )
    return text.format(name=name)


def why_text(
    seat: Seat, action: SeatAction, reason: str, seating: Seating, forced: bool = False
) -> str:
    """ "West played the king of hearts: “<reason>”". The reason is quoted: it is the
    computer player's own thought, written to itself ("you cannot win this trick").
    `forced`: the player had only this one card (or move), so there was nothing to choose."""
    did = did_text(seat, action, seating)
    name = seating.name(seat)
    if forced:
        if isinstance(action, Play):
            text = translate("Wording", "{did}: it was the only card {name} could play.")
        else:
            text = translate("Wording", "{did}: it was the only thing {name} could do.")
        return text.format(did=did, name=name)
    said = _sentence(said_text(reason))
    if not said:
        return translate("Wording", "{did}.").format(did=did)
    if names_the_move(action, reason):
        return translate("Wording", "{name} thought: “{reason}”").format(name=name, reason=said)
    return translate("Wording", "{did}: “{reason}”").format(did=did, reason=said)


def deal_number_text(number: int | None, short: bool = False) -> str:
    """The line under a hand's summary that says how to play its cards again (`short`:
    nothing, for a small window). Never the number itself: 18 digits under every summary
    meant nothing to most players (issue 38); Game → Replay a deal by number… shows it,
    filled in, to whoever asks."""
    if number is None or short:
        return ""
    return translate("Wording", "To play these cards again: Game → Replay a deal by number…")
