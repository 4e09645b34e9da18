"""The review of a finished hand: what perfect play with all cards open would have made.

`review_hand(start, actions, viewer)` replays one hand (the state before its deal and the
hand's actions, as `hand_replay` gives them) and returns plain data, no words: for every
card played, the viewer's side's final raw points with all cards open before and after it
(the exact solver, `solver.py`); which cards cost the viewer's side points; and, for each
of the viewer's own costly cards, what a search over the layouts the viewer *could see*
preferred (the Expert's own view). A loss that search would not have avoided was a
reasonable guess, not a mistake: the ui says so. The bidding part is `review_bidding.py`.

The ui words it all (translatable); nothing here is text a person reads.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from kaiser_desktop.ai.common import knowledge
from kaiser_desktop.ai.expert import auction_filter
from kaiser_desktop.ai.review_bidding import BiddingReview, review_bidding
from kaiser_desktop.ai.search import (
    SearchResult,
    ValueTable,
    ismcts,
    make_sampler,
    outcome_for,
    pimc,
    play_context,
)
from kaiser_desktop.ai.solver import Position, Solver
from kaiser_desktop.rules import (
    Action,
    Card,
    Deal,
    GameState,
    Phase,
    Play,
    Seat,
    apply,
    observe,
    record,
)
from kaiser_desktop.rules.fast import FastPlay

# What a costly card of the viewer's side was, once the view-only search has looked at it.
MISTAKE = "mistake"  # the search over what the player could see also avoided the loss
GUESS = "guess"  # the search chose the same, or did no better: a reasonable guess
OTHERS = "others"  # a costly card of the viewer's partner (not judged with a search)

# The view-only search's work, in steps (the same hand reviews the same on any machine).
PIMC_FROM = 6  # cards in hand at or below which the layouts are solved exactly
PIMC_SAMPLES = 16
PIMC_NODES = 120_000
PIMC_SOLVE_LIMIT = 30_000
ISMCTS_ITERATIONS = 400


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # the name lupdate looks for
    """Marks a sentence for translation; the ui translates it (ai/ has no Qt)."""
    return text


class ReviewError(ValueError):
    """The hand cannot be reviewed (not played to the end); one sentence for the ui."""


@dataclass(frozen=True, slots=True)
class CardReview:
    """One card of the play, valued for the viewer's side with all cards open."""

    number: int  # 0..31 in playing order
    trick: int  # 1..8
    seat: Seat
    card: int  # Card.index
    before: int  # the viewer's side's final raw points with perfect play from here
    after: int  # the same once this card is down
    costly: bool  # it cost the mover's side hand points (the score, not just raw points)
    best: tuple[int, ...] = ()  # cards that kept `before`, when it was costly
    kind: str = ""  # MISTAKE, GUESS or OTHERS for the viewer's side's costly cards
    search_card: int | None = None  # the card the view-only search preferred
    trick_winner: Seat | None = None  # set on the trick's last card


@dataclass(frozen=True, slots=True)
class HandReview:
    """Everything the review dialog shows of one hand."""

    number: int
    viewer: Seat
    dealer: Seat
    hands: tuple[tuple[int, ...], ...]  # by seat value: each seat's cards as the play began
    trump: int  # suit value, or -1 for no trump
    declarer: Seat
    contract_level: int
    no_trump: bool
    out: Seat | None  # the seat sitting out after a Kaiser bid
    cards: tuple[CardReview, ...]
    start_value: int  # the viewer's side's raw points with all cards open, before trick 1
    final: int  # what the viewer's side ended with (raw points)
    bidding: BiddingReview | None
    nodes: int = 0  # solver nodes used (the benchmark's figure)
    costly_own: tuple[int, ...] = field(default=())  # indexes into cards: the viewer's

    @property
    def mistakes(self) -> tuple[CardReview, ...]:
        return tuple(self.cards[i] for i in self.costly_own if self.cards[i].kind == MISTAKE)

    @property
    def guesses(self) -> tuple[CardReview, ...]:
        return tuple(self.cards[i] for i in self.costly_own if self.cards[i].kind == GUESS)


def hand_replay(state: GameState, number: int) -> tuple[GameState, list[Action]]:
    """The state just before hand `number`'s deal, and that hand's actions, from a game."""
    data = record.to_json(state)
    hands = data["hands"]
    if not 1 <= number <= len(hands):
        raise ReviewError(QT_TRANSLATE_NOOP("Review", "There is no such hand in this game."))
    prefix = record.from_json({**data, "hands": hands[:number]})
    return record.last_hand_actions(prefix)


def play_states(
    start: GameState, actions: list[Action]
) -> tuple[GameState, list[GameState], GameState]:
    """The state as the play begins, the state before each card, and the hand's end."""
    state = start
    before_cards: list[GameState] = []
    first_play: GameState | None = None
    for action in actions:
        if isinstance(action, Play):
            if first_play is None:
                first_play = state
            before_cards.append(state)
        elif isinstance(action, Deal) and before_cards:
            break
        state = apply(state, action)
    if first_play is None or state.phase not in (Phase.HAND_SCORED, Phase.GAME_OVER):
        raise ReviewError(
            QT_TRANSLATE_NOOP("Review", "Only a hand played to its last trick can be reviewed.")
        )
    return first_play, before_cards, state


