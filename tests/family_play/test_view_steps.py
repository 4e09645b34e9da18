"""Each step of one seat's views said from the action that made it, and a hand replayed
from one view: for random games of several rule mixes, replaying a hand from any of its
moments says the same events, in the same order, as the steps one at a time did, and each
view shown on the way has the cards the table must draw (the seat's own hand, the others'
hand sizes)."""

from __future__ import annotations

from itertools import pairwise

import pytest

from kaiser_desktop.app.action_events import Event
from kaiser_desktop.family_play.view_steps import (
    is_new_deal,
    replay,
    same_hand,
    step_events,
)
from kaiser_desktop.net.seat_view import ViewAction
from kaiser_desktop.net.view_check import action_problem, view_problem
from kaiser_desktop.rules import (
    SEATS,
    GameState,
    Phase,
    PlayerView,
    RuleSet,
    Seat,
    apply,
    legal_actions,
    new_game,
    observe,
)
from kaiser_desktop.rules.simulate import random_states

RULE_MIXES = {
    "standard": RuleSet(),
    "kitty_pass_kaiser": RuleSet(kitty=True, pass_to_partner=True, kaiser_bid=True),
    "open_throw_in": RuleSet(kaiser_bid=True, auction="open", all_pass="throw_in"),
}


def hands_of(states: list[GameState]) -> list[list[GameState]]:
    """The states of each deal, from the deal to its last action (scored)."""
    hands: dict[tuple[int, object], list[GameState]] = {}
    for state in states:
        if state.hand is not None:
            hands.setdefault((state.hand.number, state.hand.deal), []).append(state)
    return list(hands.values())


@pytest.mark.parametrize("name", sorted(RULE_MIXES))
@pytest.mark.parametrize("seed", [1, 2])
def test_a_replayed_hand_says_what_its_steps_said(name: str, seed: int) -> None:
    states = list(random_states(RULE_MIXES[name], seed, max_actions=400))
    checked = 0
    for hand in hands_of(states)[:4]:
        actions = [
            next(a for a in legal_actions(before) if apply(before, a) == after)
            for before, after in pairwise(hand)
        ]
        for seat in SEATS:
            views = [observe(s, seat) for s in hand]
            assert views[0].phase is not Phase.DEAL
            stepped: list[Event] = []
            for i, view in enumerate(views):
                if i:
                    assert same_hand(views[i - 1], view)
                    actor = hand[i - 1].to_act
                    assert actor is not None
                    seen = ViewAction.seen_by(seat, actor, actions[i - 1])
                    assert view_problem(view) is None
                    assert action_problem(views[i - 1], seen, view) is None
                    said = seen.kind if seen.action is None else seen.action
                    stepped += step_events(views[i - 1], actor, said, view)
                else:
                    assert is_new_deal(before_the_deal(view), view)
                replayed = list(replay(view, seat))
                assert replayed[-1] == (view, Event("state_changed"))
                names = [e for _, e in replayed if e.name not in ("dealt", "state_changed")]
                scored = [e for e in stepped if e.name not in ("hand_scored", "game_over")]
                # The replay says the hand's actions; the hand's end is said by the caller.
                assert names == [e for e in scored if e.name != "redeal_decided" or not e.args[1]]
                for shown, event in replayed:
                    check_drawable(shown, seat, event)
                checked += 1
    assert checked > 50


def before_the_deal(view: PlayerView) -> PlayerView:
    """A view of the moment before the first deal (the table is empty)."""
    return observe(new_game(view.rules, view.dealer), view.seat)


def check_drawable(view: PlayerView, seat: Seat, event: Event) -> None:
    """What the table draws from a view is whole: the seat's own count is its hand's, no
    count is negative, and the cards on the table and in hand never exceed a deal."""
    assert view.hand_sizes[seat.value] == len(view.hand), event
    assert all(n >= 0 for n in view.hand_sizes), event
    played = len(view.played_cards())
    assert sum(view.hand_sizes) + played <= 4 * len(view.dealt) + 2, event
