"""What a contract is worth, from how far hands really land from the bidding model's estimate.

`data/bid_outcomes.json` (rebuilt by `tools/fit_bid_outcomes.py`) holds, for suit and no-trump
declarers, with and without the 5♥, and by band of the estimate, the histogram of the raw
points taken minus the estimate, measured on hands played out by the same player at all four
seats. A contract's value is the expected points difference (ours minus theirs) over that
histogram: a made contract scores the points taken (doubled in no trump), a set one loses the
bid (doubled in no trump), the defenders score their points unless they are at their limit.

A normal spread around the estimate (sd 3.1) was used before. Measured on 2,500 played-out
deals, hands estimated at 5.5-7.5 made 7 61% of the time where that spread said 48%, and
hands at 6.5-8.5 made 8 59% of the time where it said 46%; the values it gave a contract
at 6-8 were 1.4-1.7 points too low. That alone made every contract look worse than it is.
Without the file the normal spread is used.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path

from kaiser_desktop.rules import Bid
from kaiser_lab.frozen_v0_3.bidding import best_choice, predict
from kaiser_lab.frozen_v0_3.common import NO_TRUMP

OUTCOMES_PATH = Path(__file__).with_name("data") / "bid_outcomes.json"
STEP = 0.5  # histogram step of the residuals, in points
BAND_SPLIT = 6.5  # estimates below / at or above this were fitted separately
BLEND = (5.75, 7.25)  # between these estimates the two bands' histograms are mixed
Outcomes = tuple[tuple[float, float], ...]  # (residual, probability)


def best_estimate(hand: list[int]) -> float:
    """The model's estimate for the hand's best choice, a suit or no trump."""
    return max(best_choice(hand, allow_nt=False)[1], predict(hand, NO_TRUMP)[0])


@lru_cache(maxsize=1)
def _side_weights() -> dict[str, list[float]]:
    try:
        data = json.loads(OUTCOMES_PATH.read_text())
        return {k: [float(x) for x in v] for k, v in data["side"].items()}
    except (OSError, ValueError, KeyError):
        return GUESSED_SIDE


GUESSED_SIDE = {"suit": [2.0, 0.93, 0.5, -0.37], "nt": [2.9, 0.87, 0.8, -0.57]}


def side_mean(no_trump: bool, own: float, partner: float, opponents: float) -> float:
    """A declaring side's expected raw points when all four hands are known: a line in the
    declarer's estimate (for the kind of contract), its partner's best estimate and the sum
    of the opponents' (fitted by tools/fit_bid_outcomes.py)."""
    w = _side_weights()["nt" if no_trump else "suit"]
    return w[0] + w[1] * own + w[2] * partner + w[3] * opponents


def outcome_key(no_trump: bool, five: bool, mean: float) -> str:
    return f"{'nt' if no_trump else 'suit'}/{'five' if five else 'plain'}/" + (
        "high" if mean >= BAND_SPLIT else "low"
    )


@lru_cache(maxsize=1)
def load_outcomes() -> dict[str, Outcomes] | None:
    try:
        data = json.loads(OUTCOMES_PATH.read_text())
        step = float(data["step"])
        out: dict[str, Outcomes] = {}
        for key, counts in data["histograms"].items():
            total = sum(counts.values())
            out[key] = tuple((int(b) * step, n / total) for b, n in counts.items())
        return out
    except (OSError, ValueError, KeyError, ZeroDivisionError):
        return None


@lru_cache(maxsize=64)
def _normal(sd: float) -> Outcomes:
    """A normal spread in STEP-point slices (used when the fitted file is missing)."""
    pts = [k * STEP for k in range(-24, 25)]
    w = [math.exp(-0.5 * (x / max(sd, 0.1)) ** 2) for x in pts]
    total = sum(w)
    return tuple((x, v / total) for x, v in zip(pts, w, strict=True))


@lru_cache(maxsize=1024)
def _mixed(no_trump: bool, five: bool, high: float, sd: float, side: bool) -> Outcomes:
    table = load_outcomes()
    if table is None:
        return _normal(sd)
    prefix = "side/" if side else ""
    low_t = table.get(prefix + outcome_key(no_trump, five, 0.0))
    high_t = table.get(prefix + outcome_key(no_trump, five, 99.0))
    if low_t is None or high_t is None:
        return _normal(sd)
    mix: dict[float, float] = {}
    for part, w in ((low_t, 1.0 - high), (high_t, high)):
        for e, p in part:
            mix[e] = mix.get(e, 0.0) + w * p
    return tuple(sorted(mix.items()))


def outcomes(
    mean: float, no_trump: bool, five: bool, sd: float = 3.1, side: bool = False
) -> Outcomes:
    """The residuals' distribution for an estimate of `mean` (the two bands mixed smoothly);
    `side`: for the four-hand estimate of `side_mean`."""
    lo, hi = BLEND
    high = min(1.0, max(0.0, (mean - lo) / (hi - lo)))
    return _mixed(no_trump, five, round(high, 2), sd, side)


def _share_at_least(mean: float, e: float, need: float) -> float:
    """The share of a histogram slice (uniform over its STEP) at or above `need`."""
    lo = mean + e - STEP / 2
    return min(1.0, max(0.0, (lo + STEP - need) / STEP))


def p_make(mean: float, bid: Bid, five: bool, sd: float = 3.1, side: bool = False) -> float:
    """The chance the declaring side takes at least `bid.level` raw points."""
    need = bid.level - 0.5  # raw points are whole numbers; the estimate is not
    spread = outcomes(mean, bid.no_trump, five, sd, side)
    return sum(p * _share_at_least(mean, e, need) for e, p in spread)


def contract_value(
    mean: float, bid: Bid, defenders_free: bool, five: bool, sd: float = 3.1, side: bool = False
) -> float:
    """Expected points for the declaring side minus the defenders', if `bid` is the contract."""
    factor = 2 if bid.no_trump else 1
    need = bid.level - 0.5
    ev = 0.0
    for e, p in outcomes(mean, bid.no_trump, five, sd, side):
        raw = min(13.0, max(-3.0, mean + e))
        made = _share_at_least(mean, e, need)
        ours = made * factor * raw - (1.0 - made) * factor * bid.level
        theirs = 10.0 - raw if defenders_free else min(0.0, 10.0 - raw)
        ev += p * (ours - theirs)
    return ev
