"""The Expert's bid, valued by the auction that follows it.

For each bid it could make (and for passing), the Expert deals layouts of the unseen cards
that fit the calls heard so far (a seat that bid holds a hand that would bid, a seat that
passed a cheap chance does not hold one that would have bid), lets every seat still to
speak call as a plain model player would (partners stand aside, opponents outbid when their
hand is worth it, the dealer may equal, a dealer after three passes must bid), and values
the contract the auction ends in: for the declaring side, the points a made contract scores
(doubled in no trump) or the bid it loses, minus what the defenders take unless they are at
their limit, each side's points estimated from all four hands of the layout
(`bid_value.side_mean`, fitted to played-out deals). A bid above the cheapest is chosen
only when, over those layouts, the contracts it keeps away from the opponents are worth more
than the extra risk of being set; passing is chosen when the auction without us is worth
more to our side (a partner's contract stands, or an opponent is likely set).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from kaiser_desktop.ai.base import Decision
from kaiser_desktop.ai.reasons import QT_TRANSLATE_NOOP, reason
from kaiser_desktop.rules import Bid, MakeBid, PlayerView, Seat
from kaiser_lab.frozen_v0_3.auction import (
    AuctionRead,
    Option,
    caller,
    load_reading,
    predict_sd,
    read_auction,
    set_penalty,
    willing_threshold,
)
from kaiser_lab.frozen_v0_3.bid_value import contract_value, p_make, side_mean
from kaiser_lab.frozen_v0_3.bid_words import PassStory, Words
from kaiser_lab.frozen_v0_3.bidding import best_choice, predict
from kaiser_lab.frozen_v0_3.common import FIVE, NO_TRUMP, knowledge, sample_hands
from kaiser_lab.frozen_v0_3.evaluate import evaluate

SAMPLES = 40  # layouts that fit the calls, per bid decision
MAX_TRIES = 8  # layouts dealt per one kept, at most
SLACK = 0.75  # how far (in points) a sampled hand may be from what its call suggests
# The other seats in the roll-out bid when their own hand's contract is worth at least this
# (points for their side minus the other's): about where the Expert itself starts to bid.
MODEL_PASS = 0.0
RAISE_MARGIN = 1.0  # take over partner's bid only for a clear gain (its hand is a guess)
# A bid expected to lose points even when it stands (a sacrifice against the opponents'
# contract) must beat passing by this much: with 40 layouts the values are a little noisy.
SACRIFICE_MARGIN = 1.0
NEAR_TARGET = 1.5  # extra cost of the opponents declaring when they are near the target


@dataclass(frozen=True, slots=True)
class Hand:
    """The model's estimates of one hand: best suit, no trump, and whether it has the 5♥."""

    suit: float
    nt: float
    five: bool

    @property
    def best(self) -> float:
        return max(self.suit, self.nt)

    def mean(self, no_trump: bool) -> float:
        return self.nt if no_trump else self.suit


def read_hand(hand: list[int]) -> Hand:
    return Hand(best_choice(hand, False)[1], predict(hand, NO_TRUMP)[0], FIVE in hand)


Call = tuple[Seat, Bid]


def heard(seat: Seat, calls: list[Call]) -> float:
    """How the calls `seat` has heard move its own estimate (the fitted reading)."""
    w_pb, w_pp, w_ob, w_op = load_reading()
    shift = 0.0
    for s, b in calls:
        if s == seat:
            continue
        mine = s.team == seat.team
        if b.is_pass:
            shift += w_pp if mine else w_op
        else:
            shift += w_pb if mine else w_ob
    return shift


def _standing(calls: list[Call]) -> tuple[Bid | None, Seat | None]:
    for s, b in reversed(calls):
        if not b.is_pass:
            return b, s
    return None, None


def cheapest(standing: Bid | None, no_trump: bool, dealer: bool, low: int) -> Bid | None:
    """The cheapest bid of a kind that beats the standing bid (the dealer may equal it)."""
    for level in range(low, 13):
        b = Bid(level, no_trump)
        if standing is None or b.key > standing.key or (dealer and b.key == standing.key):
            return b
    return None


def model_call(
    seat: Seat, hand: Hand, calls: list[Call], dealer: Seat, low: int, last: bool
) -> Bid:
    """What a plain model player in `seat` says: pass beside a partner's bid; otherwise
    the cheapest bid of its better kind when the hand is worth it; forced as a last dealer."""
    standing, by = _standing(calls)
    if by is not None and by.team == seat.team:
        return Bid(0)
    is_dealer = seat == dealer
    shift = heard(seat, calls)
    if standing is not None and by is not None and by.team != seat.team:
        shift -= 0.2 * (standing.level - low)  # a higher opposing bid says more strength
    sd_s, sd_n = predict_sd(False), predict_sd(True)
    best: tuple[float, Bid] | None = None
    for nt in (False, True):
        b = cheapest(standing, nt, is_dealer, low)
        if b is None:
            continue
        m = hand.mean(nt) + shift - (0.6 if nt else 0.0)
        margin = m - willing_threshold(b.level, nt, sd_n if nt else sd_s, hand.five, MODEL_PASS)
        if best is None or margin > best[0]:
            best = (margin, b)
    if best is None:
        return Bid(0)
    if best[0] >= 0 or (is_dealer and last and standing is None):
        return best[1]
    return Bid(0)


