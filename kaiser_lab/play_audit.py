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

It also counts *sure mistakes* (per 1,000 decisions, by trick): a card choice is one when,
over the true deal and random layouts of the hidden cards that the chooser could not rule
out (sizes, cards seen, voids shown; drawn in turn at random, among those that fit the
bidding, and as the Expert draws them, weighed by the play so far), another legal card is
worth at least as much on every layout and more on some, each layout solved double-dummy:
`--sure-layouts` (default 200) layouts, and 25 times as many before one is called. A
partner's sure mistake is the kind a person at the table notices. `--show-sure` prints
each one (the seat, contract, hand, trick so far, the card played and the better one);
`--dump-sure FILE` pickles their states for a closer look.

`--floor N` asks how often a card can be off the best at all, given what the chooser can
know: at every choice, N layouts are drawn as the Expert draws them (fitting the bidding,
weighed by the play) and, apart, N knowing only what is certain (sizes, cards seen, voids),
each solved double-dummy; it prints the share of those layouts on which the card played is
off the best, and the least share any legal card has (the floor: no choice, on those
beliefs, is off the best less often). A goal below the floor cannot be met by choosing
better on the same beliefs, only by reading the hidden cards better.

`--reading N` measures that reading: at every choice, N layouts drawn each way (knowing
only what is certain, fitting the bidding, as the Expert draws them); it prints, per way,
the mean share of layouts that put a hidden card in the hand that really holds it (higher
is a truer reading; guessing among the hands that may hold it gives the first figure).
"""

from __future__ import annotations

import argparse
import pickle
import random
import statistics
import sys
import time
from collections.abc import Sequence

from kaiser_desktop.ai.common import knowledge, label, touching
from kaiser_desktop.ai.expert import auction_filter
from kaiser_desktop.ai.play_inference import layout_weight
from kaiser_desktop.ai.search import (
    PlayContext,
    Sampler,
    ValueTable,
    make_sampler,
    outcome_for,
    play_context,
    solve_layout,
)
from kaiser_desktop.ai.solver import Position, Solver
from kaiser_desktop.rules import (
    SEATS,
    Deal,
    GameState,
    Phase,
    Play,
    PlayerView,
    apply,
    new_game,
    observe,
)
from kaiser_desktop.rules.fast import FastPlay
from kaiser_lab.arena import PRESETS, load_bot  # (importing it registers every level)
from kaiser_lab.reference import PimcReferenceBot  # noqa: F401  (registers it)

SURE_LAYOUTS = 200  # layouts, besides the true deal, to call a sure mistake ...
# ... and this many times as many before one is called: a card is often better on one
# layout in a few thousand only (5 times as many called 6 of 8 choices mistakes that
# another 3,000 layouts showed were not).
CONFIRM = 25


def true_worth(state: GameState) -> dict[int, float]:
    """What each legal card is worth to the chooser's team with all hands open."""
    seat = state.to_act
    assert seat is not None
    table = ValueTable(outcome_for(observe(state, seat)))
    pos = Position.from_fast(FastPlay.from_state(state))
    raw = Solver(pos.trump, pos.out).card_values(pos, seat.team.value)
    return {c: table.mine(v) for c, v in raw.items()}


def audit_choice(state: GameState, card: int) -> tuple[bool, float]:
    """(does `card` differ from the best card with all hands open, points it gives away)."""
    worth = true_worth(state)
    best = max(worth.values())
    return worth[card] < best, best - worth[card]


# The ways layouts the chooser could not rule out are drawn, and what each is called.
READINGS = {
    "certain": "knowing only what is certain",
    "bidding": "fitting the bidding",
    "expert": "drawn as the Expert draws them",
}


def samplers(view: PlayerView) -> dict[str, Sampler]:
    """Layouts drawn each way of `READINGS`: at random among all those possible, among
    those that fit the bidding as the Expert reads it (`auction_filter`), and weighed as
    the Expert weighs them by the play so far (`layout_weight`)."""
    k = knowledge(view)
    likely = auction_filter(view)
    return {
        "certain": make_sampler(k),
        "bidding": make_sampler(k, likely),
        "expert": make_sampler(k, likely, layout_weight(view)),
    }


