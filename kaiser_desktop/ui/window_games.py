"""The main window's games: starting or resuming at start-up, the welcome, a new game,
replaying a deal by number, and saving or opening a game record.

A part owned by the window: it is given the controller, the settings and statistics (if
any), the way to talk to the player (`Talk`), the widget its dialogs belong to, and what to
do once a game is restored (the window refreshes its score sheet and menus).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QDialog, QWidget

from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.settings import Settings
from kaiser_desktop.app.statistics import Statistics
from kaiser_desktop.app.storage import GameStore, LoadResult, StoreError
from kaiser_desktop.rules import Team
from kaiser_desktop.ui.said_words import fill
from kaiser_desktop.ui.welcome import WelcomeDialog, show_welcome_again
from kaiser_desktop.ui.wording import number_text, team_name


@dataclass(frozen=True)
class Talk:
    """How the games part talks to the player: a message, a question, a file or a deal
    number to choose, a modal dialog to run, a note on the status bar (text, milliseconds).
    The window passes its own replaceable callables (tests answer them)."""

    say: Callable[[str, str], None]
    confirm: Callable[[str, str], bool]
    choose_save_path: Callable[[str], str | None]
    choose_open_path: Callable[[], str | None]
    ask_deal_number: Callable[[int | None], int | None]
    run_dialog: Callable[[QDialog], int]
    show_status: Callable[[str, int], None]


class WindowGames(QObject):
    def __init__(
        self,
        controller: GameController,
        settings: Settings | None,
        statistics: Statistics | None,
        talk: Talk,
        dialog_parent: QWidget,
        after_restore: Callable[[], None],
    ) -> None:
        super().__init__(dialog_parent)
        self.controller = controller
        self.settings = settings
        self.statistics = statistics
        self.talk = talk
        self.dialog_parent = dialog_parent
        self._after_restore = after_restore

    def start_or_resume(self, loaded: LoadResult | None) -> None:
        """At start-up: carry on the saved game, or explain why not and deal a new one."""
        c = self.controller
        if self.statistics is not None and self.statistics.message:
            self.talk.say(self.tr("Statistics"), self.statistics.message)
        if loaded is not None and loaded.state is not None:
            if not loaded.state.is_over:
                c.resume(loaded.state, loaded.meta)
                self._after_restore()
                if loaded.message:  # resumed from before a bad move
                    self.talk.say(self.tr("Your saved game"), loaded.message)
                if self.settings is not None:  # they know the table: no welcome over it
                    self.settings.welcome_done = True
                return
            if c.store is not None:  # finished but not filed away (a crash at the end)
                # If even that fails, the next game's first save replaces the file anyway.
                with contextlib.suppress(StoreError):
                    c.store.clear(loaded.state)
        if loaded is not None and loaded.message:
            self.talk.say(self.tr("Your saved game"), loaded.message)
        self.welcome_if_first_start()
        c.start()  # with the rules, level and names the welcome wrote

    def welcome_if_first_start(self) -> None:
        """The welcome, once, before the first deal: nothing is on the table to lose yet."""
        # Not for a table of computers (--watch, --demo): nobody is there to be welcomed.
        humans = self.controller.seating.humans
        if self.settings is not None and not self.settings.welcome_done and humans:
            self.talk.run_dialog(WelcomeDialog(self.settings, False, self.dialog_parent))

    def show_welcome(self) -> bool:
        """Help → Welcome: the same choices; the game in progress carries on untouched.
        True when the choices were written (OK; from Help, Escape is Cancel and writes
        nothing). What was written applies as after Settings: names and text size at once,
        rules and level from the next game (the settings part hears each change)."""
        if self.settings is None:
            return False
        return show_welcome_again(
            self.dialog_parent,
            self.settings,
            self.controller.in_progress(),
            self.talk.run_dialog,
        )

    def new_game(self) -> None:
        c = self.controller
        question = self.tr("Start a new game? The game you are playing now will end.")
        if c.in_progress() and not self.talk.confirm(self.tr("New game"), question):
            return
        c.new_game()  # with the rules from Settings: they reach the controller as next_rules

    def replay_deal(self) -> None:
        c = self.controller
        number = self.talk.ask_deal_number(c.finished_deal_number())
        if number is None:
            return
        question = self.tr("Play this deal as a new game? The game you are playing now will end.")
        if c.in_progress() and not self.talk.confirm(self.tr("Replay a deal"), question):
            return
        c.new_game(deal_number=number)

    def export_record(self) -> None:
        c = self.controller
        suggested = f"kaiser-game-{datetime.now():%Y-%m-%d-%H%M}.json"
        path = self.talk.choose_save_path(str(Path.home() / suggested))
        if not path:
            return
        target = Path(path)
        if target.suffix.lower() != ".json":
            target = target.with_name(target.name + ".json")
        try:
            self._files().export(c.state, target)
        except StoreError as error:
            self.talk.say(self.tr("Export game record"), str(error))
            return
        self.talk.show_status(
            self.tr("The game was saved as {file}.").format(file=target.name), 8000
        )

    def open_record(self) -> None:
        path = self.talk.choose_open_path()
        if not path:
            return
        try:
            state = self._files().import_record(Path(path))
        except StoreError as error:
            self.talk.say(self.tr("Open game record"), str(error))
            return
        c = self.controller
        question = self.tr("Open this game record? The game you are playing now will end.")
        if c.in_progress() and not self.talk.confirm(self.tr("Open game record"), question):
            return
        c.open_record(state)
        self._after_restore()
        if state.is_over and state.winner is not None:
            self.talk.show_status(self.finished_game_text(state.winner, state.scores), 15000)

    def finished_game_text(self, winner: Team, scores: tuple[int, int]) -> str:
        """ "A finished game: You and Pat won 52–38." (« gagnée par vous et Pat », never
        « par Vous »: the team's name is said as it stands inside the sentence)."""
        return fill(
            self.tr("A finished game: {team} won {us}–{them}."),
            team=team_name(winner, self.controller.seating),
            us=number_text(scores[0]),
            them=number_text(scores[1]),
        )

    def _files(self) -> GameStore:
        # export/import work on the chosen file only; the folder does not matter.
        return self.controller.store or GameStore(Path.home())
