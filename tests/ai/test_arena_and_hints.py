"""A tiny arena run prints every field; hints give a legal action and a reason."""

from __future__ import annotations

import re

import pytest

from kaiser_desktop.ai import hint
from kaiser_desktop.ai.common import knowledge, sample_hands
from kaiser_desktop.rules import Deal, Phase, RuleSet, Seat, apply, new_game, observe
from kaiser_lab.arena import main


def test_arena_smoke(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--a", "basic", "--b", "random", "--pairs", "2", "--jobs", "1", "--seed", "3",
                 "--rules", '{"min_bid": 7}']) == 0  # fmt: skip
    out = capsys.readouterr().out
    assert re.search(r"deal pairs: 2\b", out)
    m = re.search(r"net points per deal for A: ([+-]\d+\.\d+) +\(95% CI ([+-]\d+\.\d+) \.\. "
                  r"([+-]\d+\.\d+)", out)  # fmt: skip
    assert m and float(m.group(2)) <= float(m.group(1)) <= float(m.group(3))
    for side in "AB":
        c = re.search(rf"contracts {side}: bid (\d+)  made (\d+)  set (\d+)", out)
        assert c and int(c.group(1)) == int(c.group(2)) + int(c.group(3))
        for kind in ("all", "bid", "play"):
            t = re.search(rf"time {side} {kind} *: n (\d+)  median ([\d.]+) ms  p95 ([\d.]+) ms"
                          rf"  max ([\d.]+) ms", out)  # fmt: skip
            assert t and float(t.group(2)) <= float(t.group(4)) + 1e-9
    assert '"min_bid": 7' in out


def test_arena_games_smoke(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--a", "basic", "--b", "basic", "--games", "2", "--jobs", "1",
                 "--preset", "bidout47", "--rules", '{"target": 15}']) == 0  # fmt: skip
    out = capsys.readouterr().out
    g = re.search(r"games: (\d+)  A won (\d+) \(([\d.]+)%\)  B won (\d+)", out)
    assert g and int(g.group(1)) == 2 == int(g.group(2)) + int(g.group(4))


def test_hint_every_phase_gives_reason() -> None:
    rules = RuleSet(pass_to_partner=True, kitty=True)
    state = apply(new_game(rules, Seat.W), Deal.from_number(rules, 21, Seat.W))
    seen = set()
    while state.phase not in (Phase.HAND_SCORED, Phase.GAME_OVER):
        assert state.to_act is not None
        view = observe(state, state.to_act)
        d = hint(view, "basic" if state.phase is Phase.PLAY else "expert")
        assert d.action in view.legal and len(d.reason) > 10 and d.reason.endswith(".")
        seen.add(state.phase)
        state = apply(state, d.action)
    assert {Phase.PASSING, Phase.BIDDING, Phase.PLAY} <= seen


def test_knowledge_and_sampling_respect_what_is_seen() -> None:
    import random

    rules = RuleSet(kitty=True)
    state = apply(new_game(rules, Seat.N), Deal.from_number(rules, 8, Seat.N))
    from kaiser_desktop.ai import make_bot

    bot = make_bot("basic")
    while state.phase not in (Phase.HAND_SCORED, Phase.GAME_OVER):
        assert state.to_act is not None
        state = apply(state, bot.decide(observe(state, state.to_act)).action)
        if state.phase is not Phase.PLAY:
            continue
        for seat in Seat:
            view = observe(state, seat)
            k = knowledge(view)
            assert len(k.unseen) == sum(k.sizes)
            hands = sample_hands(k, random.Random(1))
            # The seats each card may go to are worked out once per picture: a reused
            # picture and a fresh one deal the same layout from the same seed.
            assert sample_hands(k, random.Random(1)) == hands
            assert sample_hands(knowledge(view), random.Random(1)) == hands
            assert state.hand is not None
            for s in range(4):
                assert len(hands[s]) == len(state.hand.hands[s])
                for c in hands[s]:
                    assert not (k.voids[s] >> (c >> 4)) & 1
