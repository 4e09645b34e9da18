"""How fast the double-dummy solver is, on random full deals (a command, not a test).

    python -m kaiser_lab.solver_bench --deals 60 --seed 5

Prints, for full 8-card deals with random trump and leader: the time and nodes of one
solve (`Solver.best`, the best raw points for the side on lead) and of the values of every
card the leader could play (`Solver.card_values`, what one PIMC sample costs at trick 1),
for the compiled solver core and for the pure-Python solver on the same deals (`--solver`
picks one), and whether the two agree (values and nodes; they should, exactly).
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

from kaiser_desktop.ai.solver import Position, Solver, compiled_available, mask_of
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


def _run(deals: list[Position], compiled: bool) -> tuple[list[str], list[tuple[object, ...]]]:
    """Both measures for one solver; also each deal's answers, to compare the solvers."""
    kind = "compiled" if compiled else "python"
    solve_s: list[float] = []
    solve_n: list[int] = []
    values_s: list[float] = []
    values_n: list[int] = []
    answers: list[tuple[object, ...]] = []
    for pos in deals:
        solver = Solver(pos.trump, compiled=compiled)
        start = time.process_time()
        best = solver.best(pos)
        solve_s.append(time.process_time() - start)
        solve_n.append(solver.nodes)
        solver = Solver(pos.trump, compiled=compiled)
        start = time.process_time()
        values = solver.card_values(pos)
        values_s.append(time.process_time() - start)
        values_n.append(solver.nodes)
        answers.append((best, solve_n[-1], values_n[-1], *sorted(values.items())))
    lines = [
        _line(f"{kind:>8} full-deal solve", solve_s, solve_n),
        _line(f"{kind:>8} every lead's value", values_s, values_n),
    ]
    return lines, answers


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kaiser_lab.solver_bench")
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument(
        "--solver", choices=("both", "compiled", "python"), default="both", help="which to time"
    )
    parser.add_argument("--baseline", action="store_true", help="time the v0.1 solver too")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    deals = [random_deal(rng) for _ in range(args.deals)]
    kinds = ["compiled", "python"] if args.solver == "both" else [args.solver]
    if "compiled" in kinds and not compiled_available():
        print("The compiled solver core is not built (python setup.py build_ext --inplace).")
        kinds.remove("compiled")
        if not kinds:
            return 1
    print(f"{args.deals} random full deals, seed {args.seed}")
    answers = {}
    for kind in kinds:
        lines, answers[kind] = _run(deals, kind == "compiled")
        for line in lines:
            print(line)
    if len(answers) == 2:
        same = answers["compiled"] == answers["python"]
        print(f"values, card values and nodes agree: {'yes' if same else 'NO'}")
        if not same:
            return 1
    if args.baseline:
        print(_baseline(args.deals, args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
