"""The searching levels count their work in steps: a slow or loaded machine (here a fake
clock that jumps seconds at every reading) changes nothing about the card they choose."""

from __future__ import annotations

import itertools
import time

import pytest

from kaiser_desktop.ai import make_bot
from kaiser_desktop.ai.card_play import PlayBudget, search_play
from kaiser_desktop.ai.expert import ExpertBot
from kaiser_desktop.rules import (
    STANDARD,
    Deal,
    GameState,
    Phase,
    Play,
    Seat,
    apply,
    new_game,
    observe,
)


def _positions() -> list[GameState]:
    """Play positions with several legal cards: one early (ISMCTS), one later (PIMC)."""
    basic = make_bot("basic", seed=1)
    found: dict[str, GameState] = {}
    for number in itertools.count(40):
        state = apply(new_game(STANDARD, Seat.N), Deal.from_number(STANDARD, number, Seat.N))
        while state.phase not in (Phase.HAND_SCORED, Phase.GAME_OVER):
            seat = state.to_act
            assert seat is not None
            view = observe(state, seat)
            if state.phase is Phase.PLAY and len(view.legal) > 2:
                kind = "early" if len(view.hand) >= 7 else "late" if len(view.hand) == 6 else ""
                if kind:
                    found.setdefault(kind, state)
            state = apply(state, basic.decide(view).action)
        if len(found) == 2:
            return [found["early"], found["late"]]
    raise AssertionError("unreachable")


class _SlowClock:
    """Every reading is five seconds after the last one."""

    def __init__(self) -> None:
        self.now = 0.0
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += 5.0
        return self.now


@pytest.mark.parametrize("which", [0, 1], ids=["ismcts", "pimc"])
def test_same_card_under_a_slow_clock(which: int, monkeypatch: pytest.MonkeyPatch) -> None:
    state = _positions()[which]
    seat = state.to_act
    assert seat is not None
    view = observe(state, seat)
    calm = ExpertBot(seed=9).decide(view)
    clock = _SlowClock()
    for name in ("perf_counter", "monotonic", "time", "process_time"):
        monkeypatch.setattr(time, name, clock)
    slow = ExpertBot(seed=9).decide(view)
    assert slow.action == calm.action
    assert slow.reason == calm.reason
    assert isinstance(slow.action, Play)


def test_budget_is_counted_in_steps() -> None:
    """A larger budget can change the card; the same budget never does."""
    state = _positions()[1]
    seat = state.to_act
    assert seat is not None
    view = observe(state, seat)
    bot = ExpertBot(seed=4)
    budget = PlayBudget(50, 6, {6: 6}, node_budget=5_000, solve_limit=4_000)
    first = search_play(view, budget, bot.rng_for(view), None)
    again = search_play(view, budget, bot.rng_for(view), None)
    assert first == again
    tiny = PlayBudget(50, 6, {6: 6}, node_budget=1, solve_limit=1)
    # Every sample runs into its node limit: the rule-of-thumb card, not a crash.
    fallback = search_play(view, tiny, bot.rng_for(view), None)
    assert fallback == make_bot("basic").decide(view)
