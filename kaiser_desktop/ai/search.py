"""Card play by search over sampled layouts of the hidden cards.

Early in the hand: ISMCTS (one tree over this seat's information set, a fresh random
layout each iteration, quick rollouts). Later: PIMC — sample layouts and solve each exactly
with the double-dummy solver. Outcomes are valued by what the hand scores for the team,
not by tricks.

Work is counted in steps — ISMCTS iterations, solver nodes — never in seconds, so the same
view and seed give the same card on a fast or a loaded machine. Nothing here reads a clock.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from kaiser_desktop.ai.common import FIVE, HOLE, NO_TRUMP, THREE, Knowledge, sample_hands
from kaiser_desktop.ai.solver import Position, SearchAborted, Solver, mask_of
from kaiser_desktop.rules import Bid, Play, PlayerView, RuleSet
from kaiser_desktop.rules.fast import winning_index
from kaiser_desktop.rules.scoring import declarer_points, defender_points

Sampler = Callable[[random.Random], list[list[int]]]


@dataclass(frozen=True, slots=True)
class Outcome:
    """Maps the declaring team's final raw points to what the hand is worth to one team."""

    contract_level: int
    no_trump: bool
    kaiser: bool
    declaring: int  # team 0 (NS) or 1 (EW)
    defender_score: int  # the defending team's game score before the hand
    defender_limit: int
    me: int  # the team whose view this is
    total: int = 10  # raw points of both teams together

    def value(self, decl_raw: int) -> float:
        """My team's points minus the other team's, for the hand."""
        contract = Bid(13) if self.kaiser else Bid(self.contract_level, self.no_trump)
        made_kaiser = self.kaiser and decl_raw >= 8
        d = declarer_points(contract, decl_raw, made_kaiser)
        rules = RuleSet(defender_limit=self.defender_limit)
        e = defender_points(self.total - decl_raw, self.defender_score, rules)
        diff = d - e
        return float(diff if self.me == self.declaring else -diff)


def outcome_for(view: PlayerView) -> Outcome:
    assert view.contract is not None and view.declarer is not None
    declaring = view.declarer.team.value
    return Outcome(
        view.contract.level,
        view.contract.no_trump,
        view.contract.is_kaiser,
        declaring,
        view.scores[1 - declaring],
        view.rules.defender_limit,
        view.seat.team.value,
    )


class ValueTable:
    """g(raw) precomputed for every possible raw count."""

    def __init__(self, outcome: Outcome) -> None:
        self.table = {r: outcome.value(r) for r in range(-3, 14)}
        self.me = outcome.me
        self.declaring = outcome.declaring

    def mine(self, my_raw: int) -> float:
        """Value to my team when my team finishes with `my_raw` raw points."""
        decl = my_raw if self.me == self.declaring else 10 - my_raw
        return self.table[max(-3, min(13, decl))]


@dataclass
class PlayContext:
    seat: int
    trump: int
    out: int
    trick: list[int]
    trick_seats: list[int]
    banked: tuple[int, int]
    legal: list[int]


def play_context(view: PlayerView) -> PlayContext:
    banked = [0, 0]
    for trick in view.tricks:
        win = trick.winner(view.trump).team.value
        banked[win] += 1
        for c in trick.cards:
            if c.index == FIVE:
                banked[win] += 5
            elif c.index == THREE:
                banked[win] -= 3
    cur = view.current
    assert cur is not None
    return PlayContext(
        view.seat.value,
        view.trump.value if view.trump is not None else NO_TRUMP,
        view.out_of_play.value if view.out_of_play is not None else -1,
        [c.index for c in cur.cards],
        [s.value for s, _ in cur.plays()],
        (banked[0], banked[1]),
        [a.card.index for a in view.legal if isinstance(a, Play)],
    )


