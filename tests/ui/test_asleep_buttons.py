"""A button that cannot be pressed looks it (issue 38): the greyed ♥ Hearts and ♦ Diamonds
buttons during "Changed your mind?" stayed bright red beside the grey ones."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QFrame, QHBoxLayout, QPushButton
from pytestqt.qtbot import QtBot

from kaiser_desktop.ui import theme


def _reddest(button: QPushButton) -> int:
    """How many of the button's pixels are a saturated red."""
    image = button.grab().toImage()
    count = 0
    for y in range(image.height()):
        for x in range(image.width()):
            colour = QColor(image.pixel(x, y))
            hue, saturation = colour.hsvHue(), colour.hsvSaturation()
            if (hue <= 15 or hue >= 345) and saturation > 120 and colour.value() > 100:
                count += 1
    return count


@pytest.mark.parametrize("palette", [theme.STANDARD, theme.HIGH_CONTRAST])
def test_a_sleeping_red_suit_button_is_grey_like_the_others(
    qtbot: QtBot, palette: theme.Palette
) -> None:
    theme.use(palette)
    try:
        panel = QFrame()
        panel.setObjectName("panel")
        qtbot.addWidget(panel)
        panel.setStyleSheet(theme.panel_style(22))
        row = QHBoxLayout(panel)
        live, asleep = QPushButton("♥ Hearts"), QPushButton("♥ Hearts")
        for button in (live, asleep):
            button.setProperty("suit", "red")
            row.addWidget(button)
        asleep.setEnabled(False)
        panel.show()
        qtbot.waitExposed(panel)
        assert _reddest(live) > 40  # the live one is red: the test can see red
        assert _reddest(asleep) == 0
    finally:
        theme.use(theme.STANDARD)
