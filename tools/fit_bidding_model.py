"""Rebuild kaiser_desktop/ai/data/bidding_model.json (the Expert's bidding model).

    python tools/fit_bidding_model.py --deals 6000 --jobs 2 --seed 1            # simulated
    python tools/fit_bidding_model.py --method solve --deals 300 --jobs 2       # solved

Deals random hands; seat N declares and leads; for every trump (and no trump) NS's raw
points are measured: by playing the hand out with the Basic player at every seat
("simulate", the default: calibrated to real play) or by the double-dummy solver ("solve":
perfect play, which proved too optimistic for bidding). A least-squares fit of those points on
the hand features of `kaiser_desktop.ai.bidding.features` gives the weights, and the
residual spread gives the model's uncertainty. Needs numpy (offline only; the app reads
plain JSON).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kaiser_desktop.ai.bidding import MODEL_PATH, features
from kaiser_desktop.ai.common import NO_TRUMP, PACKS
from kaiser_desktop.ai.solver import Position, Solver, mask_of


def simulate_deal(seed: int) -> list[tuple[list[int], int, int]]:
    from kaiser_desktop.ai.basic import BasicBot
    from kaiser_desktop.rules import (
        Bid,
        Card,
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

    rng = random.Random(seed)
    pack = list(PACKS[False])
    rng.shuffle(pack)
    hands = [pack[i * 8 : (i + 1) * 8] for i in range(4)]
    rules = RuleSet(weak_hand_redeal=False)
    deal = Deal(tuple(tuple(Card.from_index(c) for c in h) for h in hands))
    bot = BasicBot(seed=seed)
    rows = []
    for trump in (0, 1, 2, 3, NO_TRUMP):
        state = apply(new_game(rules, Seat.W), deal)
        opening = Bid(6, trump == NO_TRUMP)
        for bid in (opening, Bid(0), Bid(0), Bid(0)):
            state = apply(state, MakeBid(bid))
        if trump != NO_TRUMP:
            state = apply(state, NameTrump(Suit(trump)))
        while state.phase is Phase.PLAY:
            assert state.to_act is not None
            state = apply(state, bot.decide(observe(state, state.to_act)).action)
        rows.append((hands[0], trump, state.results[-1].raw[0]))
    return rows


def solve_deal(seed: int) -> list[tuple[list[int], int, int]]:
    rng = random.Random(seed)
    pack = list(PACKS[False])
    rng.shuffle(pack)
    hands = [pack[i * 8 : (i + 1) * 8] for i in range(4)]
    rows = []
    for trump in (0, 1, 2, 3, NO_TRUMP):
        pos = Position([mask_of(h) for h in hands], trump, 0)
        raw = Solver(trump).best(pos, team=0)
        rows.append((hands[0], trump, raw))
    return rows


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default=str(MODEL_PATH))
    parser.add_argument("--method", choices=("simulate", "solve"), default="simulate")
    args = parser.parse_args()
    start = time.time()
    seeds = [args.seed * 1_000_000 + i for i in range(args.deals)]
    with ProcessPoolExecutor(args.jobs) as pool:
        work = simulate_deal if args.method == "simulate" else solve_deal
        rows = [r for deal in pool.map(work, seeds, chunksize=16) for r in deal]
    models = {}
    for kind in ("suit", "nt"):
        chosen = [(h, t, y) for h, t, y in rows if (t == NO_TRUMP) == (kind == "nt")]
        x = np.array([features(h, t) for h, t, _ in chosen])
        y = np.array([float(v) for _, _, v in chosen])
        # A little ridge keeps rarely-seen features from wild weights.
        lam = 1.0
        reg = lam * np.eye(x.shape[1])
        reg[0, 0] = 0.0
        w = np.linalg.solve(x.T @ x + reg, x.T @ y)
        resid = y - x @ w
        sd = float(np.sqrt(np.mean(resid**2)))
        models[kind] = {"w": [round(float(v), 4) for v in w], "sd": round(sd, 3), "n": len(y)}
        print(f"{kind}: n={len(y)} sd={sd:.2f} mean={y.mean():.2f}")
    out = {
        "about": "Linear model of NS raw points when N declares and leads, fitted to "
        f"random deals ({args.method}d) by tools/fit_bidding_model.py.",
        "method": args.method,
        "deals": args.deals,
        "seed": args.seed,
        "models": models,
    }
    Path(args.out).write_text(json.dumps(out, indent=1) + "\n")
    print(f"wrote {args.out} in {time.time() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
