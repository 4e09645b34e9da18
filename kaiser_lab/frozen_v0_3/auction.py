"""What the calls so far say, for the Expert's bid (`bid_rollout.py` chooses it).

Who has bid and passed, who is still to speak, and how those calls move a seat's estimate
of its side's points, read the way any Kaiser player reads them: a partner's bid makes our
side stronger, an opponent's bid weaker, a pass a little weaker for that seat's side (the
shifts are fitted by tools/fit_auction_reading.py). Also the threshold at which a plain
model player bids a level, and the extra cost of a set that would lose the game outright.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from kaiser_desktop.rules import Bid, PlayerView, Seat
from kaiser_lab.frozen_v0_3.bid_value import contract_value
from kaiser_lab.frozen_v0_3.bidding import load_model

PASS_VALUE = -2.0  # the default bar for `willing_threshold` (points for us minus them)


@dataclass(frozen=True)
class AuctionRead:
    """What this seat knows of the auction so far, and who is still to speak."""

    standing: Bid | None
    standing_by: Seat | None
    later: tuple[Seat, ...]  # seats still to call after this one, in order
    partner_bid: Bid | None
    partner_passed: bool
    opponent_bids: tuple[Bid, ...]
    opponent_passes: int
    dealer: Seat
    last_round: bool = field(default=True)


def caller(view: PlayerView, index: int) -> Seat:
    """Who made call number `index` (calls go clockwise from the dealer's left)."""
    return view.dealer.after(1 + index)


def read_auction(view: PlayerView) -> AuctionRead:
    me = view.seat
    standing: Bid | None = None
    standing_by: Seat | None = None
    partner_bid: Bid | None = None
    partner_passed = False
    opp_bids: list[Bid] = []
    opp_passes = 0
    for i, bid in enumerate(view.bids):
        seat = caller(view, i)
        if seat == me:
            if not bid.is_pass:
                standing, standing_by = bid, seat
            continue
        if bid.is_pass:
            if seat == me.partner:
                partner_passed = True
            else:
                opp_passes += 1
            continue
        standing, standing_by = bid, seat
        if seat == me.partner:
            partner_bid = bid
        else:
            opp_bids.append(bid)
    calls = len(view.bids)
    # In the one-round auction the seats after this one up to the dealer are still to speak.
    later = tuple(caller(view, i) for i in range(calls + 1, 4)) if calls < 4 else ()
    return AuctionRead(
        standing, standing_by, later, partner_bid, partner_passed, tuple(opp_bids),
        opp_passes, view.dealer,
    )  # fmt: skip


READING_PATH = Path(__file__).with_name("data") / "auction_reading.json"
READING_NAMES = ["partner_bid", "partner_passed", "opponent_bids", "opponent_passes"]
# Used when the fitted file is missing: what a Kaiser player would guess.
GUESSED_READING = [0.8, -0.3, -0.6, 0.15]


def reading_features(view: PlayerView, read: AuctionRead) -> list[float]:
    """The calls this seat has heard, as numbers (in the order of READING_NAMES).

    Only who bid and who passed: how high a bid went mostly says how high the bid before
    it was (an overcall), and fitting the level as well gave unstable, confounded weights.
    """
    return [
        float(read.partner_bid is not None),
        float(read.partner_passed),
        float(len(read.opponent_bids)),
        float(read.opponent_passes),
    ]


@lru_cache(maxsize=1)
def load_reading() -> list[float]:
    """The fitted shifts (tools/fit_auction_reading.py), without the intercept."""
    try:
        data = json.loads(READING_PATH.read_text())
        weights = dict(zip(data["names"], data["w"], strict=True))
        return [float(weights[n]) for n in READING_NAMES]
    except (OSError, ValueError, KeyError):
        return GUESSED_READING


def auction_shift(view: PlayerView, read: AuctionRead) -> float:
    """How the calls so far move our side's expected points (for this seat declaring)."""
    x = reading_features(view, read)
    return sum(w * v for w, v in zip(load_reading(), x, strict=True))


@lru_cache(maxsize=512)
def willing_threshold(
    level: int, no_trump: bool, sd: float, five: bool = False, pass_value: float = PASS_VALUE
) -> float:
    """The lowest expected raw at which a bid of `level` is worth more than `pass_value`."""
    lo, hi = -5.0, 20.0
    bid = Bid(level, no_trump)
    for _ in range(30):
        mid = (lo + hi) / 2
        if contract_value(mid, bid, True, five, sd) > pass_value:
            hi = mid
        else:
            lo = mid
    return hi


def predict_sd(no_trump: bool) -> float:
    """The model's spread of raw points (2.5 for the hand-made estimate)."""
    model = load_model()
    return model["nt" if no_trump else "suit"][1] if model is not None else 2.5


@dataclass(frozen=True)
class Option:
    bid: Bid
    value: float  # expected points for us minus them, the auction that follows included
    if_kept: float  # the same if this bid becomes the contract
    taken: float  # chance an opponent still to speak outbids it


def set_penalty(view: PlayerView, bid: Bid) -> float:
    """Extra cost of a failed contract that would lose the game outright (−52 variant)."""
    team = view.seat.team.value
    factor = 2 if bid.no_trump else 1
    if view.rules.lose_at_minus_52 and view.scores[team] - factor * bid.level <= -52:
        return 15.0
    return 0.0
