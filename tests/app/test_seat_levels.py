"""A level per computer seat: a family table's host may put a different computer in each
seat; the seats not named play at the game's level, in the thread and in the process."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from kaiser_desktop.ai import Decision, make_bot
from kaiser_desktop.app.bot_runner import BotRunner
from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.deal_numbers import deal_for_number
from kaiser_desktop.rules import PlayerView, RuleSet, Seat, apply, new_game, observe


def _first_views(*seats: Seat) -> dict[Seat, PlayerView]:
    """Each seat's view at its first turn of a dealt hand (the others play at random)."""
    rules = RuleSet()
    state = apply(new_game(rules, Seat.N), deal_for_number(rules, 12345))
    views: dict[Seat, PlayerView] = {}
    mover = make_bot("random", 3)
    while len(views) < len(seats):
        seat = state.to_act
        assert seat is not None
        view = observe(state, seat)
        if seat in seats:
            views.setdefault(seat, view)
        state = apply(state, mover.decide(view).action)
    return views


def _decide(qtbot: QtBot, runner: BotRunner, view: PlayerView, serial: int) -> Decision:
    with qtbot.waitSignal(runner.decided, timeout=60_000) as blocker:
        runner.think(view, serial)
    got_serial, seat, decision = blocker.args  # type: ignore[misc]
    assert (got_serial, seat) == (serial, view.seat)
    assert isinstance(decision, Decision)
    return decision


@pytest.mark.parametrize("mode", ["thread", "process"])
def test_each_seat_decides_at_its_own_level(qtbot: QtBot, mode: str) -> None:
    runner = BotRunner("basic", seed=7, mode=mode)
    try:
        assert runner.mode == mode
        runner.set_seat_levels({Seat.E: "random"})
        assert runner.level_of(Seat.E) == "random"
        assert runner.level_of(Seat.W) == runner.level == "basic"
        views = _first_views(Seat.E, Seat.W)
        random_reason = make_bot("random", 1).decide(views[Seat.E]).reason
        east = _decide(qtbot, runner, views[Seat.E], 1)
        west = _decide(qtbot, runner, views[Seat.W], 2)
        assert east.reason == random_reason
        assert west.reason != random_reason
        basic_west = make_bot("basic", runner._seeds[Seat.W]).decide(views[Seat.W])
        assert west == basic_west
        runner.set_seat_levels({})  # no seat of its own: every seat at the game's level
        assert _decide(qtbot, runner, views[Seat.E], 3).reason != random_reason
        assert runner.mode == mode  # the process did not break and fall back
    finally:
        runner.shutdown()


def test_unknown_seat_level_is_refused() -> None:
    runner = BotRunner("basic", seed=7)
    try:
        with pytest.raises(ValueError):
            runner.set_seat_levels({Seat.N: "grandmaster"})
        assert runner.level_of(Seat.N) == "basic"
    finally:
        runner.shutdown()


def test_the_controllers_seat_levels_outlast_a_change_of_the_games_level(qtbot: QtBot) -> None:
    controller = GameController(level="basic", seed=4)
    try:
        controller.set_seat_levels({Seat.N: "expert", Seat.W: "random"})
        controller.set_level("standard", now=True)
        assert controller.bots.level == "standard"
        assert controller.seat_levels == {Seat.N: "expert", Seat.W: "random"}
        assert controller.bots.level_of(Seat.E) == "standard"
        assert type(controller.bots._bots[Seat.N]).__name__ == "ExpertBot"
    finally:
        controller.bots.shutdown()
