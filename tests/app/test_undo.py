"""Undo of the person's last bid or card, through the real window's Edit → Undo."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from kaiser_desktop.ai import make_bot
from kaiser_desktop.rules import Phase, RuleSet, Seat, sort_hand
from kaiser_desktop.rules import record as kaiser_record
from kaiser_desktop.ui.scripted_player import ScriptedPlayer
from tests.app.test_autosave import LEVEL, Table


@pytest.fixture
def tables() -> Iterator[list[Table]]:
    made: list[Table] = []
    yield made
    for table in made:
        table.close()


def test_undo_takes_back_my_move_and_the_computers_after_it(
    qtbot: QtBot, tmp_path: Path, tables: list[Table]
) -> None:
    table = Table(qtbot, tmp_path, seed=12)
    tables.append(table)
    c, window = table.controller, table.window
    bot = make_bot(LEVEL, 3)
    player = ScriptedPlayer(window, lambda view: bot.decide(view).action)
    player.enabled = False
    c.start()
    qtbot.waitUntil(lambda: c.waiting_for_human() == Seat.S, timeout=10_000)
    assert not window.menus.undo_action.isEnabled()  # nothing of mine to take back yet
    mine = c.state
    player.enabled = True
    player.act()
    player.enabled = False
    # Let the computer players answer, so undo has their moves to drop as well.
    qtbot.waitUntil(lambda: c.waiting_for_human() == Seat.S or c.state.is_over, timeout=10_000)
    assert c.state != mine
    assert window.menus.undo_action.isEnabled()
    window.menus.undo_action.trigger()
    assert c.state == mine
    assert c.waiting_for_human() == Seat.S  # asked again
    assert c.flush_saves()
    assert table.store.save_path.read_text(encoding="utf-8") == kaiser_record.dumps(mine)
    assert c.used_undo and table.store.load_meta()["used_undo"] is True
    assert "Practice" in window.status_label.text()
    assert not window.menus.undo_action.isEnabled()
    hand = c.state.hand
    assert hand is not None
    scene = window.view.table_scene
    assert scene.shown_south() == list(sort_hand(hand.hand_of(Seat.S)))


def test_undo_in_the_middle_of_play_restores_the_trick(
    qtbot: QtBot, tmp_path: Path, tables: list[Table]
) -> None:
    table = Table(qtbot, tmp_path, seed=21)
    tables.append(table)
    c, window = table.controller, table.window
    c.auto_play_single = False
    bot = make_bot(LEVEL, 4)
    snapshots: list[object] = []
    player = ScriptedPlayer(window, lambda view: bot.decide(view).action)

    def before(view: object, action: object) -> None:
        if c.state.phase is Phase.PLAY and c.state.hand and c.state.hand.current:
            snapshots.append(c.state)
            player.enabled = False

    player.before_action = before
    c.start()
    qtbot.waitUntil(lambda: bool(snapshots), timeout=20_000)
    qtbot.waitUntil(lambda: c.state != snapshots[0], timeout=5000)
    qtbot.wait(50)  # in the middle of whatever comes next (a trick pause, a bot thinking)
    assert c.undo()
    assert c.state == snapshots[0]
    hand = c.state.hand
    assert hand is not None and hand.current is not None
    shown = [item.card for _, item in window.view.table_scene.trick]
    assert shown == [card.text for card in hand.current.cards]
    assert c.waiting_for_human() == Seat.S


def test_a_game_with_undo_counts_as_practice(
    qtbot: QtBot, tmp_path: Path, tables: list[Table]
) -> None:
    table = Table(qtbot, tmp_path, seed=30, rules=RuleSet(target=12))
    tables.append(table)
    c, window = table.controller, table.window
    bot = make_bot(LEVEL, 8)
    player = ScriptedPlayer(window, lambda view: bot.decide(view).action)
    undone: list[bool] = []

    def undo_once(seat: Seat, phase: Phase) -> None:
        if seat is Seat.S and not undone and c.can_undo:
            undone.append(True)
            window.undo()

    c.turn_changed.connect(undo_once)
    with qtbot.waitSignal(c.game_over, timeout=40_000):
        c.start()
    assert undone
    assert player.actions
    stats = table.statistics
    assert stats.practice_played == 1
    assert stats.games_played == 0


def test_two_undos_at_once_take_back_two_moves(
    qtbot: QtBot, tmp_path: Path, tables: list[Table]
) -> None:
    table = Table(qtbot, tmp_path, seed=5)
    tables.append(table)
    c, window = table.controller, table.window
    bot = make_bot(LEVEL, 6)
    mine: list[object] = []
    player = ScriptedPlayer(window, lambda view: bot.decide(view).action)
    player.before_action = lambda view, action: mine.append(c.state)
    c.start()
    qtbot.waitUntil(lambda: len(mine) >= 4, timeout=20_000)
    player.enabled = False
    qtbot.waitUntil(lambda: c.can_undo and c.waiting_for_human() == Seat.S, timeout=10_000)
    depth = len(mine)
    window.undo()
    window.undo()  # the same moment: two rebuilds of the table back to back
    assert c.state == mine[depth - 2]
    qtbot.wait(200)  # nothing more happens: the cards of both rebuilds are freed safely later
    assert c.waiting_for_human() == Seat.S
