"""The double-dummy solver agrees exactly with brute-force minimax on small endings."""

from __future__ import annotations

import random

import pytest

from kaiser_desktop.ai.solver import Position, Solver, card_values, solve
from kaiser_desktop.rules import make_pack
from kaiser_desktop.rules.fast import FastPlay


def _brute(fp: FastPlay, team: int) -> int:
    if fp.finished:
        return (
            fp.won[team] + (5 if fp.five_team == team else 0) - (3 if fp.three_team == team else 0)
        )
    values = []
    for c in fp.legal_moves():
        fp.play(c)
        values.append(_brute(fp, team))
        fp.undo()
    return max(values) if fp.turn & 1 == team else min(values)


def _ending(rng: random.Random, tricks_left: int, kaiser: bool) -> FastPlay:
    pack = [c.index for c in make_pack()]
    rng.shuffle(pack)
    hands = [pack[i * 8 : (i + 1) * 8] for i in range(4)]
    out = rng.randrange(4) if kaiser else -1
    leader = rng.choice([s for s in range(4) if s != out])
    fp = FastPlay([list(h) for h in hands], rng.randrange(-1, 4), leader, out)
    players = 3 if kaiser else 4
    for _ in range((8 - tricks_left) * players + rng.randrange(players)):
        fp.play(rng.choice(fp.legal_moves()))
    return fp


@pytest.mark.parametrize("kaiser", [False, True])
def test_solver_matches_brute_force(kaiser: bool) -> None:
    rng = random.Random(11 if kaiser else 7)
    for trial in range(60):
        fp = _ending(rng, 2 + trial % 2, kaiser)
        pos = Position.from_fast(fp)
        team = fp.turn & 1
        exact = _brute(fp, team)
        assert solve(pos) == exact
        values = card_values(pos)
        for c in fp.legal_moves():
            fp.play(c)
            assert values[c] == _brute(fp, team), (c, values)
            fp.undo()
        other = 1 - team
        assert Solver(pos.trump, pos.out).best(pos, other) == _brute(fp, other)
        for target in (exact - 1, exact, exact + 1):
            assert Solver(pos.trump, pos.out).can_reach(pos, team, target) == (exact >= target)
        reach = Solver(pos.trump, pos.out).card_reaches(pos, team, exact)
        assert any(reach.values())
        assert reach == {c: v >= exact for c, v in values.items()}


def test_full_deal_solves() -> None:
    rng = random.Random(3)
    fp = _ending(rng, 8, False)
    pos = Position.from_fast(fp)
    ns = solve(pos, 0)
    ew = solve(pos, 1)
    assert ns + ew == 10  # every raw point goes to one side or the other


def test_solver_agrees_with_the_frozen_solver_on_longer_endings() -> None:
    """Relative-rank keys and quick-trick bounds change no value: the v0.1 solver (plain
    alpha-beta, exact-card keys) gives the same numbers on 4-5 tricks left."""
    from kaiser_lab.frozen_v0_1 import solver as old

    rng = random.Random(23)
    for trial in range(12):
        fp = _ending(rng, 4 + trial % 2, trial % 4 == 3)
        pos = Position.from_fast(fp)
        was = old.Position(
            pos.hands, pos.trump, pos.turn, pos.trick, pos.trick_seats, pos.out, pos.banked
        )
        for team in (0, 1):
            assert Solver(pos.trump, pos.out).best(pos, team) == old.solve(was, team)
        assert card_values(pos) == old.card_values(was)


def test_node_limit_aborts_a_search() -> None:
    from kaiser_desktop.ai.solver import SearchAborted

    fp = _ending(random.Random(3), 8, False)
    pos = Position.from_fast(fp)
    with pytest.raises(SearchAborted):
        Solver(pos.trump, node_limit=50).best(pos)


def test_sure_tricks_never_overstate_a_side() -> None:
    """The sure-trick bounds (quick tricks, trumps above the other side's) hold against
    brute force on trump endings at a trick boundary, and the solver stays exact there."""
    from kaiser_desktop.ai.solver_bounds import sure_tricks

    rng = random.Random(41)
    checked = bounded = 0
    for trial in range(80):
        fp = _ending(rng, 3, False)
        while fp.trick:  # play on to the next trick boundary
            fp.play(rng.choice(fp.legal_moves()))
        if fp.trump < 0:
            continue
        pos = Position.from_fast(fp)
        lead_team = fp.turn & 1
        lead_sure, other_sure = sure_tricks(pos.hands, fp.turn, fp.trump)
        live = pos.hands[0] | pos.hands[1] | pos.hands[2] | pos.hands[3]
        three = 3 if live & 1 else 0  # the 3♠ is card 0
        for team, sure in ((lead_team, lead_sure), (1 - lead_team, other_sure)):
            exact = _brute(fp, team) - pos.banked[team]
            assert exact >= sure - three, (trial, team, sure, exact)
            assert solve(pos, team) == exact + pos.banked[team]
        checked += 1
        bounded += bool(lead_sure or other_sure)
    assert checked > 30
    assert bounded > 10  # the bounds were in play, not all zero


def test_narrow_finds_every_value_from_any_guess() -> None:
    from kaiser_desktop.ai.solver_bounds import narrow

    for value in range(-3, 14):
        for guess in range(-6, 17):
            probes: list[int] = []

            def reaches(mid: int, value: int = value, probes: list[int] = probes) -> bool:
                probes.append(mid)
                return value >= mid

            assert narrow(reaches, guess) == value
            assert len(probes) <= 18
        close: list[int] = []
        narrow(lambda mid, v=value, log=close: log.append(mid) is None and v >= mid, value)
        assert len(close) <= 2  # a right guess costs two probes at most


@pytest.mark.parametrize("seed", range(6))
def test_a_solver_reused_along_a_hand_gives_the_values_a_fresh_one_does(seed: int) -> None:
    # The table carries bounds from earlier searches of the same deal; bounds that meet
    # once closed a search window to nothing and gave a later card a wrong value.
    rng = random.Random(seed)
    fp = _ending(rng, 8, kaiser=False)
    positions = []
    while not fp.finished and len(positions) < 24:
        positions.append(Position.from_fast(fp))
        fp.play(rng.choice(fp.legal_moves()))
    reused = Solver(positions[0].trump, positions[0].out)
    for k, pos in enumerate(positions):
        team = k & 1
        if k % 3 == 0:
            assert reused.best(pos, team) == Solver(pos.trump, pos.out).best(pos, team)
        elif k >= 8:  # the earlier ones cost a full search each: the later ones are the point
            assert reused.card_values(pos, team) == card_values(pos, team), k
