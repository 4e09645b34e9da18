"""RULES.md's worked examples, one test each, by name."""

from __future__ import annotations

import pytest

from kaiser_desktop.rules import (
    Bid,
    Card,
    Deal,
    IllegalActionError,
    MakeBid,
    NameTrump,
    Phase,
    Play,
    RuleSet,
    Seat,
    Suit,
    Trick,
    apply,
    legal_actions,
    new_game,
)
from kaiser_desktop.rules.scoring import declarer_points, defender_points, raw_points

STANDARD = RuleSet()


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.from_text(t) for t in text.split())


# A deal where N holds A♥, E 8♥, S 5♥ and W K♥, and nobody's hand is weak.
EXAMPLE_DEAL = Deal(
    (
        cards("AH AS KS QD JD TC 9C 8C"),  # N
        cards("8H QS JS AD KD 9D QC 8D"),  # E
        cards("5H TS 9S 8S AC KC JC 7D"),  # S
        cards("KH QH JH TH 9H 3S TD 7C"),  # W
    )
)


def bidding_state(dealer: Seat = Seat.W):
    state = new_game(STANDARD, dealer)
    return apply(state, EXAMPLE_DEAL)


def test_example_1_five_of_hearts_follows_and_the_ace_wins_a_trick_worth_six() -> None:
    state = bidding_state()
    assert state.phase is Phase.BIDDING
    for bid in ("6", "pass", "pass", "pass"):  # N declares; W (dealer) may pass over a bid
        state = apply(state, MakeBid(Bid.from_text(bid)))
    state = apply(state, NameTrump(Suit.D))
    for card in ("AH", "8H", "5H", "KH"):
        state = apply(state, Play(Card.from_text(card)))
    assert state.hand is not None
    first = state.hand.tricks[0]
    assert first.winner(Suit.D) is Seat.N
    assert state.to_act is Seat.N
    assert raw_points(1, has_five=True, has_three=False, rules=STANDARD) == 6


def test_example_1_as_a_bare_trick() -> None:
    trick = Trick((Seat.N, Seat.E, Seat.S, Seat.W), cards("AH 8H 5H KH"))
    assert trick.winner(Suit.D) is Seat.N


def test_example_2_failed_bid_of_eight_with_seven_raw() -> None:
    raw_ac = raw_points(5, has_five=True, has_three=True, rules=STANDARD)
    assert raw_ac == 7
    assert declarer_points(Bid(8), raw_ac, kaiser_made=False) == -8
    raw_bd = raw_points(3, has_five=False, has_three=False, rules=STANDARD)
    assert defender_points(raw_bd, score_before=0, rules=STANDARD) == 3


def test_example_3_twelve_and_minus_two() -> None:
    assert raw_points(7, has_five=True, has_three=False, rules=STANDARD) == 12
    assert raw_points(1, has_five=False, has_three=True, rules=STANDARD) == -2


def test_example_4_no_trump_doubles_the_declarers_only() -> None:
    assert declarer_points(Bid(7, no_trump=True), 9, kaiser_made=False) == 18
    assert declarer_points(Bid(7, no_trump=True), 6, kaiser_made=False) == -14
    assert defender_points(4, score_before=0, rules=STANDARD) == 4


def test_example_5_defenders_limit() -> None:
    assert defender_points(4, score_before=47, rules=STANDARD) == 0
    assert defender_points(-2, score_before=47, rules=STANDARD) == -2
    assert defender_points(4, score_before=44, rules=STANDARD) == 4


def test_example_6_dealer_equals_and_takes_the_contract() -> None:
    state = bidding_state(Seat.W)
    for bid in ("pass", "7NT", "8", "8"):
        state = apply(state, MakeBid(Bid.from_text(bid)))
    assert state.hand is not None
    assert state.hand.declarer is Seat.W
    assert state.hand.contract == Bid(8)
    assert state.phase is Phase.TRUMP and state.to_act is Seat.W


def test_example_6_dealer_must_bid_after_three_passes() -> None:
    state = bidding_state(Seat.W)
    for _ in range(3):
        state = apply(state, MakeBid(Bid.from_text("pass")))
    assert state.to_act is Seat.W
    legal = legal_actions(state)
    assert MakeBid(Bid.from_text("pass")) not in legal
    assert MakeBid(Bid(6)) in legal
    with pytest.raises(IllegalActionError, match="must bid at least 6"):
        apply(state, MakeBid(Bid.from_text("pass")))


def test_example_7_order_check() -> None:
    after_eight = bidding_state(Seat.W)
    after_eight = apply(after_eight, MakeBid(Bid(8)))  # N
    for _ in range(3):  # E, S, then W (dealer): each may say "8 no"
        assert MakeBid(Bid(8, no_trump=True)) in legal_actions(after_eight)
        after_eight = apply(after_eight, MakeBid(Bid.from_text("pass")))

    state = bidding_state(Seat.W)
    state = apply(state, MakeBid(Bid(8, no_trump=True)))  # N says "8 no"
    for _ in range(2):  # E and S: neither "8 no" nor "8"
        assert MakeBid(Bid(8, no_trump=True)) not in legal_actions(state)
        assert MakeBid(Bid(8)) not in legal_actions(state)
        with pytest.raises(IllegalActionError, match='"8NT" does not outrank "8NT"'):
            apply(state, MakeBid(Bid(8, no_trump=True)))
        state = apply(state, MakeBid(Bid.from_text("pass")))
    assert MakeBid(Bid(8, no_trump=True)) in legal_actions(state)  # W, the dealer
    assert MakeBid(Bid(8)) not in legal_actions(state)
    with pytest.raises(IllegalActionError):
        apply(state, MakeBid(Bid(8)))
