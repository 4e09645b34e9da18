"""The hand review's numbers against direct solver calls, and the costly-card rule."""

from __future__ import annotations

import random

import pytest

from kaiser_desktop.ai import review as review_module
from kaiser_desktop.ai.expert import ExpertBot
from kaiser_desktop.ai.review import (
    GUESS,
    MISTAKE,
    OTHERS,
    ReviewError,
    hand_replay,
    play_states,
    review_hand,
)
from kaiser_desktop.ai.search import SearchResult, ValueTable, outcome_for
from kaiser_desktop.ai.solver import NO_TRUMP, Position, Solver, mask_of
from kaiser_desktop.rules import (
    Action,
    GameState,
    MakeBid,
    Play,
    Seat,
    apply,
    observe,
)
from kaiser_desktop.rules.fast import FastPlay
from kaiser_lab.review_bench import played_hands

HANDS = played_hands(4, seed=21)


def _solve(state: GameState, team: int) -> int:
    pos = Position.from_fast(FastPlay.from_state(state))
    return Solver(pos.trump, pos.out).best(pos, team)


def _card_values(state: GameState, team: int) -> dict[int, int]:
    pos = Position.from_fast(FastPlay.from_state(state))
    return Solver(pos.trump, pos.out).card_values(pos, team)


@pytest.mark.parametrize("index", range(2))
def test_values_match_direct_solves(index: int) -> None:
    start, actions = HANDS[index]
    review = review_hand(start, actions, Seat.S, judge=False)
    _, befores, end = play_states(start, actions)
    team = Seat.S.team.value
    assert len(review.cards) == 32
    for i, (card, state) in enumerate(zip(review.cards, befores, strict=True)):
        assert card.before == _solve(state, team)  # a fresh solver on the same position
        assert card.after == (review.cards[i + 1].before if i < 31 else review.final)
        assert card.seat == state.to_act
    assert review.final == end.results[-1].raw[team]
    assert review.start_value == review.cards[0].before
    # The hands shown are the hands as the play began: each seat's eight cards.
    assert all(len(h) == 8 for h in review.hands)
    assert sorted(c for h in review.hands for c in h) == sorted(c.card for c in review.cards)


def test_costly_cards_follow_the_score_with_all_cards_open() -> None:
    costly_seen = 0
    for start, actions in HANDS:
        review = review_hand(start, actions, Seat.S, judge=False)
        _, befores, _ = play_states(start, actions)
        table = ValueTable(outcome_for(observe(befores[0], Seat.S)))
        for card, state in zip(review.cards, befores, strict=True):
            if card.number < 8 and not card.costly:
                continue  # (the first trick's full solves are slow; its costly cards count)
            mover = card.seat.team.value
            sign = 1 if mover == Seat.S.team.value else -1
            values = _card_values(state, Seat.S.team.value)
            worth = {c: sign * table.mine(v) for c, v in values.items()}
            assert values[card.card] == card.after
            if card.costly:
                costly_seen += 1
                assert worth[card.card] < max(worth.values())
                assert card.card not in card.best
                kept = max(values.values()) if sign == 1 else min(values.values())
                assert set(card.best) == {c for c, v in values.items() if v == kept}
            else:
                assert worth[card.card] == max(worth.values())
            if card.costly and card.seat == Seat.N:
                assert card.kind == OTHERS
            if not card.costly:
                assert card.kind == ""
        own = [c.number for c in review.cards if c.costly and c.seat == Seat.S]
        assert list(review.costly_own) == own
    assert costly_seen > 0


def _with_search_choice(monkeypatch: pytest.MonkeyPatch, pick: str) -> None:
    """A stand-in for the view-only search: it prefers the played card, or a best one."""

    def fake(state: GameState, seat: Seat, rng: random.Random) -> SearchResult:
        view = observe(state, seat)
        legal = [a.card.index for a in view.legal if isinstance(a, Play)]
        values = _card_values(state, seat.team.value)
        table = ValueTable(outcome_for(view))
        if pick == "best":
            top = max(legal, key=lambda c: table.mine(values[c]))
        else:
            top = fake.played[state]  # type: ignore[attr-defined]
        scores = {c: (1.0 if c == top else 0.0) for c in legal}
        return SearchResult(scores, 1, "test", scores)

    fake.played = {}  # type: ignore[attr-defined]
    monkeypatch.setattr(review_module, "view_search", fake)
    for start, actions in HANDS:
        _, befores, _ = play_states(start, actions)
        plays = [a for a in actions if isinstance(a, Play)]
        for state, play in zip(befores, plays, strict=True):
            fake.played[state] = play.card.index  # type: ignore[attr-defined]


