"""Radio groups and check boxes for a keyboard player at Extra large (issue 38): Tab stops
on the chosen option, Space there changes nothing, the arrows choose; the welcome keeps the
answered question in view when the text grows; indicators as large as their words."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QFontInfo
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QCheckBox,
    QRadioButton,
    QScrollArea,
    QStyle,
    QStyleOptionButton,
    QWidget,
)
from pytestqt.qtbot import QtBot

from kaiser_desktop.app.settings import Settings
from kaiser_desktop.ui.settings_dialog import SettingsDialog
from kaiser_desktop.ui.text_size import apply_application_font
from kaiser_desktop.ui.welcome import WelcomeDialog


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    s = Settings(tmp_path / "settings.ini")
    s.text_size = "extra_large"
    return s


def settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def tab_to(qtbot: QtBot, window: QWidget, wanted: set[QWidget], limit: int = 60) -> QWidget:
    """Press Tab from where the focus is until it lands in `wanted`."""
    for _ in range(limit):
        qtbot.keyClick(QApplication.focusWidget() or window, Qt.Key.Key_Tab)
        focused = QApplication.focusWidget()
        if focused in wanted:
            return focused
    raise AssertionError("Tab never reached the group")


def test_tab_into_a_radio_group_lands_on_the_chosen_option_and_space_keeps_it(
    qtbot: QtBot, settings: Settings
) -> None:
    dialog = SettingsDialog(settings)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitActive(dialog)
    dialog.tabs.setCurrentIndex(2)  # Table
    settle()
    dialog.speed_buttons[next(iter(dialog.speed_buttons))].setFocus()
    sizes = dialog.text_size_buttons
    landed = tab_to(qtbot, dialog, set(sizes.values()))
    assert landed is sizes["extra_large"]  # not "Normal", the first
    qtbot.keyClick(landed, Qt.Key.Key_Space)
    assert sizes["extra_large"].isChecked()
    # One stop for Tab: the next Tab leaves the group, it does not walk its options.
    qtbot.keyClick(landed, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() not in sizes.values()


@pytest.mark.parametrize("forward", [Qt.Key.Key_Down, Qt.Key.Key_Right])
def test_arrows_in_a_radio_group_choose_the_next_option_in_order(
    qtbot: QtBot, settings: Settings, forward: Qt.Key
) -> None:
    """Qt's own arrows went by geometry: Right from the first rule preset jumped to the
    fourth, and from an option Tab had reached they moved the focus without choosing."""
    dialog = SettingsDialog(settings)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitActive(dialog)
    settle()
    presets = list(dialog.preset_buttons.values())
    chosen = next(b for b in presets if b.isChecked())
    chosen.setFocus()
    settle()
    at = presets.index(chosen)
    qtbot.keyClick(chosen, forward)
    assert QApplication.focusWidget() is presets[at + 1]
    assert presets[at + 1].isChecked() and not chosen.isChecked()  # chosen, not only focused
    back = Qt.Key.Key_Up if forward == Qt.Key.Key_Down else Qt.Key.Key_Left
    qtbot.keyClick(presets[at + 1], back)
    assert QApplication.focusWidget() is chosen and chosen.isChecked()
    for _ in range(len(presets) + 1):  # at the last option the arrow stays in the group
        qtbot.keyClick(QApplication.focusWidget() or chosen, forward)
    assert QApplication.focusWidget() is presets[-1] and presets[-1].isChecked()


def test_choosing_extra_large_in_the_welcome_keeps_it_in_view(qtbot: QtBot, tmp_path: Path) -> None:
    settings = Settings(tmp_path / "settings.ini")
    settings.text_size = "normal"
    dialog = WelcomeDialog(settings)
    qtbot.addWidget(dialog)
    dialog.resize(800, 560)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitActive(dialog)
    normal = dialog.size_buttons["normal"]
    normal.setFocus()
    area = dialog.findChild(QScrollArea)
    assert area is not None
    area.ensureWidgetVisible(normal)
    settle()
    extra = dialog.size_buttons["extra_large"]
    qtbot.keyClick(QApplication.focusWidget() or extra, Qt.Key.Key_Right)
    qtbot.keyClick(QApplication.focusWidget() or extra, Qt.Key.Key_Right)
    assert extra.isChecked() and QApplication.focusWidget() is extra
    viewport = area.viewport()

    def extra_in_sight() -> None:  # the scroll area follows the focus
        seen = QRect(extra.mapTo(viewport, QPoint(0, 0)), extra.size())
        assert viewport.rect().contains(seen), (seen, viewport.rect())

    qtbot.waitUntil(extra_in_sight, timeout=2000)


def _indicator(button: QAbstractButton) -> QRect:
    option = QStyleOptionButton()
    button.initStyleOption(option)  # type: ignore[attr-defined]
    element = (
        QStyle.SubElement.SE_RadioButtonIndicator
        if isinstance(button, QRadioButton)
        else QStyle.SubElement.SE_CheckBoxIndicator
    )
    return button.style().subElementRect(element, option, button)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_radio_buttons_and_check_boxes_grow_with_the_text(
    qtbot: QtBot, settings: Settings, language: str
) -> None:
    from kaiser_desktop.ui.language import install_language

    install_language(language)
    try:
        apply_application_font(settings.text_scale())  # what the window does for the size
        dialog = SettingsDialog(settings)
        qtbot.addWidget(dialog)
        dialog.show()
        buttons = [*dialog.findChildren(QRadioButton), *dialog.findChildren(QCheckBox)]
        assert len(buttons) > 10
        for button in buttons:
            text_px = QFontInfo(button.font()).pixelSize()
            words_px = QFontInfo(dialog.font()).pixelSize()
            assert max(text_px, words_px) >= 21  # Extra large indeed
            side = _indicator(button).height()
            assert side >= 0.8 * max(text_px, 15), (button.objectName(), side, text_px)
    finally:
        apply_application_font(1.0)
        install_language("en")
