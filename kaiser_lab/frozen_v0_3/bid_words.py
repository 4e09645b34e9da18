"""Plain reasons for the Expert's bids, in the words a player at the table would use.

Every reason agrees with the call it explains: a bid below the side's estimate says why
(a made contract scores the points taken whatever the bid; a higher bid fails too often),
a bid above the cheapest names who still speaks, a pass with a hand that could bid says
what passing leads to.
"""

from __future__ import annotations

from dataclasses import dataclass

from kaiser_desktop.ai.reasons import QT_TRANSLATE_NOOP, Amount, Listing, Said, reason, suit
from kaiser_desktop.rules import Bid, PlayerView
from kaiser_lab.frozen_v0_3.auction import AuctionRead, Option
from kaiser_lab.frozen_v0_3.common import FIVE


@dataclass(frozen=True)
class PassStory:
    """What passing led to over the layouts (shares of them), and the bid it was weighed
    against (None when no bid would pay)."""

    could_bid: Bid | None
    dealer_forced: float
    opponents_declare: float


class Words:
    """Plain reasons for a bid, in the words a player at the table would use."""

    def __init__(
        self, view: PlayerView, read: AuctionRead, suit: int, mean: float, nt_mean: float
    ) -> None:
        self.view, self.read, self.suit = view, read, suit
        self.mean, self.nt_mean = mean, nt_mean
        self.five = FIVE in [c.index for c in view.hand]

    def _about(self, bid: Bid) -> Said:
        m = self.nt_mean if bid.no_trump else self.mean
        points = Amount(max(0, round(m)), "points")
        if bid.no_trump:
            why = (
                QT_TRANSLATE_NOOP(
                    "Reasons", "your side should take about {points} in no trump, counting the 5♥"
                )
                if self.five
                else QT_TRANSLATE_NOOP(
                    "Reasons", "your side should take about {points} in no trump"
                )
            )
            return reason(why, points=points)
        why = (
            QT_TRANSLATE_NOOP(
                "Reasons",
                "your side should take about {points} with {suit} as trump, counting the 5♥",
            )
            if self.five
            else QT_TRANSLATE_NOOP(
                "Reasons", "your side should take about {points} with {suit} as trump"
            )
        )
        return reason(why, points=points, suit=suit(self.suit))

    def _names_to_speak(self) -> Listing:
        return Listing(tuple(s for s in self.read.later if s.team != self.view.seat.team))

    def _who_speaks(self) -> Said:
        one = sum(s.team != self.view.seat.team for s in self.read.later) == 1
        if one:
            return reason(
                QT_TRANSLATE_NOOP("Reasons", "{names} still speaks"), names=self._names_to_speak()
            )
        return reason(
            QT_TRANSLATE_NOOP("Reasons", "{names} still speak"), names=self._names_to_speak()
        )

    def bid(self, best: Option, options: list[Option]) -> Said:
        b = best.bid
        cheapest = min(options, key=lambda o: o.bid.key)
        read = self.read
        over: Said | str = ""
        if read.standing is not None and read.standing_by is not None:
            over = reason(
                QT_TRANSLATE_NOOP("Reasons", " over {seat}'s {standing}"),
                seat=read.standing_by,
                standing=read.standing,
            )
        about, not_higher = self._about(b), self._not_higher(b)
        if b.level > cheapest.bid.level:
            why = QT_TRANSLATE_NOOP(
                "Reasons",
                "Bid {bid}{over}, not {low}: {who} and would often outbid {low}; "
                "{about}{not_higher}.",
            )
            return reason(
                why, bid=b, over=over, low=cheapest.bid, who=self._who_speaks(), about=about,
                not_higher=not_higher,
            )  # fmt: skip
        if self.view.seat == read.dealer and read.standing is not None:
            why = QT_TRANSLATE_NOOP(
                "Reasons", "Bid {bid}: as dealer you may match {standing}; {about}{not_higher}."
            )
            return reason(why, bid=b, standing=read.standing, about=about, not_higher=not_higher)
        m = self.nt_mean if b.no_trump else self.mean
        by = read.standing_by
        if round(m) < b.level and read.standing and by and by.team != self.view.seat.team:
            why = QT_TRANSLATE_NOOP(
                "Reasons",
                "Bid {bid}{over}: {about}, a little short of {level}, but letting {seat}'s "
                "{standing} stand would cost your side more.",
            )
            return reason(
                why, bid=b, over=over, about=about, level=b.level, seat=by,
                standing=read.standing,
            )  # fmt: skip
        if round(m) < b.level:
            why = QT_TRANSLATE_NOOP(
                "Reasons",
                "Bid {bid}{over}: {about}, a little short of {level}, but passing would likely "
                "leave the contract to the opponents, which costs more.",
            )
            return reason(why, bid=b, over=over, about=about, level=b.level)
        why = QT_TRANSLATE_NOOP("Reasons", "Bid {bid}{over}: {about}{not_higher}.")
        return reason(why, bid=b, over=over, about=about, not_higher=not_higher)

    def _not_higher(self, b: Bid) -> Said | str:
        """Why not bid nearer the estimate, when the estimate is above the bid."""
        m = self.nt_mean if b.no_trump else self.mean
        if round(m) <= b.level or b.level >= 12:
            return ""
        up = Bid(b.level + 1, b.no_trump)
        if not any(s.team != self.view.seat.team for s in self.read.later):
            why = QT_TRANSLATE_NOOP(
                "Reasons",
                ". A made contract scores the points you take whatever the bid, and no one "
                "after you can outbid it, so bidding {up} would only add risk",
            )
            return reason(why, up=up)
        why = QT_TRANSLATE_NOOP(
            "Reasons",
            ". Bid {bid}, not {up}: a made contract scores the points you take whatever "
            "the bid, and {names} would seldom outbid {bid}, so {up} would only add risk",
        )
        return reason(why, bid=b, up=up, names=self._names_to_speak())

    def raise_partner(self, best: Option, standing: Bid) -> Said:
        b = best.bid
        about, not_higher = self._about(b), self._not_higher(b)
        if not any(s.team != self.view.seat.team for s in self.read.later):
            why = QT_TRANSLATE_NOOP(
                "Reasons",
                "Bid {bid} over your partner's {standing}: your hand is the stronger one to "
                "play it; {about}{not_higher}.",
            )
            return reason(why, bid=b, standing=standing, about=about, not_higher=not_higher)
        why = QT_TRANSLATE_NOOP(
            "Reasons",
            "Bid {bid} over your partner's {standing}: {who} and could take {standing} away; "
            "{about}{not_higher}.",
        )
        return reason(
            why, bid=b, standing=standing, who=self._who_speaks(), about=about,
            not_higher=not_higher,
        )  # fmt: skip

    def partner_stands(self, standing: Bid) -> Said:
        why = QT_TRANSLATE_NOOP(
            "Reasons", "Pass: your partner's bid of {standing} stands, and your hand supports it."
        )
        return reason(why, standing=standing)

    def forced(self, bid: Bid) -> Said:
        if bid.no_trump:
            why = QT_TRANSLATE_NOOP(
                "Reasons", "The dealer must bid when everyone passes: {bid} in no trump."
            )
            return reason(why, bid=bid)
        why = QT_TRANSLATE_NOOP(
            "Reasons", "The dealer must bid when everyone passes: {bid} with {suit} as trump."
        )
        return reason(why, bid=bid, suit=suit(self.suit))

    def pass_(self, need: int, story: PassStory | None = None) -> Said:
        """Why pass; `story` tells what passing leads to when a bid would also pay."""
        if story is not None and story.could_bid is not None:
            b = story.could_bid
            dealer = self.read.dealer
            if story.dealer_forced >= 0.25 and dealer.team != self.view.seat.team:
                why = QT_TRANSLATE_NOOP(
                    "Reasons",
                    "Pass: you could bid {bid}, but your hand defends well. If everyone passes, "
                    "{dealer} (the dealer) must bid and would often be set; "
                    "bidding {bid} would score less on average.",
                )
                return reason(why, bid=b, dealer=dealer)
            if story.opponents_declare >= 0.25:
                why = QT_TRANSLATE_NOOP(
                    "Reasons",
                    "Pass: you could bid {bid}, but an opponent who bids against your hand "
                    "would often be set; bidding {bid} would score less on average.",
                )
                return reason(why, bid=b)
            why = QT_TRANSLATE_NOOP(
                "Reasons", "Pass: bidding {bid} would score less on average than letting it go."
            )
            return reason(why, bid=b)
        m = self.mean
        if m >= need - 0.5:
            why = QT_TRANSLATE_NOOP(
                "Reasons", "Pass: your side might reach {need}, but would fall short too often."
            )
            return reason(why, need=need)
        why = QT_TRANSLATE_NOOP(
            "Reasons", "Pass: your side would take about {points}, short of {need}."
        )
        return reason(why, points=Amount(max(0, int(m)), "points"), need=need)
