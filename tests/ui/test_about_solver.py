"""The About box says which card search the computer players use (issue 25): the fast
compiled solver, or the slower Python one when the compiled core could not be loaded."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from kaiser_desktop.ai import solver_kind
from kaiser_desktop.ui import dialogs


@pytest.mark.parametrize(
    ("kind", "words"),
    [("compiled", "fast built-in solver"), ("python", "slower Python solver")],
)
def test_about_names_the_solver_that_runs(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch, kind: str, words: str
) -> None:
    monkeypatch.setattr(dialogs, "solver_kind", lambda: kind)
    parent = QWidget()
    qtbot.addWidget(parent)
    box = dialogs.about_box(parent)
    assert words in box.text()
    box.deleteLater()


def test_about_tells_the_truth_about_this_install(qtbot: QtBot) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    text = dialogs.about_box(parent).text()
    expected = "fast built-in" if solver_kind() == "compiled" else "slower Python"
    assert expected in text
