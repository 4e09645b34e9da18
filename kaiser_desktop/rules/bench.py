"""`python -m kaiser_desktop.rules.bench`: how fast the rules run (a benchmark, not a test).

Prints random complete hands per second on the fast path and through the checked API, and
how long the checked engine takes to replay a whole recorded game.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from kaiser_desktop.rules import record
from kaiser_desktop.rules.actions import Deal
from kaiser_desktop.rules.cards import Seat
from kaiser_desktop.rules.engine import apply, legal_actions, new_game
from kaiser_desktop.rules.fast import random_hand
from kaiser_desktop.rules.simulate import random_game
from kaiser_desktop.rules.variants import RuleSet


def fast_hands_per_second(rules: RuleSet, seconds: float) -> float:
    rng = random.Random(1)
    count = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(1000):
            random_hand(rules, rng, count & 3)
        count += 1000
    return count / elapsed


def checked_hands_per_second(rules: RuleSet, seconds: float) -> float:
    rng = random.Random(1)
    count = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        state = apply(new_game(rules, Seat(count & 3)), Deal.shuffled(rules, rng, Seat(count & 3)))
        while not state.awaiting_deal and not state.is_over:
            state = apply(state, rng.choice(legal_actions(state)))
        count += 1
    return count / elapsed


def replay_times_ms(rules: RuleSet, games: int) -> list[float]:
    times = []
    for seed in range(games):
        text = record.dumps(random_game(rules, seed))
        start = time.perf_counter()
        record.loads(text)
        times.append((time.perf_counter() - start) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--games", type=int, default=30, help="games to replay")
    args = parser.parse_args()
    rules = RuleSet()
    fast = fast_hands_per_second(rules, args.seconds)
    checked = checked_hands_per_second(rules, args.seconds)
    replays = replay_times_ms(rules, args.games)
    print(f"fast path:   {fast:,.0f} random complete hands/s")
    print(f"checked API: {checked:,.0f} random complete hands/s")
    print(
        f"replay of a whole recorded game (checked, {args.games} games): "
        f"median {statistics.median(replays):.1f} ms, max {max(replays):.1f} ms"
    )


if __name__ == "__main__":
    main()
