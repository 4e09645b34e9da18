"""Would the Expert name better trumps by playing the suits out? (a command, not a test)

    python -m kaiser_lab.trump_study --deals 200 --seed 4

Four Experts bid `deals` hands. At every suit contract the declarer's trump is named two
ways: by the bidding model (what the Expert does: `bidding.best_choice`), and by playing
out, all cards open, the `--candidates` suits the model rates best on `--layouts` layouts
of the hidden cards that fit the bidding, naming the suit whose contract scores the most on
average. Each choice is then valued on the true deal, all cards open (the hand's score for
the declaring side: the contract made or set), and the study prints the mean difference
with its 95% interval, how often the two agree, and the search's CPU time per decision.
Measured at issue 39: the search was not better (seed 4: -0.81 ± 0.60 points a contract
over 188 contracts), so the Expert keeps the model.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence

from kaiser_desktop.ai.bidding import predict
from kaiser_desktop.ai.common import knowledge
from kaiser_desktop.ai.expert import auction_filter
from kaiser_desktop.ai.search import Outcome, make_sampler, outcome_for
from kaiser_desktop.ai.solver import Position, Solver, mask_of
from kaiser_desktop.rules import SEATS, Deal, NameTrump, Phase, PlayerView, apply, new_game, observe
from kaiser_lab.arena import PRESETS, load_bot


def contract_worth(hands: list[list[int]], trump: int, declarer: int, outcome: Outcome) -> float:
    """The declaring side's score for the hand with `trump`, all cards open (it leads)."""
    team = declarer & 1
    raw = Solver(trump).best(Position([mask_of(h) for h in hands], trump, declarer), team)
    return outcome.value(raw)


def played_out_trump(
    view: PlayerView,
    rng: random.Random,
    accept: Callable[[list[list[int]]], bool] | None,
    candidates: int,
    layouts: int,
) -> int:
    """The suit, among the `candidates` the model rates best, whose contract scores most
    on `layouts` layouts that fit the bidding."""
    assert view.contract is not None and view.declarer is not None
    hand = [c.index for c in view.hand]
    rated = {t: predict(hand, t)[0] for t in range(4)}
    suits = sorted(range(4), key=lambda t: (-rated[t], -t))[:candidates]
    outcome = outcome_for(view)
    sampler = make_sampler(knowledge(view), accept)
    totals = dict.fromkeys(suits, 0.0)
    for _ in range(layouts):
        hands = sampler(rng)
        for t in suits:
            totals[t] += contract_worth(hands, t, view.declarer.value, outcome)
    return max(suits, key=lambda t: (totals[t], rated[t]))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kaiser_lab.trump_study")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--layouts", type=int, default=24)
    parser.add_argument("--candidates", type=int, default=3)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    rules = PRESETS["standard"]
    bots = {s: load_bot("expert", args.seed * 8 + s.value) for s in SEATS}
    model_worth: list[float] = []
    search_worth: list[float] = []
    times: list[float] = []
    agree = 0
    for deal in range(args.deals):
        state = new_game(rules, SEATS[rng.randrange(4)])
        state = apply(state, Deal.from_number(rules, rng.randrange(1 << 40), state.dealer))
        while state.phase not in (Phase.TRUMP, Phase.HAND_SCORED, Phase.GAME_OVER):
            seat = state.to_act
            assert seat is not None
            state = apply(state, bots[seat].decide(observe(state, seat)).action)
        if state.phase is not Phase.TRUMP or state.to_act is None or state.hand is None:
            continue
        view = observe(state, state.to_act)
        assert view.contract is not None and view.declarer is not None
        if view.contract.no_trump or view.contract.is_kaiser:
            continue
        named = bots[state.to_act].decide(view).action
        assert isinstance(named, NameTrump) and named.suit is not None
        start = time.process_time()
        searched = played_out_trump(
            view, random.Random(deal), auction_filter(view), args.candidates, args.layouts
        )
        times.append(time.process_time() - start)
        hands = [[c.index for c in h] for h in state.hand.hands]
        outcome = outcome_for(view)
        model_worth.append(contract_worth(hands, named.suit.value, view.declarer.value, outcome))
        search_worth.append(contract_worth(hands, searched, view.declarer.value, outcome))
        agree += searched == named.suit.value
    if len(model_worth) < 2:
        print("fewer than two suit contracts: nothing to compare")
        return 1
    gains = [b - a for a, b in zip(model_worth, search_worth, strict=True)]
    half = 1.96 * statistics.stdev(gains) / len(gains) ** 0.5
    print(
        f"{len(gains)} suit contracts; the two choices agree on {agree}\n"
        f"the hand's score for the declaring side, all cards open: model "
        f"{statistics.mean(model_worth):+.2f}, played out {statistics.mean(search_worth):+.2f}"
        f"\nplayed out minus model: {statistics.mean(gains):+.2f} ± {half:.2f} (95%)\n"
        f"search CPU time per decision: median {1000 * statistics.median(times):.0f} ms, "
        f"max {1000 * max(times):.0f} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
