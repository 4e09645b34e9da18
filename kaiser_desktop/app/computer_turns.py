"""The game controller's computer players: which level plays, asking the bots (off the GUI
thread, `BotRunner`) and applying their answers at a pace a person can follow.

A part of `GameController` (it is mixed in), kept in its own module so the controller's
flow stays readable.
"""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING

from kaiser_desktop.ai import Decision
from kaiser_desktop.app.bot_runner import BotRunner, resolve_level
from kaiser_desktop.rules import (
    AskRedeal,
    IllegalActionError,
    MakeBid,
    NameTrump,
    Play,
    Seat,
    apply,
    observe,
)

if TYPE_CHECKING:
    from kaiser_desktop.app.controller import GameController


class ComputerTurns:
    def _make_bots(self: GameController, level: str) -> BotRunner:
        bots = BotRunner(level, self.bot_seed, self, mode=self._bot_mode)
        bots.decided.connect(self._on_bot_decided)
        bots.failed.connect(self._on_bot_failed)
        return bots

    def set_level(self: GameController, level: str, *, now: bool = False) -> None:
        """Use `level` from the next game (or at once, e.g. when resuming a saved game)."""
        resolve_level(level)  # raises ValueError for an unknown level
        self._next_level = level
        if now:
            self._apply_next_level()

    def _apply_next_level(self: GameController) -> None:
        level, self._next_level = self._next_level, None
        if level is None or level == self.bots.level:
            return
        old = self.bots
        old.decided.disconnect(self._on_bot_decided)
        old.failed.disconnect(self._on_bot_failed)
        old.shutdown()
        old.deleteLater()
        self.bots = self._make_bots(level)
        self._meta_dirty = True

    @property
    def level(self: GameController) -> str:
        return self._next_level or self.bots.level

    def _on_bot_decided(self: GameController, serial: int, seat: Seat, decision: Decision) -> None:
        if serial != self.serial or seat != self._state.to_act:
            return  # an answer about a state that is gone
        self._thinking = False
        # Space the bots' actions so a person can follow; thinking time counts towards it.
        elapsed_ms = (time.monotonic() - self._turn_started) * 1000
        wait = max(0, round(self.pace.bot - elapsed_ms))
        self._next.schedule(wait, lambda: self._apply_bot(serial, seat, decision))

    def _on_bot_failed(self: GameController, serial: int, seat: Seat, message: str) -> None:
        if serial != self.serial or seat != self._state.to_act:
            return
        self.faults.append(f"{seat.label}: {message}")
        # The game must go on: a legal action picked at random stands in for the bot.
        legal = observe(self._state, seat).legal
        self._on_bot_decided(serial, seat, Decision(random.choice(legal), "fallback"))

    def _apply_bot(self: GameController, serial: int, seat: Seat, decision: Decision) -> None:
        if serial != self.serial:
            return
        action, reason = decision.action, decision.reason
        try:
            after = apply(self._state, action)
        except IllegalActionError as refusal:
            self.faults.append(f"{seat.label} chose an illegal action: {refusal}")
            legal = observe(self._state, seat).legal
            action, reason = random.choice(legal), ""
            after = apply(self._state, action)
        # Kept for "Why?": each seat's last public move and the bot's own reason for it
        # (not a passed or discarded card: those are secret).
        if isinstance(action, (MakeBid, Play, NameTrump, AskRedeal)):
            self.last_decisions[seat] = (action, reason or "")
            self.last_bot = seat
        self._commit(seat, action, after)
        self.bot_decided.emit(seat, action, reason or "")
