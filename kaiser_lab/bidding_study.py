"""How the computer players bid: contract levels, no trump, made or set, who declares.

    python -m kaiser_lab.bidding_study --deals 300 --jobs 2 --seed 5

Plays single hands (scores 0-0, standard rules unless --rules/--preset) at tables of each
level and at mixed tables ("expert/basic": North-South Expert, East-West Basic), and prints
per table: the share of contracts at the minimum, one above, two or more above (8+ under
standard rules), the no-trump share, how many were made, which seat declared (counted from
the dealer's left), how often the dealer was forced after three passes, and how many
bidding turns were bids. The same deals are used at every table. `--play basic` plays the
cards with Basic at every seat (much quicker; the auction is unchanged, the made rate is
then Basic's).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

import kaiser_lab.aggressive
import kaiser_lab.frozen_v0_1  # noqa: F401  (registers the levels, "aggressive", "expert-v0.1")
from kaiser_desktop.ai.base import Bot
from kaiser_desktop.rules import SEATS, Deal, MakeBid, Phase, Play, RuleSet, Seat, apply, new_game
from kaiser_desktop.rules import observe as observe_seat
from kaiser_lab.arena import load_bot, parse_rules

TABLES = ["expert", "standard", "basic", "expert-v0.1", "expert/standard", "expert/basic"]
# Goals for a table of Experts (the issue's): at most half at the minimum, a tenth at +2.
GOAL_MIN_SHARE = 0.50
GOAL_HIGH_SHARE = 0.10
GOAL_MADE = (0.65, 0.85)


@dataclass
class Auction:
    """One hand's auction and result, as the study records it."""

    levels_above_min: int | None  # None when thrown in
    no_trump: bool = False
    made: bool = False
    declarer_position: int = 0  # 1..4 from the dealer's left; 4 is the dealer
    declarer_level: str = ""
    dealer_forced: bool = False
    turns: int = 0
    bids: int = 0


@dataclass
class TableStats:
    auctions: list[Auction] = field(default_factory=list)

    def lines(self, name: str, min_bid: int) -> list[str]:
        played = [a for a in self.auctions if a.levels_above_min is not None]
        n = len(played) or 1
        levels = Counter(min(2, a.levels_above_min or 0) for a in played)
        pos = Counter(a.declarer_position for a in played)
        made = sum(a.made for a in played)
        turns = sum(a.turns for a in self.auctions) or 1
        out = [
            f"{name}: {len(played)} contracts",
            f"  level: {min_bid} {levels[0] / n:.1%}   {min_bid + 1} {levels[1] / n:.1%}   "
            f"{min_bid + 2}+ {levels[2] / n:.1%}   "
            f"no trump {sum(a.no_trump for a in played) / n:.1%}",
            f"  made {made / n:.1%}  set {(len(played) - made) / n:.1%}   "
            f"dealer forced {sum(a.dealer_forced for a in self.auctions) / len(self.auctions):.1%}"
            f"   bids per turn {sum(a.bids for a in self.auctions) / turns:.1%}",
            "  declarer seat from dealer's left: "
            + "  ".join(f"{p} {pos[p] / n:.1%}" for p in (1, 2, 3, 4)),
        ]
        by_level = Counter(a.declarer_level for a in played)
        if len(by_level) > 1:
            parts = []
            for lv, k in sorted(by_level.items()):
                theirs = [a for a in played if a.declarer_level == lv]
                won = sum(a.made for a in theirs)
                at = Counter(min(2, a.levels_above_min or 0) for a in theirs)
                # Each side's own contract levels: what a person at the table sees it bid.
                parts.append(
                    f"{lv} {k / n:.1%} (made {won / k:.0%}; at {min_bid} {at[0] / k:.0%}, "
                    f"{min_bid + 1} {at[1] / k:.0%}, {min_bid + 2}+ {at[2] / k:.0%})"
                )
            out.append("  declared by: " + "  ".join(parts))
        return out

    def goals(self) -> list[str]:
        played = [a for a in self.auctions if a.levels_above_min is not None]
        n = len(played) or 1
        low = sum(a.levels_above_min == 0 for a in played) / n
        high = sum((a.levels_above_min or 0) >= 2 for a in played) / n
        made = sum(a.made for a in played) / n

        def mark(ok: bool) -> str:
            return "met" if ok else "SHORT"

        return [
            f"  goal: at the minimum <= {GOAL_MIN_SHARE:.0%}: {low:.1%} "
            f"{mark(low <= GOAL_MIN_SHARE)}",
            f"  goal: two or more above the minimum >= {GOAL_HIGH_SHARE:.0%}: {high:.1%} "
            f"{mark(high >= GOAL_HIGH_SHARE)}",
            f"  goal: made {GOAL_MADE[0]:.0%}-{GOAL_MADE[1]:.0%}: {made:.1%} "
            f"{mark(GOAL_MADE[0] <= made <= GOAL_MADE[1])}",
        ]


