"""The question after a start that died: one sentence, three ways on, the safe one default."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from kaiser_desktop.app.settings import TEXT_SIZES
from kaiser_desktop.app.start_guard import StartChoice
from kaiser_desktop.ui.language import install_language
from kaiser_desktop.ui.start_trouble import StartTroubleDialog, ask_after_failed_start
from kaiser_desktop.ui.text_size import apply_application_font


@pytest.fixture
def french(qapp: object) -> Iterator[None]:
    install_language("fr")
    yield
    install_language("en")


def texts(dialog: StartTroubleDialog) -> list[str]:
    return [dialog.buttons[choice].text() for choice in StartChoice]


def test_one_plain_sentence_and_three_ways_on(qtbot: QtBot) -> None:
    dialog = StartTroubleDialog(None)
    qtbot.addWidget(dialog)
    text = dialog.question.text()
    assert text.startswith("Kaiser closed by accident") and text.count(".") == 1
    assert texts(dialog) == [
        "Carry on from the start of this hand",
        "Start a new game",
        "Try again",
    ]
    assert dialog.buttons[StartChoice.CARRY_ON].isDefault()


def test_enter_carries_on_and_escape_tries_again(qtbot: QtBot) -> None:
    for key, expected in ((Qt.Key.Key_Return, StartChoice.CARRY_ON), (Qt.Key.Key_Escape, None)):
        dialog = StartTroubleDialog(None)
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        QTest.keyClick(dialog, key)
        assert dialog.result() == (QDialog.DialogCode.Accepted if expected else 0)
        assert dialog.choice is (expected or StartChoice.TRY_AGAIN)


def test_every_answer_whole_in_french_at_extra_large(qtbot: QtBot, french: None) -> None:
    """At 800×600 with Extra large text, no answer is cut (they are stacked)."""
    apply_application_font(TEXT_SIZES["extra_large"])
    try:
        dialog = StartTroubleDialog(None)
        qtbot.addWidget(dialog)
        dialog.resize(780, dialog.sizeHint().height())
        dialog.show()
        qtbot.waitExposed(dialog)
        assert "fermé par accident" in dialog.question.text()
        assert "Try again" not in texts(dialog)
        for button in dialog.buttons.values():
            needed = button.fontMetrics().horizontalAdvance(button.text())
            assert needed < button.width(), button.text()
        assert dialog.width() <= 800
    finally:
        apply_application_font(1.0)


@pytest.mark.parametrize("choice", list(StartChoice))
def test_each_button_gives_its_choice(qapp: object, choice: StartChoice) -> None:
    def click(dialog: QDialog) -> int:
        assert isinstance(dialog, StartTroubleDialog)
        dialog.buttons[choice].click()
        return 0

    assert ask_after_failed_start(None, click) is choice
