"""Sounds in the settings dialog (Sounds, Volume) and in the main window."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.pace import INSTANT
from kaiser_desktop.app.settings import Settings
from kaiser_desktop.app.sound import NullBackend, SoundPlayer
from kaiser_desktop.rules import RuleSet
from kaiser_desktop.ui.main_window import MainWindow
from kaiser_desktop.ui.settings_dialog import SettingsDialog


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(tmp_path / "settings.ini")


def test_the_dialog_shows_and_writes_sounds_and_volume(qtbot: QtBot, settings: Settings) -> None:
    settings.sound_volume = 30
    dialog = SettingsDialog(settings)
    qtbot.addWidget(dialog)
    assert dialog.sound_on.isChecked() and dialog.volume.value() == 30
    assert dialog.volume.isEnabled()
    dialog.volume.setValue(55)
    dialog.sound_on.setChecked(False)
    assert not dialog.volume.isEnabled()  # no volume to set while sounds are off
    dialog.accept()
    assert (settings.sound_on, settings.sound_volume) == (False, 55)


def test_cancel_keeps_the_sound_settings(qtbot: QtBot, settings: Settings) -> None:
    dialog = SettingsDialog(settings)
    qtbot.addWidget(dialog)
    dialog.sound_on.setChecked(False)
    dialog.volume.setValue(5)
    dialog.reject()
    assert settings.sound_on is True and settings.sound_volume != 5


def test_the_window_has_a_silent_sound_player_in_tests(qtbot: QtBot, settings: Settings) -> None:
    controller = GameController(RuleSet(), seed=1, pace=INSTANT)
    window = MainWindow(controller, settings=settings)
    qtbot.addWidget(window)
    assert isinstance(window.sounds, SoundPlayer)
    assert window.sounds.settings is settings
    assert isinstance(window.sounds.backend, NullBackend)  # tests/conftest.py: KAISER_SOUND=off
    controller.stop()
