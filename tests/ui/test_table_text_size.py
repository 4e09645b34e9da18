"""Issue 27.3: no word on the table is smaller than the body text of the chosen text size.

At extra-large text "6 no trump by East" on the board shrank to fit its row, and the first
jack's "Jack! Deals first" bubble and the dealer's name plate were tiny too. Each table item
records the pixel sizes it painted with; this paints the real scene of the real window at
each text size and window size, in a moment with all of them, and measures every one."""

from __future__ import annotations

import dataclasses

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QImage, QPainter
from pytestqt.qtbot import QtBot

from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.pace import INSTANT
from kaiser_desktop.app.settings import TEXT_SIZES, Settings
from kaiser_desktop.rules import Bid, Phase, RuleSet, Seat, Team
from kaiser_desktop.ui.table_places import ME
from kaiser_desktop.ui.text_size import BASE_PIXEL_SIZE
from tests.ui.test_steady_table import shown_window, wait_for_south


@pytest.mark.parametrize("text_size", list(TEXT_SIZES))
@pytest.mark.parametrize("size", [(800, 600), (1024, 768), (1280, 800)], ids=str)
def test_no_table_text_is_smaller_than_the_body_text(
    qtbot: QtBot, tmp_path, size: tuple[int, int], text_size: str
) -> None:
    settings = Settings(tmp_path / "settings.ini")
    settings.text_size = text_size
    controller = GameController(RuleSet(), seed=4, pace=INSTANT, level="basic")
    window = shown_window(qtbot, controller, size, settings)
    try:
        controller.start()
        wait_for_south(qtbot, controller, Phase.BIDDING)
        scene = window.view.table_scene
        # The long contract on the board, as the board words it.
        view = dataclasses.replace(
            controller.view(ME),
            phase=Phase.PLAY,
            contract=Bid.from_text("6NT"),
            declarer=Seat.E,
            trump_named=True,
            trump=None,
        )
        scene.board.refresh(view, controller.seating, False)
        assert any("6" in value and "East" in value for _, value, _ in scene.info.lines)
        # The first jack's bubble, every other bubble, the dealer's badge, the piles.
        jack = QCoreApplication.translate("FirstJackShow", "Jack! Deals first")
        scene.bubbles[Seat.E].say(lambda: jack, strong=True)
        for seat in (Seat.S, Seat.W, Seat.N):
            scene.bubbles[seat].show_text("8 no trump")
        for seat, plate in scene.plates.items():
            plate.set_state(turn=seat is Seat.W, dealer=seat is Seat.N)
        for count in scene.pile_counts.values():
            count.set_text(scene.tr("%n trick(s)", None, 7))
        image = QImage(*size, QImage.Format.Format_ARGB32)
        painter = QPainter(image)
        scene.render(painter)
        painter.end()
        body = round(BASE_PIXEL_SIZE * TEXT_SIZES[text_size])
        items = {
            **{f"{s.name} name": p for s, p in scene.plates.items()},
            **{f"{s.name} bubble": b for s, b in scene.bubbles.items()},
            "board": scene.info,
            **{f"{t.name} pile": scene.pile_counts[t] for t in Team},
        }
        for name, item in items.items():
            assert item.drawn_px, f"{name} drew no text"
            assert min(item.drawn_px) >= body, (name, item.drawn_px, body)
    finally:
        controller.stop()
        settings.text_size = "normal"
