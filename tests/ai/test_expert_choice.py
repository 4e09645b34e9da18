"""The Expert's use of its thinking time (issue 39): every layout late in the hand, and
cards that tie for best parted on more layouts so a dominated card is not chosen."""

from __future__ import annotations

import itertools
import random
from math import factorial

from aitestkit import cards, play_position

from kaiser_desktop.ai.card_play import (
    PlayBudget,
    chosen,
    level_best,
    part_level,
    settle_ties,
)
from kaiser_desktop.ai.common import HOLE, Knowledge, knowledge
from kaiser_desktop.ai.search import (
    PlayContext,
    SearchResult,
    ValueTable,
    all_layouts,
    make_sampler,
    outcome_for,
    play_context,
    solve_raw,
)
from kaiser_desktop.rules import Card, Play, PlayerView, Seat, Trick, observe

A, B = 0x20, 0x30  # two suits' lanes (suit * 16)


def _knowledge(voids: list[int]) -> Knowledge:
    # S (seat 2) sees 6 cards out, 2 in each other hand and none in the hole.
    out = [A + 5, A + 6, A + 7, B + 5, B + 6, B + 7]
    return Knowledge(2, [A + 9], set(), out, [2, 2, 0, 2, 0], [[]] * 5, voids, False)


def _brute(k: Knowledge) -> set[tuple[tuple[int, ...], ...]]:
    found: set[tuple[tuple[int, ...], ...]] = set()
    for perm in itertools.permutations(k.unseen):
        hands = (tuple(sorted(perm[0:2])), tuple(sorted(perm[2:4])), tuple(sorted(perm[4:6])))
        ok = all(k.may_hold(s, c) for s, h in zip((0, 1, 3), hands, strict=True) for c in h)
        if ok:
            found.add(hands)
    return found


def test_all_layouts_lists_each_possible_layout_once() -> None:
    k = _knowledge([0, 0, 0, 0, 0])
    layouts = all_layouts(k, 1000)
    assert layouts is not None
    assert len(layouts) == factorial(6) // 8 == 90
    assert {tuple(tuple(sorted(h[s])) for s in (0, 1, 3)) for h in layouts} == _brute(k)
    assert all(h[2] == [A + 9] and h[HOLE] == [] for h in layouts)


def test_all_layouts_keeps_the_voids_shown_and_gives_up_past_the_limit() -> None:
    k = _knowledge([0, 1 << 3, 0, 0, 0])  # E has shown out of suit B
    layouts = all_layouts(k, 1000)
    assert layouts is not None
    # E holds two of the three A cards (3 ways); N and W share the other four (6 ways).
    assert len(layouts) == len(_brute(k)) == 18
    assert all(not any(c >> 4 == B >> 4 for c in h[1]) for h in layouts)
    assert all_layouts(_knowledge([0, 0, 0, 0, 0]), 89) is None


def _view(south: str) -> PlayerView:
    # No trump; the 5♥ and the 3♠ are gone; W leads the K♣, N and E follow low, S has none.
    earlier = (
        Trick((Seat.W, Seat.N, Seat.E, Seat.S), cards("5H 8H 9H QH")),
        Trick((Seat.S, Seat.W, Seat.N, Seat.E), cards("3S 8S 9S TS")),
    )
    state = play_position(
        {Seat.S: south, Seat.W: "TD", Seat.N: "8D", Seat.E: "9D"},
        None, Seat.E, "7NT", Seat.W, played="KC 8C 9C", tricks=earlier,
    )  # fmt: skip
    return observe(state, Seat.S)


def _settle(view: PlayerView, tied: list[str]) -> dict[int, float]:
    ctx = play_context(view)
    k = knowledge(view)
    scores = {Card.from_text(t).index: 0.0 for t in tied}
    res = SearchResult(dict(scores), 4, "pimc", dict(scores))
    budget = PlayBudget(0, 8, {}, tie_samples=100)
    values = ValueTable(outcome_for(view))
    settle_ties(ctx, res, set(k.unseen), make_sampler(k), values, random.Random(1), budget)
    return res.scores


def test_a_tie_is_parted_for_the_card_never_worse() -> None:
    # The J♠ can never win a trick (the Q♠ K♠ A♠ are out), the Q♦ can: throwing the J♠ is
    # never worse and sometimes better, so a tie between them goes to the J♠.
    scores = _settle(_view("QD JS"), ["QD", "JS"])
    assert scores[Card.from_text("JS").index] > scores[Card.from_text("QD").index]
    assert max(scores.values()) == 0.0  # the winner keeps the score it tied on


def test_touching_cards_are_left_tied() -> None:
    scores = _settle(_view("KD QD"), ["KD", "QD"])
    assert scores == {Card.from_text("KD").index: 0.0, Card.from_text("QD").index: 0.0}


