"""A baseline for the open auction's bidding (not a level): the arena measures what
`open_auction_bid` is worth against bidding each call as if it were the only one.

    python -m kaiser_lab.arena --a basic \\
        --b kaiser_lab.open_auction_study:OneRoundBasic --preset open_table --pairs 1000

`OneRoundBasic` is Basic whose every call is Basic's one-round bid: in an open auction it
jumps straight to what its hand is worth and raises its partner like an opponent.
"""

from __future__ import annotations

from kaiser_desktop.ai.base import Decision
from kaiser_desktop.ai.basic import BasicBot, basic_bid
from kaiser_desktop.rules import Phase, PlayerView


class OneRoundBasic(BasicBot):
    level = "basic-one-round"

    def decide(self, view: PlayerView) -> Decision:
        if view.phase is Phase.BIDDING and view.legal:
            return basic_bid(view)
        return super().decide(view)
