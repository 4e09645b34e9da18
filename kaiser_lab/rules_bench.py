"""`python -m kaiser_lab.rules_bench`: how fast the rules run (a benchmark, not a test).

Prints random complete hands per second on the fast path and through the checked API, and
how long the checked engine takes to replay a whole recorded game.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import time

from kaiser_desktop.rules import record
from kaiser_desktop.rules.actions import Deal
from kaiser_desktop.rules.cards import Seat, make_pack
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


WEAK = ["TD", "9D", "8D", "7D", "TC", "9C", "8C", "7C"]  # no ace, face card, 5♥ or 3♠


def redealt_record(hands: int) -> str:
    """A legal record of `hands` hands, each thrown back by North's weak hand (~250 bytes a
    hand: 200,000 hands are ~50 MB)."""
    others = [c.text for c in make_pack(False) if c.text not in WEAK]
    deal = {"N": WEAK, "E": others[0:8], "S": others[8:16], "W": others[16:24]}
    hand = {"dealer": "W", "deal": deal, "redeal": "N"}
    return json.dumps(
        {"format": record.FORMAT, "rules": {}, "hands": [hand] * hands}, separators=(",", ":")
    )


def redealt_replay_seconds(hands: int) -> tuple[float, float]:
    """Wall-clock and CPU seconds to parse and referee a record of `hands` redealt hands
    (on a shared machine the CPU figure is the steadier one)."""
    text = redealt_record(hands)
    start, cpu = time.perf_counter(), time.process_time()
    # As record.loads reads (no cycle collector, each hand let go once read), but parsed
    # here: record.loads refuses documents over MAX_RECORD_CHARS.
    collecting = gc.isenabled()
    gc.disable()
    try:
        state, _ = record._replay(json.loads(text), partial=False, consume=True)
    finally:
        if collecting:
            gc.enable()
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    assert len(state.results) == hands
    return elapsed, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--games", type=int, default=30, help="games to replay")
    parser.add_argument(
        "--long", type=int, default=200_000, help="redealt hands in the long record (0: skip)"
    )
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
    if args.long:
        size = len(redealt_record(args.long))
        seconds, cpu = redealt_replay_seconds(args.long)
        print(
            f"replay of a {size / 1e6:.0f} MB record of {args.long:,} redealt hands: "
            f"{seconds:.1f} s ({cpu:.1f} s of CPU)"
        )


if __name__ == "__main__":
    main()
