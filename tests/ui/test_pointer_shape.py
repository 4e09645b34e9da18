"""The pointing hand over a card that may be played is the view's, never a card item's.

Qt 6.11 crashes in QGraphicsItem.unsetCursor when the item is under a pointer resting in a
view that has had no mouse move yet (issue 34; tests/ui/test_resume_on_x.py starts the real
app that way). So no item sets a cursor: TableView.show_pointer decides the shape.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from kaiser_desktop.app.controller import GameController
from kaiser_desktop.rules import GameState, Phase, RuleSet, Seat
from kaiser_desktop.rules.simulate import random_states
from kaiser_desktop.ui.cards.card_item import CardItem
from kaiser_desktop.ui.main_window import MainWindow

UI = Path(__file__).resolve().parents[2] / "kaiser_desktop" / "ui"


def south_to_play() -> GameState:
    for state in random_states(RuleSet(), seed=9):
        hand = state.hand
        if state.phase is Phase.PLAY and state.to_act is Seat.S and hand and len(hand.tricks) >= 2:
            current = hand.current
            if current is not None and current.cards:  # following: some cards not playable
                return state
    raise AssertionError("no such state in the random game")


@pytest.fixture
def window(qtbot: QtBot, table: tuple[GameController, MainWindow]) -> MainWindow:
    """The shared table, its game resumed at South's turn to follow in the play."""
    controller, window = table
    controller.resume(south_to_play(), {})
    qtbot.waitUntil(lambda: controller.waiting_for_human() == Seat.S, timeout=10_000)
    return window


def pointer_at(window: MainWindow, item: CardItem | None) -> Qt.CursorShape:
    view = window.view
    spot = view.mapFromScene(item.scenePos()) if item is not None else QPoint(3, 3)
    QTest.mouseMove(view.viewport(), spot)
    return view.viewport().cursor().shape()


def test_a_pointing_hand_over_a_playable_card_and_the_arrow_elsewhere(window: MainWindow) -> None:
    scene = window.view.table_scene
    items = [scene.card_item(card) for card in scene.shown_south()]
    playable = [item for item in items if item.is_playable()]
    unplayable = [item for item in items if not item.is_playable()]
    assert playable
    assert pointer_at(window, playable[0]) == Qt.CursorShape.PointingHandCursor
    if unplayable:
        assert pointer_at(window, unplayable[0]) == Qt.CursorShape.ArrowCursor
    assert pointer_at(window, None) == Qt.CursorShape.ArrowCursor
    assert not any(item.hasCursor() for item in scene.items() if isinstance(item, CardItem))


def test_no_item_of_the_table_sets_a_cursor() -> None:
    """The ownership rule itself: only widgets (buttons, the view's viewport) set cursors."""
    offenders = []
    for path in UI.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        item_class = re.search(r"class \w+\(QGraphics(?!View)\w+", text)
        if item_class and re.search(r"self\.(un)?setCursor\(", text):
            offenders.append(path.name)
    assert offenders == []