def fits_calls(hands: dict[Seat, Hand], calls: list[Call], dealer: Seat, low: int) -> bool:
    """Whether a layout fits the calls made so far, within SLACK of the model player's."""
    sd_s, sd_n = predict_sd(False), predict_sd(True)
    for i, (seat, b) in enumerate(calls):
        hand = hands.get(seat)
        if hand is None:
            continue
        before = calls[:i]
        standing, by = _standing(before)
        if by is not None and by.team == seat.team:
            continue  # standing aside for a partner says little
        if b.is_pass:
            would = model_call(seat, Hand(hand.suit - SLACK, hand.nt - SLACK, hand.five),
                               before, dealer, low, last=False)  # fmt: skip
            if not would.is_pass:
                return False
        elif not (seat == dealer and standing is None and i == 3):
            shift = heard(seat, before)
            m = hand.mean(b.no_trump) + shift - (0.6 if b.no_trump else 0.0)
            sd = sd_n if b.no_trump else sd_s
            need = willing_threshold(b.level, b.no_trump, sd, hand.five, MODEL_PASS)
            if m < need - SLACK:
                return False
    return True


@dataclass
class Context:
    view: PlayerView
    read: AuctionRead
    me: Hand
    calls: list[Call]
    low: int
    bump: float  # the kitty's two extra cards
    we_free: bool  # our side scores as defenders (below the limit)
    they_free: bool
    urgency: float  # extra cost when the opponents declare (near the target)


def value_of(ctx: Context, hands: dict[Seat, Hand], decl: Seat, bid: Bid) -> float:
    """The points for our side minus theirs if `decl` plays `bid` in this layout."""
    me = ctx.view.seat
    partner = hands[decl.partner]
    opps = hands[decl.after(1)].best + hands[decl.after(3)].best
    h = hands[decl]
    mean = side_mean(bid.no_trump, h.mean(bid.no_trump), partner.best, opps)
    if decl.team == me.team:
        mean += ctx.bump
        v = contract_value(mean, bid, ctx.they_free, h.five, side=True)
        return v - set_penalty(ctx.view, bid) * (1 - p_make(mean, bid, h.five, side=True))
    return -contract_value(mean + ctx.bump, bid, ctx.we_free, h.five, side=True) - ctx.urgency


def finish(ctx: Context, hands: dict[Seat, Hand], mine: Bid) -> tuple[float, Seat | None]:
    """Play out the rest of the auction after our call; the value and who declares."""
    calls = [*ctx.calls, (ctx.view.seat, mine)]
    dealer = ctx.read.dealer
    for i, seat in enumerate(ctx.read.later):
        last = i == len(ctx.read.later) - 1
        calls.append((seat, model_call(seat, hands[seat], calls, dealer, ctx.low, last)))
    standing, by = _standing(calls)
    if standing is None or by is None:
        return 0.0, None  # thrown in
    return value_of(ctx, hands, by, standing), by


def layouts(ctx: Context, rng: random.Random) -> list[dict[Seat, Hand]]:
    """Up to SAMPLES layouts of the unseen cards that fit the calls heard."""
    k = knowledge(ctx.view)
    me = ctx.view.seat
    kept: list[dict[Seat, Hand]] = []
    spare: list[dict[Seat, Hand]] = []
    for _ in range(SAMPLES * MAX_TRIES):
        dealt = sample_hands(k, rng)
        hands = {s: read_hand(dealt[s.value]) for s in Seat if s != me}
        hands[me] = ctx.me
        if fits_calls(hands, ctx.calls, ctx.read.dealer, ctx.low):
            kept.append(hands)
            if len(kept) == SAMPLES:
                break
        elif len(spare) < SAMPLES:
            spare.append(hands)
    if len(kept) < SAMPLES // 4:  # calls no layout fits well: use what was dealt
        kept += spare[: SAMPLES - len(kept)]
    return kept


