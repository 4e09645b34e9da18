"""Rebuild kaiser_desktop/ai/data/auction_reading.json: what the calls before a seat's turn
say about its side's points, for the Expert's bidding (`kaiser_desktop/ai/auction.py`).

    python tools/fit_auction_reading.py --deals 1500 --jobs 2 --seed 1

Deals random hands and runs the auction with the Expert's own bidding. At every bidding
turn it records what the seat has heard (partner bid / passed, the opponents' bids and
passes) and then measures what the seat's side really takes if this seat declares there
and then in the model's best trump: the hand is played out with the Basic player at all
four seats, the same player on both sides, so neither declarers nor defenders are
flattered (solved deals, where everyone sees every card, flatter the declarer). A
least-squares fit of (points taken − the hand model's estimate) on those calls gives the
shifts. Pure Python (offline only; the app reads the JSON).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kaiser_desktop.ai import auction
from kaiser_desktop.ai.auction import READING_PATH, read_auction, reading_features
from kaiser_desktop.ai.basic import BasicBot
from kaiser_desktop.ai.bidding import best_choice
from kaiser_desktop.rules import (
    SEATS,
    Bid,
    Deal,
    MakeBid,
    NameTrump,
    Phase,
    RuleSet,
    Suit,
    apply,
    new_game,
    observe,
)

RULES = RuleSet(weak_hand_redeal=False)


def declare_now(deal: Deal, seat_index: int, trump: int, seed: int) -> int:
    """The raw points of `seat`'s side when it declares at once and Basic plays all four."""
    seat = SEATS[seat_index]
    state = apply(new_game(RULES, seat.after(3)), deal)
    for bid in (Bid(RULES.min_bid), Bid(0), Bid(0), Bid(0)):
        state = apply(state, MakeBid(bid))
    state = apply(state, NameTrump(Suit(trump)))
    bot = BasicBot(seed=seed)
    while state.phase is Phase.PLAY:
        assert state.to_act is not None
        state = apply(state, bot.decide(observe(state, state.to_act)).action)
    return state.results[-1].raw[seat.team.value]


def one_deal(seed: int) -> list[tuple[list[float], float]]:
    from kaiser_desktop.ai import bid_rollout
    from kaiser_desktop.ai.expert import ExpertBot

    bid_rollout.SAMPLES = 16  # a cheaper (still faithful) auction for the fit
    rng = random.Random(seed)
    dealer = SEATS[rng.randrange(4)]
    deal = Deal.shuffled(RULES, rng, dealer)
    state = apply(new_game(RULES, dealer), deal)
    rows = []
    while state.phase is Phase.BIDDING:
        seat = state.to_act
        assert seat is not None
        view = observe(state, seat)
        hand = [c.index for c in view.hand]
        trump, mean, _ = best_choice(hand, allow_nt=False)
        x = reading_features(view, read_auction(view))
        raw = declare_now(deal, seat.value, trump, seed)
        rows.append((x, raw - mean))
        state = apply(state, ExpertBot(seed=seed).decide(view).action)
    return rows


def ridge(x: list[list[float]], y: list[float], lam: float) -> list[float]:
    """Least squares with a small penalty on every weight but the first (the intercept)."""
    n = len(x[0])
    a = [[sum(r[i] * r[j] for r in x) + (lam if i == j and i else 0.0) for j in range(n)]
         for i in range(n)]  # fmt: skip
    b = [sum(r[i] * v for r, v in zip(x, y, strict=True)) for i in range(n)]
    for col in range(n):  # Gaussian elimination with partial pivoting
        piv = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[piv], b[col], b[piv] = a[piv], a[col], b[piv], b[col]
        for r in range(n):
            if r != col:
                f = a[r][col] / a[col][col]
                a[r] = [u - f * v for u, v in zip(a[r], a[col], strict=True)]
                b[r] -= f * b[col]
    return [b[i] / a[i][i] for i in range(n)]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=1500)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default=str(READING_PATH))
    args = parser.parse_args()
    start = time.time()
    seeds = [args.seed * 1_000_000 + i for i in range(args.deals)]
    with ProcessPoolExecutor(args.jobs) as pool:
        rows = [r for deal in pool.map(one_deal, seeds, chunksize=8) for r in deal]
    x = [[1.0, *f] for f, _ in rows]
    y = [v for _, v in rows]
    w = ridge(x, y, lam=2.0)  # a little ridge: some calls (a partner's 9) are rare
    fitted = [sum(a * b for a, b in zip(w, xi, strict=True)) for xi in x]
    resid = [yi - fi for yi, fi in zip(y, fitted, strict=True)]
    names = ["intercept", *auction.READING_NAMES]
    for n, v in zip(names, w, strict=True):
        print(f"{n:>22}: {v:+.3f}")
    print(f"turns: {len(y)}  residual sd {math.sqrt(sum(r * r for r in resid) / len(y)):.2f}")
    out = {
        "about": "Shift of a seat's expected raw points (over the hand model) from the calls "
        "before its turn, fitted by tools/fit_auction_reading.py to played-out deals.",
        "deals": args.deals,
        "seed": args.seed,
        "turns": len(y),
        "names": names,
        "w": [round(float(v), 4) for v in w],
    }
    Path(args.out).write_text(json.dumps(out, indent=1) + "\n")
    print(f"wrote {args.out} in {time.time() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