def sure_mistake(
    state: GameState, card: int, layouts: int = SURE_LAYOUTS, seed: int = 0
) -> int | None:
    """A legal card that is worth at least as much as `card` on the true deal and on every
    layout tried that the chooser could not rule out, and more on at least one of them (so
    `card` was a sure mistake); None when there is none. The layouts are drawn at
    random among all those possible, among those that fit the bidding as the Expert
    reads it (`auction_filter`), and those weighed as the Expert weighs them by the play
    so far (`layout_weight`), in turn; `layouts` of them, and CONFIRM times as many
    before calling a mistake. Stops as soon as every other card has been worse somewhere."""
    seat = state.to_act
    assert seat is not None
    view = observe(state, seat)
    worth = true_worth(state)
    k = knowledge(view)
    unseen = set(k.unseen)
    better: dict[int, bool] = {
        d: worth[d] > worth[card]
        for d in worth
        if d != card
        and worth[d] >= worth[card]
        and not touching(unseen, d, card)  # worth the same on every layout
    }
    if not better:
        return None
    ctx = play_context(view)
    table = ValueTable(outcome_for(view))
    ways = list(samplers(view).values())
    rng = random.Random(seed)
    for i in range(layouts * CONFIRM):
        if i == layouts and not any(better.values()):
            return None  # only cards that tied everywhere: no mistake to confirm
        # Only the card played and those still never worse are solved.
        asked = PlayContext(
            ctx.seat, ctx.trump, ctx.out, ctx.trick, ctx.trick_seats, ctx.banked,
            [card, *better],
        )  # fmt: skip
        vals, _ = solve_layout(asked, ways[i % 3](rng), table)
        assert vals is not None  # no node limit
        for d in list(better):
            if vals[d] < vals[card]:
                del better[d]
            elif vals[d] > vals[card]:
                better[d] = True
        if not better:
            return None
    strictly = [d for d, more in better.items() if more]
    return min(strictly) if strictly else None


def off_best_shares(
    state: GameState, card: int, layouts: int, seed: int, way: str
) -> tuple[float, float]:
    """Over `layouts` layouts the chooser could not rule out, drawn one way of `READINGS`:
    the share on which `card` is off the double-dummy best, and the least share of any
    legal card."""
    seat = state.to_act
    assert seat is not None
    view = observe(state, seat)
    sampler = samplers(view)[way]
    ctx = play_context(view)
    table = ValueTable(outcome_for(view))
    off = dict.fromkeys(ctx.legal, 0)
    rng = random.Random(seed)
    for _ in range(layouts):
        vals, _ = solve_layout(ctx, sampler(rng), table)
        assert vals is not None  # no node limit
        best = max(vals.values())
        for c, v in vals.items():
            off[c] += v < best
    return off[card] / layouts, min(off.values()) / layouts


def true_place_shares(state: GameState, layouts: int, seed: int) -> dict[str, float]:
    """Per way of drawing layouts (`READINGS`): the share of `layouts` layouts that put a
    hidden card where it really is, averaged over the chooser's hidden cards."""
    seat = state.to_act
    assert state.hand is not None and seat is not None
    view = observe(state, seat)
    where = {c.index: s for s, held in enumerate(state.hand.hands) for c in held}
    hidden = set(knowledge(view).unseen) & where.keys()
    shares: dict[str, float] = {}
    for name, sampler in samplers(view).items():
        rng = random.Random(seed)
        right = 0
        for _ in range(layouts):
            hands = sampler(rng)
            right += sum(where[c] == s for s in range(4) for c in hands[s] if c in hidden)
        shares[name] = right / (layouts * len(hidden)) if hidden else 1.0
    return shares


# The floor's rows: way of drawing -> trick -> (card played, least of any card) shares,
# one per choice.
Floors = dict[str, dict[int, list[tuple[float, float]]]]
FLOOR_WAYS = ("expert", "certain")


def run(
    level: str,
    deals: int,
    seed: int,
    preset: str,
    times: list[float] | None = None,
    sure: dict[int, int] | None = None,
    sure_layouts: int = SURE_LAYOUTS,
    shown: list[tuple[GameState, int, int]] | None = None,
    floors: Floors | None = None,
    floor_layouts: int = 0,
    readings: list[dict[str, float]] | None = None,
    reading_layouts: int = 0,
) -> dict[int, list[float]]:
    """Trick number -> the points lost by each audited choice (0.0 when it was best);
    `times` gets the CPU seconds of every card decision with two or more legal cards;
    `sure` (trick number -> count) the sure mistakes, over `sure_layouts` layouts each;
    `shown` each of them: (the state, the card played, a card never worse and sometimes
    better); `floors` the shares of `off_best_shares` over `floor_layouts` layouts each;
    `readings` those of `true_place_shares` over `reading_layouts`."""
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
                trick = len(view.tricks) + 1
                losses[trick].append(lost if differs else 0.0)
                n = sum(len(v) for v in losses.values())  # choices audited so far
                if sure is not None:
                    better = sure_mistake(
                        state, action.card.index, sure_layouts, seed * 100_003 + n
                    )
                    if better is not None:
                        sure[trick] = sure.get(trick, 0) + 1
                        if shown is not None:
                            shown.append((state, action.card.index, better))
                if floors is not None and floor_layouts:
                    for way in FLOOR_WAYS:
                        shares = off_best_shares(
                            state, action.card.index, floor_layouts, seed * 100_003 + n, way
                        )
                        floors.setdefault(way, {}).setdefault(trick, []).append(shares)
                if readings is not None and reading_layouts:
                    readings.append(true_place_shares(state, reading_layouts, seed * 7 + n))
            state = apply(state, action)
    return losses


