"""Does the Expert's bidding roll-out foresee the competition it meets? (a command, not a test)

    python tools/check_competition.py --deals 400 --seed 11

Runs one-round auctions at a table of four of one level (standard rules, scores 0-0) and,
for each of the Expert's calls, compares what its roll-out (`ai/bid_rollout.py`) predicted
about the seats still to speak with what they really did:
- after a bid (not the dealer's): the predicted chance an opponent takes the contract
  from it, and how often one did;
- after a pass: the predicted chance the opponents end up declaring, and how often they did;
- at a minimum bid where one level higher was priced too: what the roll-out thought the
  raise was worth (points per deal, ours minus theirs) and how much of the outbidding it
  would have stopped.
The roll-out's numbers are read from the options it prices (its `Option` and `PassStory`
records, caught as they are made), so nothing in the bidding is changed.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kaiser_desktop.ai import bid_rollout
from kaiser_desktop.rules import SEATS, Deal, MakeBid, Phase, apply, new_game, observe
from kaiser_lab.arena import PRESETS, load_bot

caught: list[Any] = []


def _catching(make: Any) -> Any:
    def made(*args: Any) -> Any:
        record = make(*args)
        caught.append(record)
        return record

    return made


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--level", default="expert")
    args = parser.parse_args()
    option_type, story_type = bid_rollout.Option, bid_rollout.PassStory
    bid_rollout.Option = _catching(option_type)  # type: ignore[misc]
    bid_rollout.PassStory = _catching(story_type)  # type: ignore[misc]
    rules = PRESETS["standard"]
    rng = random.Random(args.seed)
    bots = {s: load_bot(args.level, 100 + s.value) for s in SEATS}
    bids: dict[str, list[float]] = defaultdict(lambda: [0, 0.0, 0])
    passes = [0, 0.0, 0]
    raises = [0, 0.0, 0.0, 0.0]
    for _ in range(args.deals):
        state = new_game(rules, SEATS[rng.randrange(4)])
        state = apply(state, Deal.from_number(rules, rng.randrange(1 << 40), state.dealer))
        calls = []
        while state.phase is Phase.BIDDING:
            seat = state.to_act
            assert seat is not None
            view = observe(state, seat)
            caught.clear()
            action = bots[seat].decide(view).action
            assert isinstance(action, MakeBid)
            options = {o.bid: o for o in caught if isinstance(o, option_type)}
            story = next((s for s in caught if isinstance(s, story_type)), None)
            calls.append((seat, len(view.bids), action.bid, options, story))
            state = apply(state, action)
        declarer = state.hand.declarer if state.hand is not None else None
        for seat, position, bid, options, story in calls:
            if position == 3:
                continue  # the dealer speaks last: nobody can outbid it
            theirs = declarer is not None and declarer.team != seat.team
            if bid.is_pass:
                if story is not None:
                    passes[0] += 1
                    passes[1] += story.opponents_declare
                    passes[2] += theirs
                continue
            if bid in options:
                row = bids[f"seat {position + 1}, {bid.level}{' no' if bid.no_trump else ''}"]
                row[0] += 1
                row[1] += options[bid].taken
                row[2] += theirs
            up = next(
                (o for b, o in options.items() if b.no_trump == bid.no_trump and
                 b.level == bid.level + 1), None,
            )  # fmt: skip
            if bid.level == rules.min_bid and up is not None and bid in options:
                raises[0] += 1
                raises[1] += up.value - options[bid].value
                raises[2] += options[bid].taken
                raises[3] += options[bid].taken - up.taken
    print(f"{args.deals} auctions at a table of {args.level}, seed {args.seed}")
    print("bids, by seat from the dealer's left: calls  predicted taken by an opponent  taken")
    total = [0, 0.0, 0]
    for key in sorted(bids):
        n, predicted, taken = bids[key]
        total = [total[0] + n, total[1] + predicted, total[2] + taken]
        if n >= 5:
            print(f"  {key:<14} {n:5.0f}   {predicted / n:6.1%}   {taken / n:6.1%}")
    n = max(1, int(total[0]))
    print(f"  all bids       {total[0]:5.0f}   {total[1] / n:6.1%}   {total[2] / n:6.1%}")
    p = max(1, int(passes[0]))
    print(
        f"passes: {passes[0]:.0f}, predicted the opponents declare {passes[1] / p:.1%}, "
        f"they did {passes[2] / p:.1%}"
    )
    r = max(1, int(raises[0]))
    print(
        f"minimum bids with a raise priced: {raises[0]:.0f}; the raise was worth "
        f"{raises[1] / r:+.2f} points per deal, the minimum was taken {raises[2] / r:.1%} "
        f"of the time and the raise would have stopped {raises[3] / r:.1%}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
