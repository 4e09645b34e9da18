"""Words of the window and the screen reader about the person, in English and French
(issue 27, points 6 and 8): "It is your turn" while watching (never "It is You's turn"),
"You name trump" for the person whatever their name, « gagnée par vous et Pat » (never
« par Vous »), and Help → Welcome through the welcome's own entry point (Escape there is
Cancel and writes nothing)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialog
from pytestqt.qtbot import QtBot

from kaiser_desktop.app.seating import Seating
from kaiser_desktop.rules import Seat, Suit, Team
from kaiser_desktop.ui import access_words
from kaiser_desktop.ui.language import install_language
from kaiser_desktop.ui.welcome import WelcomeDialog
from tests.app.test_autosave import Table

NB = "\u00a0"


@pytest.fixture(params=["en", "fr"])
def lang(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    assert install_language(request.param) is None
    yield request.param
    install_language("en")


@pytest.fixture
def table(qtbot: QtBot, tmp_path: Path) -> Iterator[Table]:
    made = Table(qtbot, tmp_path)
    yield made
    made.close()


def test_watching_the_screen_reader_says_your_turn(lang: str) -> None:
    watching = Seating.from_names({}, watch=True)
    said = access_words.turn_text(watching.name(Seat.S), is_me=False)
    other = access_words.turn_text(watching.name(Seat.W), is_me=False)
    if lang == "en":
        assert (said, other) == ("It is your turn.", "It is West's turn.")
    else:
        assert (said, other) == ("C'est à vous.", "C'est au tour de Ouest.")
    assert access_words.turn_text(watching.name(Seat.S), is_me=True) == said


def test_the_person_names_trump_whatever_their_name(table: Table, lang: str) -> None:
    c = table.controller
    # The person as the table knows them (is_me), not by the word in the sentence.
    seating = Seating.from_names({})
    c.seating = dataclasses.replace(seating, short={**seating.short, Seat.S: "Margaret"})
    c.trump_named.emit(Seat.S, Suit.H)
    said = table.window.view.access.spoken[-1]
    c.trump_named.emit(Seat.W, Suit.H)
    other = table.window.view.access.spoken[-1]
    if lang == "en":
        assert said == "You name trump: ♥ Hearts."
        assert other == "West names trump: ♥ Hearts."
    else:
        # (announced with plain spaces: the screen reader's line is said whitespace-folded)
        assert said == "Vous choisissez l'atout : ♥ Cœur."
        assert other == "Ouest choisit l'atout : ♥ Cœur."


def test_a_finished_game_won_by_you_and_pat(table: Table, lang: str) -> None:
    table.controller.seating = Seating.from_names({})
    won = table.window.games.finished_game_text(Team.NS, (52, 38))
    lost = table.window.games.finished_game_text(Team.EW, (38, 52))
    if lang == "en":
        assert won == "A finished game: you & Pat won 52–38."  # inside the sentence
        assert lost == "A finished game: East & West won 38–52."
    else:
        assert won == f"Une partie terminée, gagnée par vous et Pat{NB}: 52–38."
        assert lost == f"Une partie terminée, gagnée par Est et Ouest{NB}: 38–52."


def test_help_welcome_writes_on_ok_and_escape_is_cancel(
    table: Table, qtbot: QtBot, lang: str
) -> None:
    c = table.controller
    c.start()
    qtbot.waitUntil(lambda: c.waiting_for_human() == Seat.S, timeout=10_000)
    before = c.state

    def escape(dialog: QDialog) -> int:
        assert isinstance(dialog, WelcomeDialog) and dialog.cancel_button is not None
        dialog.show()
        qtbot.waitExposed(dialog)
        qtbot.keyClicks(dialog.name_edits[Seat.S], "Margaret")
        qtbot.keyClick(dialog, Qt.Key.Key_Escape)
        return dialog.result()

    table.window.run_dialog = escape
    assert table.window.show_welcome() is False
    assert table.settings.name(Seat.S) == "You" and c.seating.label(Seat.S) != "Margaret"

    def ok(dialog: QDialog) -> int:
        assert isinstance(dialog, WelcomeDialog)
        name = dialog.name_edits[Seat.S]
        name.clear()
        qtbot.keyClicks(name, "Margaret")
        dialog.start_button.click()
        return dialog.result()

    table.window.run_dialog = ok
    assert table.window.show_welcome() is True
    assert c.state == before  # the game carries on
    assert c.seating.label(Seat.S) == "Margaret"  # the name shows at once
