"""Every `from kaiser_desktop... import name` in the project resolves, the ones inside
functions too: a name moved to another module once stopped the app from starting (the
launcher imports the window lazily), and only a test that started the app noticed."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def own_imports() -> list[tuple[str, str, str]]:
    found = []
    for folder in ("kaiser_desktop", "tests", "tools"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (
                    isinstance(node, ast.ImportFrom)
                    and node.level == 0
                    and (node.module or "").startswith("kaiser_desktop")
                ):
                    for alias in node.names:
                        found.append((str(path.relative_to(ROOT)), str(node.module), alias.name))
    return found


def test_every_own_import_resolves() -> None:
    imports = own_imports()
    assert len(imports) > 300  # the walk found the project's imports
    missing = []
    for where, module_name, name in imports:
        module = importlib.import_module(module_name)
        if name == "*" or hasattr(module, name):
            continue
        try:
            importlib.import_module(f"{module_name}.{name}")
        except ImportError:
            missing.append(f"{where}: from {module_name} import {name}")
    assert missing == []
