"""The game controller's saving and restoring: the autosave after each action, resuming a
saved game exactly where it was, opening a game record, and putting any such state (or an
undone one) back on the table.

A part of `GameController` (it is mixed in), kept in its own module so the controller's
flow stays readable; it uses the controller's state, store and signals.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

from kaiser_desktop.app.bot_runner import new_bot_seed
from kaiser_desktop.app.deal_numbers import hands_dealt, is_legacy_seed, new_game_seed
from kaiser_desktop.app.pace import INSTANT
from kaiser_desktop.rules import Deal, GameState, Seat, apply, record

if TYPE_CHECKING:
    from kaiser_desktop.app.controller import GameController

META_VERSION = 1


class SavedGame:
    def meta(self: GameController) -> dict[str, Any]:
        """What the autosave's sidecar keeps beside the record."""
        return {
            "version": META_VERSION,
            "level": self.bots.level,
            "names": {seat.text: self.seating.label(seat) for seat in Seat},
            "game_seed": self.game_seed,
            "bot_seed": self.bot_seed,
            "first_deal": self.first_deal,
            "deal_numbers": list(self.deal_numbers),
            "used_undo": self.used_undo,
        }

    def _autosave(self: GameController) -> None:
        """Queue the state just applied for the disk (`BackgroundSaver`); a failing disk is
        said once (`_on_save_failed`), and never stops play."""
        saver = self._saver
        if saver is None or self.restoring:
            return
        if self._state.is_over:
            saver.clear(self._state)
        else:
            saver.save(self._state, self.meta() if self._meta_dirty else None)
            self._meta_dirty = False

    def flush_saves(self: GameController) -> bool:
        """Wait until every queued autosave is on the disk (False if the disk is that slow)."""
        return self._saver is None or self._saver.flush()

    def _on_save_failed(self: GameController, message: str) -> None:
        self._meta_dirty = True  # the sidecar may not have been written: write it next time
        if self.save_error is None:
            self.save_error = message
            self.save_failed.emit(message)

    def _on_saved(self: GameController) -> None:
        self.save_error = None

    def resume(self: GameController, state: GameState, meta: dict[str, Any] | None = None) -> None:
        """Carry on a saved game exactly where it was (the table is rebuilt first)."""
        meta = meta or {}
        level = meta.get("level")
        if isinstance(level, str):
            # A level this version does not have: keep the current one.
            with contextlib.suppress(ValueError):
                self.set_level(level, now=True)
        seed = meta.get("game_seed")
        # An old save's seed is small enough to search: its dealt hands are in the record,
        # so the hands still to come are drawn from a new seed instead.
        self.game_seed = new_game_seed(self._rng) if is_legacy_seed(seed) else int(seed)
        bot_seed = meta.get("bot_seed")
        self.bot_seed = bot_seed if isinstance(bot_seed, int) else new_bot_seed(self._bot_rng)
        self.bots.reseed(self.bot_seed)
        first = meta.get("first_deal")
        self.first_deal = first if isinstance(first, int) else None
        hands = hands_dealt(state)
        numbers = meta.get("deal_numbers")
        if not isinstance(numbers, list) or len(numbers) != hands:
            numbers = [None] * hands
        self.deal_numbers = [n if isinstance(n, int) else None for n in numbers]
        self.used_undo = bool(meta.get("used_undo", False))
        self.rules = state.rules
        self._meta_dirty = True
        self._set_undo([])
        self._restore(state)

    def open_record(self: GameController, state: GameState) -> None:
        """Show an imported game: an unfinished one becomes the game in progress (and is
        saved); a finished one is shown with its final scores."""
        self._cancel()
        self._abandon_unfinished()
        self._draw_seeds()
        self.first_deal = None
        hands = hands_dealt(state)
        self.deal_numbers = [None] * hands
        self.used_undo = False
        self.rules = state.rules
        self._meta_dirty = True
        self._set_undo([])
        self._restore(state)
        if self._saver is not None:
            if state.is_over:
                self._saver.clear(state)
            else:
                self._autosave()

    def _restore(self: GameController, state: GameState) -> None:
        """Put `state` on the table by replaying its current hand at instant pace, then
        carry on: a computer player thinks, or the person is asked again."""
        self._cancel()
        if state.hand is None and not state.past_hands:
            self._state = state
            self.game_started.emit()
            self.state_changed.emit()
            self._deal()
            return
        start, actions = record.last_hand_actions(state)
        self.restoring_started.emit()
        pace, self.pace = self.pace, INSTANT
        self.restoring = True
        try:
            # No game_started here: the replayed deal clears the table, and clearing it twice
            # at once would free card items the scene may still be animating.
            self._state = start
            for action in actions:
                before = self._state
                self._state = apply(before, action)
                if isinstance(action, Deal):
                    self._announce_deal()
                    continue
                assert before.to_act is not None
                self.state_changed.emit()
                finished = self._announce_action(before.to_act, action, before, self._state)
                if finished is not None:
                    winner, trick = finished
                    self.trick_won.emit(winner, trick.cards)
        finally:
            self.pace = pace
            self.restoring = False
        self._state = state  # identical by construction; the caller's object is the truth
        self.serial += 1
        self._announced = None
        self.state_changed.emit()
        self.restored.emit()
        self._after_action()
