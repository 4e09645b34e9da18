"""The rules and the computer players import nothing from Qt."""

from __future__ import annotations

import subprocess
import sys


def test_rules_and_ai_do_not_import_qt() -> None:
    code = (
        "import sys, importlib, pkgutil, kaiser_desktop.rules, kaiser_desktop.ai\n"
        "for info in pkgutil.iter_modules(kaiser_desktop.rules.__path__):\n"
        "    if info.name != '__main__':\n"
        "        importlib.import_module('kaiser_desktop.rules.' + info.name)\n"
        "from kaiser_desktop.ai import level_names, make_bot\n"
        "for level in level_names():\n"
        "    make_bot(level, 0)\n"
        "bad = sorted(m for m in sys.modules if m.startswith(('PySide6', 'shiboken6')))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert out.stdout.strip() == ""
