"""The question after a start that died: one sentence, three ways on, the safe one default."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QDialog, QMessageBox

from kaiser_desktop.app.start_guard import StartChoice
from kaiser_desktop.ui.language import install_language
from kaiser_desktop.ui.start_trouble import ask_after_failed_start, start_trouble_box


@pytest.fixture
def french(qapp: object) -> Iterator[None]:
    install_language("fr")
    yield
    install_language("en")


def button_texts(box: QMessageBox) -> list[str]:
    return [button.text() for button in box.buttons()]


def test_one_plain_sentence_and_three_ways_on(qapp: object) -> None:
    box, choices = start_trouble_box(None)
    text = box.text()
    assert text.startswith("Kaiser closed by accident") and text.count(".") == 1
    assert sorted(button_texts(box)) == sorted(
        ["Carry on from the start of this hand", "Start a new game", "Try again"]
    )
    assert sorted(c.value for c in choices.values()) == sorted(c.value for c in StartChoice)
    # Enter carries on (the safe way); Escape or the window's × tries again.
    assert choices[box.defaultButton()] is StartChoice.CARRY_ON
    assert choices[box.escapeButton()] is StartChoice.TRY_AGAIN


def test_the_question_in_french(french: None) -> None:
    box, _ = start_trouble_box(None)
    assert "Kaiser" in box.text() and "closed" not in box.text()
    assert "Try again" not in button_texts(box)


@pytest.mark.parametrize("choice", list(StartChoice))
def test_each_button_gives_its_choice(qapp: object, choice: StartChoice) -> None:
    def click(dialog: QDialog) -> int:
        assert isinstance(dialog, QMessageBox)
        _, choices = start_trouble_box(None)
        wanted = next(t for b, c in choices.items() if c is choice for t in [b.text()])
        next(b for b in dialog.buttons() if b.text() == wanted).click()
        return 0

    assert ask_after_failed_start(None, click) is choice
