"""How the searching levels (Standard, Expert) choose a card, and how they explain it.

ISMCTS while many cards are left, then PIMC with the exact solver. The budget is in steps
(ISMCTS iterations, PIMC samples, solver nodes), so the card depends only on the view and
the seed — never on how fast or busy the machine is. A solve that runs away on a
pathological layout is stopped by its node limit, which is just as deterministic.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from kaiser_desktop.ai.base import Decision
from kaiser_desktop.ai.basic import Table, play_decision
from kaiser_desktop.ai.common import (
    FIVE,
    THREE,
    Knowledge,
    beats,
    knowledge,
    touching,
    trick_winner,
)
from kaiser_desktop.ai.play_inference import Weigh
from kaiser_desktop.ai.reasons import QT_TRANSLATE_NOOP, Amount, Said, reason
from kaiser_desktop.ai.search import (
    PlayContext,
    Sampler,
    SearchResult,
    ValueTable,
    all_layouts,
    ismcts,
    make_sampler,
    outcome_for,
    pimc,
    play_context,
    solve_raw,
)
from kaiser_desktop.rules import Card, Play, PlayerView

Accept = Callable[[list[list[int]]], bool]
# Cards that came apart on at most this many of the layouts searched are compared on more.
NEAR = 3


@dataclass(frozen=True, slots=True)
class PlayBudget:
    """The work one card decision may do."""

    ismcts_iterations: int  # while more than `pimc_from` cards are in hand
    pimc_from: int  # cards in hand at or below which PIMC replaces ISMCTS
    pimc_samples: Mapping[int, int]  # cards in hand -> sampled layouts
    node_budget: int = 0  # solver nodes per decision, over all samples (0: no limit)
    solve_limit: int = 0  # nodes one sample's solve may use before it is dropped
    smart_leads: bool = False  # ISMCTS rollouts cash winners and lead low, not at random
    # Every layout the seat cannot rule out, rather than samples, when there are at most
    # this many (late in the hand; 0: always sample).
    exact_layouts: int = 0
    # Further layouts to part cards that tie for best but are not interchangeable, so
    # that a card worse on some layouts and never better is not chosen (0: none).
    tie_samples: int = 0
    # Cards still level after those (the same score and raw points on every layout tried,
    # yet not interchangeable): up to this many more layouts, or `tie_nodes` solver nodes,
    # comparing only them, so that a card another is better than on rare layouts (and
    # never worse) is not the one chosen (0: none).
    tie_layouts: int = 0
    tie_nodes: int = 0
    # Solver nodes for the whole decision: those layouts get at most what the search before
    # them left of it (0: `tie_nodes` whatever the search used).
    decision_nodes: int = 0


def search_play(
    view: PlayerView,
    budget: PlayBudget,
    rng: random.Random,
    accept: Accept | None,
    weigh: Weigh | None = None,
) -> Decision:
    """The card the search prefers, with a reason; `accept` filters sampled layouts and
    `weigh` says how likely each is (`play_inference`)."""
    basic = play_decision(view)
    legal = [a.card.index for a in view.legal if isinstance(a, Play)]
    if len(legal) == 1:
        return basic
    k = knowledge(view)
    ctx = play_context(view)
    values = ValueTable(outcome_for(view))
    sampler = make_sampler(k, accept, weigh)
    cards_left = len(view.hand)
    res: SearchResult
    seen: list[dict[int, int]] = []  # raw points per card, layout by layout
    if cards_left <= budget.pimc_from:
        layouts = all_layouts(k, budget.exact_layouts) if budget.exact_layouts else None
        if layouts is not None:
            likely = [h for h in layouts if accept(h)] if accept is not None else layouts
            searched = likely or layouts
            weights = [weigh(h) for h in searched] if weigh is not None else None
            res = pimc(
                ctx, sampler, values, rng, 0, 0, budget.solve_limit, searched,
                weights=weights,
            )  # fmt: skip
            if res.samples and budget.tie_samples and likely and len(likely) < len(layouts):
                # Cards that tie on the layouts that fit the bidding: parted on all of them.
                settle_ties(ctx, res, set(k.unseen), sampler, values, rng, budget, layouts)
        else:
            n = budget.pimc_samples.get(cards_left, 40)
            res = pimc(
                ctx, sampler, values, rng, n, budget.node_budget, budget.solve_limit,
                raw_record=seen,
            )  # fmt: skip
        if res.samples == 0:  # every layout ran away: fall back to the rule of thumb
            return basic
        if budget.tie_samples and res.method == "pimc":
            # Layouts that fit the bidding and merely possible ones, unweighed: ties are
            # parted by what a card can cost anywhere, however unlikely the play makes it.
            both = [make_sampler(k, accept), make_sampler(k)]
            mixed: Sampler = lambda r: both[int(r.random() * 2)](r)  # noqa: E731
            spent = res.nodes + settle_ties(ctx, res, set(k.unseen), mixed, values, rng, budget)
            if budget.tie_layouts:
                assert isinstance(basic.action, Play)
                part_level(ctx, res, k, mixed, values, rng, budget, basic.action, seen, spent)
    else:
        res = ismcts(
            ctx, sampler, values, rng, budget.ismcts_iterations, smart_leads=budget.smart_leads
        )
    return explain(view, res, basic)


def settle_ties(
    ctx: PlayContext,
    res: SearchResult,
    unseen: set[int],
    sampler: Sampler,
    values: ValueTable,
    rng: random.Random,
    budget: PlayBudget,
    layouts: list[list[list[int]]] | None = None,
) -> int:
    """Part cards that tie for best on the layouts searched but are not interchangeable,
    on `budget.tie_samples` more layouts (or on every one of `layouts`): the best of them
    there keeps the top score, the others fall just below it (by a thousandth of what they
    lose there), so the choice never falls on a card that is worse on some layout and
    better on none seen. Returns the solver nodes it used."""
    top = max(res.scores.values())
    tied = [c for c, v in res.scores.items() if math.isclose(v, top, abs_tol=1e-9)]
    groups: list[int] = []
    for c in sorted(tied):
        if not any(touching(unseen, c, g) for g in groups):
            groups.append(c)
    if len(groups) < 2:
        return 0
    sub = PlayContext(ctx.seat, ctx.trump, ctx.out, ctx.trick, ctx.trick_seats, ctx.banked, tied)
    n, nodes = budget.tie_samples, 0 if layouts is not None else budget.node_budget // 2
    extra = pimc(sub, sampler, values, rng, n, nodes, budget.solve_limit, layouts)
    if extra.samples == 0:
        return extra.nodes
    best = max(extra.means.values())
    for c in tied:
        res.scores[c] = top + 1e-3 * (extra.means[c] - best)
    if res.raw and extra.raw:  # raw points over all the layouts seen, for what still ties
        n, m = res.samples, extra.samples
        for c in tied:
            res.raw[c] = (res.raw[c] * n + extra.raw[c] * m) / (n + m)
    return extra.nodes


def part_level(
    ctx: PlayContext,
    res: SearchResult,
    k: Knowledge,
    sampler: Sampler,
    values: ValueTable,
    rng: random.Random,
    budget: PlayBudget,
    basic: Play,
    seen: list[dict[int, int]],
    spent: int = 0,
) -> None:
    """The card the choice falls on against the cards that are not interchangeable with it
    yet were level with it (`level_best`), or came apart from it on at most `NEAR` of the
    layouts in `seen` (within noise): compared on up to `budget.tie_layouts` more layouts
    (or `budget.tie_nodes` solver nodes), only those cards solved, by score and then raw
    points. It stops once the card has been better than each other one on some new layout
    and ahead of it in all. If another card scores more in all (counting `seen` too; raw
    points where the score is level), the choice moves to it: it and the cards touching it
    rise a millionth above the top score. `spent`: the solver nodes the decision has used before
    (`budget.decision_nodes` bounds the whole)."""
    unseen = set(k.unseen)
    best = level_best(res)
    card = chosen(best, basic.card.index)

    def gap(raw: dict[int, int], c: int) -> tuple[float, int]:
        """How much better `c` is than `card` on one layout: in score, in raw points."""
        return values.mine(raw[c]) - values.mine(raw[card]), raw[c] - raw[card]

    # Per other card: its score, then raw points, less the card's, summed over the layouts.
    ahead: dict[int, tuple[float, int]] = {}
    for c in sorted(ctx.legal, key=lambda c: (c & 15, c)):
        if c == card or touching(unseen, c, card) or any(touching(unseen, c, o) for o in ahead):
            continue
        gaps = [gap(r, c) for r in seen]
        if c in best or sum(1 for g in gaps if g != (0.0, 0)) <= NEAR:
            ahead[c] = (sum(g[0] for g in gaps), sum(g[1] for g in gaps))
    if not ahead:
        return
    others = list(ahead)
    sub = PlayContext(
        ctx.seat, ctx.trump, ctx.out, ctx.trick, ctx.trick_seats, ctx.banked, [card, *others]
    )
    below: set[int] = set()  # others that have been worse than `card` on a new layout
    nodes = 0
    allowed = budget.tie_nodes
    if budget.decision_nodes:
        allowed = min(allowed, budget.decision_nodes - spent)
    guess = round(res.raw[card]) if card in res.raw else None
    for _ in range(budget.tie_layouts):
        if nodes >= allowed or all(d in below and ahead[d] < (0.0, 0) for d in others):
            break
        raw, used = solve_raw(sub, sampler(rng), budget.solve_limit, guess)
        nodes += used
        if raw is None:
            continue
        for d in others:
            g = gap(raw, d)
            ahead[d] = (ahead[d][0] + g[0], ahead[d][1] + g[1])
            if g < (0.0, 0):
                below.add(d)
    move = max(others, key=lambda d: (ahead[d], -(d & 15)))
    if ahead[move] <= (0.0, 0):
        return
    top = max(res.scores.values())
    res.scores[move] = top + 1e-6
    for c in ctx.legal:
        if touching(unseen, c, move):
            res.scores[c] = top + 1e-6


def chosen(best: list[int], basic_card: int) -> int:
    """Among level cards, the rule-of-thumb card (its reason then explains the play), else
    the lowest."""
    return basic_card if basic_card in best else min(best, key=lambda c: (c & 15, c))


def level_best(res: SearchResult) -> list[int]:
    """The cards with the top score; where several tie (the contract made, or set, either
    way on every layout tried), those that take the most raw points on average over the
    same layouts: a card that takes fewer is often worse on some layout not tried (a
    sure mistake) and seldom better."""
    scores = res.scores
    top = max(scores.values())
    best = [c for c, v in scores.items() if math.isclose(v, top, abs_tol=1e-9)]
    if len(best) > 1 and res.raw:
        most = max(res.raw.get(c, 0.0) for c in best)
        best = [c for c in best if math.isclose(res.raw.get(c, 0.0), most, abs_tol=1e-9)]
    return best


def explain(view: PlayerView, res: SearchResult, basic: Decision) -> Decision:
    assert isinstance(basic.action, Play)
    basic_card = basic.action.card.index
    card = chosen(level_best(res), basic_card)
    if card == basic_card:
        return basic
    gain = res.means.get(card, 0.0) - res.means.get(basic_card, 0.0)
    move, other = describe(view, card), Card.from_index(basic_card)
    # "Better than playing the ace", never "beats the ace": a card does not outrank the ace;
    # the search found it the better play on average over the layouts it tried.
    # Tree means on few visits are too noisy to quote.
    if gain > 0.05 and res.method in ("pimc", "exact"):
        why = QT_TRANSLATE_NOOP(
            "Reasons",
            "{move}; given the cards the others probably hold, this play scores about "
            "{gain} more on average than playing {card}.",
        )
        said = reason(why, move=move, card=other, gain=Amount(gain, "points", decimals=1))
    else:
        why = QT_TRANSLATE_NOOP(
            "Reasons",
            "{move}; given the cards the others probably hold, this play does better than "
            "playing {card}.",
        )
        said = reason(why, move=move, card=other)
    return Decision(Play(Card.from_index(card)), said)


def describe(view: PlayerView, card: int) -> Said:
    """What a card does in the trick, in a player's words (the search supplies the why)."""
    t = Table(view)
    if not t.cards:
        if card >> 4 == t.trump:
            return reason(
                QT_TRANSLATE_NOOP("Reasons", "Lead {card}, a trump"), card=Card.from_index(card)
            )
        return reason(QT_TRANSLATE_NOOP("Reasons", "Lead {card}"), card=Card.from_index(card))
    bi = trick_winner(t.cards, t.trump)
    best, best_seat = t.cards[bi], t.seats[bi]
    partner_winning = best_seat == t.partner
    if card == FIVE:
        if partner_winning:
            return reason(QT_TRANSLATE_NOOP("Reasons", "Give your partner the 5♥ on this trick"))
        if beats(card, best, t.trump):
            return reason(QT_TRANSLATE_NOOP("Reasons", "Win the trick with the 5♥"))
        # Said with its why (issue 38: "Let the 5♥ go now" gave none a player could follow).
        return reason(
            QT_TRANSLATE_NOOP(
                "Reasons",
                "Give up the 5♥ now: kept, it would likely cost your side more later",
            )
        )
    if card == THREE and not partner_winning:
        return reason(
            QT_TRANSLATE_NOOP(
                "Reasons",
                "Play the 3♠ on the opponents' trick: if they take it, it costs them 3 points",
            )
        )
    if beats(card, best, t.trump):
        if partner_winning:
            return reason(
                QT_TRANSLATE_NOOP("Reasons", "Take over your partner's trick with {card}"),
                card=Card.from_index(card),
            )
        if card >> 4 == t.trump and t.cards[0] >> 4 != t.trump:
            return reason(
                QT_TRANSLATE_NOOP("Reasons", "Trump in with {card}"), card=Card.from_index(card)
            )
        return reason(
            QT_TRANSLATE_NOOP("Reasons", "Win the trick for now with {card}"),
            card=Card.from_index(card),
        )
    return reason(
        QT_TRANSLATE_NOOP("Reasons", "Play {card} and keep your other cards for later"),
        card=Card.from_index(card),
    )
