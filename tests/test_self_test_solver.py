"""`--self-test` says which double-dummy solver runs, and fails when the packaging asks for
the compiled core and it is not the one running (packaging/build.py, check_installer.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from kaiser_desktop.ai.solver import compiled_available

RUN = (
    "import sys; from pathlib import Path; from kaiser_desktop.self_test import run_self_test\n"
    "sys.exit(run_self_test(level='random', seed=5, pace=0.0, hand_cap=1, "
    "result_file=Path({result!r})))"
)


def _self_test(tmp_path: Path, **env: str) -> tuple[int, dict[str, object], str]:
    result = tmp_path / "verdict.json"
    environ = {
        k: v
        for k, v in os.environ.items()
        if k not in ("KAISER_DESKTOP_SOLVER", "KAISER_DESKTOP_REQUIRE_COMPILED_SOLVER")
    }
    proc = subprocess.run(
        [sys.executable, "-c", RUN.format(result=str(result))],
        env={**environ, "QT_QPA_PLATFORM": "offscreen", **env},
        capture_output=True,
        text=True,
        timeout=300,
    )
    return proc.returncode, json.loads(result.read_text(encoding="utf-8")), proc.stdout


def test_a_required_compiled_solver_that_is_not_running_fails_the_self_test(
    tmp_path: Path,
) -> None:
    code, verdict, out = _self_test(
        tmp_path, KAISER_DESKTOP_SOLVER="python", KAISER_DESKTOP_REQUIRE_COMPILED_SOLVER="1"
    )
    assert code == 1
    assert verdict["ok"] is False and verdict["solver"] == "python"
    assert "the compiled solver core is not running (solver: python)" in verdict["failures"]
    assert "self-test solver: python" in out


def test_the_python_solver_passes_when_nothing_is_required(tmp_path: Path) -> None:
    code, verdict, _ = _self_test(tmp_path, KAISER_DESKTOP_SOLVER="python")
    assert code == 0, verdict
    assert verdict["ok"] is True and verdict["solver"] == "python"


def test_the_compiled_solver_passes_when_required(tmp_path: Path) -> None:
    if not compiled_available():
        pytest.skip("the compiled solver core is not built")
    code, verdict, out = _self_test(tmp_path, KAISER_DESKTOP_REQUIRE_COMPILED_SOLVER="1")
    assert code == 0, verdict
    assert verdict["ok"] is True and verdict["solver"] == "compiled"
    assert "self-test solver: compiled" in out
