"""What the status bar says after Settings (issue 27, point 8): it names only what really
changed (new rules or a new computer level: from the next game; the language, the text size
or the contrast apply at once and need no note), and it is said again in a language chosen
after it, never left in the old one."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from kaiser_desktop.app.settings import Settings
from kaiser_desktop.rules import Seat
from kaiser_desktop.ui.language import install_language
from kaiser_desktop.ui.main_window import MainWindow
from kaiser_desktop.ui.settings_dialog import SettingsDialog
from kaiser_desktop.ui.text_size import apply_application_font
from tests.ui.windows import NewTable

RULES_NOTE = {
    "en": "The new rules apply from your next new game.",
    "fr": "Les nouvelles règles s'appliquent à votre prochaine nouvelle partie.",
}
LEVEL_NOTE = {
    "en": "The new computer level applies from your next new game.",
    "fr": "Le nouveau niveau de l'ordinateur s'applique à votre prochaine nouvelle partie.",
}
BOTH_NOTE = {
    "en": "The new rules and computer level apply from your next new game.",
    "fr": (
        "Les nouvelles règles et le niveau de l'ordinateur s'appliquent à votre "
        "prochaine nouvelle partie."
    ),
}


@pytest.fixture
def window(qtbot: QtBot, settings_file: Settings, new_table: NewTable) -> Iterator[MainWindow]:
    controller, made = new_table(seed=3, level=None, size=None, settings=settings_file)
    with qtbot.waitSignal(
        controller.turn_changed, timeout=10_000, check_params_cb=lambda seat, p: seat == Seat.S
    ):
        controller.start()
    assert controller.in_progress()
    yield made
    controller.stop()
    install_language("en")
    apply_application_font(1.0)


def speak(window: MainWindow, language: str) -> None:
    assert window.settings is not None
    window.settings.language = language
    assert window.statusBar().currentMessage() == ""  # nothing to say about a language


def press_ok(window: MainWindow, **choices: str | bool) -> None:
    """Settings → change what is given → OK (the dialog writes every setting it shows)."""
    assert window.settings is not None
    dialog = SettingsDialog(window.settings, True, window)
    if "language" in choices:
        dialog.language.setCurrentIndex(dialog.language.findData(choices["language"]))
    if "contrast" in choices:
        dialog.high_contrast.setChecked(bool(choices["contrast"]))
    if "preset" in choices:
        dialog.preset_buttons[str(choices["preset"])].setChecked(True)
    if "level" in choices:
        dialog.level_buttons[str(choices["level"])].setChecked(True)
    dialog.accept()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_only_the_contrast_changed_says_nothing_of_rules(window: MainWindow, language: str) -> None:
    speak(window, language)
    press_ok(window, contrast=True)
    assert window.statusBar().currentMessage() == ""


@pytest.mark.parametrize(("before", "after"), [("fr", "en"), ("en", "fr")])
def test_only_the_language_changed_says_nothing_of_rules(
    window: MainWindow, before: str, after: str
) -> None:
    speak(window, before)
    press_ok(window, language=after)
    assert window.statusBar().currentMessage() == ""


@pytest.mark.parametrize("language", ["en", "fr"])
def test_each_change_for_the_next_game_is_named(window: MainWindow, language: str) -> None:
    speak(window, language)
    press_ok(window, preset="tournament")
    assert window.statusBar().currentMessage() == RULES_NOTE[language]
    press_ok(window, preset="standard")  # back to the rules being played: nothing to wait for
    assert window.statusBar().currentMessage() == ""
    press_ok(window, level="expert")
    assert window.statusBar().currentMessage() == LEVEL_NOTE[language]
    press_ok(window, preset="tournament")
    assert window.statusBar().currentMessage() == BOTH_NOTE[language]


@pytest.mark.parametrize(("before", "after"), [("fr", "en"), ("en", "fr")])
def test_the_note_is_said_again_in_the_new_language(
    window: MainWindow, before: str, after: str
) -> None:
    speak(window, before)
    press_ok(window, preset="tournament")
    assert window.statusBar().currentMessage() == RULES_NOTE[before]
    press_ok(window, language=after)
    assert window.statusBar().currentMessage() == RULES_NOTE[after]
    # Anything else on the status bar is never left in the old language either.
    window.statusBar().showMessage(window.tr("Thinking of a hint…"), 8000)
    press_ok(window, language=before)
    assert window.statusBar().currentMessage() in ("", RULES_NOTE[before])
