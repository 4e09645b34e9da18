"""The Standard level: the Expert's search with a small budget and rule-of-thumb bidding.

It counts cards and infers voids like the Expert, but looks at far fewer layouts, starts
exact solving later, and bids from the hand-made evaluation (no fitted model).
"""

from __future__ import annotations

from typing import ClassVar

from kaiser_desktop.ai.base import Decision, register_level
from kaiser_desktop.ai.basic import basic_bid
from kaiser_desktop.ai.expert import ExpertBot
from kaiser_desktop.ai.open_auction import open_auction_bid
from kaiser_desktop.rules import Phase, PlayerView


class StandardBot(ExpertBot):
    level = "standard"
    ismcts_iterations = 120
    pimc_samples: ClassVar[dict[int, int]] = {5: 6, 4: 10, 3: 14, 2: 14, 1: 1}
    pimc_from = 5
    node_budget = 0  # no node budget: the sample counts above are small enough
    smart_leads = False
    compiled_budget = None  # the budget above, whichever solver runs
    infer_from_play = False  # a middle level: layouts weighed only by the bidding

    def decide(self, view: PlayerView) -> Decision:
        if view.phase is Phase.BIDDING and view.legal:
            return open_auction_bid(view, basic_bid)
        return super().decide(view)


register_level("standard", StandardBot)