@dataclass
class SearchResult:
    scores: dict[int, float]  # what the choice is made on (higher is better)
    samples: int
    method: str
    means: dict[int, float] = field(default_factory=dict)  # points per card, on average
    nodes: int = 0  # solver nodes used (PIMC)
    # The raw points (tricks, the 5♥, the 3♠) my team takes per card, on average over the
    # same layouts (PIMC): what parts cards whose score ties because the contract is made,
    # or set, either way on every layout tried.
    raw: dict[int, float] = field(default_factory=dict)


def solve_raw(
    ctx: PlayContext, hands: list[list[int]], solve_limit: int = 0, guess: int | None = None
) -> tuple[dict[int, int] | None, int]:
    """Each legal card's raw points for my team on one layout, solved double-dummy, and
    the nodes the solve used; None for the points when the solve passed `solve_limit`.
    `guess`: a likely value of the first card (null-window probes from it)."""
    pos = Position(
        [mask_of(hands[s]) for s in range(4)],
        ctx.trump,
        ctx.seat,
        list(ctx.trick),
        list(ctx.trick_seats),
        ctx.out,
        ctx.banked,
    )
    solver = Solver(ctx.trump, ctx.out, node_limit=solve_limit)
    try:
        vals = solver.card_values(pos, ctx.seat & 1, ctx.legal, guess)
    except SearchAborted:
        return None, solver.nodes
    return {c: vals[c] for c in ctx.legal}, solver.nodes


def solve_layout(
    ctx: PlayContext, hands: list[list[int]], values: ValueTable, solve_limit: int = 0
) -> tuple[dict[int, float] | None, int]:
    """Each legal card's value to my team on one layout, solved double-dummy, and the nodes
    the solve used; None for the values when the solve passed `solve_limit` nodes."""
    raw, nodes = solve_raw(ctx, hands, solve_limit)
    if raw is None:
        return None, nodes
    return {c: values.mine(v) for c, v in raw.items()}, nodes


def pimc(
    ctx: PlayContext,
    sampler: Sampler,
    values: ValueTable,
    rng: random.Random,
    max_samples: int = 200,
    node_budget: int = 0,
    solve_limit: int = 0,
    layouts: list[list[list[int]]] | None = None,
    record: list[dict[int, float]] | None = None,
    raw_record: list[dict[int, int]] | None = None,
    weights: list[float] | None = None,
) -> SearchResult:
    """Average, over sampled layouts, each card's exact double-dummy value.

    Stops after `max_samples` layouts or once the solves have used `node_budget` nodes
    (0: no budget). A layout whose solve passes `solve_limit` nodes is dropped (a
    pathological deal); the count is deterministic, so the same layouts are dropped
    whatever the machine. With `layouts`, those layouts (every one the seat cannot rule
    out, say) instead of samples. `record` gets each layout's values, `raw_record` its raw
    points. `weights`: how likely each of `layouts` is (the means are weighted by it).
    """
    totals = dict.fromkeys(ctx.legal, 0.0)
    raw_totals = dict.fromkeys(ctx.legal, 0.0)
    n = 0
    mass = 0.0  # the layouts' weights, summed
    nodes = 0
    count = len(layouts) if layouts is not None else max_samples
    for i in range(count):
        if node_budget and nodes >= node_budget:
            break
        hands = layouts[i] if layouts is not None else sampler(rng)
        raw, used = solve_raw(ctx, hands, solve_limit)
        nodes += used
        if raw is None:
            continue
        vals = {c: values.mine(v) for c, v in raw.items()}
        w = weights[i] if weights is not None else 1.0
        for c in ctx.legal:
            totals[c] += w * vals[c]
            raw_totals[c] += w * raw[c]
        if record is not None:
            record.append(vals)
        if raw_record is not None:
            raw_record.append(raw)
        n += 1
        mass += w
    means = {c: v / mass for c, v in totals.items()} if mass else dict.fromkeys(totals, 0.0)
    raw_means = {c: v / mass for c, v in raw_totals.items()} if mass else means
    method = "pimc" if layouts is None else "exact"
    return SearchResult(means, n, method, means, nodes, raw_means)


