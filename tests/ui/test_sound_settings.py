"""Sounds in the settings dialog (Sounds, Volume) and in the main window."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from kaiser_desktop.app.settings import Settings
from kaiser_desktop.app.sound import NullBackend, SoundPlayer
from kaiser_desktop.ui.settings_dialog import SettingsDialog
from tests.ui.windows import NewTable


def test_the_dialog_shows_and_writes_sounds_and_volume(
    qtbot: QtBot, settings_file: Settings
) -> None:
    settings_file.sound_volume = 30
    dialog = SettingsDialog(settings_file)
    qtbot.addWidget(dialog)
    assert dialog.sound_on.isChecked() and dialog.volume.value() == 30
    assert dialog.volume.isEnabled()
    dialog.volume.setValue(55)
    dialog.sound_on.setChecked(False)
    assert not dialog.volume.isEnabled()  # no volume to set while sounds are off
    dialog.accept()
    assert (settings_file.sound_on, settings_file.sound_volume) == (False, 55)


def test_cancel_keeps_the_sound_settings(qtbot: QtBot, settings_file: Settings) -> None:
    dialog = SettingsDialog(settings_file)
    qtbot.addWidget(dialog)
    dialog.sound_on.setChecked(False)
    dialog.volume.setValue(5)
    dialog.reject()
    assert settings_file.sound_on is True and settings_file.sound_volume != 5


def test_the_window_has_a_silent_sound_player_in_tests(
    new_table: NewTable, settings_file: Settings
) -> None:
    controller, window = new_table(
        seed=1, level=None, size=None, settings=settings_file, shown=False
    )
    assert isinstance(window.sounds, SoundPlayer)
    assert window.sounds.settings is settings_file
    assert isinstance(window.sounds.backend, NullBackend)  # tests/conftest.py: KAISER_SOUND=off
    controller.stop()