def _bots(table: str, seed: int) -> tuple[dict[Seat, Bot], dict[Seat, str]]:
    ns, _, ew = table.partition("/")
    ew = ew or ns
    levels = {s: ns if s.value % 2 == 0 else ew for s in SEATS}
    return {s: load_bot(levels[s], seed * 8 + s.value) for s in SEATS}, levels


def study_deal(args: tuple[str, RuleSet, int, int, str]) -> Auction:
    table, rules, seed, index, play = args
    rng = random.Random(seed * 1_000_003 + index)
    dealer = SEATS[rng.randrange(4)]
    base = rng.randrange(1 << 40)
    bots, levels = _bots(table, seed)
    player = load_bot(play, seed) if play != "table" else None
    state = apply(new_game(rules, dealer), Deal.from_number(rules, base * 64, dealer))
    attempt = 0
    turns = bids = 0
    while True:
        if state.phase in (Phase.HAND_SCORED, Phase.GAME_OVER):
            if state.results[-1].kind != "redeal":
                break
            attempt += 1
            turns = bids = 0
            state = apply(state, Deal.from_number(rules, base * 64 + attempt, dealer))
            continue
        seat = state.to_act
        assert seat is not None
        view = observe_seat(state, seat)
        bot = bots[seat] if player is None or state.phase is not Phase.PLAY else player
        action = bot.decide(view).action
        if isinstance(action, MakeBid):
            turns += 1
            bids += not action.bid.is_pass
        elif not isinstance(action, Play) and player is not None and state.phase is Phase.PLAY:
            raise RuntimeError("unexpected action in play")
        state = apply(state, action)
    result = state.results[-1]
    hand_bids = state.hand.bids if state.hand is not None else ()
    forced = bool(hand_bids) and len(hand_bids) >= 4 and all(b.is_pass for b in hand_bids[:3])
    if result.kind != "played" or result.contract is None or result.declarer is None:
        return Auction(None, dealer_forced=forced, turns=turns, bids=bids)
    position = next(i for i in range(1, 5) if dealer.after(i) == result.declarer)
    return Auction(
        levels_above_min=result.contract.level - rules.min_bid,
        no_trump=result.contract.no_trump,
        made=bool(result.made),
        declarer_position=position,
        declarer_level=levels[result.declarer],
        dealer_forced=forced,
        turns=turns,
        bids=bids,
    )


def run_table(
    table: str, rules: RuleSet, seed: int, deals: int, jobs: int, play: str
) -> TableStats:
    tasks = [(table, rules, seed, i, play) for i in range(deals)]
    if jobs <= 1:
        auctions = [study_deal(t) for t in tasks]
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            auctions = list(pool.map(study_deal, tasks, chunksize=4))
    return TableStats(auctions)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kaiser_lab.bidding_study", description=__doc__)
    parser.add_argument("--tables", default=",".join(TABLES), help="comma-separated tables")
    parser.add_argument("--deals", type=int, default=300, help="hands per table")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rules", default=None, help="JSON as in a record: '{\"min_bid\":7}'")
    parser.add_argument("--preset", default=None)
    parser.add_argument("--play", default="table", help="'table' or a level for the card play")
    args = parser.parse_args(argv)
    rules = parse_rules(args.rules, args.preset)
    print(f"rules: {json.dumps(rules.to_json())}  deals per table: {args.deals}  "
          f"seed: {args.seed}  play: {args.play}")  # fmt: skip
    for table in args.tables.split(","):
        started = time.perf_counter()
        stats = run_table(table, rules, args.seed, args.deals, args.jobs, args.play)
        lines = stats.lines(table, rules.min_bid)
        if table == "expert":
            lines += stats.goals()
        lines.append(f"  ({time.perf_counter() - started:.0f} s)")
        print("\n".join(lines), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
