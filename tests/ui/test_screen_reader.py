"""The table as a screen reader reads it, for real: a virtual X screen, a private D-Bus
session with the AT-SPI registry, the app on it, and a reader (the system's pyatspi, as
Orca uses) that walks the accessibility tree and plays a card with the keyboard alone.

Linux only, with the Debian/Ubuntu packages xvfb xauth dbus dbus-x11 at-spi2-core
python3-pyatspi xdotool (the Linux CI job installs them); elsewhere it is skipped, saying
which is missing.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent / "screen_reader"
ROOT = Path(__file__).resolve().parents[2]
SYSTEM_PYTHON = "/usr/bin/python3"
BUS_LAUNCHERS = ("/usr/libexec/at-spi-bus-launcher", "/usr/lib/at-spi2-core/at-spi-bus-launcher")


def missing() -> str | None:
    """Why the test cannot run here, or None."""
    if not sys.platform.startswith("linux"):
        return "reads the AT-SPI tree: Linux only"
    for tool in ("xvfb-run", "xauth", "dbus-run-session", "xdotool"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed (apt-get install xvfb xauth dbus dbus-x11 xdotool)"
    if not any(os.path.exists(path) for path in BUS_LAUNCHERS):
        return "the AT-SPI bus is not installed (apt-get install at-spi2-core)"
    if not os.path.exists(SYSTEM_PYTHON):
        return f"{SYSTEM_PYTHON} is missing (pyatspi is a system-Python package)"
    probe = subprocess.run(
        [SYSTEM_PYTHON, "-c", "import pyatspi"], capture_output=True, timeout=30, check=False
    )
    if probe.returncode != 0:
        return "pyatspi is not installed for the system Python (apt-get install python3-pyatspi)"
    return None


@pytest.fixture(scope="module")
def reading() -> dict[str, object]:
    reason = missing()
    if reason is not None:
        pytest.skip(reason)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("QT_QPA_PLATFORM", None)  # the app runs on the virtual X screen, not offscreen
    run = subprocess.run(
        [
            "xvfb-run", "-a", "-s", "-screen 0 1280x800x24",
            "dbus-run-session", "--",
            SYSTEM_PYTHON, str(HERE / "reader.py"), sys.executable, str(HERE / "table_app.py"),
        ],
        env=env, cwd=ROOT, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr[-3000:]
    lines = [line for line in run.stdout.splitlines() if line.startswith("{")]
    assert lines, (run.stdout[-2000:], run.stderr[-3000:])
    report: dict[str, object] = json.loads(lines[-1])
    return report


def test_the_reader_finds_every_card_of_the_hand_by_name(reading: dict[str, object]) -> None:
    assert reading["app_said"] == "ready"
    hand = reading["hand"]
    assert isinstance(hand, list) and len(hand) == 8, hand
    for name in hand:
        card, _, state = name.partition(", ")
        assert " of " in card, name
        assert state in ("playable", "cannot be played now"), name
    assert any(name.endswith(", playable") for name in hand), hand


def test_the_reader_finds_the_trick_whose_turn_and_the_board(
    reading: dict[str, object],
) -> None:
    labels = reading["labels"]
    assert isinstance(labels, list)
    assert "It is your turn." in labels, labels
    trick = [text for text in labels if text.startswith("On the table")]
    assert len(trick) == 1, labels
    # South plays first or later in the trick: either the table is empty, or each card on
    # it is named with who played it.
    played = [text for text in labels if ", played by " in text and not text.startswith("On")]
    assert trick[0].count("played by") == len(played)
    assert any(text.startswith("Trump: ") for text in labels), labels
    assert any(text.startswith("Contract: ") for text in labels), labels
    assert sum(" of 52" in text for text in labels) == 2, labels  # both teams' scores


def test_a_card_is_played_by_keyboard_focus_alone(reading: dict[str, object]) -> None:
    # The table has the focus (its viewport, a part of it with no name, says so too).
    named = [name for _role, name in reading["focused_at_start"] if name]  # type: ignore[attr-defined]
    assert named == ["Card table"], reading["focused_at_start"]
    chosen = reading["chosen"]
    assert isinstance(chosen, str), reading["focused_after_right"]
    assert reading["focused_after_right"] == [chosen]  # what Orca speaks: this card
    assert reading["focused_roles"] == ["push button"]
    card = str(reading["played"]).split(",")[0]  # the card the hint named, played by Enter
    assert reading["played_shown"], reading.get("after")
    after = reading["after"]
    assert isinstance(after, list)
    assert f"{card}, played by you" in after, after
    hand_after = reading["hand_after"]
    assert isinstance(hand_after, list) and len(hand_after) == 7, hand_after
    assert not any(name.startswith(card + ",") for name in hand_after), hand_after


def test_the_reader_hears_each_move_announced(reading: dict[str, object]) -> None:
    heard = reading["heard"]
    assert isinstance(heard, list)
    assert any(text.endswith(("bids 6.", "passes.")) for text in heard), heard
    assert any(" names trump: " in text for text in heard), heard
    assert any(text.startswith("Your turn") for text in heard), heard
    card = str(reading["played"]).split(",")[0]
    assert f"You play {card}." in heard, heard  # the card played by key, announced


def test_the_reader_hears_the_hint_and_lands_on_its_card(reading: dict[str, object]) -> None:
    """H says the hint's words (the reason too), not only moves the focus."""
    hints = reading["hint_heard"]
    assert isinstance(hints, list) and len(hints) == 1, hints
    assert len(hints[0]) > len("Hint: play the ace of spades."), hints  # a reason, not a name
    assert reading["focused_after_hint"] == [reading["played"]], reading["focused_after_hint"]
