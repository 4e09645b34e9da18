"""`tools/dev.py test`: pytest on every core (pytest-xdist), unless the arguments choose."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent


def load_dev() -> ModuleType:
    spec = importlib.util.spec_from_file_location("dev_tool_xdist", ROOT / "tools" / "dev.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


dev = load_dev()


@pytest.mark.parametrize(
    "args",
    [[], ["-q", "-p", "no:cacheprovider"], ["-m", "not slow"], ["tests/rules", "-x"]],
)
def test_the_suite_runs_on_every_core_by_default(args: list[str]) -> None:
    assert dev.parallel_args(args) == ["-n", str(dev.worker_count()), "--dist", "worksteal"]


@pytest.mark.parametrize(
    "args",
    [["-n", "0"], ["-n0"], ["--numprocesses=3"], ["--dist", "loadfile"], ["--pdb"],
     ["-p", "no:xdist"]],
)  # fmt: skip
def test_arguments_that_choose_win(args: list[str]) -> None:
    assert dev.parallel_args(args) == []


def test_main_hands_pytest_the_xdist_arguments(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[list[str]] = []

    def call(cmd: list[str], **_: Any) -> int:
        calls.append(cmd)
        return 0

    monkeypatch.setattr(dev, "install", lambda extras: Path("python"))
    monkeypatch.setattr(dev, "compile_translations", lambda python: None)
    monkeypatch.setattr(dev, "build_solver", lambda python: ("compiled", ""))
    monkeypatch.setattr(dev, "install_x_test_tools", lambda: None)
    monkeypatch.setattr(dev.subprocess, "call", call)
    assert dev.main(["test", "-q"]) == 0
    suite, python_solver = calls
    assert suite == ["python", "-m", "pytest", *dev.XDIST, "-q"]
    assert python_solver[:4] == ["python", "-m", "pytest", "-q"]
    assert set(dev.PYTHON_SOLVER_TESTS) <= set(python_solver)
