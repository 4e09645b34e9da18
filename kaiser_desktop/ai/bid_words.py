"""Plain reasons for the Expert's bids, in the words a player at the table would use.

Every reason agrees with the call it explains: a bid below the side's estimate says why
(a made contract scores the points taken whatever the bid; a higher bid fails too often),
a bid above the cheapest names who still speaks, a pass with a hand that could bid says
what passing leads to.
"""

from __future__ import annotations

from dataclasses import dataclass

from kaiser_desktop.ai.auction import AuctionRead, Option
from kaiser_desktop.ai.common import FIVE, suit_name
from kaiser_desktop.rules import Bid, PlayerView, Seat

SEAT_NAMES = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}


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
        self.five = ", counting the 5♥" if FIVE in [c.index for c in view.hand] else ""

    def _about(self, bid: Bid) -> str:
        m = self.nt_mean if bid.no_trump else self.mean
        how = "in no trump" if bid.no_trump else f"with {suit_name(self.suit)} as trump"
        return f"your side should take about {max(0, round(m))} points {how}{self.five}"

    def _names_to_speak(self) -> str:
        opps = [s for s in self.read.later if s.team != self.view.seat.team]
        return " and ".join(SEAT_NAMES[s] for s in opps)

    def _who_speaks(self) -> str:
        one = sum(s.team != self.view.seat.team for s in self.read.later) == 1
        return f"{self._names_to_speak()} {'still speaks' if one else 'still speak'}"

    def bid(self, best: Option, options: list[Option]) -> str:
        b = best.bid
        cheapest = min(options, key=lambda o: o.bid.key)
        read = self.read
        over = ""
        if read.standing is not None and read.standing_by is not None:
            over = f" over {SEAT_NAMES[read.standing_by]}'s {read.standing.label}"
        if b.level > cheapest.bid.level:
            low = cheapest.bid.label
            return (
                f"Bid {b.label}{over}, not {low}: {self._who_speaks()} and would often outbid "
                f"{low}; {self._about(b)}{self._not_higher(b)}."
            )
        if self.view.seat == read.dealer and read.standing is not None:
            return (
                f"Bid {b.label}: as dealer you may match {read.standing.label}; "
                f"{self._about(b)}{self._not_higher(b)}."
            )
        m = self.nt_mean if b.no_trump else self.mean
        by = read.standing_by
        if round(m) < b.level and read.standing and by and by.team != self.view.seat.team:
            return (
                f"Bid {b.label}{over}: {self._about(b)}, a little short of {b.level}, but "
                f"letting {SEAT_NAMES[by]}'s {read.standing.label} stand would cost your "
                f"side more."
            )
        if round(m) < b.level:
            return (
                f"Bid {b.label}{over}: {self._about(b)}, a little short of {b.level}, but "
                f"passing would likely leave the contract to the opponents, which costs more."
            )
        return f"Bid {b.label}{over}: {self._about(b)}{self._not_higher(b)}."

    def _not_higher(self, b: Bid) -> str:
        """Why not bid nearer the estimate, when the estimate is above the bid."""
        m = self.nt_mean if b.no_trump else self.mean
        if round(m) <= b.level or b.level >= 12:
            return ""
        up = Bid(b.level + 1, b.no_trump).label
        if not any(s.team != self.view.seat.team for s in self.read.later):
            return (
                f". A made contract scores the points you take whatever the bid, and no one "
                f"after you can outbid it, so bidding {up} would only add risk"
            )
        return (
            f". Bid {b.label}, not {up}: a made contract scores the points you take whatever "
            f"the bid, and {self._names_to_speak()} would seldom outbid {b.label}, so {up} "
            f"would only add risk"
        )

    def raise_partner(self, best: Option, standing: Bid) -> str:
        b = best.bid
        if not any(s.team != self.view.seat.team for s in self.read.later):
            return (
                f"Bid {b.label} over your partner's {standing.label}: your hand is the "
                f"stronger one to play it; {self._about(b)}{self._not_higher(b)}."
            )
        return (
            f"Bid {b.label} over your partner's {standing.label}: {self._who_speaks()} "
            f"and could take {standing.label} away; {self._about(b)}{self._not_higher(b)}."
        )

    def partner_stands(self, standing: Bid) -> str:
        return f"Pass: your partner's bid of {standing.label} stands, and your hand supports it."

    def forced(self, bid: Bid) -> str:
        how = "in no trump" if bid.no_trump else f"with {suit_name(self.suit)} as trump"
        return f"The dealer must bid when everyone passes: {bid.label} {how}."

    def pass_(self, need: int, story: PassStory | None = None) -> str:
        """Why pass; `story` tells what passing leads to when a bid would also pay."""
        if story is not None and story.could_bid is not None:
            b = story.could_bid.label
            dealer = self.read.dealer
            if story.dealer_forced >= 0.25 and dealer.team != self.view.seat.team:
                return (
                    f"Pass: you could bid {b}, but your hand defends well. If everyone passes, "
                    f"{SEAT_NAMES[dealer]} (the dealer) must bid and would often be set; "
                    f"bidding {b} would score less on average."
                )
            if story.opponents_declare >= 0.25:
                return (
                    f"Pass: you could bid {b}, but an opponent who bids against your hand "
                    f"would often be set; bidding {b} would score less on average."
                )
            return f"Pass: bidding {b} would score less on average than letting it go."
        m = self.mean
        if m >= need - 0.5:
            return f"Pass: your side might reach {need}, but would fall short too often."
        return f"Pass: your side would take about {max(0, int(m))} points, short of {need}."
