"""How often a level's card differs from the double-dummy best (a command, not a test).

    python -m kaiser_lab.play_audit --level expert --deals 60 --seed 3

Four players of one level play `deals` hands (standard rules unless --preset). At every
card choice with two or more legal cards, the true deal is solved with all hands open and
each legal card is valued by what the hand then scores for the chooser's team (the same
scale the players search on). A choice "differs" when some other card was worth more; the
loss is by how much. Perfect information is only a yardstick — the players cannot see the
hidden cards, so some difference is unavoidable — but fewer and smaller differences mean
better play. It also prints the level's card-decision times (this process's CPU time, so
the figure is one core's, and a busy machine counts less).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence

from kaiser_desktop.ai.search import ValueTable, outcome_for
from kaiser_desktop.ai.solver import Position, Solver
from kaiser_desktop.rules import SEATS, Deal, GameState, Phase, Play, apply, new_game, observe
from kaiser_desktop.rules.fast import FastPlay
from kaiser_lab.arena import PRESETS, load_bot  # (importing it registers every level)
from kaiser_lab.reference import PimcReferenceBot  # noqa: F401  (registers it)


def audit_choice(state: GameState, card: int) -> tuple[bool, float]:
    """(does `card` differ from the best card with all hands open, points it gives away)."""
    seat = state.to_act
    assert seat is not None
    view = observe(state, seat)
    table = ValueTable(outcome_for(view))
    pos = Position.from_fast(FastPlay.from_state(state))
    raw = Solver(pos.trump, pos.out).card_values(pos, seat.team.value)
    worth = {c: table.mine(v) for c, v in raw.items()}
    best = max(worth.values())
    return worth[card] < best, best - worth[card]


def run(
    level: str, deals: int, seed: int, preset: str, times: list[float] | None = None
) -> dict[int, list[float]]:
    """Trick number -> the points lost by each audited choice (0.0 when it was best);
    `times` gets the CPU seconds of every card decision with two or more legal cards."""
    rng = random.Random(seed)
    rules = PRESETS[preset]
    bots = {s: load_bot(level, seed * 8 + s.value) for s in SEATS}
    losses: dict[int, list[float]] = {t: [] for t in range(1, 9)}
    for _ in range(deals):
        state = new_game(rules, SEATS[rng.randrange(4)])
        state = apply(state, Deal.from_number(rules, rng.randrange(1 << 40), state.dealer))
        while state.phase not in (Phase.HAND_SCORED, Phase.GAME_OVER):  # one hand
            seat = state.to_act
            assert seat is not None
            view = observe(state, seat)
            start = time.process_time()
            decision = bots[seat].decide(view)
            spent = time.process_time() - start
            action = decision.action
            if isinstance(action, Play) and len(view.legal) > 1:
                if times is not None:
                    times.append(spent)
                differs, lost = audit_choice(state, action.card.index)
                losses[len(view.tricks) + 1].append(lost if differs else 0.0)
            state = apply(state, action)
    return losses


def report(level: str, losses: dict[int, list[float]]) -> str:
    lines = [f"level {level}: card choices that differ from the double-dummy best"]
    lines.append("trick  choices  differ  mean loss (points)")

    def row(label: str, values: list[float]) -> str:
        n = len(values)
        bad = sum(1 for v in values if v > 0)
        share = 100 * bad / n if n else 0.0
        mean = sum(values) / n if n else 0.0
        return f"{label:>5}  {n:7d}  {share:5.1f}%  {mean:.2f}"

    for t in range(1, 9):
        if losses[t]:
            lines.append(row(str(t), losses[t]))
    lines.append(row("1-3", losses[1] + losses[2] + losses[3]))
    lines.append(row("4-8", [v for t in range(4, 9) for v in losses[t]]))
    return "\n".join(lines)


def time_line(times: list[float]) -> str:
    """Median, p95 and longest card decision, in ms of CPU."""
    if not times:
        return "no card decisions timed"
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (
        f"card decision CPU time: median {1000 * statistics.median(ordered):.0f} ms  "
        f"p95 {1000 * p95:.0f} ms  max {1000 * ordered[-1]:.0f} ms  ({len(ordered)} decisions)"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kaiser_lab.play_audit")
    parser.add_argument("--level", default="expert", help="level name or module:Class")
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--preset", choices=sorted(PRESETS), default="standard")
    args = parser.parse_args(argv)
    times: list[float] = []
    print(report(args.level, run(args.level, args.deals, args.seed, args.preset, times)))
    print(time_line(times))
    return 0


if __name__ == "__main__":
    sys.exit(main())
