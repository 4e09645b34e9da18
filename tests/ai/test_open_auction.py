"""The computer players in the open auction: they bid low, come back after hearing the
others, leave a partner's bid alone, and play whole games under the new house rules."""

from __future__ import annotations

import pytest

import kaiser_desktop.ai  # noqa: F401  (registers the levels)
from kaiser_desktop.ai import make_bot
from kaiser_desktop.ai.basic import basic_bid
from kaiser_desktop.ai.open_auction import open_auction_bid
from kaiser_desktop.rules import (
    OPEN_TABLE,
    Deal,
    MakeBid,
    Phase,
    RuleSet,
    Seat,
    apply,
    new_game,
    observe,
)
from kaiser_lab.arena import run_pair

OPEN = RuleSet(auction="open", weak_hand_redeal=False)


def auctions(level: str, rules: RuleSet, deals: int):
    """The calls of `deals` auctions among four bots of `level` (and each decision)."""
    bots = {seat: make_bot(level, seed=seat.value) for seat in Seat}
    for number in range(deals):
        dealer = Seat(number % 4)
        state = apply(new_game(rules, dealer), Deal.from_number(rules, number, dealer))
        decisions = []
        while state.phase is Phase.BIDDING:
            view = observe(state, state.to_act)
            decision = bots[state.to_act].decide(view)
            assert decision.action in view.legal and decision.reason
            decisions.append((view, decision))
            state = apply(state, decision.action)
        yield state, decisions


@pytest.mark.parametrize("level", ["basic", "expert"])
@pytest.mark.slow
def test_bots_come_back_after_hearing_the_others(level: str) -> None:
    again = 0
    longest = 0
    for state, _ in auctions(level, OPEN, 40):
        if state.hand is None:
            continue
        bids = state.hand.bids
        longest = max(longest, len(bids))
        for i, bid in enumerate(bids):
            if i >= 4 and not bid.is_pass:
                again += 1  # a second turn's bid, after hearing every other seat
    assert again > 0 and longest > 4


def test_an_open_auction_bids_no_higher_than_it_must() -> None:
    """The same hand and calls: the open auction's bid is the lowest the hand allows."""
    lower = 0
    for _, decisions in auctions("basic", OPEN, 60):
        for view, decision in decisions:
            worth = basic_bid(view).action
            assert isinstance(worth, MakeBid) and isinstance(decision.action, MakeBid)
            bid, most = decision.action.bid, worth.bid
            if not most.is_pass and not bid.is_pass:
                assert bid.key <= most.key
                lower += bid.key < most.key
    assert lower > 0


def test_a_bot_leaves_its_partners_bid_alone() -> None:
    passes = 0
    for _, decisions in auctions("basic", OPEN, 60):
        for view, decision in decisions:
            index = max((i for i, b in enumerate(view.bids) if not b.is_pass), default=None)
            if index is not None and view.bidders[index] is view.seat.partner:
                assert isinstance(decision.action, MakeBid)
                assert decision.action.bid.is_pass
                passes += 1
    assert passes > 0


def test_one_round_bidding_is_untouched() -> None:
    for state, decisions in auctions("basic", RuleSet(weak_hand_redeal=False), 20):
        for view, decision in decisions:
            assert open_auction_bid(view, basic_bid) == basic_bid(view) == decision
        assert state.hand is None or len(state.hand.bids) == 4


@pytest.mark.parametrize(
    "rules",
    [
        OPEN_TABLE,
        RuleSet(auction="open", all_pass="throw_in", kaiser_bid=True),
        RuleSet(bid_out=True, target=30),
        RuleSet(first_dealer="first_jack", auction="open", bid_out=True, target=30),
    ],
    ids=lambda r: str(r.to_json()),
)
def test_whole_games_through_the_arena(rules: RuleSet) -> None:
    result = run_pair(("basic", "basic", rules, 5, 0, "games"))
    assert result.games == 2
    assert result.tally.bid[0] + result.tally.bid[1] > 0
