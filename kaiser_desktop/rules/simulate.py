"""Random games through the checked engine, for tests, benchmarks and fuzzing."""

from __future__ import annotations

import random
from collections.abc import Iterator

from kaiser_desktop.rules.actions import Deal, MakeBid, SeatAction
from kaiser_desktop.rules.cards import SEATS
from kaiser_desktop.rules.engine import apply, legal_actions, new_game
from kaiser_desktop.rules.first_dealer import draw_first_dealer
from kaiser_desktop.rules.state import GameState
from kaiser_desktop.rules.variants import RuleSet


def modest_choice(rng: random.Random, actions: list[SeatAction]) -> SeatAction:
    """Random, but bidding like a cautious table (mostly passes and low bids), so that random
    games reach the target instead of sinking both teams with failed 12-no-trump contracts."""
    bids = [a for a in actions if isinstance(a, MakeBid)]
    if bids:
        passes = [a for a in bids if a.bid.is_pass]
        if passes and rng.random() < 0.8:
            return passes[0]
        real = [a for a in bids if not a.bid.is_pass]
        if not real:
            return passes[0]
        return min(real, key=lambda a: a.bid.key) if rng.random() < 0.8 else rng.choice(real)
    return rng.choice(actions)


def random_states(rules: RuleSet, seed: int, max_actions: int = 100_000) -> Iterator[GameState]:
    """Every state of one random game, from the first deal until it ends (or the cap)."""
    rng = random.Random(seed)
    if rules.first_dealer == "first_jack":
        state = new_game(rules, draw_first_dealer(rules, rng).dealer)
    else:
        state = new_game(rules, SEATS[rng.randrange(4)])
    yield state
    for _ in range(max_actions):
        if state.is_over:
            return
        if state.awaiting_deal:
            state = apply(state, Deal.shuffled(rules, rng, state.dealer))
        else:
            state = apply(state, modest_choice(rng, legal_actions(state)))
        yield state


def random_game(rules: RuleSet, seed: int, max_actions: int = 100_000) -> GameState:
    """The last state of a random game."""
    state = new_game(rules, SEATS[0])
    for state in random_states(rules, seed, max_actions):  # noqa: B007
        pass
    return state
