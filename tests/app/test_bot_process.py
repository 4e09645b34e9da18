"""The computer players' own process: it gives way to the table, and decides the same."""

from __future__ import annotations

import os

import pytest
from pytestqt.qtbot import QtBot

from kaiser_desktop.ai import make_bot
from kaiser_desktop.app import bot_runner
from kaiser_desktop.app.bot_runner import BOT_NICENESS, BotRunner
from kaiser_desktop.app.deal_numbers import deal_for_number
from kaiser_desktop.rules import RuleSet, Seat, apply, new_game, observe


@pytest.mark.skipif(not hasattr(os, "nice"), reason="niceness is POSIX")
def test_the_bots_process_runs_at_a_lower_priority_and_decides_the_same(qtbot: QtBot) -> None:
    runner = BotRunner("standard", seed=5, mode="process")
    try:
        assert runner.mode == "process" and runner._executor is not None
        ours = os.nice(0)
        theirs = runner._executor.submit(os.nice, 0).result(timeout=60)
        assert theirs == min(19, ours + BOT_NICENESS)
        rules = RuleSet()
        state = apply(new_game(rules, Seat.N), deal_for_number(rules, 12345))
        view = observe(state, state.to_act)  # type: ignore[arg-type]
        seed = runner._seeds[view.seat]
        far = runner._executor.submit(bot_runner._decide_in_worker, "standard", seed, view)
        here = make_bot("standard", seed).decide(view)
        assert far.result(timeout=60).action == here.action
    finally:
        runner.shutdown()


def test_on_windows_the_bots_process_asks_for_below_normal_priority(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import ctypes
    from types import SimpleNamespace

    asked: list[tuple[object, int]] = []
    kernel32 = SimpleNamespace(
        GetCurrentProcess=lambda: "this process",
        SetPriorityClass=lambda process, priority: asked.append((process, priority)) or 1,
    )
    monkeypatch.setattr(bot_runner.sys, "platform", "win32")
    monkeypatch.setattr(ctypes, "windll", SimpleNamespace(kernel32=kernel32), raising=False)
    niceness = os.nice(0) if hasattr(os, "nice") else None
    bot_runner._yield_to_the_table()
    assert asked == [("this process", bot_runner.BELOW_NORMAL_PRIORITY_CLASS)]
    if niceness is not None:
        assert os.nice(0) == niceness  # the POSIX way was not also taken