def all_layouts(k: Knowledge, limit: int) -> list[list[list[int]]] | None:
    """Every layout of the unseen cards consistent with hand sizes, known cards and voids
    (index 4: the hole), or None when there are more than `limit`."""
    free = [c for c in k.unseen if not any(c in kn for kn in k.known)]
    options = {c: [s for s in range(5) if s != k.seat and k.may_hold(s, c)] for c in free}
    free.sort(key=lambda c: len(options[c]))
    room = [k.sizes[s] - len(k.known[s]) for s in range(5)]
    hands: list[list[int]] = [list(kn) for kn in k.known]
    out: list[list[list[int]]] = []

    def place(i: int) -> bool:
        if i == len(free):
            layout = [list(h) for h in hands]
            layout[k.seat] = list(k.mine)
            out.append(layout)
            return len(out) <= limit
        c = free[i]
        for s in options[c]:
            if room[s] > 0:
                room[s] -= 1
                hands[s].append(c)
                ok = place(i + 1)
                hands[s].pop()
                room[s] += 1
                if not ok:
                    return False
        return True

    if not place(0) or not out:
        return None
    return out


# --- ISMCTS ---------------------------------------------------------------------------------


class Node:
    __slots__ = ("avail", "children", "n", "w")

    def __init__(self) -> None:
        self.children: dict[int, Node] = {}
        self.n = 0
        self.w = 0.0  # total reward from the view of the player who moved INTO this node
        self.avail = 0


def _winner(cards: list[int], seats: list[int], trump: int) -> int:
    return seats[winning_index(cards, trump)]


class _Sim:
    """A light copy of the hand for one ISMCTS iteration."""

    __slots__ = ("banked", "hands", "out", "players", "seats", "trick", "trump", "turn")

    def __init__(self, ctx: PlayContext, hands: list[list[int]]) -> None:
        self.hands = [list(hands[s]) for s in range(4)]
        self.trump = ctx.trump
        self.out = ctx.out
        self.players = 3 if ctx.out >= 0 else 4
        self.trick = list(ctx.trick)
        self.seats = list(ctx.trick_seats)
        self.turn = ctx.seat
        self.banked = list(ctx.banked)

    def legal(self) -> list[int]:
        hand = self.hands[self.turn]
        if self.trick:
            led = self.trick[0] >> 4
            f = [c for c in hand if c >> 4 == led]
            if f:
                return f
        return hand

    def play(self, c: int) -> None:
        seat = self.turn
        self.hands[seat].remove(c)
        self.trick.append(c)
        self.seats.append(seat)
        if len(self.trick) < self.players:
            nxt = (seat + 1) & 3
            if nxt == self.out:
                nxt = (nxt + 1) & 3
            self.turn = nxt
            return
        win = _winner(self.trick, self.seats, self.trump)
        pts = 1
        for x in self.trick:
            if x == FIVE:
                pts += 5
            elif x == THREE:
                pts -= 3
        self.banked[win & 1] += pts
        self.trick = []
        self.seats = []
        self.turn = win

    @property
    def done(self) -> bool:
        return not self.trick and not self.hands[self.turn]

    def rollout_lead(self, moves: list[int], rng: random.Random) -> int:
        """Cash a card nobody can beat in its suit, else lead low from a side suit."""
        top = [-1, -1, -1, -1]
        for hand in self.hands:
            for c in hand:
                if c > top[c >> 4]:
                    top[c >> 4] = c
        masters = [c for c in moves if top[c >> 4] == c and c != FIVE and c != THREE]
        if masters:
            return masters[int(rng.random() * len(masters))]
        trump = self.trump
        plain = [c for c in moves if c != FIVE] or moves
        return min(plain, key=lambda x: ((x >> 4) == trump, x & 15))

    def rollout_move(self, rng: random.Random, smart_leads: bool = False) -> int:
        """A quick, sensible move: cheap winners, low cards on partner, 5♥/3♠ care."""
        moves = self.legal()
        if len(moves) == 1 or rng.random() < 0.3:
            return moves[int(rng.random() * len(moves))]
        trick = self.trick
        if not trick:
            if smart_leads:
                return self.rollout_lead(moves, rng)
            return moves[int(rng.random() * len(moves))]
        trump = self.trump
        bi_seat = _winner(trick, self.seats, trump)
        best = trick[self.seats.index(bi_seat)]
        ours = (bi_seat & 1) == (self.turn & 1)
        if ours:
            if FIVE in moves:
                return FIVE
            return min(moves, key=lambda x: (x == THREE, x & 15))
        wins = [
            c
            for c in moves
            if (c >> 4 == best >> 4 and c > best) or (c >> 4 == trump and best >> 4 != trump)
        ]
        if wins:
            return min(wins, key=lambda x: ((x >> 4) == trump, x & 15))
        if THREE in moves:
            return THREE
        return min(moves, key=lambda x: (x == FIVE, x & 15))