def _costly_own(review: review_module.HandReview) -> list[review_module.CardReview]:
    return [review.cards[i] for i in review.costly_own]


def test_a_loss_the_search_also_avoids_is_a_mistake(monkeypatch: pytest.MonkeyPatch) -> None:
    _with_search_choice(monkeypatch, "best")
    seen = 0
    for start, actions in HANDS:
        review = review_hand(start, actions, Seat.S)
        for card in _costly_own(review):
            seen += 1
            assert card.kind == MISTAKE
            assert card.search_card in card.best
        if seen:
            break  # one hand with costly cards is enough
    assert seen > 0


def test_a_loss_the_search_would_not_avoid_is_a_guess(monkeypatch: pytest.MonkeyPatch) -> None:
    _with_search_choice(monkeypatch, "played")
    seen = 0
    for start, actions in HANDS:
        review = review_hand(start, actions, Seat.S)
        for card in _costly_own(review):
            seen += 1
            assert card.kind == GUESS
            assert card.search_card == card.card
        assert review.mistakes == ()
        if seen:
            break
    assert seen > 0


def test_bidding_against_direct_solves_and_the_experts_call() -> None:
    start, actions = HANDS[0]
    review = review_hand(start, actions, Seat.S, judge=False)
    bidding = review.bidding
    assert bidding is not None
    first, _, _ = play_states(start, actions)
    hands = FastPlay.from_state(first).hands
    team = Seat.S.team.value
    direct = {
        t: Solver(t).best(Position([mask_of(h) for h in hands], t, Seat.S.value), team)
        for t in (0, 1, 2, 3, NO_TRUMP)
    }
    assert bidding.best is not None
    trump, value = bidding.best
    assert value == max(direct.values())
    assert direct[trump] == value
    state, calls = start, []
    expert = None
    for action in actions:
        if isinstance(action, MakeBid) and state.to_act == Seat.S:
            calls.append(action.bid)
            if expert is None:
                decision = ExpertBot(seed=7).decide(observe(state, Seat.S))
                assert isinstance(decision.action, MakeBid)
                expert = decision.action.bid
        state = apply(state, action)
    assert bidding.expert_bid == expert
    assert bidding.viewer_bid == max(calls, key=lambda b: b.key)


def test_hand_replay_gives_each_hand_of_a_game() -> None:
    start, actions = HANDS[1]
    state = start
    for action in actions:
        state = apply(state, action)
    again_start, again = hand_replay(state, state.results[-1].number)
    assert again == actions
    assert again_start.scores == start.scores
    with pytest.raises(ReviewError):
        hand_replay(state, 99)


def test_an_unfinished_hand_is_refused_in_a_sentence() -> None:
    start, actions = HANDS[2]
    cut: list[Action] = actions[:-3]
    with pytest.raises(ReviewError, match="played to its last trick"):
        review_hand(start, cut, Seat.S)


def test_a_reused_solver_values_the_reviewed_card_as_a_fresh_one_does() -> None:
    """The hand where a solver reused along the hand once gave a wrong value ({3: 4} where
    a fresh one gives {3: 10}): the window-closing bug, fixed in the solver."""
    start, actions = HANDS[2]
    _, befores, _ = play_states(start, actions)
    first = Position.from_fast(FastPlay.from_state(befores[0]))
    later = Position.from_fast(FastPlay.from_state(befores[18]))
    reused = Solver(first.trump, first.out)
    reused.best(first, 0)
    fresh = Solver(first.trump, first.out).card_values(later, 0)
    review = review_hand(start, actions, Seat.S, judge=False)
    assert review.cards[18].after == fresh[review.cards[18].card]
    assert reused.card_values(later, 0) == fresh
