"""Hand-built positions for Basic's key habits (and the Expert where it matters)."""

from __future__ import annotations

from aitestkit import play_position

from kaiser_desktop.ai import make_bot
from kaiser_desktop.rules import Card, Play, Seat, Suit, observe


def _card(state_seat: tuple[object, Seat], level: str = "basic") -> str:
    state, seat = state_seat
    decision = make_bot(level, 1).decide(observe(state, seat))  # type: ignore[arg-type]
    assert isinstance(decision.action, Play)
    assert decision.reason
    return decision.action.card.text


def test_partner_winning_last_seat_does_not_overtake() -> None:
    # W leads Q♣, N (partner of S) wins with A♣, E follows; S last holds K♣ 9♣.
    state = play_position(
        {Seat.S: "KC 9C 8D", Seat.N: "7D 8S", Seat.E: "7H 9S", Seat.W: "TD JS"},
        Suit.D,
        Seat.N,
        "7",
        Seat.W,
        played="QC AC 8C",
    )
    assert _card((state, Seat.S)) == "9C"


def test_feed_the_five_to_partner() -> None:
    state = play_position(
        {Seat.S: "5H KH 8D", Seat.N: "7D 8S", Seat.E: "7C 9S", Seat.W: "TD JS"},
        Suit.D,
        Seat.N,
        "7",
        Seat.W,
        played="9H AH QH",
    )
    assert _card((state, Seat.S)) == "5H"
    # Cannot follow: still the 5♥ goes on partner's sure trick.
    state = play_position(
        {Seat.S: "5H 9S 8D", Seat.N: "7D 8S", Seat.E: "7H 9S", Seat.W: "TD JS"},
        Suit.D,
        Seat.N,
        "7",
        Seat.W,
        played="9C AC QC",
    )
    assert _card((state, Seat.S)) == "5H"


def test_dump_three_of_spades_on_opponents_trick() -> None:
    # E leads A♣, S (partner N already played) cannot follow, W last: S should dump the 3♠.
    state = play_position(
        {Seat.S: "3S 9D 8D", Seat.N: "7D 8S", Seat.E: "7H 9S", Seat.W: "TD JS KH"},
        Suit.H,
        Seat.E,
        "7",
        Seat.N,
        played="7C AC",
    )
    # N led 7♣, E played A♣; S to play third, void in clubs, partner can't win now.
    assert _card((state, Seat.S)) == "3S"


def test_capture_the_five_with_a_high_card() -> None:
    # W led the 5♥ (ouch), N played 8♥, E 9♥; S last holds A♥ and 10♥: take it cheaply.
    state = play_position(
        {Seat.S: "AH TH 8D", Seat.N: "7D 8S", Seat.E: "7C 9S", Seat.W: "TD JS"},
        Suit.D,
        Seat.N,
        "7",
        Seat.W,
        played="5H 8H 9H",
    )
    assert _card((state, Seat.S)) == "TH"


def test_never_throw_the_five_to_opponents() -> None:
    # Opponent E wins with A♥; S last must follow hearts and holds 5♥ and 9♥.
    state = play_position(
        {Seat.S: "5H 9H 8D", Seat.N: "7D 8S", Seat.E: "7C 9S", Seat.W: "TD JS"},
        Suit.D,
        Seat.N,
        "7",
        Seat.W,
        played="QH KH AH",
    )
    assert _card((state, Seat.S)) == "9H"
    # Void in the led suit: discard something else, not the 5♥.
    state = play_position(
        {Seat.S: "5H 9S 8D", Seat.N: "7D 8S", Seat.E: "7C 9S", Seat.W: "TD JS"},
        Suit.D,
        Seat.N,
        "7",
        Seat.W,
        played="QC KC AC",
    )
    for level in ("basic", "expert"):
        assert _card((state, Seat.S), level) != "5H"


def test_cheapest_winning_card_last_seat() -> None:
    state = play_position(
        {Seat.S: "AS QS 8S", Seat.N: "7D 8C", Seat.E: "7C 9C", Seat.W: "TD JD"},
        Suit.D,
        Seat.E,
        "7",
        Seat.W,
        played="JS 9S TS",
    )
    assert _card((state, Seat.S)) == "QS"


def test_reason_mentions_partner() -> None:
    state = play_position(
        {Seat.S: "KC 9C 8D", Seat.N: "7D 8S", Seat.E: "7H 9S", Seat.W: "TD JS"},
        Suit.D,
        Seat.N,
        "7",
        Seat.W,
        played="QC AC 8C",
    )
    d = make_bot("basic", 1).decide(observe(state, Seat.S))
    assert "partner" in d.reason.lower()
    assert Card.from_text("9C") == d.action.card  # type: ignore[union-attr]