def rollout_bid(view: PlayerView, rng: random.Random, margin: float = 0.0) -> Decision:
    hand = [c.index for c in view.hand]
    legal = [a.bid for a in view.legal if isinstance(a, MakeBid)]
    read = read_auction(view)
    rules = view.rules
    suit, suit_mean, _ = best_choice(hand, allow_nt=False)
    me = Hand(suit_mean + margin, predict(hand, NO_TRUMP)[0] + margin, FIVE in hand)
    kaiser = [b for b in legal if b.is_kaiser]
    if kaiser and evaluate(hand, suit).sure >= 8:
        why = QT_TRANSLATE_NOOP("Reasons", "Bid Kaiser: every card in your hand is a sure winner.")
        return Decision(MakeBid(kaiser[0]), reason(why))
    team = view.seat.team.value
    urgency = NEAR_TARGET if view.scores[1 - team] >= rules.target - 8 else 0.0
    if getattr(rules, "bid_out", False) and view.scores[team] >= rules.target - 10:
        urgency += NEAR_TARGET  # under bid-out we can only win by declaring
    calls = [(caller(view, i), b) for i, b in enumerate(view.bids)]
    ctx = Context(
        view, read, me, calls, rules.min_bid, 0.5 if rules.kitty else 0.0,
        view.scores[team] < rules.defender_limit, view.scores[1 - team] < rules.defender_limit,
        urgency,
    )  # fmt: skip
    pass_ok = any(b.is_pass for b in legal)
    top = max(me.suit, me.nt) + heard(view.seat, calls)
    candidates = [
        b for b in legal
        if not b.is_pass and not b.is_kaiser and b.level <= max(top + 2.5, rules.min_bid + 1)
    ]  # fmt: skip
    if not candidates and not pass_ok:
        candidates = [min((b for b in legal if not b.is_pass), key=lambda b: b.key)]
    samples = layouts(ctx, rng)
    n = max(1, len(samples))
    pass_value = forced = opp_declare = 0.0
    totals = dict.fromkeys(candidates, 0.0)
    kept: dict[Bid, list[float]] = {b: [] for b in candidates}
    taken = dict.fromkeys(candidates, 0)
    for hands in samples:
        if pass_ok:
            v, by = finish(ctx, hands, Bid(0))
            pass_value += v / n
            if by is not None and by.team != view.seat.team:
                opp_declare += 1 / n
                forced += (by == read.dealer and all_pass_after(ctx, hands)) / n
        for b in candidates:
            v, by = finish(ctx, hands, b)
            totals[b] += v / n
            if by == view.seat:
                kept[b].append(v)
            elif by is not None and by.team != view.seat.team:
                taken[b] += 1
    priced = [
        Option(b, totals[b], sum(kept[b]) / len(kept[b]) if kept[b] else 0.0, taken[b] / n)
        for b in candidates
    ]
    side = side_estimate(samples, view.seat, me)
    words = Words(view, read, suit, side.suit, side.nt)
    best = max(priced, key=lambda o: (o.value, -o.bid.key)) if priced else None
    if not pass_ok:
        assert best is not None
        if read.standing is None and best.value < 0 and best.bid.level == rules.min_bid:
            return Decision(MakeBid(best.bid), words.forced(best.bid))
        return Decision(MakeBid(best.bid), words.bid(best, priced))
    partner_holds = read.standing is not None and read.standing_by == view.seat.partner
    bar = pass_value + (RAISE_MARGIN if partner_holds else 0.0)
    if best is not None and best.if_kept < 0:
        bar += SACRIFICE_MARGIN
    if best is None or best.value <= bar:
        if partner_holds and read.standing is not None:
            return Decision(MakeBid(Bid(0)), words.partner_stands(read.standing))
        need = min((b.level for b in legal if not b.is_pass), default=rules.min_bid)
        could = best.bid if best is not None and best.if_kept > 0 and best.taken < 0.5 else None
        return Decision(MakeBid(Bid(0)), words.pass_(need, PassStory(could, forced, opp_declare)))
    if partner_holds and read.standing is not None:
        return Decision(MakeBid(best.bid), words.raise_partner(best, read.standing))
    return Decision(MakeBid(best.bid), words.bid(best, priced))


def all_pass_after(ctx: Context, hands: dict[Seat, Hand]) -> bool:
    """Whether, after our pass, everyone before the dealer passes too (the dealer forced)."""
    calls = [*ctx.calls, (ctx.view.seat, Bid(0))]
    for seat in ctx.read.later[:-1]:
        calls.append((seat, model_call(seat, hands[seat], calls, ctx.read.dealer, ctx.low, False)))
    return all(b.is_pass for _, b in calls)


@dataclass(frozen=True, slots=True)
class SideEstimate:
    suit: float
    nt: float


def side_estimate(samples: list[dict[Seat, Hand]], seat: Seat, me: Hand) -> SideEstimate:
    """Our side's expected raw points with this seat declaring, over the layouts."""
    if not samples:
        return SideEstimate(me.suit, me.nt)
    s = n = 0.0
    for hands in samples:
        opps = hands[seat.after(1)].best + hands[seat.after(3)].best
        s += side_mean(False, me.suit, hands[seat.partner].best, opps)
        n += side_mean(True, me.nt, hands[seat.partner].best, opps)
    k = len(samples)
    return SideEstimate(s / k, n / k)
