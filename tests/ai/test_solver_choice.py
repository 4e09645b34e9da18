"""Which solver runs: the compiled core where it is built, the Python one when it is not,
when it cannot load, or when KAISER_DESKTOP_SOLVER=python asks for it — never an error."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from kaiser_desktop.ai import solver_kind
from kaiser_desktop.ai.solver import Position, PythonSolver, Solver, compiled_available, mask_of

PROBE = """
import sys
{prepare}
from kaiser_desktop.ai.solver import Position, Solver, solver_kind
pos = Position([{hands}], 0, 0)
s = Solver(0)
print(solver_kind(), s.best(pos), s.nodes)
"""
HANDS = [
    mask_of([9, 8, 25]),
    mask_of([7, 6, 24]),
    mask_of([5, 4, 23]),
    mask_of([3, 2, 22]),
]


def _run(prepare: str = "", **env: str) -> tuple[str, str]:
    code = PROBE.format(prepare=prepare, hands=", ".join(map(str, HANDS)))
    environ = {k: v for k, v in os.environ.items() if k != "KAISER_DESKTOP_SOLVER"}
    done = subprocess.run(
        [sys.executable, "-c", code],
        env={**environ, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.split()[0], done.stderr


def _expected() -> str:
    solver = PythonSolver(0)
    return f"{solver.best(Position(HANDS, 0, 0))} {solver.nodes}"


def test_the_environment_variable_forces_the_python_solver() -> None:
    kind, err = _run(KAISER_DESKTOP_SOLVER="python")
    assert kind == "python"
    assert err == ""


def test_a_missing_core_falls_back_silently() -> None:
    # A None in sys.modules makes the import fail as a missing module does.
    kind, err = _run(prepare="sys.modules['kaiser_desktop.ai._solver_core'] = None")
    assert kind == "python"
    assert err == ""


def test_a_core_that_fails_to_load_falls_back_silently() -> None:
    # A broken build: the module raises OSError on import (e.g. a missing runtime library).
    prepare = (
        "import importlib.abc, importlib.machinery\n"
        "class Broken(importlib.abc.MetaPathFinder):\n"
        "    def find_spec(self, name, path, target=None):\n"
        "        if name == 'kaiser_desktop.ai._solver_core':\n"
        "            raise OSError('cannot load shared object')\n"
        "sys.meta_path.insert(0, Broken())"
    )
    kind, err = _run(prepare=prepare)
    assert kind == "python"
    assert err == ""


def test_both_solvers_give_the_same_answer_in_a_fresh_process() -> None:
    if not compiled_available():
        pytest.skip("the compiled solver core is not built")
    out = subprocess.run(
        [sys.executable, "-c", PROBE.format(prepare="", hands=", ".join(map(str, HANDS)))],
        env={k: v for k, v in os.environ.items() if k != "KAISER_DESKTOP_SOLVER"},
        capture_output=True,
        text=True,
        timeout=60,
    ).stdout.split()
    assert out[0] == "compiled"
    assert " ".join(out[1:]) == _expected()


def test_solver_kind_names_the_solver_that_runs() -> None:
    forced = os.environ.get("KAISER_DESKTOP_SOLVER", "").strip() == "python"
    assert solver_kind() == ("python" if forced or not compiled_available() else "compiled")
    assert (Solver(0)._core is not None) == (solver_kind() == "compiled")
