"""The Expert's bid: each bid valued by the auction that follows, not only by the hand.

A bid is worth what it scores if it becomes the contract, times the chance that nobody
still to speak takes it away, plus what being outbid costs otherwise. The chance is
estimated from layouts of the unseen cards (dealt at random from this seat's view): an
opponent still to speak takes the contract when its own hand, read by the same model,
would bid the next level (the dealer: the same level, since the dealer may equal).
So the cheapest bid is right when nobody can outbid it, and a higher one is right when
the seats still to speak would otherwise take the contract cheaply.

What the auction says is read the way any Kaiser player reads it: a partner's bid makes
our side stronger, an opponent's bid weaker, a pass a little weaker for that seat's side.
The estimate itself comes from `bidding.py` (a model fitted to played-out deals).
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from kaiser_desktop.ai.base import Decision
from kaiser_desktop.ai.bidding import best_choice, contract_value, load_model, predict
from kaiser_desktop.ai.common import FIVE, NO_TRUMP, knowledge, sample_hands, suit_name
from kaiser_desktop.ai.evaluate import evaluate
from kaiser_desktop.rules import Bid, MakeBid, PlayerView, Seat

PASS_VALUE = -2.0  # what letting the others declare is worth to us (as tuned for v0.1)
OUTBID_COST = 1.5  # being outbid is worse than an average pass: the outbidder is strong
SAMPLES = 40  # layouts of the unseen cards per bid decision
RAISE_MARGIN = 0.25  # raise partner's bid only for a clear gain
SEAT_NAMES = {Seat.N: "North", Seat.E: "East", Seat.S: "South", Seat.W: "West"}


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


@lru_cache(maxsize=256)
def willing_threshold(level: int, no_trump: bool, sd: float) -> float:
    """The lowest expected raw at which a bid of `level` beats passing (bisection)."""
    lo, hi = -5.0, 20.0
    bid = Bid(level, no_trump)
    for _ in range(30):
        mid = (lo + hi) / 2
        if contract_value(mid, sd, bid, True) > PASS_VALUE:
            hi = mid
        else:
            lo = mid
    return hi


def takes_over(suit_mean: float, nt_mean: float, our: Bid, dealer: bool, low: int) -> bool:
    """Would an opponent with these estimates outbid (or, as dealer, equal) `our` bid?"""
    shift = 0.6 + 0.2 * (our.level - low)  # it reads our bid as strength against it
    plain = our.level if dealer and not our.no_trump else our.level + 1
    nt = our.level if dealer or not our.no_trump else our.level + 1
    sd_suit = predict_sd(False)
    sd_nt = predict_sd(True)
    if plain <= 12 and suit_mean - shift >= willing_threshold(plain, False, sd_suit):
        return True
    return nt <= 12 and nt_mean - shift - 0.6 >= willing_threshold(nt, True, sd_nt)


def predict_sd(no_trump: bool) -> float:
    """The model's spread of raw points (2.5 for the hand-made estimate)."""
    model = load_model()
    return model["nt" if no_trump else "suit"][1] if model is not None else 2.5


def takeover_chances(
    view: PlayerView, read: AuctionRead, bids: list[Bid], rng: random.Random
) -> dict[Bid, float]:
    """For each bid, the share of sampled layouts in which an opponent still to speak
    takes the contract away."""
    opponents = [s for s in read.later if s.team != view.seat.team]
    if not opponents or not bids:
        return {b: 0.0 for b in bids}
    k = knowledge(view)
    low = view.rules.min_bid
    taken = dict.fromkeys(bids, 0)
    for _ in range(SAMPLES):
        hands = sample_hands(k, rng)
        strengths = []
        for s in opponents:
            h = hands[s.value]
            strengths.append((best_choice(h, False)[1], predict(h, NO_TRUMP)[0], s == read.dealer))
        for b in bids:
            if any(takes_over(sm, nm, b, d, low) for sm, nm, d in strengths):
                taken[b] += 1
    return {b: n / SAMPLES for b, n in taken.items()}


@dataclass(frozen=True)
class Option:
    bid: Bid
    value: float  # expected points for us minus them, the auction that follows included
    if_kept: float  # the same if this bid becomes the contract
    taken: float  # chance an opponent still to speak outbids it


def _set_penalty(view: PlayerView, bid: Bid) -> float:
    """Extra cost of a failed contract that would lose the game outright (−52 variant)."""
    team = view.seat.team.value
    factor = 2 if bid.no_trump else 1
    if view.rules.lose_at_minus_52 and view.scores[team] - factor * bid.level <= -52:
        return 15.0
    return 0.0


