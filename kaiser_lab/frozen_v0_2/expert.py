"""The Expert: searches the play over layouts of the hidden cards consistent with everything
its seat has seen, and bids from a small linear model fitted offline (`bidding.py`).

Play (`card_play.py`): ISMCTS while 7-8 cards are in hand, then PIMC — sampled layouts,
each solved exactly by `solver.py`; outcomes are valued by the hand's score for the team
(contract made or set, no-trump doubling, the defenders' limit), not by tricks.

The work per decision is counted in steps, not seconds (so the same view and seed give the
same card on any machine); node limits on the solver bound the time. No processes are
spawned: the GUI runs this in a background thread.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from kaiser_desktop.ai.base import Bot, Decision, register_level
from kaiser_desktop.rules import Phase, PlayerView
from kaiser_lab.frozen_v0_2.basic import (
    discard_decision,
    pass_decision,
    redeal_decision,
    trump_decision,
)
from kaiser_lab.frozen_v0_2.bid_rollout import rollout_bid
from kaiser_lab.frozen_v0_2.bidding import model_discard, model_trump
from kaiser_lab.frozen_v0_2.card_play import PlayBudget, search_play
from kaiser_lab.frozen_v0_2.evaluate import best_trump
from kaiser_lab.frozen_v0_2.open_auction import open_auction_bid


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

    level = "expert-v0.2"
    # Work per card decision, in steps (see card_play.PlayBudget): the same view and seed
    # give the same card on any machine. The solver node limits bound the time too.
    ismcts_iterations = 500
    pimc_samples: ClassVar[dict[int, int]] = {6: 10, 5: 20, 4: 30, 3: 40, 2: 30, 1: 1}
    pimc_from = 6  # cards in hand at or below which PIMC replaces ISMCTS
    node_budget = 25_000
    solve_limit = 25_000
    smart_leads = True  # ISMCTS rollouts cash winners and lead low (Standard: at random)
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
            return open_auction_bid(
                view, lambda v: rollout_bid(v, self.rng_for(v), self.bid_margin)
            )
        if phase is Phase.DISCARD:
            return model_discard(view) or discard_decision(view)
        if phase is Phase.TRUMP:
            return model_trump(view) or trump_decision(view)
        return self.play(view)

    def play(self, view: PlayerView) -> Decision:
        budget = PlayBudget(
            self.ismcts_iterations,
            self.pimc_from,
            self.pimc_samples,
            self.node_budget,
            self.solve_limit,
            self.smart_leads,
        )
        return search_play(view, budget, self.rng_for(view), auction_filter(view))


register_level("expert-v0.2", ExpertBot)