def review_hand(
    start: GameState,
    actions: list[Action],
    viewer: Seat = Seat.S,
    *,
    seed: int = 1,
    judge: bool = True,
    progress: Callable[[int, int], None] | None = None,
) -> HandReview:
    """The whole review of one hand; `judge=False` skips the view-only searches.
    `progress(done, total)` is called as the work goes (from the caller's thread)."""
    first, befores, end = play_states(start, actions)
    hand = first.hand
    assert hand is not None and hand.declarer is not None and hand.contract is not None
    team = viewer.team.value
    table = ValueTable(outcome_for(observe(first, viewer)))  # the hand's score for us
    fast0 = FastPlay.from_state(first)
    solver = Solver(fast0.trump, fast0.out)
    positions = [Position.from_fast(FastPlay.from_state(s)) for s in befores]
    total = 2 * len(positions) + 4
    values = []
    for n, pos in enumerate(positions):
        values.append(solver.best(pos, team))
        if progress is not None:
            progress(n + 1, total)
    final = end.results[-1].raw[team]
    values.append(final)
    cards: list[CardReview] = []
    own: list[int] = []
    rng = random.Random(seed)
    for i, state in enumerate(befores):
        seat = state.to_act
        assert seat is not None
        card = _card_played(befores, i, actions)
        before, after = values[i], values[i + 1]
        mover_team = seat.team.value
        # Costly: the hand's score with all cards open fell for the side that moved.
        sign = 1 if mover_team == team else -1
        costly = sign * table.mine(after) < sign * table.mine(before)
        best: tuple[int, ...] = ()
        kind = ""
        search_card: int | None = None
        if costly:
            # Which cards kept `before`: null-window probes on the line's own solver
            # (its table is reused; a full-window card_values on it went wrong, see tests).
            target = before if mover_team == team else before + 1
            reach = solver.card_reaches(positions[i], team, target)
            best = tuple(sorted(c for c, ok in reach.items() if ok == (mover_team == team)))
            if mover_team == team:
                if seat == viewer and judge:
                    value_of = _values_of(solver, state, team, best, before, card, after)
                    search_card, kind = _judge(state, viewer, card, value_of, table, rng)
                elif seat == viewer:
                    kind = MISTAKE
                else:
                    kind = OTHERS
                if seat == viewer:
                    own.append(i)
        winner = _trick_winner(befores, i, actions)
        if progress is not None:
            progress(len(positions) + i + 1, total)
        cards.append(
            CardReview(
                i, i // _players(first) + 1, seat, card, before, after, costly, best, kind,
                search_card, winner,
            )
        )  # fmt: skip
    bidding = review_bidding(start, actions, viewer, solver_factory=Solver)
    if progress is not None:
        progress(total, total)
    return HandReview(
        hand.number, viewer, hand.dealer,
        tuple(tuple(c.index for c in cards) for cards in hand.hands),  # as the play began
        fast0.trump, hand.declarer, hand.contract.level, hand.contract.no_trump,
        hand.out_of_play, tuple(cards), values[0], final, bidding,
        solver.nodes + (bidding.nodes if bidding else 0), tuple(own),
    )  # fmt: skip


def _players(state: GameState) -> int:
    hand = state.hand
    return 3 if hand is not None and hand.out_of_play is not None else 4


def _card_played(befores: list[GameState], i: int, actions: list[Action]) -> int:
    plays = [a for a in actions if isinstance(a, Play)]
    return plays[i].card.index


def _trick_winner(befores: list[GameState], i: int, actions: list[Action]) -> Seat | None:
    """The trick's winner, on the card that completes it."""
    state = befores[i]
    hand = state.hand
    assert hand is not None and hand.current is not None
    if len(hand.current.cards) != len(hand.current.order) - 1:
        return None
    after = apply(state, [a for a in actions if isinstance(a, Play)][i])
    done = after.hand
    assert done is not None
    trick = done.tricks[-1]
    return trick.winner(done.trump)


def _judge(
    state: GameState,
    viewer: Seat,
    card: int,
    value_of: Callable[[int], int],
    table: ValueTable,
    rng: random.Random,
) -> tuple[int | None, str]:
    """Would a search over the layouts the player could see have avoided the loss?
    `value_of(card)`: the side's final raw points with all cards open after that card."""
    res = view_search(state, viewer, rng)
    if res is None:
        return None, GUESS
    top = max(res.scores.values())
    choice = min((c for c, v in res.scores.items() if v == top), key=lambda c: (c & 15, c))
    true_choice = table.mine(value_of(choice))
    true_played = table.mine(value_of(card))
    if true_choice > true_played and res.scores[card] < top:
        return choice, MISTAKE
    return choice, GUESS


def _values_of(
    solver: Solver,
    state: GameState,
    team: int,
    best: tuple[int, ...],
    before: int,
    played: int,
    after: int,
) -> Callable[[int], int]:
    """A card's value with all cards open: known for the best and the played card, else
    solved (null windows, on the line's solver) from the position after it."""

    def value(card: int) -> int:
        if card in best:
            return before
        if card == played:
            return after
        nxt = apply(state, Play(Card.from_index(card)))
        return solver.best(Position.from_fast(FastPlay.from_state(nxt)), team)

    return value


def view_search(state: GameState, seat: Seat, rng: random.Random) -> SearchResult | None:
    """The Expert's search from `seat`'s own view (never the hidden cards)."""
    view = observe(state, seat)
    legal = [a for a in view.legal if isinstance(a, Play)]
    if len(legal) < 2:
        return None
    sampler = make_sampler(knowledge(view), auction_filter(view))
    ctx = play_context(view)
    values = ValueTable(outcome_for(view))
    if len(view.hand) <= PIMC_FROM:
        res = pimc(ctx, sampler, values, rng, PIMC_SAMPLES, PIMC_NODES, PIMC_SOLVE_LIMIT)
        return res if res.samples else None
    return ismcts(ctx, sampler, values, rng, ISMCTS_ITERATIONS, smart_leads=True)
