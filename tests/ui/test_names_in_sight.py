"""While a person bids, the bidding panel leaves West's and East's names and bids in sight,
and never cuts off a button to do so."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QRect, QRectF
from PySide6.QtWidgets import QPushButton
from pytestqt.qtbot import QtBot

from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.pace import INSTANT
from kaiser_desktop.app.settings import Settings
from kaiser_desktop.rules import Phase, RuleSet
from kaiser_desktop.ui.main_window import MainWindow
from tests.ui.test_steady_table import shown_window, wait_for_south


def covered(window: MainWindow) -> list[str]:
    """West's and East's plates and bubbles that the action panel lies over."""
    view = window.view
    table = view.table_scene.table
    panel = view.action_panel.geometry()  # in the viewport's coordinates, as the scene's
    out = []
    for seat in ("W", "E"):
        for name, r in (("name", table.name_labels[seat]), ("bid", table.bid_bubbles[seat])):
            box = view.mapFromScene(QRectF(r.x, r.y, r.width, r.height)).boundingRect()
            if box.intersects(panel):
                out.append(f"{seat} {name}")
    return out


@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1280, 800)], ids=str)
def test_the_bidding_panel_leaves_west_and_east_names_and_bids_in_sight(
    qtbot: QtBot, size: tuple[int, int]
) -> None:
    """Beside West's and East's hands, facing play, the names were half under the panel at
    800x600, and East's bid too."""
    controller = GameController(RuleSet(), seed=4, pace=INSTANT, level="basic")
    window = shown_window(qtbot, controller, size)
    try:
        controller.start()
        wait_for_south(qtbot, controller, Phase.BIDDING)
        panel = window.view.action_panel
        qtbot.waitUntil(lambda: panel.button("bid:pass") is not None, timeout=5000)
        assert covered(window) == []
        window.show_hint()  # the hint fills the room kept for it; the panel stays
        qtbot.waitUntil(lambda: panel.hinted_intent() is not None, timeout=20_000)
        assert covered(window) == []
    finally:
        controller.stop()


@pytest.mark.parametrize("size", [(800, 600), (1024, 768)], ids=str)
def test_bid_buttons_too_wide_for_the_band_are_never_cut_off(
    qtbot: QtBot, tmp_path, size: tuple[int, int]
) -> None:
    """Extra-large text in a small window: the grid is wider than the room between the
    names, so the panel may reach over them (as far as the hands), but every button shows
    whole."""
    settings = Settings(tmp_path / "settings.ini")
    settings.text_size = "extra_large"
    controller = GameController(RuleSet(), seed=4, pace=INSTANT, level="basic")
    window = shown_window(qtbot, controller, size, settings)
    try:
        controller.start()
        wait_for_south(qtbot, controller, Phase.BIDDING)
        panel = window.view.action_panel
        qtbot.waitUntil(lambda: panel.button("bid:pass") is not None, timeout=5000)
        frame = QRect(QPoint(0, 0), panel.size())
        buttons = [b for b in panel.findChildren(QPushButton) if b.isVisible()]
        assert len(buttons) >= 15
        for button in buttons:
            place = QRect(button.mapTo(panel, QPoint(0, 0)), button.size())
            assert frame.contains(place), (button.text(), place, frame)
            text = button.fontMetrics().horizontalAdvance(button.text())
            assert text <= button.contentsRect().width(), (button.text(), text)
    finally:
        controller.stop()
        settings.text_size = "normal"
