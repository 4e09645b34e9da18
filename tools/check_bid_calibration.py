"""How well the two hand estimates predict what a declarer's side really takes.

    python tools/check_bid_calibration.py --deals 3000 --seed 11

Deals random hands; North declares at once in the trump Basic's count prefers and the hand
is played out by Basic at all four seats. Prints, by band of Basic's count
(`evaluate.best_trump`), the count, the Expert's model estimate (`bidding.predict`) and
the raw points really taken. Basic's `COUNT_BONUS` comes from this table.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kaiser_desktop.ai.basic import BasicBot
from kaiser_desktop.ai.bidding import predict
from kaiser_desktop.ai.evaluate import best_trump
from kaiser_desktop.rules import (
    Bid,
    Deal,
    MakeBid,
    NameTrump,
    Phase,
    RuleSet,
    Seat,
    Suit,
    apply,
    new_game,
    observe,
)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args()
    rules = RuleSet(weak_hand_redeal=False)
    rng = random.Random(args.seed)
    bot = BasicBot(seed=1)
    rows = []
    for _ in range(args.deals):
        deal = Deal.shuffled(rules, rng, Seat.W)
        state = apply(new_game(rules, Seat.W), deal)
        for bid in (Bid(rules.min_bid), Bid(0), Bid(0), Bid(0)):
            state = apply(state, MakeBid(bid))
        hand = [c.index for c in deal.hands[0]]
        count = best_trump(hand)
        state = apply(state, NameTrump(Suit(count.trump)))
        while state.phase is Phase.PLAY:
            assert state.to_act is not None
            state = apply(state, bot.decide(observe(state, state.to_act)).action)
        rows.append((count.raw, predict(hand, count.trump)[0], state.results[-1].raw[0]))
    print("count band   deals  count  model  taken")
    for lo, hi in ((0, 4), (4, 5), (5, 6), (6, 7), (7, 8), (8, 9), (9, 20)):
        band = [r for r in rows if lo <= r[0] < hi]
        if band:
            means = [statistics.fmean(r[i] for r in band) for i in range(3)]
            figures = "  ".join(f"{m:5.2f}" for m in means)
            print(f"{lo:>4}-{hi:<4}  {len(band):>7}  {figures}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
