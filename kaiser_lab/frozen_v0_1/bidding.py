"""Model-based bidding, trump choice and kitty discard for the Expert.

`data/bidding_model.json` holds linear weights fitted by `tools/fit_bidding_model.py` to
random deals played out (6,000 deals, each with every trump and no trump): from a hand's
features with a given trump, the raw points its team takes when this seat declares and
leads, and the spread around that. (A fit to double-dummy solved deals was tried and bid
too high: perfect play flatters the declarer.) A bid is chosen by its expected score
against the value of passing.
Without the file the hand-made estimate of `evaluate.py` is used.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from itertools import combinations
from pathlib import Path

from kaiser_desktop.ai.base import Decision
from kaiser_desktop.rules import Bid, Card, Discard, MakeBid, PlayerView, standing_bid
from kaiser_lab.frozen_v0_1.basic import discard_decision, trump_decision
from kaiser_lab.frozen_v0_1.common import FIVE, NO_TRUMP, THREE, name, suit_name
from kaiser_lab.frozen_v0_1.evaluate import ACE, JACK, KING, QUEEN, Evaluation, evaluate

MODEL_PATH = Path(__file__).with_name("data") / "bidding_model.json"
PASS_VALUE = -2.0  # what letting the others declare is worth to us, in points (tuned)


def features(hand: list[int], trump: int) -> list[float]:
    """Numbers that describe a hand for one choice of trump (NO_TRUMP for no trump)."""
    by_suit = [sorted((c & 15 for c in hand if c >> 4 == s), reverse=True) for s in range(4)]
    f: list[float] = [1.0]
    if trump != NO_TRUMP:
        t = by_suit[trump]
        n = len(t)
        f += [
            n,
            max(0, n - 3),
            float(ACE in t),
            float(KING in t),
            float(QUEEN in t),
            float(JACK in t),
        ]
    side = [s for s in range(4) if s != trump]
    aces = sum(1 for s in side if ACE in by_suit[s])
    kings_backed = sum(1 for s in side if KING in by_suit[s] and ACE in by_suit[s])
    kings_guarded = sum(
        1 for s in side if KING in by_suit[s] and ACE not in by_suit[s] and len(by_suit[s]) >= 2
    )
    queens = sum(1 for s in side if QUEEN in by_suit[s] and len(by_suit[s]) >= 3)
    voids = sum(1 for s in side if not by_suit[s])
    singles = sum(1 for s in side if len(by_suit[s]) == 1)
    longest_side = max((len(by_suit[s]) for s in side), default=0)
    f += [aces, kings_backed, kings_guarded, queens, longest_side]
    if trump != NO_TRUMP:
        tn = len(by_suit[trump])
        f += [voids * tn, singles * tn]
    five = FIVE in hand
    hearts_high = sum(1 for r in by_suit[1] if r >= QUEEN)
    f += [float(five), float(five) * hearts_high, float(five and trump == 1)]
    three = THREE in hand
    f += [float(three), float(three) * len(by_suit[0])]
    return f


@lru_cache(maxsize=1)
def load_model() -> dict[str, tuple[list[float], float]] | None:
    try:
        data = json.loads(MODEL_PATH.read_text())
    except (OSError, ValueError):
        return None
    return {k: (list(v["w"]), float(v["sd"])) for k, v in data["models"].items()}


def predict(hand: list[int], trump: int) -> tuple[float, float]:
    """(mean, sd) of the team's raw points when this hand declares with `trump`."""
    model = load_model()
    if model is None:
        ev = evaluate(hand, trump)
        return ev.raw, 2.5
    w, sd = model["nt" if trump == NO_TRUMP else "suit"]
    x = features(hand, trump)
    return sum(a * b for a, b in zip(w, x, strict=True)), sd


def _p_at_least(mean: float, sd: float, level: int) -> float:
    """P(raw >= level) for a normal spread with a continuity correction."""
    z = (level - 0.5 - mean) / max(sd, 0.1)
    return 0.5 * math.erfc(z / math.sqrt(2))


def best_choice(hand: list[int], allow_nt: bool) -> tuple[int, float, float]:
    options = [(t, *predict(hand, t)) for t in range(4)]
    if allow_nt:
        options.append((NO_TRUMP, *predict(hand, NO_TRUMP)))
    return max(options, key=lambda o: (o[1], o[0]))


def contract_value(mean: float, sd: float, bid: Bid, defenders_free: bool) -> float:
    """Expected points difference (ours minus theirs) of declaring `bid`."""
    factor = 2 if bid.no_trump else 1
    ev = 0.0
    for raw in range(-3, 14):
        p = _p_at_least(mean, sd, raw) - _p_at_least(mean, sd, raw + 1)
        ours = factor * raw if raw >= bid.level else -factor * bid.level
        theirs = (10 - raw) if defenders_free else min(0, 10 - raw)
        ev += p * (ours - theirs)
    return ev


