"""How fast the double-dummy solver is, on random full deals (a command, not a test).

    python -m kaiser_lab.solver_bench --deals 60 --seed 5

Prints, for full 8-card deals with random trump and leader: the time and nodes of one
solve (`Solver.best`, the best raw points for the side on lead) and of the values of every
card the leader could play (`Solver.card_values`, what one PIMC sample costs at trick 1).
Times are this process's CPU time, so other work on a shared machine counts less.
`--baseline` also times the v0.1 solver (ai/frozen_v0_1) on the same deals.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence

from kaiser_desktop.ai.solver import Position, Solver, mask_of
from kaiser_desktop.rules import make_pack


def random_deal(rng: random.Random) -> Position:
    pack = [c.index for c in make_pack()]
    rng.shuffle(pack)
    hands = [mask_of(pack[i * 8 : (i + 1) * 8]) for i in range(4)]
    return Position(hands, rng.randrange(-1, 4), rng.randrange(4))


def _line(label: str, seconds: list[float], nodes: list[int]) -> str:
    ordered = sorted(seconds)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return (
        f"{label}: median {1000 * statistics.median(seconds):.1f} ms  p90 {1000 * p90:.1f} ms  "
        f"max {1000 * max(seconds):.1f} ms  nodes median {statistics.median(nodes):.0f}"
    )


def _baseline(deals: int, seed: int) -> str:
    from kaiser_lab.frozen_v0_1 import solver as old

    rng = random.Random(seed)
    seconds: list[float] = []
    nodes: list[int] = []
    for _ in range(deals):
        pos = random_deal(rng)
        solver = old.Solver(pos.trump)
        start = time.process_time()
        solver.best(old.Position(pos.hands, pos.trump, pos.turn))
        seconds.append(time.process_time() - start)
        nodes.append(solver.nodes)
    return _line("v0.1 full-deal solve", seconds, nodes)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kaiser_lab.solver_bench")
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--baseline", action="store_true", help="time the v0.1 solver too")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    solve_s: list[float] = []
    solve_n: list[int] = []
    values_s: list[float] = []
    values_n: list[int] = []
    for _ in range(args.deals):
        pos = random_deal(rng)
        solver = Solver(pos.trump)
        start = time.process_time()
        solver.best(pos)
        solve_s.append(time.process_time() - start)
        solve_n.append(solver.nodes)
        solver = Solver(pos.trump)
        start = time.process_time()
        solver.card_values(pos)
        values_s.append(time.process_time() - start)
        values_n.append(solver.nodes)
    print(f"{args.deals} random full deals, seed {args.seed}")
    print(_line("full-deal solve", solve_s, solve_n))
    print(_line("every lead's value", values_s, values_n))
    if args.baseline:
        print(_baseline(args.deals, args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
