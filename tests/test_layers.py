"""The layers run one way: ui -> app -> ai -> rules, and app -> net -> rules (net: the
messages of play across computers, no Qt, no bots). Composition roots (the launcher, the
self-test, the random-input runs) sit at the top, beside __main__. The lab (kaiser_lab:
arenas, benches, study bots, frozen baselines) measures the game from outside it."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "kaiser_desktop"
LAB = PACKAGE.parent / "kaiser_lab"
# What each layer may not import (and, for rules, ai and net, no Qt at all).
FORBIDDEN = {
    "rules": (
        "kaiser_desktop.ai",
        "kaiser_desktop.net",
        "kaiser_desktop.app",
        "kaiser_desktop.family_play",
        "kaiser_desktop.ui",
        "PySide6",
    ),
    "ai": (
        "kaiser_desktop.net",
        "kaiser_desktop.app",
        "kaiser_desktop.family_play",
        "kaiser_desktop.ui",
        "PySide6",
    ),
    # The host's app sends and checks messages with net; net knows only the rules.
    "net": (
        "kaiser_desktop.ai",
        "kaiser_desktop.app",
        "kaiser_desktop.family_play",
        "kaiser_desktop.ui",
        "PySide6",
    ),
    "app": (
        "kaiser_desktop.ui",
        "kaiser_desktop.launcher",
        "kaiser_desktop.chaos",
        "kaiser_desktop.self_test",
        "kaiser_desktop.startup",
        "kaiser_lab",
        "kaiser_desktop.family_play",
    ),
    # Family play is a wing of its own: it builds on app, net and rules; only the window
    # and the start-up roots reach into it.
    "family_play": (
        "kaiser_desktop.ui",
        "kaiser_desktop.launcher",
        "kaiser_desktop.chaos",
        "kaiser_desktop.self_test",
        "kaiser_desktop.startup",
        "kaiser_desktop.family",
        "kaiser_lab",
    ),
}


def imported_modules(path: Path) -> list[str]:
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
            names += [f"{node.module}.{alias.name}" for alias in node.names]
    return names


def test_each_layer_imports_only_the_layers_below_it() -> None:
    offences = []
    for layer, forbidden in FORBIDDEN.items():
        for path in sorted((PACKAGE / layer).rglob("*.py")):
            for name in imported_modules(path):
                if any(name == f or name.startswith(f + ".") for f in forbidden):
                    offences.append(f"{path.relative_to(PACKAGE)} imports {name}")
    assert offences == []


def test_the_composition_roots_are_at_the_top() -> None:
    for root in ("launcher", "self_test", "chaos"):
        assert (PACKAGE / f"{root}.py").is_file(), root
        assert not (PACKAGE / "app" / f"{root}.py").exists(), root


def test_the_game_imports_nothing_from_the_lab() -> None:
    offences = [
        f"{path.relative_to(PACKAGE)} imports {name}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for name in imported_modules(path)
        if name == "kaiser_lab" or name.startswith("kaiser_lab.")
    ]
    assert offences == []


def test_the_measuring_tools_live_in_the_lab() -> None:
    tools = ("arena", "solver_bench", "review_bench", "bidding_study", "play_audit",
             "stall_benchmark", "memory_benchmark", "aggressive", "open_auction_study")  # fmt: skip
    for name in tools:
        assert (LAB / f"{name}.py").is_file(), name
        assert not list(PACKAGE.rglob(f"{name}.py")), name
    assert (LAB / "frozen_v0_1").is_dir()
    assert not list(PACKAGE.rglob("frozen_v0_*"))


def test_the_frozen_experts_share_only_the_interfaces() -> None:
    """A frozen Expert must not change when the live players change: from kaiser_desktop.ai
    it takes only the bot interface, the reasons' words and the solver (issue 39: v0.3)."""
    shared = {"kaiser_desktop.ai.base", "kaiser_desktop.ai.reasons", "kaiser_desktop.ai.solver"}
    for version in ("frozen_v0_2", "frozen_v0_3"):
        files = sorted((LAB / version).glob("*.py"))
        assert (LAB / version / "expert.py") in files, version
        offences = [
            f"{path.name} imports {name}"
            for path in files
            for name in imported_modules(path)
            if name.startswith("kaiser_desktop.ai")
            and not any(name == m or name.startswith(m + ".") for m in shared)
        ]
        assert offences == [], version


def test_a_frozen_expert_takes_no_live_level_name() -> None:
    """Importing a frozen Expert registers its own level only: the arena's and the tests'
    "basic" stays the live Basic player (v0.3's copy of basic.py once took the name)."""
    import kaiser_lab.frozen_v0_2
    import kaiser_lab.frozen_v0_3
    from kaiser_desktop.ai.base import make_bot
    from kaiser_desktop.ai.basic import BasicBot

    assert kaiser_lab.frozen_v0_2 and kaiser_lab.frozen_v0_3
    assert type(make_bot("basic")) is BasicBot
    assert type(make_bot("expert-v0.3")).__module__ == "kaiser_lab.frozen_v0_3.expert"