def ismcts(
    ctx: PlayContext,
    sampler: Sampler,
    values: ValueTable,
    rng: random.Random,
    iterations: int = 1000,
    explore: float = 0.7,
    smart_leads: bool = False,
) -> SearchResult:
    """`iterations` playouts from the root, each over a freshly sampled layout."""
    root = Node()
    scale = 1 / 20.0  # hand values span roughly ±20 points
    it = 0
    my_team = ctx.seat & 1
    while it < iterations:
        it += 1
        sim = _Sim(ctx, sampler(rng))
        node = root
        path: list[tuple[Node, int]] = []  # (node entered, team of mover)
        # Selection and expansion.
        while not sim.done:
            moves = sim.legal()
            team = sim.turn & 1
            untried = [m for m in moves if m not in node.children]
            for m in moves:
                ch = node.children.get(m)
                if ch is not None:
                    ch.avail += 1
            if untried:
                m = untried[int(rng.random() * len(untried))]
                child = Node()
                child.avail = 1
                node.children[m] = child
                sim.play(m)
                path.append((child, team))
                node = child
                break
            best_m = moves[0]
            best_u = -1e9
            for m in moves:
                ch = node.children[m]
                u = ch.w / ch.n + explore * math.sqrt(math.log(ch.avail) / ch.n)
                if u > best_u:
                    best_u, best_m = u, m
            node = node.children[best_m]
            sim.play(best_m)
            path.append((node, team))
        # Rollout.
        while not sim.done:
            sim.play(sim.rollout_move(rng, smart_leads))
        mine = values.mine(sim.banked[my_team]) * scale
        for nd, team in path:
            nd.n += 1
            nd.w += mine if team == my_team else -mine
    scores = {}
    for c in ctx.legal:
        ch = root.children.get(c)
        # Rank by visits (robust child); ties broken by the mean.
        scores[c] = (ch.n + (ch.w / ch.n if ch.n else 0.0) * 0.01) if ch else -1.0
    means = {c: (ch.w / ch.n / scale) for c, ch in root.children.items() if ch.n}
    return SearchResult(scores, it, "ismcts", means)


def make_sampler(
    k: Knowledge,
    accept: Callable[[list[list[int]]], bool] | None = None,
    weigh: Callable[[list[list[int]]], float] | None = None,
    tries: int = 8,
) -> Sampler:
    """Random layouts consistent with what the seat knows. `weigh` (a likelihood from 0 to
    1) thins them, a layout kept with that chance, and `accept` filters what is kept, in
    up to `tries` draws; failing that, the likeliest drawn (by `weigh`; else the last).
    The cheap weight goes first: the filter costs more, and runs only on what it keeps."""

    def sample(rng: random.Random) -> list[list[int]]:
        hands = sample_hands(k, rng)
        if accept is None and weigh is None:
            return hands[:HOLE]
        best, best_w = hands, -1.0
        for _ in range(tries):
            w = weigh(hands) if weigh is not None else 1.0
            if (w >= 1.0 or rng.random() < w) and (accept is None or accept(hands)):
                return hands[:HOLE]
            if w > best_w:
                best, best_w = hands, w
            hands = sample_hands(k, rng)
        return (best if weigh is not None else hands)[:HOLE]

    return sample
