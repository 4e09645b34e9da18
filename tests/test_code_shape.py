"""The code's shape: no import circles, and the checks pre-commit runs are the ones CI runs.

A circle of imports is how a class split across files as mixins shows itself (each part imports
its host to type `self`), so every import counts here, those under TYPE_CHECKING and inside
functions too.
"""

from __future__ import annotations

import ast
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("kaiser_desktop", "kaiser_lab")


def module_files() -> dict[str, Path]:
    modules: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            modules[".".join(parts)] = path
    return modules


def imports_of(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The project modules that `name` imports (a package's __init__ counts as the package)."""
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = name.split(".")
                anchor = anchor if is_package else anchor[:-1]
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            targets = [f"{base}.{alias.name}" for alias in node.names] + [base]
        else:
            continue
        for target in targets:
            # `from a.b import c` names module a.b.c if it exists, else module a.b
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def import_circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components of two or more modules."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return circles


def project_graph() -> dict[str, set[str]]:
    modules = module_files()
    graph = {name: imports_of(name, path, modules) for name, path in modules.items()}
    # A package importing its own submodules (its face) is no circle with them.
    for name in graph:
        graph[name] = {t for t in graph[name] if not (t.startswith(name + ".") and name in graph)}
    return graph


def test_the_circle_finder_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert import_circles(graph) == [["a", "b", "c"]]
    assert import_circles({"a": {"b"}, "b": set()}) == []


def test_relative_and_type_checking_imports_are_seen(tmp_path: Path) -> None:
    part = tmp_path / "part.py"
    part.write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .host import Host\n"
    )
    modules = {"pkg.host": tmp_path / "host.py", "pkg.part": part}
    assert imports_of("pkg.part", part, modules) == {"pkg.host"}


def test_the_import_graph_has_no_circles() -> None:
    circles = import_circles(project_graph())
    assert circles == [], "\n".join(" <-> ".join(c) for c in circles)


def pre_commit_hooks() -> dict[str, dict[str, object]]:
    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    return {hook["id"]: hook for repo in config["repos"] for hook in repo["hooks"]}


def test_pre_commit_runs_ruff_ruff_format_and_strict_mypy() -> None:
    hooks = pre_commit_hooks()
    assert set(hooks) >= {"ruff", "ruff-format", "mypy"}
    assert "--strict" in str(hooks["mypy"]["entry"])


def test_mypy_holds_the_whole_package_to_strict() -> None:
    """ui/ and the start-up roots too: no part of the game is left out or let off."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["strict"] is True
    assert {"kaiser_desktop", "kaiser_lab"} <= set(config["files"])
    for override in config.get("overrides", []):
        modules = override["module"]
        modules = [modules] if isinstance(modules, str) else modules
        ours = [m for m in modules if m.split(".")[0] in ("kaiser_desktop", "kaiser_lab")]
        assert ours == [], f"an override lets {ours} off: {override}"


@pytest.mark.parametrize("hook", ["ruff", "ruff-format", "mypy"])
def test_the_tree_passes_the_pre_commit_hook(hook: str) -> None:
    """Each hook's own command, run over the tree as CI has it; ruff format only checks here."""
    entry = shlex.split(str(pre_commit_hooks()[hook]["entry"]))
    if hook == "ruff-format":
        entry.append("--check")
    tool = Path(sys.executable).parent / entry[0]
    command = [str(tool) if tool.exists() else entry[0], *entry[1:]]
    if pre_commit_hooks()[hook].get("pass_filenames", True):
        command.append(".")
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
