"""Duplicate matches between two computer players.

    python -m kaiser_lab.arena --a expert --b basic --pairs 250 --jobs 2 --seed 1

Each deal is played twice with the partnerships swapped (a "deal pair"), so the luck of the
cards cancels. With `--games N` whole games are played instead, the sides swapped for every
second game over the same cards. Bots see only `observe(state, seat)`; the arena alone
calls `apply`.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

# Registered levels: "expert-v0.1" (the first baseline), "expert-v0.2" (issue 25's) and
# "expert-v0.3" (issue 39's).
import kaiser_lab.frozen_v0_1
import kaiser_lab.frozen_v0_2
import kaiser_lab.frozen_v0_3  # noqa: F401
from kaiser_desktop.ai.base import Bot, make_bot
from kaiser_desktop.rules import (
    BID_OUT_47,
    OPEN_TABLE,
    SEATS,
    STANDARD,
    TOURNAMENT,
    Deal,
    GameState,
    Phase,
    Play,
    RuleSet,
    Seat,
    Team,
    apply,
    draw_first_dealer,
    new_game,
    observe,
)

PRESETS = {
    "standard": STANDARD,
    "tournament": TOURNAMENT,
    "bidout47": BID_OUT_47,
    "open_table": OPEN_TABLE,
}
MAX_HANDS_PER_GAME = 200  # a safety net; real games end far sooner


def load_bot(spec: str, seed: int) -> Bot:
    """A level name ("expert") or `module:Class`, constructed with `seed=`."""
    if ":" in spec:
        module, cls = spec.split(":", 1)
        bot: object = getattr(importlib.import_module(module), cls)(seed=seed)
        if not isinstance(bot, Bot) and not callable(getattr(bot, "decide", None)):
            raise TypeError(f"{spec} has no decide(view) method.")
        return bot  # type: ignore[return-value]  # any class with Bot's decide() will do
    return make_bot(spec, seed)


@dataclass
class Tally:
    """What one table (or a whole run) records for sides A and B."""

    points: list[int] = field(default_factory=lambda: [0, 0])
    bid: list[int] = field(default_factory=lambda: [0, 0])
    made: list[int] = field(default_factory=lambda: [0, 0])
    times: dict[str, list[float]] = field(default_factory=dict)  # "A-bid", "B-play", ...

    def add_time(self, side: int, kind: str, seconds: float) -> None:
        self.times.setdefault(f"{'AB'[side]}-{kind}", []).append(seconds)

    def merge(self, other: Tally) -> None:
        for i in range(2):
            self.points[i] += other.points[i]
            self.bid[i] += other.bid[i]
            self.made[i] += other.made[i]
        for key, values in other.times.items():
            self.times.setdefault(key, []).extend(values)


def deal_for(rules: RuleSet, dealer: Seat, number: int) -> Deal:
    return Deal.from_number(rules, number, dealer)


def play_hand(
    state: GameState, bots: dict[Seat, Bot], side_of: dict[Seat, int], deal_base: int, tally: Tally
) -> GameState:
    """Deal and play one hand (with any weak-hand redeals) from a state awaiting a deal."""
    attempt = 0
    state = apply(state, deal_for(state.rules, state.dealer, deal_base * 64 + attempt))
    while True:
        if state.phase in (Phase.HAND_SCORED, Phase.GAME_OVER):
            result = state.results[-1]
            if result.kind != "redeal":
                break
            attempt += 1
            state = apply(state, deal_for(state.rules, state.dealer, deal_base * 64 + attempt))
            continue
        seat = state.to_act
        assert seat is not None
        view = observe(state, seat)
        start = time.perf_counter()
        decision = bots[seat].decide(view)
        elapsed = time.perf_counter() - start
        kind = "play" if isinstance(decision.action, Play) else "bid"
        tally.add_time(side_of[seat], kind, elapsed)
        if decision.action not in view.legal:
            raise RuntimeError(f"{bots[seat]!r} chose an illegal action {decision.action!r}")
        if not decision.reason:
            raise RuntimeError(f"{bots[seat]!r} gave no reason")
        state = apply(state, decision.action)
    result = state.results[-1]
    if result.kind == "played":
        assert result.declarer is not None
        for team in (Team.NS, Team.EW):
            tally.points[side_of[team.seats[0]]] += result.points[team.value]
        side = side_of[result.declarer]
        tally.bid[side] += 1
        tally.made[side] += int(bool(result.made))
    return state


def _seating(a_team: Team, a: str, b: str, seed: int) -> tuple[dict[Seat, Bot], dict[Seat, int]]:
    bots: dict[Seat, Bot] = {}
    side_of: dict[Seat, int] = {}
    for seat in SEATS:
        side = 0 if seat.team is a_team else 1
        bots[seat] = load_bot((a, b)[side], seed * 8 + seat.value)
        side_of[seat] = side
    return bots, side_of


@dataclass
class PairResult:
    net: float  # A's points minus B's, per deal (averaged over the two tables)
    tally: Tally
    a_wins: int = 0  # games only
    games: int = 0


def run_pair(args: tuple[str, str, RuleSet, int, int, str]) -> PairResult:
    """One deal pair (mode "deals") or one game pair (mode "games")."""
    a, b, rules, seed, index, mode = args
    rng = random.Random(seed * 1_000_003 + index)
    dealer = draw_first_dealer(rules, rng).dealer  # (random: the same draw as randrange(4))
    deal_base = rng.randrange(1 << 40)
    tally = Tally()
    net = 0.0
    wins = 0
    for a_team in (Team.NS, Team.EW):
        bots, side_of = _seating(a_team, a, b, seed)
        table = Tally()
        state = new_game(rules, dealer)
        if mode == "deals":
            state = play_hand(state, bots, side_of, deal_base, table)
        else:
            hands = 0
            while not state.is_over and hands < MAX_HANDS_PER_GAME:
                state = play_hand(state, bots, side_of, deal_base + hands, table)
                hands += 1
            if state.winner is a_team:
                wins += 1
        net += (table.points[0] - table.points[1]) / 2
        tally.merge(table)
    return PairResult(net, tally, wins, 2 if mode == "games" else 0)


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    i = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
    return ordered[i]


def summarize(results: list[PairResult], mode: str) -> dict[str, Any]:
    total = Tally()
    for r in results:
        total.merge(r.tally)
    nets = [r.net for r in results]
    mean = statistics.fmean(nets) if nets else 0.0
    sd = statistics.stdev(nets) if len(nets) > 1 else 0.0
    half = 1.96 * sd / math.sqrt(len(nets)) if nets else 0.0
    out: dict[str, Any] = {
        "pairs": len(results),
        "unit": "deal" if mode == "deals" else "hand points per game",
        "net_per_deal": mean,
        "ci95": [mean - half, mean + half],
        "sd": sd,
        "contracts": {
            side: {
                "bid": total.bid[i],
                "made": total.made[i],
                "set": total.bid[i] - total.made[i],
            }
            for i, side in enumerate("AB")
        },
        "times_ms": {},
    }
    for side in "AB":
        for kind in ("all", "bid", "play"):
            if kind == "all":
                values = total.times.get(f"{side}-bid", []) + total.times.get(f"{side}-play", [])
            else:
                values = total.times.get(f"{side}-{kind}", [])
            out["times_ms"][f"{side}-{kind}"] = {
                "n": len(values),
                "median": 1000 * (statistics.median(values) if values else 0.0),
                "p95": 1000 * _percentile(values, 0.95),
                "max": 1000 * (max(values) if values else 0.0),
            }
    if mode == "games":
        games = sum(r.games for r in results)
        wins = sum(r.a_wins for r in results)
        out["games"] = {"played": games, "a_won": wins, "b_won": games - wins}
    return out


def report(summary: dict[str, Any], a: str, b: str) -> str:
    lines = [f"A = {a}   B = {b}"]
    if "games" in summary:
        g = summary["games"]
        pct = 100 * g["a_won"] / g["played"] if g["played"] else 0.0
        lines.append(f"game pairs: {summary['pairs']}")
        lines.append(f"games: {g['played']}  A won {g['a_won']} ({pct:.1f}%)  B won {g['b_won']}")
        label = "net points per game for A"
    else:
        lines.append(f"deal pairs: {summary['pairs']}")
        label = "net points per deal for A"
    lo, hi = summary["ci95"]
    lines.append(
        f"{label}: {summary['net_per_deal']:+.2f}  (95% CI {lo:+.2f} .. {hi:+.2f}, "
        f"sd {summary['sd']:.2f})"
    )
    for side in "AB":
        c = summary["contracts"][side]
        lines.append(f"contracts {side}: bid {c['bid']}  made {c['made']}  set {c['set']}")
    for side in "AB":
        for kind in ("all", "bid", "play"):
            t = summary["times_ms"][f"{side}-{kind}"]
            lines.append(
                f"time {side} {kind:4}: n {t['n']}  median {t['median']:.1f} ms  "
                f"p95 {t['p95']:.1f} ms  max {t['max']:.1f} ms"
            )
    return "\n".join(lines)


def _progress_line(results: list[PairResult], mode: str) -> str:
    s = summarize(results, mode)
    lo, hi = s["ci95"]
    return f"after {s['pairs']} pairs: {s['net_per_deal']:+.2f} (95% CI {lo:+.2f} .. {hi:+.2f})"


def run(
    a: str, b: str, rules: RuleSet, seed: int, count: int, mode: str, jobs: int,
    progress: int = 0,
) -> dict[str, Any]:  # fmt: skip
    """Play `count` pairs; with `progress`, print the running figures every that many pairs
    to standard error (in pair order, so a run cut short still reports its first pairs)."""
    tasks = [(a, b, rules, seed, i, mode) for i in range(count)]
    results: list[PairResult] = []

    def collect(done: PairResult) -> None:
        results.append(done)
        if progress and len(results) % progress == 0:
            print(_progress_line(results, mode), file=sys.stderr, flush=True)

    if jobs <= 1:
        for t in tasks:
            collect(run_pair(t))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for done in pool.map(run_pair, tasks, chunksize=1):
                collect(done)
    return summarize(results, mode)


def parse_rules(text: str | None, preset: str | None) -> RuleSet:
    rules = PRESETS[preset] if preset else STANDARD
    if text:
        merged = {**rules.to_json(), **json.loads(text)}
        rules = RuleSet.from_json(merged)
    return rules


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kaiser_lab.arena", description=__doc__)
    parser.add_argument("--a", default="expert", help="level name or module:Class")
    parser.add_argument("--b", default="basic", help="level name or module:Class")
    parser.add_argument("--pairs", type=int, default=None, help="deal pairs (single hands)")
    parser.add_argument("--games", type=int, default=None, help="whole games (sides swapped)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", default=None, help="JSON as in a record: '{\"min_bid\":7}'")
    parser.add_argument("--preset", choices=sorted(PRESETS), default=None)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", action="store_true", help="print the summary as JSON too")
    parser.add_argument(
        "--progress", type=int, default=0, help="print the running figures every N pairs"
    )
    args = parser.parse_args(argv)
    rules = parse_rules(args.rules, args.preset)
    if args.games:
        mode, count = "games", max(1, (args.games + 1) // 2)
    else:
        mode, count = "deals", args.pairs if args.pairs is not None else 20
    started = time.perf_counter()
    summary = run(args.a, args.b, rules, args.seed, count, mode, args.jobs, args.progress)
    summary["rules"] = rules.to_json()
    summary["seconds"] = time.perf_counter() - started
    print(report(summary, args.a, args.b))
    print(
        f"rules: {json.dumps(summary['rules'])}  seed: {args.seed}  jobs: {args.jobs}  "
        f"wall: {summary['seconds']:.0f} s"
    )
    if args.json:
        print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
