"""The play audit's count of sure mistakes, on hand-built positions (issue 39)."""

from __future__ import annotations

from aitestkit import cards, play_position

from kaiser_desktop.rules import Card, GameState, Seat, Suit, Trick
from kaiser_lab.play_audit import (
    READINGS,
    describe_mistake,
    off_best_shares,
    sure_mistake,
    true_place_shares,
)

# Two tricks took the 5♥ and the 3♠ out of play; now W leads the K♣, N and E follow low.
EARLIER = (
    Trick((Seat.W, Seat.N, Seat.E, Seat.S), cards("5H 8H 9H QH")),
    Trick((Seat.S, Seat.W, Seat.N, Seat.E), cards("3S 8S 9S TS")),
)


def _position(south: str) -> GameState:
    return play_position(
        {Seat.S: south, Seat.W: "TD", Seat.N: "8D", Seat.E: "9D"},
        None,
        Seat.E,
        "7NT",
        Seat.W,
        played="KC 8C 9C",
        tricks=EARLIER,
    )


def _idx(text: str) -> int:
    return Card.from_text(text).index


def test_letting_the_king_win_when_the_ace_takes_it_is_a_sure_mistake() -> None:
    # S holds A♣ 7♣ last to play, in no trump: the ace takes this trick and the 7♣ can
    # take at most the last one, so the ace is never worse, whoever holds what.
    state = _position("AC 7C")
    assert sure_mistake(state, _idx("7C"), layouts=200) == _idx("AC")
    assert sure_mistake(state, _idx("AC"), layouts=200) is None


def test_a_guess_between_two_queens_is_no_sure_mistake() -> None:
    # S, void in clubs, keeps the Q♦ or the J♥ for the last trick that W leads: which is
    # right depends on the cards still out, so neither discard is a sure mistake.
    state = _position("QD JH")
    assert sure_mistake(state, _idx("QD"), layouts=200) is None
    assert sure_mistake(state, _idx("JH"), layouts=200) is None


def test_a_card_that_can_never_take_a_trick_is_thrown_first() -> None:
    # With the Q♦ and the J♠, the J♠ can never win (the Q♠ K♠ A♠ are all still out), so
    # keeping it instead of the Q♦ is a sure mistake.
    state = _position("QD JS")
    assert sure_mistake(state, _idx("QD"), layouts=200) == _idx("JS")
    assert sure_mistake(state, _idx("JS"), layouts=200) is None


def test_a_sure_mistake_is_shown_in_one_line() -> None:
    line = describe_mistake(_position("AC 7C"), _idx("7C"), _idx("AC"))
    assert "trick 3, S, contract 7NT by E, trump no trump" in line
    assert "hand 7♣ A♣" in line
    assert "trick so far [W:K♣ N:8♣ E:9♣]" in line
    assert line.endswith("played 7♣, A♣ never worse and sometimes better")


def test_the_floor_is_zero_where_one_card_is_never_worse() -> None:
    state = _position("AC 7C")
    for way in ("expert", "certain"):
        assert off_best_shares(state, _idx("AC"), 60, 1, way) == (0.0, 0.0)
        played, floor = off_best_shares(state, _idx("7C"), 60, 1, way)
        assert played > 0.0 and floor == 0.0


def test_a_guess_has_a_floor_above_zero() -> None:
    # Which queen to keep depends on the cards still out: either is off the best somewhere.
    state = _position("QD JH")
    played, floor = off_best_shares(state, _idx("QD"), 200, 1, "certain")
    assert 0.0 < floor <= played < 1.0


def test_reading_by_what_is_certain_is_a_fair_guess() -> None:
    # S leads to the first trick and has seen nothing yet: a fair guess puts each of the
    # 24 hidden cards in its true hand one time in three.
    hands = {
        Seat.S: "AS KS QS AD KD QD AC KC",
        Seat.N: "JS TS 9S 8S JD TD 9D 8D",
        Seat.E: "AH KH QH JH TH 9H 8H 5H",
        Seat.W: "3S QC JC TC 9C 8C 7C 7D",
    }
    shares = true_place_shares(play_position(hands, Suit.S, Seat.S, "6", Seat.S), 600, 1)
    assert set(shares) == set(READINGS)
    assert 0.30 < shares["certain"] < 0.37
