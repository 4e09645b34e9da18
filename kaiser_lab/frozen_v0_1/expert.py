"""The Expert: searches the play over layouts of the hidden cards consistent with everything
its seat has seen, and bids from a small linear model fitted offline (`bidding.py`).

Play: ISMCTS while 6-8 cards are in hand, then PIMC — sampled layouts, each solved exactly
by `solver.py`; outcomes are valued by the hand's score for the team (contract made or set,
no-trump doubling, the defenders' limit), not by tricks.

The work per decision is fixed (so the same view and seed give the same card); a hard time
cap only guards against a slow machine. No processes are spawned: the GUI runs this in a
background thread.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import ClassVar

from kaiser_desktop.ai.base import Bot, Decision, register_level
from kaiser_desktop.rules import Card, Phase, Play, PlayerView
from kaiser_lab.frozen_v0_1.basic import (
    Table,
    discard_decision,
    pass_decision,
    play_decision,
    redeal_decision,
    trump_decision,
)
from kaiser_lab.frozen_v0_1.bidding import model_bid, model_discard, model_trump
from kaiser_lab.frozen_v0_1.common import (
    FIVE,
    THREE,
    Knowledge,
    beats,
    knowledge,
    name,
    trick_winner,
)
from kaiser_lab.frozen_v0_1.evaluate import best_trump
from kaiser_lab.frozen_v0_1.search import (
    SearchResult,
    ValueTable,
    ismcts,
    make_sampler,
    outcome_for,
    pimc,
    play_context,
)


def auction_filter(view: PlayerView) -> Callable[[list[list[int]]], bool] | None:
    """A test that a sampled layout fits the auction: bidders hold bidding hands, and
    players who passed a cheap chance to bid do not hold very strong ones."""
    played_by: dict[int, list[int]] = {s: [] for s in range(4)}
    for trick in [*view.tricks, *([view.current] if view.current else [])]:
        for s, c in trick.plays():
            played_by[s.value].append(c.index)
    checks: list[tuple[int, float, float]] = []
    standing = 0
    for i, bid in enumerate(view.bids):
        seat = view.bidders[i].value
        if seat == view.seat.value:
            if not bid.is_pass:
                standing = bid.level
            continue
        if bid.is_pass:
            if standing < view.rules.min_bid + 1:
                checks.append((seat, -99.0, max(standing, view.rules.min_bid) + 1.5))
        else:
            checks.append((seat, bid.level - 2.0, 99.0))
            standing = bid.level
    if not checks:
        return None

    def accept(hands: list[list[int]]) -> bool:
        for seat, lo, hi in checks:
            dealt = hands[seat] + played_by[seat]
            if len(dealt) < 8:
                continue
            v = best_trump(dealt).raw
            if not lo <= v <= hi:
                return False
        return True

    return accept


class ExpertBot(Bot):
    """PIMC with a double-dummy solver late, ISMCTS early; model-based bidding."""

    level = "expert-v0.1"
    # Work per decision (fixed for determinism) and the safety cap in seconds.
    ismcts_iterations = 450
    pimc_samples: ClassVar[dict[int, int]] = {5: 20, 4: 40, 3: 60, 2: 60, 1: 1}
    pimc_from = 5  # cards in hand at or below which PIMC replaces ISMCTS
    hard_cap = 0.8
    bid_margin = 0.0

    def decide(self, view: PlayerView) -> Decision:
        if not view.legal:
            raise ValueError("It is not this seat's turn.")
        phase = view.phase
        if phase is Phase.REDEAL:
            return redeal_decision(view)
        if phase is Phase.PASSING:
            return pass_decision(view)
        if phase is Phase.BIDDING:
            return model_bid(view, self.bid_margin)
        if phase is Phase.DISCARD:
            return model_discard(view) or discard_decision(view)
        if phase is Phase.TRUMP:
            return model_trump(view) or trump_decision(view)
        return self.play(view)

    def play(self, view: PlayerView) -> Decision:
        basic = play_decision(view)
        legal = [a.card.index for a in view.legal if isinstance(a, Play)]
        if len(legal) == 1:
            return basic
        k = knowledge(view)
        ctx = play_context(view)
        values = ValueTable(outcome_for(view))
        rng = self.rng_for(view)
        sampler = make_sampler(k, auction_filter(view))
        cards_left = len(view.hand)
        cap = self.hard_cap
        res: SearchResult
        if cards_left <= self.pimc_from:
            n = self.pimc_samples.get(cards_left, 40)
            res = pimc(ctx, sampler, values, rng, soft=cap, hard=cap, max_samples=n)
        else:
            res = ismcts(
                ctx, sampler, values, rng, soft=cap, hard=cap, max_iter=self.ismcts_iterations
            )
        return self._explain(view, res, basic, k)

    def _explain(
        self, view: PlayerView, res: SearchResult, basic: Decision, k: Knowledge
    ) -> Decision:
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
        why = describe(view, card)
        why += f"; over many likely layouts of the hidden cards it beats {name(basic_card)}"
        if gain > 0.05 and res.method == "pimc":  # tree means on few visits are too noisy
            why += f" by about {gain:.1f} points"
        return Decision(Play(Card.from_index(card)), why + ".")


def describe(view: PlayerView, card: int) -> str:
    """What a card does in the trick, in a player's words (the search supplies the why)."""
    t = Table(view)
    if not t.cards:
        if card >> 4 == t.trump:
            return f"Lead {name(card)}, a trump"
        return f"Lead {name(card)}"
    bi = trick_winner(t.cards, t.trump)
    best, best_seat = t.cards[bi], t.seats[bi]
    partner_winning = best_seat == t.partner
    if card == FIVE:
        if partner_winning:
            return "Give your partner the 5♥ on this trick"
        if beats(card, best, t.trump):
            return "Win the trick with the 5♥"
        return "Let the 5♥ go now"
    if card == THREE and not partner_winning:
        return "Dump the 3♠ on this trick"
    if beats(card, best, t.trump):
        if partner_winning:
            return f"Take over your partner's trick with {name(card)}"
        if card >> 4 == t.trump and t.cards[0] >> 4 != t.trump:
            return f"Trump in with {name(card)}"
        return f"Win the trick for now with {name(card)}"
    return f"Play {name(card)} and keep your other cards for later"


register_level("expert-v0.1", ExpertBot)
