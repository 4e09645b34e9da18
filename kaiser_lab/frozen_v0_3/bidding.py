"""Model-based bidding, trump choice and kitty discard for the Expert.

`data/bidding_model.json` holds linear weights fitted by `tools/fit_bidding_model.py` to
random deals played out (6,000 deals, each with every trump and no trump): from a hand's
features with a given trump, the raw points its team takes when this seat declares and
leads, and the spread around that. (A fit to double-dummy solved deals was tried and bid
too high: perfect play flatters the declarer.) How far hands land from this estimate, and so what a
contract is worth, is in `bid_value.py`; the bid itself is chosen in `bid_rollout.py`.
Without the file the hand-made estimate of `evaluate.py` is used.
"""

from __future__ import annotations

import json
from functools import lru_cache
from itertools import combinations
from pathlib import Path

from kaiser_desktop.ai.base import Decision
from kaiser_desktop.ai.reasons import QT_TRANSLATE_NOOP, card, reason
from kaiser_desktop.rules import Card, Discard, PlayerView
from kaiser_lab.frozen_v0_3.basic import discard_decision, trump_decision
from kaiser_lab.frozen_v0_3.common import FIVE, NO_TRUMP, THREE
from kaiser_lab.frozen_v0_3.evaluate import ACE, JACK, KING, QUEEN, Evaluation, evaluate

MODEL_PATH = Path(__file__).with_name("data") / "bidding_model.json"


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


def best_choice(hand: list[int], allow_nt: bool) -> tuple[int, float, float]:
    options = [(t, *predict(hand, t)) for t in range(4)]
    if allow_nt:
        options.append((NO_TRUMP, *predict(hand, NO_TRUMP)))
    return max(options, key=lambda o: (o[1], o[0]))


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
    why = QT_TRANSLATE_NOOP(
        "Reasons", "Discard {first} and {second}: the hand is strongest without them."
    )
    return Decision(action, reason(why, first=card(a), second=card(b)))