def model_bid(view: PlayerView, margin: float = 0.0) -> Decision:
    hand = [c.index for c in view.hand]
    legal = [a.bid for a in view.legal if isinstance(a, MakeBid)]
    suit, mean, sd = best_choice(hand, allow_nt=False)
    _, nt_mean, nt_sd = NO_TRUMP, *predict(hand, NO_TRUMP)
    if view.rules.kitty:
        mean += 0.5  # two more cards to choose from
        nt_mean += 0.5
    mean += margin
    nt_mean += margin
    standing = standing_bid(view.bids)
    standing_by = None
    if standing is not None:
        idx = max(i for i, b in enumerate(view.bids) if b == standing)
        standing_by = view.bidders[idx]
    team = view.seat.team.value
    if standing_by is not None:
        # The auction tells about the other hands: a partner's bid adds, an opponent's takes.
        if standing_by.team == view.seat.team:
            mean += 0.8
            nt_mean += 0.6
        else:
            mean -= 0.6
            nt_mean -= 0.8
    opp_score = view.scores[1 - team]
    defenders_free = view.scores[team] < view.rules.defender_limit
    pass_ok = any(b.is_pass for b in legal)
    # What passing is worth: about what the opponents' contract costs us.
    pass_value = PASS_VALUE if defenders_free else PASS_VALUE - 3.0
    if opp_score >= view.rules.target - 8:
        pass_value -= 1.5  # letting them declare near the end is dangerous
    options: list[tuple[float, Bid]] = []
    for b in legal:
        if b.is_pass or b.is_kaiser:
            continue
        m, s = (nt_mean, nt_sd) if b.no_trump else (mean, sd)
        options.append(
            (contract_value(m, s, b, view.scores[1 - team] < view.rules.defender_limit), b)
        )
    ev = evaluate(hand, suit)
    kaiser = [b for b in legal if b.is_kaiser]
    if kaiser and ev.sure >= 8:
        return Decision(MakeBid(kaiser[0]), "Bid Kaiser: every card in your hand is a sure winner.")
    extras = []
    if FIVE in hand:
        extras.append("the 5♥")
    extra = (" and " + " and ".join(extras)) if extras else ""
    if options:
        value, bid = max(options, key=lambda o: (o[0], -o[1].key))
        cheapest = min(options, key=lambda o: o[1].key)
        # Bid as little as needed: take the cheapest bid unless a no-trump bid is clearly better.
        if not bid.no_trump or value < cheapest[0] + 1.0:
            value, bid = cheapest
        if standing_by == view.seat.partner and pass_ok and value < pass_value + 6:
            assert standing is not None
            return Decision(
                MakeBid(Bid(0)),
                f"Pass: your partner's bid of {standing.label} stands and you support it.",
            )
        if value > pass_value or not pass_ok:
            m = nt_mean if bid.no_trump else mean
            trump_words = "in no trump" if bid.no_trump else f"with {suit_name(suit)} as trump"
            if not pass_ok and value <= pass_value:
                return Decision(
                    MakeBid(bid),
                    f"The dealer must bid when everyone passes: {bid.label} {trump_words}.",
                )
            return Decision(
                MakeBid(bid),
                f"Bid {bid.label}: your side should take about {max(bid.level, int(m))} points "
                f"{trump_words}{extra}.",
            )
    if pass_ok:
        need = min((b.level for b in legal if not b.is_pass), default=view.rules.min_bid)
        if mean >= need - 0.5:
            why = f"Pass: your side might reach {need}, but would fall short too often."
        else:
            why = f"Pass: your side would take about {max(0, int(mean))} points, short of {need}."
        return Decision(MakeBid(Bid(0)), why)
    low = min((b for b in legal if not b.is_kaiser), key=lambda b: b.key)
    return Decision(MakeBid(low), f"The dealer must bid when everyone passes: {low.label}.")


def model_trump(view: PlayerView) -> Decision | None:
    hand = [c.index for c in view.hand]
    kaiser = bool(view.contract and view.contract.is_kaiser)
    if load_model() is None:
        return None
    t, mean, _ = best_choice(hand, allow_nt=kaiser)
    ev = evaluate(hand, t)
    return trump_decision(view, Evaluation(t, ev.tricks, mean, ev.sure, ev.five, ev.three))


def model_discard(view: PlayerView) -> Decision | None:
    """Try every legal pair with every trump; keep the eight cards the model likes best."""
    if load_model() is None:
        return None
    hand = [c.index for c in view.hand]
    nt = bool(view.contract and view.contract.no_trump)
    kaiser = bool(view.contract and view.contract.is_kaiser)
    options = [c for c in hand if c not in (FIVE, THREE)]
    best: tuple[float, tuple[int, int]] | None = None
    for a, b in combinations(options, 2):
        rest = [c for c in hand if c not in (a, b)]
        v = predict(rest, NO_TRUMP)[0] if nt else best_choice(rest, allow_nt=kaiser)[1]
        if best is None or v > best[0] + 1e-9:
            best = (v, (a, b))
    if best is None:
        return discard_decision(view)
    a, b = best[1]
    pair = {Card.from_index(a), Card.from_index(b)}
    action = next(x for x in view.legal if isinstance(x, Discard) and set(x.cards) == pair)
    return Decision(action, f"Discard {name(a)} and {name(b)}: the hand is strongest without them.")