def describe_mistake(state: GameState, card: int, better: int) -> str:
    """One sure mistake in a line: the trick, the seat, trump, the hand, the trick so far,
    the card played and the one never worse and sometimes better."""
    seat = state.to_act
    assert seat is not None
    view = observe(state, seat)
    trump = str(view.trump.name) if view.trump is not None else "no trump"
    hand = " ".join(label(c.index) for c in sorted(view.hand, key=lambda c: c.index))
    cur = view.current
    so_far = " ".join(f"{s.name}:{label(c.index)}" for s, c in cur.plays()) if cur else ""
    assert view.contract is not None and view.declarer is not None
    return (
        f"  trick {len(view.tricks) + 1}, {seat.name}, contract {view.contract.text} by "
        f"{view.declarer.name}, trump {trump}, hand {hand}, trick so far [{so_far}]: "
        f"played {label(card)}, {label(better)} never worse and sometimes better"
    )


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


def sure_line(losses: dict[int, list[float]], sure: dict[int, int], layouts: int) -> str:
    """Sure mistakes per 1,000 decisions, and the tricks where they were made."""
    n = sum(len(v) for v in losses.values())
    count = sum(sure.values())
    where = ", ".join(f"trick {t}: {sure[t]}" for t in sorted(sure)) or "none"
    rate = 1000 * count / n if n else 0.0
    return (
        f"sure mistakes ({layouts} layouts + the true deal, {CONFIRM * layouts} to call one): "
        f"{count} in {n} decisions = "
        f"{rate:.1f} per 1,000  ({where})"
    )


def floor_lines(floors: Floors, layouts: int) -> list[str]:
    """The floor's figures, tricks 1-3 and 4-8, for each way of drawing layouts."""
    lines = [f"off the best on layouts the chooser could not rule out ({layouts} a choice):"]
    for way, by_trick in floors.items():
        parts = []
        for tricks, lo, hi in (("1-3", 1, 3), ("4-8", 4, 8)):
            rows = [r for t in range(lo, hi + 1) for r in by_trick.get(t, [])]
            if rows:
                played = 100 * sum(r[0] for r in rows) / len(rows)
                floor = 100 * sum(r[1] for r in rows) / len(rows)
                parts.append(f"tricks {tricks}: card played {played:.1f}%, floor {floor:.1f}%")
        lines.append(f"  {READINGS[way]}: " + "; ".join(parts))
    return lines


def reading_line(readings: list[dict[str, float]], layouts: int) -> str:
    """The mean share of layouts that put a hidden card where it is, per way of drawing."""
    parts = [
        f"{label} {100 * sum(r[name] for r in readings) / len(readings):.2f}%"
        for name, label in READINGS.items()
    ]
    return (
        f"hidden cards put where they are ({layouts} layouts a choice, {len(readings)} "
        "choices): " + "; ".join(parts)
    )


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
    parser.add_argument(
        "--sure-layouts",
        type=int,
        default=SURE_LAYOUTS,
        help="layouts sampled to call a sure mistake (0: do not count them)",
    )
    parser.add_argument(
        "--show-sure", action="store_true", help="print each sure mistake on its own line"
    )
    parser.add_argument(
        "--dump-sure", metavar="FILE", help="pickle each sure mistake's state to FILE"
    )
    parser.add_argument(
        "--floor",
        type=int,
        default=0,
        metavar="N",
        help="layouts per choice to measure how often any card is off the best (0: not)",
    )
    parser.add_argument(
        "--reading",
        type=int,
        default=0,
        metavar="N",
        help="layouts per choice to measure how truly the hidden cards are read (0: not)",
    )
    args = parser.parse_args(argv)
    times: list[float] = []
    sure: dict[int, int] | None = {} if args.sure_layouts > 0 else None
    shown: list[tuple[GameState, int, int]] = []
    floors: Floors = {}
    readings: list[dict[str, float]] = []
    losses = run(
        args.level, args.deals, args.seed, args.preset, times, sure, args.sure_layouts, shown,
        floors, args.floor, readings, args.reading,
    )  # fmt: skip
    print(report(args.level, losses))
    if sure is not None:
        print(sure_line(losses, sure, args.sure_layouts))
        if args.show_sure:
            for state, card, better in shown:
                print(describe_mistake(state, card, better))
        if args.dump_sure:
            with open(args.dump_sure, "wb") as f:
                pickle.dump(shown, f)
    if args.floor:
        print("\n".join(floor_lines(floors, args.floor)))
    if readings:
        print(reading_line(readings, args.reading))
    print(time_line(times))
    return 0


if __name__ == "__main__":
    sys.exit(main())
