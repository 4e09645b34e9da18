"""The high-contrast table: WCAG AA for every text on the felt and on the panels, the
palette really painted, and colour never the only sign (legal cards rise, suits have
shapes)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from pytestqt.qtbot import QtBot

from kaiser_desktop.app.settings import TABLE_COLOURS, Settings
from kaiser_desktop.rules import Phase, Play, Seat
from kaiser_desktop.ui import theme
from kaiser_desktop.ui.cards.face_painter import render_card_image
from kaiser_desktop.ui.contrast import AA_LARGE_TEXT, AA_TEXT, over, ratio
from kaiser_desktop.ui.settings_dialog import SettingsDialog
from kaiser_desktop.ui.table_items import NamePlate
from kaiser_desktop.ui.theme_contrast import lowest, text_pairs
from tests.ui.windows import NewTable

# The usual table's one text under 4.5:1: a red trump suit (♥ Hearts, bold) on the board's
# see-through panel, 3.2:1 on the green felt (AA for large text only). High contrast fixes it.
STANDARD_BELOW_AA = {"board, red trump"}


@pytest.fixture(autouse=True)
def standard_afterwards() -> Iterator[None]:
    yield
    theme.use(theme.STANDARD)  # the palette is the process's: leave it as found


def test_the_contrast_formula_gives_wcag_s_known_values() -> None:
    assert ratio(QColor("#FFFFFF"), QColor("#000000")) == pytest.approx(21.0)
    assert ratio(QColor("#777777"), QColor("#FFFFFF")) == pytest.approx(4.48, abs=0.01)
    assert ratio(QColor("#000000"), QColor("#000000")) == pytest.approx(1.0)
    half = over(QColor(0, 0, 0, 128), QColor("#FFFFFF"))
    assert half.red() == half.green() == half.blue() == 127


def test_every_text_in_high_contrast_meets_aa_on_every_table_colour() -> None:
    for felt in TABLE_COLOURS.values():
        pairs = text_pairs(theme.HIGH_CONTRAST, QColor(felt))
        assert len(pairs) >= 18
        for where, text, background in pairs:
            assert ratio(text, background) >= AA_TEXT, (where, felt, ratio(text, background))


def test_the_usual_table_is_measured_too_and_only_the_known_pair_falls_short() -> None:
    measured = {where: value for where, _felt, value in lowest(theme.STANDARD)}
    below = {where for where, value in measured.items() if value < AA_TEXT}
    assert below == STANDARD_BELOW_AA, measured
    assert all(measured[where] >= AA_LARGE_TEXT for where in below), measured
    high = {where: value for where, _felt, value in lowest(theme.HIGH_CONTRAST)}
    assert all(high[where] > measured[where] for where in below)


def test_the_painters_use_the_palette_they_are_given(qapp: object) -> None:
    def plate_fill() -> QColor:
        image = QImage(200, 60, QImage.Format.Format_ARGB32)
        image.fill(QColor(TABLE_COLOURS["green"]))
        plate = NamePlate("W")  # one letter: the middle of its left half is fill, not text
        plate.set_rect(QRectF(10, 10, 180, 40))
        painter = QPainter(image)
        plate.paint(painter, None)  # type: ignore[arg-type]
        painter.end()
        return image.pixelColor(40, 30)

    usual = plate_fill()
    theme.use(theme.HIGH_CONTRAST)
    assert plate_fill() == QColor("#000000")  # opaque black, whatever the felt
    assert usual != QColor("#000000")  # the usual plate lets the felt show through
    assert "background: #000000" in theme.panel_style(16)


def test_the_setting_switches_the_table_to_high_contrast_and_back(
    new_table: NewTable, tmp_path: Path
) -> None:
    settings = Settings(tmp_path / "settings.ini")
    controller, window = new_table(size=None, settings=settings, shown=False)
    try:
        assert not theme.is_high_contrast()
        settings.high_contrast = True
        assert theme.is_high_contrast()
        assert "#000000" in window.view.action_panel.styleSheet()
        assert "#000000" in window.view.summary.styleSheet()
        settings.high_contrast = False
        assert not theme.is_high_contrast()
        assert "#0c2e18" in window.view.action_panel.styleSheet()
    finally:
        controller.stop()


def test_the_settings_dialog_has_the_high_contrast_box(qtbot: QtBot, tmp_path: object) -> None:
    settings = Settings(tmp_path / "settings.ini")  # type: ignore[operator]
    dialog = SettingsDialog(settings, False)
    qtbot.addWidget(dialog)
    assert not dialog.high_contrast.isChecked()
    dialog.high_contrast.setChecked(True)
    dialog.accept()
    assert settings.high_contrast is True
    again = SettingsDialog(settings, False)
    qtbot.addWidget(again)
    assert again.high_contrast.isChecked()


def test_legal_cards_are_raised_not_only_brighter(qtbot: QtBot, new_table: NewTable) -> None:
    controller, window = new_table(size=None)
    window.menus.auto_play_action.setChecked(False)  # the controller's setting, as the menu sets it
    assert not controller.auto_play_single
    scene = window.view.table_scene
    try:
        controller.start()
        for _ in range(60):  # to South's first turn to follow suit with cards it may not play
            qtbot.waitUntil(lambda: controller.waiting_for_human() == Seat.S, timeout=10_000)
            view = controller.view(Seat.S)
            legal = [a for a in view.legal if isinstance(a, Play)]
            if view.phase is Phase.PLAY and 0 < len(legal) < len(view.hand):
                break
            controller.act(view.legal[0])
        legal_cards = {a.card for a in legal}
        assert 0 < len(legal_cards) < len(view.hand)
        for card in view.hand:
            item = scene.card_item(card)
            assert item.is_lifted() == (card in legal_cards), card
            assert item.is_dimmed() == (card not in legal_cards), card
    finally:
        controller.stop()


def test_red_suits_differ_in_shape_not_only_colour(qapp: object) -> None:
    def grey(card: str) -> QImage:
        return render_card_image(card, 80).convertToFormat(QImage.Format.Format_Grayscale8)

    assert grey("AH") != grey("AD")  # same colour, same rank: only the suit's shape differs
    assert grey("AS") != grey("AC")
