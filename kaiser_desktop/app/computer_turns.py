"""The computer players: which level plays, the `BotRunner` that asks them (off the GUI
thread), what went wrong with them, and each one's last public move with its reason.

`ComputerTurns` is a part owned by the game controller. It is given the two callables the
bots' answers go to (`decided(serial, seat, Decision)`, `failed(serial, seat, message)`),
keeps them connected across a change of level, and never applies an action itself: the
controller checks an answer against the game, applies it and paces it.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from PySide6.QtCore import QObject

from kaiser_desktop.ai import Decision
from kaiser_desktop.app.bot_runner import BotRunner, resolve_level
from kaiser_desktop.rules import (
    AskRedeal,
    GameState,
    MakeBid,
    NameTrump,
    Play,
    PlayerView,
    Seat,
    SeatAction,
    observe,
)

Decided = Callable[[int, Seat, Decision], None]
Failed = Callable[[int, Seat, str], None]


class ComputerTurns:
    def __init__(
        self,
        level: str,
        seed: int,
        *,
        mode: str,
        parent: QObject,
        decided: Decided,
        failed: Failed,
    ) -> None:
        self._mode = mode
        self._parent = parent  # the bots' QObject parent
        self._decided = decided
        self._failed = failed
        self._seat_levels: dict[Seat, str] = {}  # seats with a level of their own
        self.bots = self._make_bots(level, seed)
        self._next_level: str | None = None  # a level chosen mid-game, for the next game
        self.faults: list[str] = []  # bot failures (the self-test reports them)
        self.last_decisions: dict[Seat, tuple[SeatAction, str]] = {}
        self.last_bot: Seat | None = None

    def _make_bots(self, level: str, seed: int) -> BotRunner:
        bots = BotRunner(level, seed, self._parent, mode=self._mode)
        bots.set_seat_levels(self._seat_levels)
        bots.decided.connect(self._decided)
        bots.failed.connect(self._failed)
        return bots

    @property
    def level(self) -> str:
        return self._next_level or self.bots.level

    def choose_level(self, level: str) -> None:
        """Use `level` from the next game (`apply_level` uses it at once)."""
        resolve_level(level)  # raises ValueError for an unknown level
        self._next_level = level

    def set_seat_levels(self, levels: dict[Seat, str]) -> None:
        """These seats play at their own level (kept across a change of the game's level);
        the others at the game's. Raises ValueError for an unknown level."""
        self.bots.set_seat_levels(levels)
        self._seat_levels = self.bots.seat_levels

    def apply_level(self, seed: int) -> bool:
        """Put the chosen level's bots in place, seeded with the game's bot `seed`; True if
        the level changed."""
        level, self._next_level = self._next_level, None
        if level is None or level == self.bots.level:
            return False
        old = self.bots
        old.decided.disconnect(self._decided)
        old.failed.disconnect(self._failed)
        old.shutdown()
        old.deleteLater()
        self.bots = self._make_bots(level, seed)
        return True

    def think(self, view: PlayerView, serial: int) -> None:
        """Ask `view.seat`'s bot; its answer goes to `decided` (or `failed`) later."""
        self.bots.think(view, serial)

    def forget_decisions(self) -> None:
        """A new hand or game: "Why?" is about this hand."""
        self.last_decisions.clear()
        self.last_bot = None

    def note_decision(self, seat: Seat, action: SeatAction, reason: str) -> None:
        """Kept for "Why?": each seat's last public move and the bot's own reason for it
        (not a passed or discarded card: those are secret)."""
        if isinstance(action, (MakeBid, Play, NameTrump, AskRedeal)):
            self.last_decisions[seat] = (action, reason)
            self.last_bot = seat

    def stand_in(self, state: GameState, seat: Seat, fault: str) -> SeatAction:
        """A bot failed or chose an illegal action: the fault is kept, and a legal action
        picked at random stands in for it (the game must go on)."""
        self.faults.append(fault)
        return random.choice(observe(state, seat).legal)
