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
from kaiser_desktop.ai.reasons import QT_TRANSLATE_NOOP, Amount, Said, reason
from kaiser_desktop.rules import Card, Play, PlayerView
from kaiser_lab.frozen_v0_3.basic import Table, play_decision
from kaiser_lab.frozen_v0_3.common import FIVE, THREE, beats, knowledge, trick_winner
from kaiser_lab.frozen_v0_3.search import (
    SearchResult,
    ValueTable,
    ismcts,
    make_sampler,
    outcome_for,
    pimc,
    play_context,
)

Accept = Callable[[list[list[int]]], bool]


@dataclass(frozen=True, slots=True)
class PlayBudget:
    """The work one card decision may do."""

    ismcts_iterations: int  # while more than `pimc_from` cards are in hand
    pimc_from: int  # cards in hand at or below which PIMC replaces ISMCTS
    pimc_samples: Mapping[int, int]  # cards in hand -> sampled layouts
    node_budget: int = 0  # solver nodes per decision, over all samples (0: no limit)
    solve_limit: int = 0  # nodes one sample's solve may use before it is dropped
    smart_leads: bool = False  # ISMCTS rollouts cash winners and lead low, not at random


def search_play(
    view: PlayerView, budget: PlayBudget, rng: random.Random, accept: Accept | None
) -> Decision:
    """The card the search prefers, with a reason; `accept` filters sampled layouts."""
    basic = play_decision(view)
    legal = [a.card.index for a in view.legal if isinstance(a, Play)]
    if len(legal) == 1:
        return basic
    k = knowledge(view)
    ctx = play_context(view)
    values = ValueTable(outcome_for(view))
    sampler = make_sampler(k, accept)
    cards_left = len(view.hand)
    res: SearchResult
    if cards_left <= budget.pimc_from:
        n = budget.pimc_samples.get(cards_left, 40)
        res = pimc(ctx, sampler, values, rng, n, budget.node_budget, budget.solve_limit)
        if res.samples == 0:  # every layout ran away: fall back to the rule of thumb
            return basic
    else:
        res = ismcts(
            ctx, sampler, values, rng, budget.ismcts_iterations, smart_leads=budget.smart_leads
        )
    return explain(view, res, basic)


def explain(view: PlayerView, res: SearchResult, basic: Decision) -> Decision:
    scores = res.scores
    assert isinstance(basic.action, Play)
    basic_card = basic.action.card.index
    top = max(scores.values())
    # Prefer the rule-of-thumb card among equals: its reason then explains the play.
    best = [c for c, v in scores.items() if math.isclose(v, top, abs_tol=1e-9)]
    card = basic_card if basic_card in best else min(best, key=lambda c: (c & 15, c))
    if card == basic_card:
        return basic
    gain = res.means.get(card, 0.0) - res.means.get(basic_card, 0.0)
    move, other = describe(view, card), Card.from_index(basic_card)
    # "Better than playing the ace", never "beats the ace": a card does not outrank the ace;
    # the search found it the better play on average over the layouts it tried.
    if gain > 0.05 and res.method == "pimc":  # tree means on few visits are too noisy
        why = QT_TRANSLATE_NOOP(
            "Reasons",
            "{move}; over many likely layouts of the hidden cards, this play scores about "
            "{gain} more on average than playing {card}.",
        )
        said = reason(why, move=move, card=other, gain=Amount(gain, "points", decimals=1))
    else:
        why = QT_TRANSLATE_NOOP(
            "Reasons",
            "{move}; over many likely layouts of the hidden cards, this play does better than "
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
        return reason(QT_TRANSLATE_NOOP("Reasons", "Let the 5♥ go now"))
    if card == THREE and not partner_winning:
        return reason(QT_TRANSLATE_NOOP("Reasons", "Dump the 3♠ on this trick"))
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
