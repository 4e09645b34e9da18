"""An aggressive bidder to measure the Expert against: the Expert's play, but every bid
raised to its own estimate of the hand (what a player who "bids what he holds" says).

    python -m kaiser_desktop.ai.arena --a expert --b kaiser_desktop.ai.aggressive:AggressiveBot

It bids whenever the Expert would, at the level of its estimate of our side's points (never
below the cheapest legal bid), so it takes contracts from cautious bidders and is set more.
Not offered in the app.
"""

from __future__ import annotations

from kaiser_desktop.ai.auction import auction_shift, read_auction
from kaiser_desktop.ai.base import Decision, register_level
from kaiser_desktop.ai.bidding import best_choice, predict
from kaiser_desktop.ai.common import NO_TRUMP
from kaiser_desktop.ai.expert import ExpertBot
from kaiser_desktop.rules import Bid, MakeBid, Phase, PlayerView


class AggressiveBot(ExpertBot):
    level = "aggressive"

    def decide(self, view: PlayerView) -> Decision:
        decision = super().decide(view)
        if view.phase is not Phase.BIDDING or not isinstance(decision.action, MakeBid):
            return decision
        chosen = decision.action.bid
        if chosen.is_pass or chosen.is_kaiser:
            return decision
        hand = [c.index for c in view.hand]
        shift = auction_shift(view, read_auction(view))
        estimate = predict(hand, NO_TRUMP)[0] if chosen.no_trump else best_choice(hand, False)[1]
        level = int(estimate + shift)
        target = Bid(max(chosen.level, min(level, 12)), chosen.no_trump)
        legal = [a.bid for a in view.legal if isinstance(a, MakeBid)]
        if target not in legal or target == chosen:
            return decision
        return Decision(MakeBid(target), f"Bid {target.label}: what the hand is worth.")


register_level("aggressive", AggressiveBot)
