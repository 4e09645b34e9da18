"""A game's deal numbers and seeds: each hand's number (shown once the hand is over, for
"Replay a deal by number") and the game's two seeds, one for the deals and an unrelated one
for the computer players.

`DealNumbering` is a part owned by the game controller. It reads the game state it is given
and the two random sources it was made with; it neither sees the controller nor emits
anything. The controller reseeds its bots with `bot_seed` after `new_game` or `resume`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from kaiser_desktop.app.bot_runner import new_bot_seed
from kaiser_desktop.app.deal_numbers import (
    hands_dealt,
    is_legacy_seed,
    new_game_seed,
    number_for_hand,
)
from kaiser_desktop.rules import GameState, Phase, Seat


class DealNumbering:
    """The numbers of the deals dealt so far, and the seeds the next ones are drawn from."""

    def __init__(self, rng: random.Random, bot_rng: random.Random) -> None:
        self._rng = rng
        self._bot_rng = bot_rng
        self.bot_seed = new_bot_seed(bot_rng)  # per game; kept in the meta sidecar
        self.game_seed = new_game_seed(rng)  # the deals' secret: never given to a bot
        self.first_deal: int | None = None  # "Replay a deal by number"
        self.deal_numbers: list[int | None] = []  # one per hand dealt, redeals included

    def current(self, state: GameState) -> int | None:
        """The number of the deal on the table (None for an imported hand)."""
        index = hands_dealt(state) - 1
        if 0 <= index < len(self.deal_numbers):
            return self.deal_numbers[index]
        return None

    def finished(self, state: GameState) -> int | None:
        """The deal's number once its hand is over; None while it is played, as the number
        names every hand's cards."""
        if state.phase not in (Phase.HAND_SCORED, Phase.GAME_OVER):
            return None
        return self.current(state)

    def new_game(self, first_deal: int | None, hands: int = 0) -> None:
        """A new (or imported) game's own seeds: one for its deals, an unrelated one for its
        bots; `hands` already dealt (an imported game's) have no number."""
        self.game_seed = new_game_seed(self._rng)
        self.bot_seed = new_bot_seed(self._bot_rng)
        self.first_deal = first_deal
        self.deal_numbers = [None] * hands

    def number_for(self, state: GameState, index: int, dealer: Seat) -> int:
        """The number of hand `index` (0 = the first) of the game in `state`."""
        if index == 0 and self.first_deal is not None:
            return self.first_deal
        return number_for_hand(state.rules, self.game_seed, index, dealer)

    def dealt(self, index: int, number: int) -> None:
        """Hand `index` has been dealt as deal `number` (later numbers are dropped)."""
        self.deal_numbers = [*self.deal_numbers[:index], number]

    def taken_back(self, state: GameState) -> None:
        """The game went back to `state`: the numbers of hands dealt after it are dropped."""
        del self.deal_numbers[hands_dealt(state) :]

    def meta(self) -> dict[str, Any]:
        """What the autosave's sidecar keeps of the numbers and seeds."""
        return {
            "game_seed": self.game_seed,
            "bot_seed": self.bot_seed,
            "first_deal": self.first_deal,
            "deal_numbers": list(self.deal_numbers),
        }

    def resume(self, state: GameState, meta: Mapping[str, Any]) -> None:
        """Take the numbers and seeds of the saved game in `state` from its sidecar."""
        seed = meta.get("game_seed")
        # An old save's seed is small enough to search: its dealt hands are in the record,
        # so the hands still to come are drawn from a new seed instead.
        if isinstance(seed, int) and not is_legacy_seed(seed):
            self.game_seed = seed
        else:
            self.game_seed = new_game_seed(self._rng)
        bot_seed = meta.get("bot_seed")
        self.bot_seed = bot_seed if isinstance(bot_seed, int) else new_bot_seed(self._bot_rng)
        first = meta.get("first_deal")
        self.first_deal = first if isinstance(first, int) else None
        hands = hands_dealt(state)
        numbers = meta.get("deal_numbers")
        if not isinstance(numbers, list) or len(numbers) != hands:
            numbers = [None] * hands
        self.deal_numbers = [n if isinstance(n, int) else None for n in numbers]
