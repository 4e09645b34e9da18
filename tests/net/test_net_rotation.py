"""Turning a seat's view so that the seat shows at South: back and forth is the identity,
0 changes nothing, and a turned view means the same game (whose turn, the dealer, who bid,
who played which card, hand sizes, team scores and the legal actions)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kaiser_desktop.net.rotation import (
    offset_for,
    rotate_game,
    rotate_result,
    rotate_seat,
    rotate_team,
    rotate_view,
)
from kaiser_desktop.rules import SEATS, GameState, RuleSet, Seat, Team, observe, record
from kaiser_desktop.rules.simulate import random_states

VARIANTS = (
    RuleSet(),
    RuleSet(kitty=True, pass_to_partner=True, kaiser_bid=True),
    RuleSet(kaiser_bid=True, auction="open", all_pass="throw_in"),
)


def sampled_states(rules: RuleSet, seed: int, every: int = 7) -> list[GameState]:
    return [s for i, s in enumerate(random_states(rules, seed)) if i % every == 0]


def test_offsets_bring_each_seat_to_south() -> None:
    assert {seat: offset_for(seat) for seat in SEATS} == {
        Seat.S: 0,
        Seat.W: 3,
        Seat.N: 2,
        Seat.E: 1,
    }
    for seat in SEATS:
        assert rotate_seat(seat, offset_for(seat)) is Seat.S
        # The partner shows at North, and the seat to the left at West (clockwise N E S W).
        assert rotate_seat(seat.partner, offset_for(seat)) is Seat.N
        assert rotate_seat(seat.left, offset_for(seat)) is Seat.W
        # "You and your partner" are always the bottom team on the screen.
        assert rotate_team(seat.team, offset_for(seat)) is Team.NS


def test_seats_and_teams_turn_together() -> None:
    for seat, offset in itertools.product(SEATS, range(-4, 8)):
        assert rotate_seat(seat, offset).team is rotate_team(seat.team, offset)
        assert rotate_seat(rotate_seat(seat, offset), -offset) is seat


@pytest.mark.parametrize("rules", VARIANTS, ids=["standard", "kitty_pass_kaiser", "open"])
@given(seed=st.integers(0, 10**6), seat=st.sampled_from(SEATS), offset=st.integers(-5, 5))
@settings(max_examples=8, deadline=None)
def test_turning_back_is_the_identity(rules: RuleSet, seed: int, seat: Seat, offset: int) -> None:
    for state in sampled_states(rules, seed):
        view = observe(state, seat)
        assert rotate_view(rotate_view(view, offset), -offset) == view
        assert rotate_view(view, 0) is view
        assert rotate_view(view, 4 * offset) == view
        for result in state.results:
            assert rotate_result(rotate_result(result, offset), -offset) == result


@pytest.mark.parametrize("rules", VARIANTS, ids=["standard", "kitty_pass_kaiser", "open"])
@given(seed=st.integers(0, 10**6), seat=st.sampled_from(SEATS))
@settings(max_examples=8, deadline=None)
def test_a_turned_view_means_the_same_game(rules: RuleSet, seed: int, seat: Seat) -> None:
    offset = offset_for(seat)

    def r(s: Seat) -> Seat:
        return rotate_seat(s, offset)

    for state in sampled_states(rules, seed, every=3):
        view = observe(state, seat)
        turned = rotate_view(view, offset)
        assert turned.seat is Seat.S
        assert turned.my_turn == view.my_turn
        assert turned.legal == view.legal
        assert turned.hand == view.hand and turned.bids == view.bids
        assert turned.to_act == (None if view.to_act is None else r(view.to_act))
        assert turned.dealer is r(view.dealer)
        assert turned.bidders == tuple(r(b) for b in view.bidders)
        assert turned.declarer == (None if view.declarer is None else r(view.declarer))
        for s in SEATS:
            assert turned.hand_sizes[r(s).value] == view.hand_sizes[s.value]
            assert turned.passes_made[r(s).value] == view.passes_made[s.value]
        for team in Team:
            assert turned.scores[rotate_team(team, offset).value] == view.scores[team.value]
        trump = view.trump
        for before, after in zip(view.tricks, turned.tricks, strict=True):
            assert after.cards == before.cards
            assert after.order == tuple(r(s) for s in before.order)
            assert after.winner(trump) is r(before.winner(trump))
        if view.current is not None:
            assert turned.current is not None
            assert turned.current.plays() == tuple((r(s), c) for s, c in view.current.plays())
        # Each hand's points stay with the team that won them, and the one that bid it.
        for before_r, after_r in zip(view.results, turned.results, strict=True):
            for team in Team:
                t = rotate_team(team, offset).value
                assert after_r.score[t] == before_r.score[team.value]
                assert after_r.points[t] == before_r.points[team.value]
                assert after_r.tricks_won[t] == before_r.tricks_won[team.value]
            if before_r.declarer is not None:
                assert after_r.declarer is r(before_r.declarer)
            if before_r.five_taken_by is not None:
                assert after_r.five_taken_by is rotate_team(before_r.five_taken_by, offset)
        # The own hand's size is the bottom seat's.
        assert turned.hand_sizes[Seat.S.value] == len(turned.hand)


@pytest.mark.parametrize("offset", [0, 1, 2, 3])
def test_a_scored_hands_record_turns_with_the_table(offset: int) -> None:
    """The review's record of a hand (net.hand_record): every seat's dealt cards move to
    the turned seat, the dealer too, the calls and tricks stay as played, the scores swap
    teams for an odd turn; turning back gives the same game."""
    for state in sampled_states(RuleSet(kitty=True, pass_to_partner=True), 5, every=1):
        if len(state.results) != 1 or state.results[0].kind != "played":
            continue
        turned = rotate_game(state, offset)
        before = record.to_json(state)["hands"][0]
        after = record.to_json(turned)["hands"][0]
        for seat in SEATS:
            assert after["deal"][rotate_seat(seat, offset).text] == before["deal"][seat.text]
        assert after["dealer"] == rotate_seat(Seat.from_text(before["dealer"]), offset).text
        assert after["bids"] == before["bids"] and after["tricks"] == before["tricks"]
        assert turned.results[0].declarer == rotate_seat(state.results[0].declarer, offset)  # type: ignore[arg-type]
        assert record.to_json(rotate_game(turned, -offset)) == record.to_json(state)
        return
    pytest.fail("no state with one scored hand in the sample")
