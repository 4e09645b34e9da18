"""The bidding part of a hand's review: what the viewer's side could have made with all
cards open in each trump, against what was bid; and what the Expert would have bid from
the viewer's own cards (only those, and the calls before it).

Plain data for the ui to word; no Qt.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from kaiser_desktop.ai.expert import ExpertBot
from kaiser_desktop.ai.solver import NO_TRUMP, Position, Solver, mask_of
from kaiser_desktop.rules import Action, Bid, GameState, MakeBid, Phase, Play, Seat, apply, observe
from kaiser_desktop.rules.fast import FastPlay

TRUMPS = (0, 1, 2, 3, NO_TRUMP)  # suit values, then no trump


@dataclass(frozen=True, slots=True)
class BiddingReview:
    """`could_make` holds (trump, raw points): the trump in which the viewer's side,
    with the viewer declaring (leading the first trick), makes the most with all cards
    open (one entry; none for a Kaiser bid or a kitty)."""

    could_make: tuple[tuple[int, int], ...]
    viewer_bid: Bid | None  # the viewer's highest call (a pass is Bid(0)); None: no call
    expert_bid: Bid | None  # what the Expert would have called in the viewer's place
    declarer: Seat
    contract: Bid
    nodes: int = 0

    @property
    def best(self) -> tuple[int, int] | None:
        """The trump worth most raw points (no trump first on a tie: it scores double)."""
        if not self.could_make:
            return None
        return max(self.could_make, key=lambda tv: (tv[1], tv[0] == NO_TRUMP))


def review_bidding(
    start: GameState,
    actions: list[Action],
    viewer: Seat,
    *,
    solver_factory: Callable[[int, int], Solver] = Solver,
) -> BiddingReview | None:
    """None for a hand that was not bid and played."""
    state = start
    viewer_calls: list[Bid] = []
    expert: Bid | None = None
    first_play: GameState | None = None
    for action in actions:
        if isinstance(action, MakeBid) and state.to_act == viewer:
            if expert is None:
                expert = _expert_call(state, viewer)
            viewer_calls.append(action.bid)
        if isinstance(action, Play) and first_play is None:
            first_play = state
        state = apply(state, action)
    if first_play is None or first_play.phase is not Phase.PLAY:
        return None
    hand = first_play.hand
    assert hand is not None and hand.declarer is not None and hand.contract is not None
    could: tuple[tuple[int, int], ...] = ()
    nodes = 0
    # Kaiser bids and a kitty change who holds what; the open-cards figure would mislead.
    if hand.out_of_play is None and not start.rules.kitty:
        hands = FastPlay.from_state(first_play).hands
        team = viewer.team.value
        ours = hands[viewer.value] + hands[viewer.partner.value]
        # The side's longest suit first: its value is solved in full, and every other
        # trump only has to beat it (one null-window probe each, most of them failing).
        order = sorted(TRUMPS, key=lambda t: -sum(1 for c in ours if c >> 4 == t))
        best: tuple[int, int] | None = None
        for trump in order:
            solver = solver_factory(trump, -1)
            pos = Position([mask_of(h) for h in hands], trump, viewer.value)
            if best is None or solver.can_reach(pos, team, best[1] + 1):
                best = (trump, solver.best(pos, team))
            nodes += solver.nodes
        assert best is not None
        could = (best,)
    viewer_bid = max(viewer_calls, key=lambda b: b.key) if viewer_calls else None
    return BiddingReview(could, viewer_bid, expert, hand.declarer, hand.contract, nodes)


def _expert_call(state: GameState, seat: Seat) -> Bid | None:
    """The Expert's call from `seat`'s view: its own cards and the calls so far."""
    view = observe(state, seat)
    decision = ExpertBot(seed=7).decide(view)
    return decision.action.bid if isinstance(decision.action, MakeBid) else None
