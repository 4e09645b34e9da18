"""The menus part on its own: built on a bare menu bar from callbacks, with no MainWindow."""

from __future__ import annotations

from dataclasses import fields

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow
from pytestqt.qtbot import QtBot

from kaiser_desktop.ui.window_menus import MenuActions, WindowMenus

# Each callback of MenuActions and the action that calls it.
ENTRY_OF = {
    "new_game": "new_action",
    "replay_deal": "replay_action",
    "open_record": "open_action",
    "export_record": "export_action",
    "open_settings": "settings_action",
    "show_statistics": "statistics_action",
    "quit": "quit_action",
    "undo": "undo_action",
    "show_last_trick": "last_trick_action",
    "show_rules": "rules_action",
    "show_welcome": "welcome_action",
    "show_hint": "hint_action",
    "show_why": "why_action",
    "show_about": "about_action",
    "play_with_family": "family_action",
}


def build(
    qtbot: QtBot, called: list[object], *, has_settings: bool
) -> tuple[QMainWindow, QAction, WindowMenus]:
    host = QMainWindow()
    qtbot.addWidget(host)
    sheet_toggle = QAction(host)
    callbacks: dict[str, object] = {
        name: (lambda name=name: called.append(name)) for name in ENTRY_OF
    }
    callbacks["set_auto_play"] = lambda on: called.append(("auto_play", on))
    menus = WindowMenus(
        host.menuBar(),
        MenuActions(**callbacks),  # type: ignore[arg-type]
        sheet_toggle,
        has_settings=has_settings,
        has_statistics=True,
        auto_play=True,
        parent=host,
    )
    return host, sheet_toggle, menus


def test_every_entry_calls_its_own_callback(qtbot: QtBot) -> None:
    called: list[object] = []
    _host, _toggle, menus = build(qtbot, called, has_settings=True)
    assert {f.name for f in fields(MenuActions)} == {*ENTRY_OF, "set_auto_play"}
    for name, entry in ENTRY_OF.items():  # every entry is enabled: settings were given
        called.clear()
        getattr(menus, entry).trigger()
        assert called == [name], entry
    called.clear()
    menus.auto_play_action.trigger()  # it starts ticked: a click unticks it
    assert called == [("auto_play", False)]


def test_the_menus_show_what_they_are_given(qtbot: QtBot) -> None:
    called: list[object] = []
    host, toggle, menus = build(qtbot, called, has_settings=False)
    titles = [a.text() for a in host.menuBar().actions()]
    assert titles == ["&Game", "&Edit", "&View", "&Help"]
    assert not menus.settings_action.isEnabled() and not menus.welcome_action.isEnabled()
    assert menus.statistics_action.isEnabled()
    assert menus.auto_play_action.isChecked() and called == []  # ticked, nothing called
    assert toggle in menus.view_menu.actions() and toggle.text() == "&Score sheet"
    assert toggle.shortcut().toString() == "Ctrl+T"
