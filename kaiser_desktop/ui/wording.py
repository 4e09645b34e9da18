"""Sentences the table says to the player, built from rules values (no widgets here)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from kaiser_desktop.app.deal_numbers import format_deal_number
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

SUIT_NAMES = {Suit.S: "Spades", Suit.H: "Hearts", Suit.D: "Diamonds", Suit.C: "Clubs"}

# One minus sign on every screen: a hyphen ("-3") beside a real minus ("−6") looks like a typo.
MINUS = "\u2212"

RANK_WORDS = {
    Rank.ACE: "ace", Rank.KING: "king", Rank.QUEEN: "queen", Rank.JACK: "jack",
    Rank.TEN: "10", Rank.NINE: "9", Rank.EIGHT: "8", Rank.SEVEN: "7",
    Rank.FIVE: "5", Rank.THREE: "3",
}  # fmt: skip


def number_text(value: int) -> str:
    """A whole number with a real minus sign: "−3", "0", "12"."""
    return f"{MINUS}{-value}" if value < 0 else str(value)


def change_text(value: int) -> str:
    """Points won or lost in a hand, always signed: "+9", "−8", "0"."""
    return f"+{value}" if value > 0 else number_text(value)


def points_text(value: int) -> str:
    """ "1 point", "7 points", "−3 points"."""
    return f"{number_text(value)} point{'' if abs(value) == 1 else 's'}"


def card_words(card: Card) -> str:
    """A card as a person says it: "the jack of clubs", "the 10 of diamonds", "the 5♥"."""
    if card.label in ("5♥", "3♠"):
        return f"the {card.label}"  # the two scoring cards are known by these names
    return f"the {RANK_WORDS[card.rank]} of {card.suit.plural}"


def trump_text(suit: Suit | None) -> str:
    return "No trump" if suit is None else f"{suit.symbol} {SUIT_NAMES[suit]}"


def contract_text(bid: Bid, trump: Suit | None, trump_named: bool) -> str:
    """ "8 ♥", "8 no trump", "Kaiser ♠", or just "8" before trump is named."""
    if bid.no_trump:
        return bid.label
    if not trump_named:
        return bid.label
    return f"{bid.label} {trump.symbol if trump else 'no trump'}"


def team_name(team: Team, seating: Seating) -> str:
    first, second = team.seats
    if seating.is_human(Seat.S) and team is Team.NS:
        return "You & " + seating.name(Seat.N)
    return f"{seating.name(first)} & {seating.name(second)}"


def redeal_prompt() -> str:
    return "Your hand has no ace, no face card, no 5♥ and no 3♠. Ask for a new deal?"


def bidding_prompt(view: PlayerView, seating: Seating) -> str:
    standing = standing_bid(view.bids)
    is_dealer = view.seat == view.dealer
    if standing is None:
        if is_dealer and not any(a for a in view.legal if getattr(a, "bid", None) == Bid(0)):
            return "Everyone passed: as dealer you must bid."
        if is_dealer:
            return "Everyone passed. You are the dealer: bid, or pass to throw the hand in."
        passed = _names_in_order(
            seating.name(seat) for seat, bid in zip(view.bidders, view.bids, strict=False)
            if bid.is_pass
        )  # fmt: skip
        # Said in words: at a small window the panel may cover the players' own bubbles.
        if passed:
            return f"{passed} passed. Bids start at {view.rules.min_bid}: bid or pass."
        return f"Your bid. Bids start at {view.rules.min_bid}. Bid or pass."
    holder = view.bidders[max(i for i, b in enumerate(view.bids) if b == standing)]
    said = f"{seating.name(holder)} bid {standing.label}."
    # In an open auction a pass is not the end: the bidding goes round until three pass.
    later = " You can bid again on a later turn." if view.rules.auction == "open" else ""
    if is_dealer:
        return (
            f"{said} As dealer you may equal it to take the contract, bid higher, or pass.{later}"
        )
    return f"{said} Bid higher or pass.{later}"


def _names_in_order(names: Iterable[str]) -> str:
    """"Alex", "Alex and Pat", "Alex, Pat and Sam": each name once, in the order heard."""
    unique = list(dict.fromkeys(names))
    if len(unique) <= 1:
        return "".join(unique)
    return f"{', '.join(unique[:-1])} and {unique[-1]}"


def wait_text(seat: Seat, verb: str, seating: Seating) -> str:
    return f"{seating.name(seat)} is thinking about what to {verb}…"


# --- hints and "Why?" ------------------------------------------------------------------------
# The reasons come from the computer players and change as they improve, so nothing here
# takes them apart: a reason is shown whole, and only checked for whether it already names
# the move (then the move is not said twice).


def suggestion_text(action: SeatAction, seating: Seating) -> str:
    """What a hint suggests, as an instruction to the person: "play the king of hearts"."""
    if isinstance(action, Play):
        return f"play {card_words(action.card)}"
    if isinstance(action, MakeBid):
        return "pass" if action.bid.is_pass else f"bid {action.bid.label}"
    if isinstance(action, NameTrump):
        return f"name {action.suit.plural} as trump" if action.suit else "play no trump"
    if isinstance(action, PassCard):
        return f"pass {card_words(action.card)} to {seating.name(Seat.N)}"
    if isinstance(action, Discard):
        first, second = action.cards
        return f"put aside {card_words(first)} and {card_words(second)}"
    if isinstance(action, AskRedeal):
        return "ask for a new deal" if action.ask else "keep this hand"
    return "wait"


def names_the_move(action: SeatAction, reason: str) -> bool:
    """Does the reason already say the move ("Pass: …", "Name hearts as trump: …")?"""
    text = reason.lower()
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
    spoken = card_words(card).removeprefix("the ")
    return card.label.lower() in text or spoken in text or spoken.replace("10", "ten") in text


def _sentence(text: str) -> str:
    text = text.strip()
    return text[:1].upper() + text[1:] if text else text


def hint_text(
    action: SeatAction,
    reason: str,
    seating: Seating,
    legal: Sequence[SeatAction] | None = None,
) -> str:
    """The hint in plain words, the move said once: "Hint: play the king of hearts. <reason>".

    `legal` is what the player could do; with one choice the hint says the move is forced
    instead of explaining it as a choice.
    """
    move = suggestion_text(action, seating)
    if legal is not None and len(legal) == 1:
        if isinstance(action, Play):
            return f"Hint: play {card_words(action.card)}. It is the only card you can play."
        return f"Hint: {move}. It is the only thing you can do here."
    reason = _sentence(reason)
    if not reason:
        return f"Hint: {move}."
    if names_the_move(action, reason):
        return f"Hint: {reason}"
    return f"Hint: {move}. {reason}"


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
    if isinstance(action, Play):
        return f"{name} played {card_words(action.card)}"
    if isinstance(action, MakeBid):
        return f"{name} passed" if action.bid.is_pass else f"{name} bid {action.bid.label}"
    if isinstance(action, NameTrump):
        if action.suit is None:
            return f"{name} chose no trump"
        return f"{name} named {action.suit.plural} as trump"
    if isinstance(action, AskRedeal):
        return f"{name} asked for a new deal" if action.ask else f"{name} kept the hand"
    return f"{name} made a move"


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
            return f"{did}: it was the only card {name} could play."
        return f"{did}: it was the only thing {name} could do."
    reason = _sentence(reason)
    if not reason:
        return f"{did}."
    if names_the_move(action, reason):
        return f"{name} thought: “{reason}”"
    return f"{did}: “{reason}”"


def deal_number_text(number: int | None, short: bool = False) -> str:
    """The line under a hand's summary that lets a player note the deal (`short`: the
    number alone, for a small window)."""
    if number is None:
        return ""
    said = f"Deal number {format_deal_number(number)}."
    if short:
        return said
    return f"{said} To play these cards again: Game → Replay a deal by number."
