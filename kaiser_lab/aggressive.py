"""Bidders to measure the Expert's bidding against (arena only, not offered in the app).

    python -m kaiser_lab.arena --a expert --b kaiser_lab.aggressive:AggressiveBot

`AggressiveBot`: the Expert's play, but every bid raised to its own estimate of the hand
(what a player who "bids what he holds" says): it bids whenever the Expert would, at the
level of its estimate of its side's points (never below the cheapest legal bid), so it
takes contracts from cautious bidders and is set more.
`NewBidsOnV01Play`: version 0.1's Expert with today's bidding, to measure the bidding
change alone (`--b expert-v0.1`); `AggressiveOnV01Play` the same with the raised bids.
`*BasicPlay`: the same three bidders (and Standard's, `StandardBidsBasicPlay`) with Basic's
card play at every seat, a quick measure of bidding alone (a thousand deal pairs in a few
minutes).
"""

from __future__ import annotations

from kaiser_desktop.ai.auction import auction_shift, read_auction
from kaiser_desktop.ai.base import Bot, Decision, register_level
from kaiser_desktop.ai.basic import play_decision
from kaiser_desktop.ai.bid_rollout import rollout_bid
from kaiser_desktop.ai.bidding import best_choice, predict
from kaiser_desktop.ai.common import NO_TRUMP
from kaiser_desktop.ai.expert import ExpertBot
from kaiser_desktop.ai.reasons import QT_TRANSLATE_NOOP, reason
from kaiser_desktop.ai.standard import StandardBot
from kaiser_desktop.rules import Bid, MakeBid, Phase, PlayerView
from kaiser_lab.frozen_v0_1.expert import ExpertBot as FrozenExpert


def raise_to_estimate(view: PlayerView, decision: Decision) -> Decision:
    """The same bid or pass, but a bid raised to the level of the hand's estimate."""
    if view.phase is not Phase.BIDDING or not isinstance(decision.action, MakeBid):
        return decision
    chosen = decision.action.bid
    if chosen.is_pass or chosen.is_kaiser:
        return decision
    hand = [c.index for c in view.hand]
    shift = auction_shift(view, read_auction(view))
    estimate = predict(hand, NO_TRUMP)[0] if chosen.no_trump else best_choice(hand, False)[1]
    target = Bid(max(chosen.level, min(int(estimate + shift), 12)), chosen.no_trump)
    legal = [a.bid for a in view.legal if isinstance(a, MakeBid)]
    if target not in legal or target == chosen:
        return decision
    why = QT_TRANSLATE_NOOP("Reasons", "Bid {bid}: what the hand is worth.")
    return Decision(MakeBid(target), reason(why, bid=target))


class AggressiveBot(ExpertBot):
    level = "aggressive"

    def decide(self, view: PlayerView) -> Decision:
        return raise_to_estimate(view, super().decide(view))


class NewBidsOnV01Play(FrozenExpert):
    """Version 0.1's Expert with today's bidding."""

    level = "expert-v0.1-new-bids"

    def decide(self, view: PlayerView) -> Decision:
        if view.phase is Phase.BIDDING and view.legal:
            return rollout_bid(view, self.rng_for(view), self.bid_margin)
        return super().decide(view)


class AggressiveOnV01Play(NewBidsOnV01Play):
    level = "aggressive-v0.1-play"

    def decide(self, view: PlayerView) -> Decision:
        return raise_to_estimate(view, super().decide(view))


class _BasicPlay(Bot):
    """Bids like `bidder`, plays the cards like Basic."""

    bidder: type[Bot] = ExpertBot

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.inner = self.bidder(seed=seed)

    def decide(self, view: PlayerView) -> Decision:
        if view.phase is Phase.PLAY and view.legal:
            return play_decision(view)
        return self.inner.decide(view)


class NewBidsBasicPlay(_BasicPlay):
    bidder = ExpertBot


class V01BidsBasicPlay(_BasicPlay):
    bidder = FrozenExpert


class AggressiveBasicPlay(_BasicPlay):
    bidder = AggressiveBot


class StandardBidsBasicPlay(_BasicPlay):
    bidder = StandardBot


register_level("aggressive", AggressiveBot)
