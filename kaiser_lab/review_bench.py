"""How long a whole hand's review takes on this machine (a command, not a test).

    python -m kaiser_lab.review_bench --hands 30 --seed 5

Plays `hands` hands with four Basic players (standard rules), then times `review_hand`
for South on each: the solver line, the costly cards' view-only searches and the bidding
part, all of it, as the app's review runs it. Prints the median, p90 and max in seconds
of wall clock and of CPU, and the solver nodes.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence

from kaiser_desktop.ai.base import make_bot
from kaiser_desktop.ai.review import review_hand
from kaiser_desktop.rules import (
    SEATS,
    Action,
    Deal,
    GameState,
    Phase,
    RuleSet,
    apply,
    new_game,
    observe,
)


def played_hands(
    count: int, seed: int, level: str = "basic"
) -> list[tuple[GameState, list[Action]]]:
    """`count` hands bid and played to the end by four bots: (state before the deal, actions)."""
    rng = random.Random(seed)
    rules = RuleSet()
    bots = {s: make_bot(level, seed * 8 + s.value) for s in SEATS}
    out: list[tuple[GameState, list[Action]]] = []
    while len(out) < count:
        start = new_game(rules, SEATS[rng.randrange(4)])
        state = apply(start, Deal.from_number(rules, rng.randrange(1 << 40), start.dealer))
        actions: list[Action] = [state.hand.deal] if state.hand is not None else []
        while state.phase not in (Phase.HAND_SCORED, Phase.GAME_OVER):
            seat = state.to_act
            assert seat is not None
            action = bots[seat].decide(observe(state, seat)).action
            actions.append(action)
            state = apply(state, action)
        if state.results[-1].kind == "played":
            out.append((start, actions))
    return out


def played_game(hands: int, seed: int, level: str = "basic") -> GameState:
    """One game of `hands` hands bid and played by four bots (redeals not counted)."""
    rng = random.Random(seed)
    rules = RuleSet()
    bots = {s: make_bot(level, seed * 8 + s.value) for s in SEATS}
    state = new_game(rules, SEATS[rng.randrange(4)])
    played = 0
    while played < hands and not state.is_over:
        state = apply(state, Deal.from_number(rules, rng.randrange(1 << 40), state.dealer))
        while state.phase not in (Phase.HAND_SCORED, Phase.GAME_OVER):
            seat = state.to_act
            assert seat is not None
            state = apply(state, bots[seat].decide(observe(state, seat)).action)
        played += state.results[-1].kind == "played"
    return state


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kaiser_lab.review_bench")
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args(argv)
    walls: list[float] = []
    cpus: list[float] = []
    nodes: list[int] = []
    costly = 0
    for start, actions in played_hands(args.hands, args.seed):
        t0, c0 = time.perf_counter(), time.process_time()
        review = review_hand(start, actions, SEATS[2])
        walls.append(time.perf_counter() - t0)
        cpus.append(time.process_time() - c0)
        nodes.append(review.nodes)
        costly += len(review.costly_own)

    def line(name: str, xs: list[float]) -> str:
        xs = sorted(xs)
        p90 = xs[min(len(xs) - 1, int(0.9 * len(xs)))]
        return f"{name}: median {statistics.median(xs):.2f} s, p90 {p90:.2f} s, max {xs[-1]:.2f} s"

    print(f"{len(walls)} hands reviewed for South (goal: median <= 2 s)")
    print(line("wall", walls))
    print(line("cpu ", cpus))
    print(f"solver nodes: median {statistics.median(nodes):.0f}; South's costly cards: {costly}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