def expert_bid(view: PlayerView, rng: random.Random, margin: float = 0.0) -> Decision:
    hand = [c.index for c in view.hand]
    legal = [a.bid for a in view.legal if isinstance(a, MakeBid)]
    read = read_auction(view)
    suit, mean, sd = best_choice(hand, allow_nt=False)
    nt_mean, nt_sd = predict(hand, NO_TRUMP)
    bump = auction_shift(view, read) + margin + (0.5 if view.rules.kitty else 0.0)
    mean += bump
    nt_mean += bump - (0.2 if read.partner_bid is not None else 0.0)
    team = view.seat.team.value
    rules = view.rules
    they_defend_free = view.scores[1 - team] < rules.defender_limit
    pass_value = PASS_VALUE if view.scores[team] < rules.defender_limit else PASS_VALUE - 3.0
    if view.scores[1 - team] >= rules.target - 8:
        pass_value -= 1.5  # letting them declare near the end is dangerous
    if getattr(rules, "bid_out", False) and view.scores[team] >= rules.target - 10:
        pass_value -= 1.5  # under bid-out we can only win by declaring
    lost = pass_value - OUTBID_COST
    kaiser = [b for b in legal if b.is_kaiser]
    if kaiser and evaluate(hand, suit).sure >= 8:
        return Decision(MakeBid(kaiser[0]), "Bid Kaiser: every card in your hand is a sure winner.")
    pass_ok = any(b.is_pass for b in legal)
    top = max(mean, nt_mean)
    candidates = [
        b for b in legal
        if not b.is_pass and not b.is_kaiser and b.level <= max(top + 2.5, rules.min_bid + 1)
    ]  # fmt: skip
    if not candidates:
        if pass_ok:
            need = min((b.level for b in legal if not b.is_pass), default=rules.min_bid)
            return Decision(MakeBid(Bid(0)), f"Pass: your hand is far from {need}.")
        candidates = [min((b for b in legal if not b.is_pass), key=lambda b: b.key)]
    partner_holds = read.standing is not None and read.standing_by == view.seat.partner
    priced = ([read.standing] if partner_holds and read.standing else []) + candidates
    chance = takeover_chances(view, read, priced, rng)
    options = []
    for b in candidates:
        m, s = (nt_mean, nt_sd) if b.no_trump else (mean, sd)
        kept = contract_value(m, s, b, they_defend_free)
        kept -= _set_penalty(view, b) * (1 - _p_make(m, s, b.level))
        p = chance[b]
        options.append(Option(b, (1 - p) * kept + p * lost, kept, p))
    best = max(options, key=lambda o: (o.value, -o.bid.key))
    words = _Words(view, read, suit, mean, nt_mean)
    if partner_holds and pass_ok:
        assert read.standing is not None
        st = read.standing
        # Partner plays its own contract: value it by our side's best estimate, not by how
        # this hand would fare in partner's choice (a partner's no trump is partner's).
        m = max(mean, nt_mean)
        stand = contract_value(m, nt_sd if st.no_trump else sd, st, they_defend_free)
        p = chance[st]
        stand_value = (1 - p) * stand + p * lost
        raised = nt_mean if best.bid.no_trump else mean
        if (
            best.value <= stand_value + RAISE_MARGIN
            or best.taken >= p
            or raised < best.bid.level - 0.5  # never raise past what the side should take
        ):
            return Decision(MakeBid(Bid(0)), words.partner_stands(st, p))
        return Decision(MakeBid(best.bid), words.raise_partner(best, st, p))
    if not pass_ok:
        if best.value <= pass_value:
            cheap = min(options, key=lambda o: o.bid.key)
            return Decision(MakeBid(cheap.bid), words.forced(cheap.bid))
        return Decision(MakeBid(best.bid), words.bid(best, options))
    if best.value > pass_value:
        return Decision(MakeBid(best.bid), words.bid(best, options))
    return Decision(MakeBid(Bid(0)), words.pass_(min(b.level for b in candidates)))


def _p_make(mean: float, sd: float, level: int) -> float:
    z = (level - 0.5 - mean) / max(sd, 0.1)
    return 0.5 * math.erfc(z / math.sqrt(2))


class _Words:
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
        m = self.nt_mean if b.no_trump else self.mean
        read = self.read
        over = ""
        if read.standing is not None and read.standing_by is not None:
            over = f" over {SEAT_NAMES[read.standing_by]}'s {read.standing.label}"
        if b.level > cheapest.bid.level:
            low = cheapest.bid.label
            return (
                f"Bid {b.label}{over}, not {low}: {self._who_speaks()} and would often outbid "
                f"{low}; {self._about(b)}."
            )
        if self.view.seat == read.dealer and read.standing is not None:
            return (
                f"Bid {b.label}: as dealer you may match {read.standing.label}; {self._about(b)}."
            )
        head = f"Bid {b.label}{over}: {self._about(b)}"
        if round(m) > b.level and b.level < 12:
            up = Bid(b.level + 1, b.no_trump).label
            if not any(s.team != self.view.seat.team for s in read.later):
                return (
                    f"{head}. No one after you can outbid it, so bidding {up} would only add risk."
                )
            names = self._names_to_speak()
            return f"{head}. Bidding {up} would fail too often, even with {names} still to speak."
        return head + "."

    def raise_partner(self, best: Option, standing: Bid, p: float) -> str:
        return (
            f"Bid {best.bid.label} over your partner's {standing.label}: {self._who_speaks()} "
            f"and could take {standing.label} away; {self._about(best.bid)}."
        )

    def partner_stands(self, standing: Bid, p: float) -> str:
        return f"Pass: your partner's bid of {standing.label} stands, and your hand supports it."

    def forced(self, bid: Bid) -> str:
        how = "in no trump" if bid.no_trump else f"with {suit_name(self.suit)} as trump"
        return f"The dealer must bid when everyone passes: {bid.label} {how}."

    def pass_(self, need: int) -> str:
        m = self.mean
        if m >= need - 0.5:
            return f"Pass: your side might reach {need}, but would fall short too often."
        return f"Pass: your side would take about {max(0, int(m))} points, short of {need}."
