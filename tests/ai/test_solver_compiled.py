"""The compiled solver core against the Python solver it ports, on 10,806 random positions.

Exact agreement is asked for: each value, each card's value, can_reach's answer, the node
count after every call (the players budget their work in nodes, so a bot decides the same
with either solver), the whole transposition table (bounds and the best card of every
entry), and where a node limit aborts a search. Positions come from random deals played
out at random to every depth (most of them late, where the Python reference is quick), in
every setting that changes the solver's input: trump or no trump, the 34-card kitty pack
(7♥ and 7♠ in play, two other cards discarded), and a Kaiser bid (three players). The 5♥
(+5) and 3♠ (−3) are in every deal; no variant changes their values.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from kaiser_desktop.ai.solver import (
    FIVE,
    THREE,
    Position,
    PythonSolver,
    SearchAborted,
    Solver,
    compiled_available,
)
from kaiser_desktop.rules import make_pack
from kaiser_desktop.rules.fast import FastPlay

pytestmark = pytest.mark.skipif(
    not compiled_available(),
    reason="the compiled solver core is not built (python setup.py build_ext --inplace)",
)

# Positions per number of tricks left (a trick may be under way): most late, a few early.
DEPTHS = {1: 800, 2: 1100, 3: 1000, 4: 500, 5: 150, 6: 40, 7: 10, 8: 2}
PER_SETTING = sum(DEPTHS.values())  # 3,602 per setting, 10,806 in all
SETTINGS = ["standard", "kitty", "kaiser"]


def _deal(rng: random.Random, setting: str) -> FastPlay:
    pack = [c.index for c in make_pack(setting == "kitty")]
    if setting == "kitty":  # the declarer's two discards: never the 5♥ or the 3♠
        for c in rng.sample([c for c in pack if c not in (FIVE, THREE)], 2):
            pack.remove(c)
    rng.shuffle(pack)
    hands = [pack[i * 8 : (i + 1) * 8] for i in range(4)]
    out = rng.randrange(4) if setting == "kaiser" else -1
    leader = rng.choice([s for s in range(4) if s != out])
    return FastPlay(hands, rng.randrange(-1, 4), leader, out)


def _position(rng: random.Random, setting: str, tricks_left: int) -> FastPlay:
    fp = _deal(rng, setting)
    players = 3 if setting == "kaiser" else 4
    plays = (8 - tricks_left) * players
    if tricks_left < 8:
        plays += rng.randrange(players)
    for _ in range(plays):
        fp.play(rng.choice(fp.legal_moves()))
    return fp


def _pair(pos: Position, node_limit: int = 0) -> tuple[PythonSolver, Solver]:
    return PythonSolver(pos.trump, pos.out, node_limit), Solver(
        pos.trump, pos.out, node_limit, compiled=True
    )


def _same_tables(py: PythonSolver, c: Solver) -> None:
    assert c._core is not None
    assert c._core.table() == py.tt


@pytest.mark.parametrize("setting", SETTINGS)
def test_compiled_core_agrees_with_python(setting: str) -> None:
    rng = random.Random(f"solver-core-{setting}")
    seen: Counter[str] = Counter()
    checked = 0
    for tricks_left, count in DEPTHS.items():
        for i in range(count):
            fp = _position(rng, setting, tricks_left)
            pos = Position.from_fast(fp)
            team = fp.turn & 1 if i % 3 else 1 - (fp.turn & 1)  # a third for the other side
            py, c = _pair(pos)
            value = py.best(pos, team)
            assert c.best(pos, team) == value, (setting, pos, team)
            assert c.nodes == py.nodes
            # The same solvers again: their tables now hold the first search's bounds.
            values = py.card_values(pos, team)
            assert values, pos
            assert c.card_values(pos, team) == values, (setting, pos, team)
            assert c.nodes == py.nodes
            # The side to move takes its best card; the other side's value is its worst.
            assert (max if team == fp.turn & 1 else min)(values.values()) == value
            _same_tables(py, c)
            target = value + rng.choice((-1, 0, 1))
            py, c = _pair(pos)
            assert c.can_reach(pos, team, target) == py.can_reach(pos, team, target)
            assert c.nodes == py.nodes
            if i % 4 == 0:
                reach = py.card_reaches(pos, team, target)
                assert c.card_reaches(pos, team, target) == reach
                assert c.nodes == py.nodes
                _same_tables(py, c)
            seen[f"trump {pos.trump}"] += 1
            seen["in a trick" if pos.trick else "at a trick boundary"] += 1
            checked += 1
    assert checked == PER_SETTING
    # Every kind of position was met: no trump and each trump, mid-trick and trick starts.
    assert all(seen[f"trump {t}"] >= 100 for t in range(-1, 4)), seen
    assert seen["in a trick"] >= 500 and seen["at a trick boundary"] >= 500, seen


def test_compiled_core_aborts_where_python_does() -> None:
    """A node limit stops both searches at the same node (a bot drops that layout)."""
    rng = random.Random(5)
    aborted = 0
    for i in range(40):
        fp = _position(rng, SETTINGS[i % 3], 5 + i % 4)
        pos = Position.from_fast(fp)
        limit = 20 + 37 * i
        py, c = _pair(pos, node_limit=limit)
        outcomes = []
        for solver in (py, c):
            try:
                outcomes.append(solver.best(pos))
            except SearchAborted:
                outcomes.append(None)
        assert outcomes[0] == outcomes[1]
        assert c.nodes == py.nodes
        aborted += outcomes[0] is None
    assert 10 <= aborted < 40  # some searches finish under their limit, most do not


def test_a_reused_compiled_solver_agrees_along_a_hand() -> None:
    """One solver kept along a hand (the hand review does this) reuses its table: same
    values and nodes as a reused Python solver, position after position."""
    rng = random.Random(9)
    for setting in SETTINGS:
        for _ in range(3):
            fp = _position(rng, setting, 6)
            pos = Position.from_fast(fp)
            py, c = _pair(pos)
            while not fp.finished:
                pos = Position.from_fast(fp)
                for team in (0, 1):
                    assert c.best(pos, team) == py.best(pos, team)
                    assert c.nodes == py.nodes
                assert c.card_values(pos) == py.card_values(pos)
                fp.play(rng.choice(fp.legal_moves()))
            _same_tables(py, c)


def test_the_compiled_core_refuses_bad_input() -> None:
    """Bad input is a Python error, never a crash."""
    _, c = _pair(Position([0, 0, 0, 0], 0, 0))
    assert c._core is not None
    with pytest.raises(ValueError):
        c._core.search([0, 0, 0], 0, 0, 0, 0, [], [], -1, 1)
    with pytest.raises(ValueError):
        c._core.search([0, 0, 0, 0], 0, 0, 0, 0, [1, 2, 3, 4], [0, 1, 2, 3], -1, 1)
    with pytest.raises(ValueError):
        c._core.search([0, 0, 0, 0], 0, 0, 0, 7, [], [], -1, 1)
    with pytest.raises(IndexError):  # a player to move with no card (Python: IndexError too)
        c._core.search([1 << 5, 0, 1 << 6, 1 << 7], 0, 0, 0, 1, [5], [0], -1, 1)
