"""The main window's games: starting or resuming at start-up, the welcome, a new game,
replaying a deal by number, and saving or opening a game record.

A part of `MainWindow` (it is mixed in), kept in its own module so the window stays readable.
"""

from __future__ import annotations

import contextlib
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from kaiser_desktop.app.storage import GameStore, LoadResult, StoreError
from kaiser_desktop.ui.welcome import WelcomeDialog
from kaiser_desktop.ui.wording import number_text, team_name

if TYPE_CHECKING:
    from kaiser_desktop.ui.main_window import MainWindow


class WindowGames:
    def start_or_resume(self: MainWindow, loaded: LoadResult | None) -> None:
        """At start-up: carry on the saved game, or explain why not and deal a new one."""
        c = self.controller
        if self.statistics is not None and self.statistics.message:
            self.say(self.tr("Statistics"), self.statistics.message)
        if loaded is not None and loaded.state is not None:
            if not loaded.state.is_over:
                c.resume(loaded.state, loaded.meta)
                self._after_restore()
                if loaded.message:  # resumed from before a bad move
                    self.say(self.tr("Your saved game"), loaded.message)
                if self.settings is not None:  # they know the table: no welcome over it
                    self.settings.welcome_done = True
                return
            if c.store is not None:  # finished but not filed away (a crash at the end)
                # If even that fails, the next game's first save replaces the file anyway.
                with contextlib.suppress(StoreError):
                    c.store.clear(loaded.state)
        if loaded is not None and loaded.message:
            self.say(self.tr("Your saved game"), loaded.message)
        self.welcome_if_first_start()
        c.start()  # with the rules, level and names the welcome wrote

    def welcome_if_first_start(self: MainWindow) -> None:
        """The welcome, once, before the first deal: nothing is on the table to lose yet."""
        # Not for a table of computers (--watch, --demo): nobody is there to be welcomed.
        humans = self.controller.seating.humans
        if self.settings is not None and not self.settings.welcome_done and humans:
            self.run_dialog(WelcomeDialog(self.settings, False, self))

    def show_welcome(self: MainWindow) -> None:
        """Help → Welcome: the same choices; the game in progress carries on untouched."""
        if self.settings is not None:
            self.run_dialog(WelcomeDialog(self.settings, self.controller.in_progress(), self))

    def _after_restore(self: MainWindow) -> None:
        self._refresh_sheet()
        self._update_actions()

    def new_game(self: MainWindow) -> None:
        c = self.controller
        question = self.tr("Start a new game? The game you are playing now will end.")
        if c.in_progress() and not self.confirm(self.tr("New game"), question):
            return
        c.new_game()  # with the rules from Settings: they reach the controller as next_rules

    def replay_deal(self: MainWindow) -> None:
        c = self.controller
        number = self.ask_deal_number(c.finished_deal_number())
        if number is None:
            return
        question = self.tr("Play this deal as a new game? The game you are playing now will end.")
        if c.in_progress() and not self.confirm(self.tr("Replay a deal"), question):
            return
        c.new_game(deal_number=number)

    def export_record(self: MainWindow) -> None:
        c = self.controller
        suggested = f"kaiser-game-{datetime.now():%Y-%m-%d-%H%M}.json"
        path = self.choose_save_path(str(Path.home() / suggested))
        if not path:
            return
        target = Path(path)
        if target.suffix.lower() != ".json":
            target = target.with_name(target.name + ".json")
        try:
            self._files().export(c.state, target)
        except StoreError as error:
            self.say(self.tr("Export game record"), str(error))
            return
        self.statusBar().showMessage(
            self.tr("The game was saved as {file}.").format(file=target.name), 8000
        )

    def open_record(self: MainWindow) -> None:
        path = self.choose_open_path()
        if not path:
            return
        try:
            state = self._files().import_record(Path(path))
        except StoreError as error:
            self.say(self.tr("Open game record"), str(error))
            return
        c = self.controller
        question = self.tr("Open this game record? The game you are playing now will end.")
        if c.in_progress() and not self.confirm(self.tr("Open game record"), question):
            return
        c.open_record(state)
        self._after_restore()
        if state.is_over and state.winner is not None:
            self.statusBar().showMessage(
                self.tr("A finished game: {team} won {us}–{them}.").format(
                    team=team_name(state.winner, c.seating),
                    us=number_text(state.scores[0]),
                    them=number_text(state.scores[1]),
                ),
                15000,
            )

    def _files(self: MainWindow) -> GameStore:
        # export/import work on the chosen file only; the folder does not matter.
        return self.controller.store or GameStore(Path.home())
