"""The Expert: searches the play over layouts of the hidden cards consistent with everything
its seat has seen, and bids from a small linear model fitted offline (`bidding.py`).

Play (`card_play.py`): ISMCTS while 7-8 cards are in hand, then PIMC — sampled layouts,
each solved exactly by `solver.py`; outcomes are valued by the hand's score for the team
(contract made or set, no-trump doubling, the defenders' limit), not by tricks. Where the
compiled solver runs (`solver_kind()`, about 60 times faster), PIMC from the first trick
with more layouts (`compiled_budget`); the pure-Python fallback keeps the budget above.

The work per decision is counted in steps, not seconds (so the same view and seed give the
same card on any machine); node limits on the solver bound the time. No processes are
spawned: the GUI runs this in a background thread.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from kaiser_desktop.ai.base import Bot, Decision, register_level
from kaiser_desktop.ai.basic import (
    discard_decision,
    pass_decision,
    redeal_decision,
    trump_decision,
)
from kaiser_desktop.ai.bid_rollout import rollout_bid
from kaiser_desktop.ai.bidding import model_discard, model_trump
from kaiser_desktop.ai.card_play import PlayBudget, search_play
from kaiser_desktop.ai.common import played_by_seat
from kaiser_desktop.ai.evaluate import best_trump
from kaiser_desktop.ai.open_auction import open_auction_bid
from kaiser_desktop.ai.play_inference import layout_weight
from kaiser_desktop.ai.solver import solver_kind
from kaiser_desktop.rules import Phase, PlayerView


def auction_filter(view: PlayerView) -> Callable[[list[list[int]]], bool] | None:
    """A test that a sampled layout fits the auction: bidders hold bidding hands, and
    players who passed a cheap chance to bid do not hold very strong ones."""
    played_by = played_by_seat(view)
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

    level = "expert"
    # Work per card decision, in steps (see card_play.PlayBudget): the same view and seed
    # give the same card on any machine. The solver node limits bound the time too.
    ismcts_iterations = 500
    pimc_samples: ClassVar[dict[int, int]] = {6: 10, 5: 20, 4: 30, 3: 40, 2: 30, 1: 1}
    pimc_from = 6  # cards in hand at or below which PIMC replaces ISMCTS
    node_budget = 25_000
    solve_limit = 25_000
    smart_leads = True  # ISMCTS rollouts cash winners and lead low (Standard: at random)
    bid_margin = 0.0
    infer_from_play = True  # layouts weighed by what the others' cards so far make likely
    # With the compiled solver: PIMC from the first trick, more layouts, a budget in nodes
    # that the compiled core spends in about 0.2 s at most. None: the budget above either
    # way (a subclass with its own budget sets None, or it would inherit this one).
    compiled_budget: ClassVar[PlayBudget | None] = PlayBudget(
        ismcts_iterations=500,
        pimc_from=8,
        pimc_samples={8: 48, 7: 64, 6: 100, 5: 150, 4: 200, 3: 250, 2: 200, 1: 1},
        node_budget=4_000_000,
        solve_limit=400_000,
        smart_leads=True,
        exact_layouts=300,
        tie_samples=100,
        tie_layouts=1000,
        tie_nodes=8_000_000,
        decision_nodes=9_000_000,
    )

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

    def budget(self) -> PlayBudget:
        """The work one card decision may do, in steps: more where the compiled solver runs
        (so the card can differ between the two solvers, never between machines)."""
        if self.compiled_budget is not None and solver_kind() == "compiled":
            return self.compiled_budget
        return PlayBudget(
            self.ismcts_iterations,
            self.pimc_from,
            self.pimc_samples,
            self.node_budget,
            self.solve_limit,
            self.smart_leads,
        )

    def play(self, view: PlayerView) -> Decision:
        weigh = layout_weight(view) if self.infer_from_play else None
        return search_play(view, self.budget(), self.rng_for(view), auction_filter(view), weigh)


register_level("expert", ExpertBot)
