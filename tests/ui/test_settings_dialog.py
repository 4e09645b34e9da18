"""The settings dialog writes what the player chose, and nothing on Cancel."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QAbstractButton, QPushButton, QTabWidget, QWidget
from pytestqt.qtbot import QtBot

from kaiser_desktop.app.settings import Settings
from kaiser_desktop.rules import BID_OUT_47, STANDARD, RuleSet, Seat
from kaiser_desktop.ui.settings_dialog import SettingsDialog


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(tmp_path / "settings.ini")


def make(qtbot: QtBot, settings: Settings, in_progress: bool = False) -> SettingsDialog:
    dialog = SettingsDialog(settings, game_in_progress=in_progress)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def click(qtbot: QtBot, widget: QWidget) -> None:
    """Click where a person would: on the box or button itself (a check box's text may be far
    narrower than the row it sits in, and clicks beside the text do nothing)."""
    window = widget.window()
    tabs = window.findChild(QTabWidget)
    if tabs is not None:  # bring the control's tab forward, as the player would
        for i in range(tabs.count()):
            if tabs.widget(i).isAncestorOf(widget):
                tabs.setCurrentIndex(i)
    if isinstance(widget, QAbstractButton) and not isinstance(widget, QPushButton):
        qtbot.mouseClick(widget, Qt.MouseButton.LeftButton, pos=QPoint(8, widget.height() // 2))
    else:
        qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def test_choosing_a_preset(qtbot: QtBot, settings: Settings) -> None:
    dialog = make(qtbot, settings)
    assert dialog.preset_buttons["standard"].isChecked()
    click(qtbot, dialog.preset_buttons["tournament"])
    assert dialog.rules_editor.min_bid.currentData() == 7  # the preset's rules are shown
    assert not dialog.rules_editor.kitty.isEnabled()  # read-only for a preset
    click(qtbot, dialog.buttons.button(dialog.buttons.StandardButton.Ok))
    assert dialog.result() == dialog.DialogCode.Accepted
    assert settings.rules_preset == "tournament"
    assert settings.rules().min_bid == 7
    assert Settings(Path(settings._qs.fileName())).rules_preset == "tournament"


def test_custom_rules(qtbot: QtBot, settings: Settings) -> None:
    dialog = make(qtbot, settings)
    editor = dialog.rules_editor
    click(qtbot, dialog.preset_buttons["custom"])
    assert editor.kitty.isEnabled()
    assert editor.rules() == STANDARD  # custom starts from the stored (standard) rules
    assert editor.steal_five_wins.isEnabled()  # at either limit (RULES.md's pins)
    click(qtbot, editor.kaiser_bid)
    click(qtbot, editor.pass_to_partner)
    click(qtbot, editor.weak_hand_redeal)
    editor.min_bid.setCurrentIndex(editor.min_bid.findData(5))
    editor.all_pass.setCurrentIndex(editor.all_pass.findData("throw_in"))
    editor.defender_limit.setCurrentIndex(editor.defender_limit.findData(47))
    click(qtbot, editor.steal_five_wins)
    click(qtbot, editor.bid_out)
    editor.auction.setCurrentIndex(editor.auction.findData("open"))
    editor.first_dealer.setCurrentIndex(editor.first_dealer.findData("first_jack"))
    editor.target.setValue(62)
    dialog.accept()
    assert settings.rules_preset == "custom"
    assert settings.rules() == RuleSet(
        min_bid=5,
        all_pass="throw_in",
        weak_hand_redeal=False,
        defender_limit=47,
        steal_five_wins=True,
        kaiser_bid=True,
        pass_to_partner=True,
        target=62,
        auction="open",
        first_dealer="first_jack",
        bid_out=True,
    )


def test_the_round_the_table_preset_is_seed_004s_table(qtbot: QtBot, settings: Settings) -> None:
    dialog = make(qtbot, settings)
    click(qtbot, dialog.preset_buttons["open_table"])
    rules = dialog.rules_editor.rules()
    assert (rules.min_bid, rules.auction, rules.first_dealer) == (6, "open", "first_jack")
    assert dialog.rules_editor.auction.currentText() == "Round and round, until three pass in a row"
    dialog.accept()
    assert settings.rules() == rules and settings.rules_preset == "open_table"


def test_custom_edits_survive_a_look_at_a_preset(qtbot: QtBot, settings: Settings) -> None:
    dialog = make(qtbot, settings)
    click(qtbot, dialog.preset_buttons["custom"])
    click(qtbot, dialog.rules_editor.kitty)
    click(qtbot, dialog.preset_buttons["bidout47"])
    assert dialog.rules_editor.rules() == BID_OUT_47
    click(qtbot, dialog.preset_buttons["custom"])
    assert dialog.rules_editor.kitty.isChecked()
    click(qtbot, dialog.preset_buttons["bidout47"])
    dialog.accept()
    assert settings.rules() == BID_OUT_47
    assert settings.custom_rules == RuleSet(kitty=True)


def test_players_and_table(qtbot: QtBot, settings: Settings) -> None:
    dialog = make(qtbot, settings)
    click(qtbot, dialog.level_buttons["expert"])
    name = dialog.name_edits[Seat.N]
    dialog.tabs.setCurrentIndex(1)
    name.clear()
    qtbot.keyClicks(name, "Grandma")
    dialog.name_edits[Seat.W].clear()  # empty: back to the default name
    click(qtbot, dialog.speed_buttons["slow"])
    click(qtbot, dialog.auto_play)
    click(qtbot, dialog.jumbo_cards)
    click(qtbot, dialog.four_colour)
    dialog.table_colour.setCurrentIndex(dialog.table_colour.findData("blue"))
    dialog.card_back.setCurrentIndex(dialog.card_back.findData("green"))
    dialog.accept()
    assert settings.computer_level == "expert"
    assert settings.name(Seat.N) == "Grandma"
    assert settings.name(Seat.W) == "Sam"
    assert settings.animation_speed == "slow"
    assert settings.auto_play_single is False
    assert settings.jumbo_cards is True
    assert settings.four_colour_deck is True
    assert settings.table_colour == "blue"
    assert settings.card_back == "green"


def test_cancel_writes_nothing(qtbot: QtBot, settings: Settings) -> None:
    dialog = make(qtbot, settings)
    click(qtbot, dialog.preset_buttons["tournament"])
    click(qtbot, dialog.jumbo_cards)
    click(qtbot, dialog.buttons.button(dialog.buttons.StandardButton.Cancel))
    assert settings.rules_preset == "standard"
    assert settings.jumbo_cards is False


def test_dialog_shows_stored_values(qtbot: QtBot, settings: Settings) -> None:
    settings.rules_preset = "custom"
    settings.custom_rules = RuleSet(three_trick_rule=True, min_bid=7)
    settings.card_back = "red"
    settings.set_name(Seat.E, "Bob")
    dialog = make(qtbot, settings)
    assert dialog.preset_buttons["custom"].isChecked()
    assert dialog.rules_editor.rules() == RuleSet(three_trick_rule=True, min_bid=7)
    assert dialog.card_back.currentData() == "red"
    assert dialog.name_edits[Seat.E].text() == "Bob"


def test_note_about_the_game_in_progress(qtbot: QtBot, settings: Settings) -> None:
    assert not make(qtbot, settings).in_progress_note.isVisible()
    dialog = make(qtbot, settings, in_progress=True)
    assert dialog.in_progress_note.isVisible()
    assert dialog.in_progress_note.text() == (
        "Rule changes apply from the next new game; the game in progress keeps its rules."
    )


def test_text_size_and_waiting_after_each_trick(qtbot: QtBot, settings: Settings) -> None:
    dialog = make(qtbot, settings)
    assert dialog.text_size_buttons["normal"].isChecked()
    assert not dialog.wait_after_trick.isChecked()
    assert dialog.text_size_buttons["extra_large"].text() == "Extra large"
    click(qtbot, dialog.text_size_buttons["extra_large"])
    click(qtbot, dialog.wait_after_trick)
    click(qtbot, dialog.buttons.button(dialog.buttons.StandardButton.Ok))
    assert settings.text_size == "extra_large" and settings.text_size_chosen
    assert settings.wait_after_trick is True
    again = make(qtbot, settings)  # and the dialog shows them next time
    assert again.text_size_buttons["extra_large"].isChecked()
    assert again.wait_after_trick.isChecked()
    assert again.font().pixelSize() > dialog.font().pixelSize()  # in the bigger text


def test_every_variant_has_a_control(qtbot: QtBot, settings: Settings) -> None:
    dialog = make(qtbot, settings)
    for field in RuleSet.__dataclass_fields__:
        assert hasattr(dialog.rules_editor, field), field


def test_the_relay_address_is_kept_and_a_wrong_one_is_said(qtbot: QtBot, tmp_path: Path) -> None:
    """Family play across houses: the relay's address, typed once in Settings."""
    settings = Settings(tmp_path / "s.ini")
    dialog = SettingsDialog(settings)
    qtbot.addWidget(dialog)
    dialog.relay_edit.setText("not an address at all")
    dialog.accept()
    assert dialog.isVisible() or dialog.result() == 0
    assert "not a relay address" in dialog.relay_problem.text()
    assert settings.relay_address == ""
    dialog.relay_edit.setText(" wss://relay.example.org:8765 ")
    dialog.accept()
    assert settings.relay_address == "wss://relay.example.org:8765"
    again = SettingsDialog(settings)
    qtbot.addWidget(again)
    assert again.relay_edit.text() == "wss://relay.example.org:8765"