def test_a_tie_late_in_the_hand_is_parted_on_every_layout() -> None:
    view = _view("QD JS")
    layouts = all_layouts(knowledge(view), 10_000)
    assert layouts is not None
    ctx, k = play_context(view), knowledge(view)
    scores = {Card.from_text(t).index: 0.0 for t in ("QD", "JS")}
    res = SearchResult(dict(scores), 4, "exact", dict(scores))
    budget = PlayBudget(0, 8, {}, tie_samples=1)  # one sample: the layouts, all of them
    values = ValueTable(outcome_for(view))
    settle_ties(ctx, res, set(k.unseen), make_sampler(k), values, random.Random(1), budget, layouts)
    assert res.scores[Card.from_text("JS").index] == 0.0
    assert res.scores[Card.from_text("QD").index] < 0.0


def test_card_values_for_a_few_cards_match_the_full_solve() -> None:
    view = _view("QD JS")
    ctx, k = play_context(view), knowledge(view)
    layouts = all_layouts(k, 10_000)
    assert layouts is not None
    for hands in layouts[:30]:
        full, _ = solve_raw(ctx, hands)
        sub = PlayContext(
            ctx.seat, ctx.trump, ctx.out, ctx.trick, ctx.trick_seats, ctx.banked, [ctx.legal[0]]
        )
        part, _ = solve_raw(sub, hands)
        assert full is not None and part is not None
        assert part == {ctx.legal[0]: full[ctx.legal[0]]}


def test_level_cards_go_by_raw_points_first() -> None:
    qd, js = Card.from_text("QD").index, Card.from_text("JS").index
    res = SearchResult({qd: 1.0, js: 1.0}, 10, "pimc", {qd: 1.0, js: 1.0}, raw={qd: 2.0, js: 2.1})
    assert level_best(res) == [js]
    res.raw[qd] = 2.1
    assert sorted(level_best(res)) == sorted([qd, js])


def test_a_card_level_on_the_layouts_searched_is_compared_on_more() -> None:
    # Q♦ and J♠ level on the layouts searched (none here): on more, the J♠ is never worse
    # and sometimes better, so the choice leaves the Q♦ the rule of thumb would keep.
    view = _view("QD JS")
    ctx, k = play_context(view), knowledge(view)
    qd, js = Card.from_text("QD").index, Card.from_text("JS").index
    res = SearchResult({qd: 0.0, js: 0.0}, 4, "pimc", {qd: 0.0, js: 0.0}, raw={qd: 1.0, js: 1.0})
    budget = PlayBudget(0, 8, {}, tie_layouts=200, tie_nodes=1_000_000)
    values = ValueTable(outcome_for(view))
    part_level(
        ctx,
        res,
        k,
        make_sampler(k),
        values,
        random.Random(1),
        budget,
        Play(Card.from_text("QD")),
        [],
    )
    assert level_best(res) == [js]


def test_a_card_ahead_on_the_layouts_searched_is_kept() -> None:
    # The J♠ was worse on 5 of the layouts searched: not within noise, not compared again.
    view = _view("QD JS")
    ctx, k = play_context(view), knowledge(view)
    qd, js = Card.from_text("QD").index, Card.from_text("JS").index
    res = SearchResult({qd: 1.0, js: 0.0}, 5, "pimc", {qd: 1.0, js: 0.0}, raw={qd: 3.0, js: 2.0})
    budget = PlayBudget(0, 8, {}, tie_layouts=200, tie_nodes=1_000_000)
    values = ValueTable(outcome_for(view))
    seen = [{qd: 3, js: 2}] * 5
    part_level(
        ctx,
        res,
        k,
        make_sampler(k),
        values,
        random.Random(1),
        budget,
        Play(Card.from_text("QD")),
        seen,
    )
    assert level_best(res) == [qd]


def test_a_guess_for_the_first_card_gives_the_same_values() -> None:
    view = _view("QD JS")
    ctx, k = play_context(view), knowledge(view)
    layouts = all_layouts(k, 10_000)
    assert layouts is not None
    for hands in layouts[:20]:
        plain, _ = solve_raw(ctx, hands)
        for guess in (-3, 0, 4, 13):
            assert solve_raw(ctx, hands, 0, guess)[0] == plain


def test_no_more_layouts_once_the_decision_has_used_its_nodes() -> None:
    view = _view("QD JS")
    ctx, k = play_context(view), knowledge(view)
    qd, js = Card.from_text("QD").index, Card.from_text("JS").index
    budget = PlayBudget(0, 8, {}, tie_layouts=200, tie_nodes=1_000_000, decision_nodes=500_000)
    values = ValueTable(outcome_for(view))
    for spent, expect in ((500_000, [qd]), (0, [js])):
        scores = {qd: 0.0, js: 0.0}
        res = SearchResult(dict(scores), 4, "pimc", dict(scores), raw={qd: 1.0, js: 1.0})
        basic = Play(Card.from_text("QD"))
        part_level(ctx, res, k, make_sampler(k), values, random.Random(1), budget, basic, [], spent)
        assert chosen(level_best(res), qd) == expect[0]
