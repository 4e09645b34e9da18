"""The welcome: once at first start, before the first deal; it writes the settings, never
touches a saved game, and is there again under Help. And the "How to play" tour."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog
from pytestqt.qtbot import QtBot

from kaiser_desktop.app.settings import Settings
from kaiser_desktop.rules import Seat
from kaiser_desktop.ui.help_dialog import TOUR_PAGES, HowToPlayDialog
from kaiser_desktop.ui.welcome import WelcomeDialog, show_welcome_again
from tests.app.test_autosave import Table


@pytest.fixture
def tables() -> Iterator[list[Table]]:
    made: list[Table] = []
    yield made
    for table in made:
        table.close()


def first_start(qtbot: QtBot, folder: Path, tables: list[Table]) -> Table:
    table = Table(qtbot, folder)
    tables.append(table)
    table.settings.welcome_done = False  # the Table stands for a later start by default
    return table


def answer(dialog: WelcomeDialog, qtbot: QtBot) -> None:
    """What a new player does: types the names, picks a level, rules and size, and starts."""
    name = dialog.name_edits[Seat.S]
    name.clear()
    qtbot.keyClicks(name, "Margaret")
    partner = dialog.name_edits[Seat.N]
    partner.clear()
    qtbot.keyClicks(partner, "Harold")
    dialog.level_buttons["basic"].setChecked(True)
    dialog.preset_buttons["tournament"].setChecked(True)
    dialog.size_buttons["extra_large"].setChecked(True)
    dialog.start_button.click()


def test_the_welcome_comes_before_the_first_deal_and_sets_up_the_game(
    qtbot: QtBot, tmp_path: Path, tables: list[Table]
) -> None:
    table = first_start(qtbot, tmp_path, tables)
    c = table.controller
    shown: list[QDialog] = []

    def run(dialog: QDialog) -> int:
        shown.append(dialog)
        assert c.state.hand is None  # nothing dealt while the welcome is up
        assert isinstance(dialog, WelcomeDialog) and dialog.note.isHidden()
        assert dialog.start_button.text() == "Start playing"
        answer(dialog, qtbot)
        return dialog.result()

    table.window.run_dialog = run
    table.window.start_or_resume(table.store.load())
    assert len(shown) == 1
    s = table.settings
    assert (s.name(Seat.S), s.name(Seat.N)) == ("Margaret", "Harold")
    assert (s.computer_level, s.rules_preset, s.text_size) == ("basic", "tournament",
                                                               "extra_large")  # fmt: skip
    assert s.welcome_done
    assert Settings(tmp_path / "settings.ini").welcome_done  # on disk, for the next start
    # The first game is dealt with what was chosen.
    assert c.state.hand is not None
    assert c.rules.min_bid == 7
    assert c.seating.name(Seat.N) == "Harold"


def test_the_welcome_shows_on_the_first_start_only(
    qtbot: QtBot, tmp_path: Path, tables: list[Table]
) -> None:
    table = first_start(qtbot, tmp_path, tables)
    shown: list[QDialog] = []
    table.window.run_dialog = lambda dialog: shown.append(dialog) or dialog.reject() or 0
    table.window.start_or_resume(table.store.load())
    assert len(shown) == 1 and table.settings.welcome_done  # closing it counts as seen
    saved = table.controller.state
    table.close()
    table.window.close()
    later = Table(qtbot, tmp_path)  # the next start: same folder, same settings
    tables.append(later)
    later.window.run_dialog = lambda dialog: shown.append(dialog) or 0
    later.window.start_or_resume(later.store.load())
    assert len(shown) == 1
    assert later.controller.state == saved  # and the saved game carried on


def test_a_saved_game_is_never_lost_to_the_welcome(
    qtbot: QtBot, tmp_path: Path, tables: list[Table]
) -> None:
    # A game saved by a version without the welcome: the game comes back, no welcome.
    first = Table(qtbot, tmp_path)
    tables.append(first)
    first.controller.start()
    qtbot.waitUntil(lambda: first.controller.waiting_for_human() == Seat.S, timeout=10_000)
    saved = first.controller.state
    first.close()
    first.window.close()
    Settings(tmp_path / "settings.ini").welcome_done = False
    later = first_start(qtbot, tmp_path, tables)
    shown: list[QDialog] = []
    later.window.run_dialog = lambda dialog: shown.append(dialog) or 0
    later.window.start_or_resume(later.store.load())
    assert shown == []
    assert later.controller.state == saved
    assert later.settings.welcome_done


def test_the_welcome_from_help_leaves_the_game_alone(
    qtbot: QtBot, tmp_path: Path, tables: list[Table]
) -> None:
    table = Table(qtbot, tmp_path)
    tables.append(table)
    c = table.controller
    c.start()
    qtbot.waitUntil(lambda: c.waiting_for_human() == Seat.S, timeout=10_000)
    before = c.state
    shown: list[WelcomeDialog] = []

    def run(dialog: QDialog) -> int:
        assert isinstance(dialog, WelcomeDialog)
        shown.append(dialog)
        assert not dialog.note.isHidden() and dialog.note.text().startswith(
            "Your game in progress carries on."
        )
        assert dialog.start_button.text() == "OK" and dialog.cancel_button is not None
        answer(dialog, qtbot)
        return dialog.result()

    table.window.run_dialog = run
    assert table.window.menus.welcome_action.text().replace("&", "") == "Welcome and how to play…"
    table.window.menus.welcome_action.trigger()
    assert len(shown) == 1
    assert c.state == before  # not restarted
    assert c.seating.label(Seat.S) == "Margaret"  # names show at once
    assert c.seating.name(Seat.N) == "Harold"
    assert table.settings.rules_preset == "tournament"  # the rules wait for the next game


def test_enter_in_a_name_moves_on_and_escape_keeps_the_choices(
    qtbot: QtBot, tmp_path: Path
) -> None:
    settings = Settings(tmp_path / "settings.ini")
    dialog = WelcomeDialog(settings)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    name = dialog.name_edits[Seat.S]
    assert dialog.focusWidget() is name  # the first question, not a button
    assert not dialog.tour_button.isDefault() and not dialog.tour_button.autoDefault()
    name.clear()
    qtbot.keyClicks(name, "Margaret")
    qtbot.keyClick(name, Qt.Key.Key_Return)
    assert dialog.isVisible() and dialog.result() == 0  # Enter did not start the game
    assert dialog.focusWidget() is dialog.name_edits[Seat.N]
    assert settings.name(Seat.S) == "You"
    dialog.size_buttons["extra_large"].setChecked(True)
    # Escape at the first start (issue 27.6): what was typed and chosen is kept, not thrown
    # away, as "Start playing" would keep it; the welcome does not come back by itself.
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert not dialog.isVisible()
    assert settings.name(Seat.S) == "Margaret" and settings.text_size == "extra_large"
    assert settings.welcome_done
    again = Settings(tmp_path / "settings.ini")  # written to the file, not only in memory
    assert again.name(Seat.S) == "Margaret" and again.text_size == "extra_large"


def test_closing_the_first_welcome_keeps_the_choices_too(qtbot: QtBot, tmp_path: Path) -> None:
    settings = Settings(tmp_path / "settings.ini")
    dialog = WelcomeDialog(settings)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClicks(dialog.name_edits[Seat.S], "Margaret")
    dialog.close()  # the window's close box
    assert settings.name(Seat.S) == "Margaret" and settings.welcome_done


def test_escape_on_the_welcome_from_help_is_its_cancel(qtbot: QtBot, tmp_path: Path) -> None:
    settings = Settings(tmp_path / "settings.ini")
    dialog = WelcomeDialog(settings, game_in_progress=True)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    qtbot.keyClicks(dialog.name_edits[Seat.S], "Margaret")
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert not dialog.isVisible() and dialog.result() == QDialog.DialogCode.Rejected.value
    assert settings.name(Seat.S) == "You"  # Cancel (and Escape, beside it) writes nothing


def test_enter_on_a_button_presses_that_button(qtbot: QtBot, tmp_path: Path) -> None:
    """Enter on "How to play…" opened nothing and started the game (issue 27.8)."""
    settings = Settings(tmp_path / "settings.ini")
    dialog = WelcomeDialog(settings, game_in_progress=True)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.tour_button.setFocus()
    qtbot.keyClick(dialog.tour_button, Qt.Key.Key_Return)
    assert dialog.isVisible() and dialog.result() == 0  # the game did not start
    assert dialog.tour is not None and dialog.tour.isVisible()
    dialog.tour.close()
    assert dialog.cancel_button is not None
    dialog.cancel_button.setFocus()
    qtbot.keyClick(dialog.cancel_button, Qt.Key.Key_Enter)
    assert not dialog.isVisible() and dialog.result() == QDialog.DialogCode.Rejected.value
    first = WelcomeDialog(Settings(tmp_path / "other.ini"))
    qtbot.addWidget(first)
    first.show()
    qtbot.waitExposed(first)
    first.level_buttons["basic"].setFocus()  # not a push button: Enter is "Start playing"
    qtbot.keyClick(first.level_buttons["basic"], Qt.Key.Key_Return)
    assert first.result() == QDialog.DialogCode.Accepted.value


def test_the_welcome_can_be_shown_again(qtbot: QtBot, tmp_path: Path) -> None:
    """The entry point for Help → Welcome: the choices as they are now, OK keeps the new."""
    settings = Settings(tmp_path / "settings.ini")
    settings.set_name(Seat.S, "Margaret")
    settings.welcome_done = True
    seen: list[WelcomeDialog] = []

    def run(dialog: QDialog) -> int:
        assert isinstance(dialog, WelcomeDialog)
        seen.append(dialog)
        assert dialog.name_edits[Seat.S].text() == "Margaret"
        assert dialog.cancel_button is not None  # a game in progress: OK and Cancel
        answer(dialog, qtbot)
        return dialog.result()

    assert show_welcome_again(None, settings, True, run) is True
    assert len(seen) == 1 and settings.text_size == "extra_large"
    assert settings.name(Seat.N) == "Harold"

    def cancel(dialog: QDialog) -> int:
        dialog.reject()
        return dialog.result()

    assert show_welcome_again(None, settings, True, cancel) is False


def test_choosing_a_size_grows_the_welcome_at_once(qtbot: QtBot, tmp_path: Path) -> None:
    dialog = WelcomeDialog(Settings(tmp_path / "settings.ini"))
    qtbot.addWidget(dialog)
    normal = dialog.font().pixelSize()
    dialog.size_buttons["extra_large"].setChecked(True)
    assert dialog.font().pixelSize() == round(normal * 1.5)


def test_the_tour(qtbot: QtBot, tmp_path: Path) -> None:
    welcome = WelcomeDialog(Settings(tmp_path / "settings.ini"))
    qtbot.addWidget(welcome)
    welcome.show()
    tour = welcome.show_tour()
    assert isinstance(tour, HowToPlayDialog) and tour.isVisible()
    qtbot.waitExposed(tour)
    assert not tour.back_button.isEnabled() and tour.focusWidget() is tour.next_button
    seen = []
    for _ in range(len(TOUR_PAGES) - 1):
        seen.append(tour.title.text() + " " + tour.words.text())
        qtbot.keyClick(tour.next_button, Qt.Key.Key_Return)  # Enter turns the page
    seen.append(tour.title.text() + " " + tour.words.text())
    assert tour.page == len(TOUR_PAGES) - 1 and tour.next_button.text() == "Close"
    text = " ".join(seen)
    for words in ("bottom", "partner", "Bidding", "trump", "trick", "5♥", "3♠", "Hint",
                  "Undo"):  # fmt: skip
        assert words in text, words
    tour.back_button.click()
    assert tour.page == len(TOUR_PAGES) - 2
    tour.show_page(len(TOUR_PAGES) - 1)
    tour.next_button.click()
    assert not tour.isVisible() and welcome.isVisible()  # back to the welcome