def test_a_relay_address_without_its_scheme_is_asked_for_not_guessed(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """ "127.0.0.1:8765" was stored as wss://… and then failed TLS: now it is refused, and
    the sentence says what a relay address looks like (ws:// or wss://)."""
    settings = Settings(tmp_path / "s.ini")
    dialog = SettingsDialog(settings)
    qtbot.addWidget(dialog)
    dialog.relay_edit.setText("127.0.0.1:8765")
    dialog.accept()
    assert settings.relay_address == ""
    assert "ws://" in dialog.relay_problem.text() and "wss://" in dialog.relay_problem.text()
    dialog.relay_edit.setText("ws://127.0.0.1:8765")
    dialog.accept()
    assert settings.relay_address == "ws://127.0.0.1:8765"


def test_settings_show_the_relay_this_app_came_with_and_a_typed_one_wins(
    qtbot: QtBot, tmp_path: Path
) -> None:
    settings = Settings(tmp_path / "s.ini")
    settings.default_relay = "wss://relay.kaiser.example"
    dialog = SettingsDialog(settings)
    qtbot.addWidget(dialog)
    assert dialog.relay_edit.text() == ""
    assert "wss://relay.kaiser.example" in dialog.relay_in_use.text()
    assert not dialog.relay_in_use.isHidden()
    dialog.relay_edit.setText("ws://192.168.1.20:8765")
    assert dialog.relay_in_use.isHidden()
    dialog.accept()
    assert settings.relay_address == "ws://192.168.1.20:8765"
    again = SettingsDialog(settings)
    qtbot.addWidget(again)
    assert again.relay_edit.text() == "ws://192.168.1.20:8765"
    again.relay_edit.setText("")  # back to the app's own relay
    again.accept()
    assert settings.relay_chosen == ""
    assert settings.relay_address == "wss://relay.kaiser.example"
