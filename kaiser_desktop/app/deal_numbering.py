"""The game controller's deal numbers: each hand's number (shown once the hand is over, for
"Replay a deal by number") and the game's seeds, one for the deals and an unrelated one
for the computer players.

A part of `GameController` (it is mixed in), kept in its own module so the controller's
flow stays readable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kaiser_desktop.app.bot_runner import new_bot_seed
from kaiser_desktop.app.deal_numbers import hands_dealt, new_game_seed, number_for_hand
from kaiser_desktop.rules import Phase, Seat

if TYPE_CHECKING:
    from kaiser_desktop.app.controller import GameController


class DealNumbering:
    def current_deal_number(self: GameController) -> int | None:
        """The number of the deal on the table (None for an imported hand)."""
        state = self._state
        index = hands_dealt(state) - 1
        if 0 <= index < len(self.deal_numbers):
            return self.deal_numbers[index]
        return None

    def finished_deal_number(self: GameController) -> int | None:
        """The deal's number once its hand is over; None while it is played, as the number
        names every hand's cards."""
        if self._state.phase not in (Phase.HAND_SCORED, Phase.GAME_OVER):
            return None
        return self.current_deal_number()

    def _draw_seeds(self: GameController) -> None:
        """A new game's own seeds: one for its deals, an unrelated one for its bots."""
        self.game_seed = new_game_seed(self._rng)
        self.bot_seed = new_bot_seed(self._bot_rng)
        self.bots.reseed(self.bot_seed)

    def _deal_number(self: GameController, index: int, dealer: Seat) -> int:
        if index == 0 and self.first_deal is not None:
            return self.first_deal
        return number_for_hand(self._state.rules, self.game_seed, index, dealer)
