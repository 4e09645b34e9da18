"""Every window and dialog fits a small screen (800×600, 1024×600), at normal and extra-large
text: the whole frame on the screen, every button where a person can click it.

Each screen size is a separate process (tests/ui/dialog_fit_probe.py) on Qt's offscreen
platform, whose config file sets the screen's size; in-process the offscreen screen is
800×800 and cannot change.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXPECTED = {
    "welcome", "welcome_in_game", "tour_page_1", "tour_page_6", "settings_tab_1",
    "settings_tab_2", "settings_tab_3", "statistics", "rules", "last_trick", "about",
}  # fmt: skip


def probe(
    tmp_path: Path, width: int, height: int, text_size: str, language: str = "en"
) -> list[dict[str, object]]:
    config = tmp_path / f"screen-{width}x{height}.json"
    screen = {"name": "small", "x": 0, "y": 0, "width": width, "height": height,
              "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}  # fmt: skip
    # windowFrameMargins: the offscreen windows get a frame, as on a real desktop.
    config.write_text(json.dumps({"screens": [screen], "windowFrameMargins": True}))
    env = dict(os.environ, QT_QPA_PLATFORM=f"offscreen:configfile={config}")
    run = subprocess.run(
        [sys.executable, "-m", "tests.ui.dialog_fit_probe", "--text-size", text_size,
         "--language", language],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=240,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr[-2000:]
    return [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]


@pytest.mark.parametrize(
    ("width", "height", "text_size", "language"),
    [
        (800, 600, "normal", "en"),
        (800, 600, "extra_large", "en"),
        (1024, 600, "extra_large", "en"),
        (800, 600, "extra_large", "fr"),
    ],
)
def test_every_dialog_fits_a_small_screen(
    tmp_path: Path, width: int, height: int, text_size: str, language: str
) -> None:
    reports = probe(tmp_path, width, height, text_size, language)
    assert {r["name"] for r in reports} >= EXPECTED
    for r in reports:
        assert r["area"] == [0, 0, width, height]
        assert r["fits"], f"{r['name']} at {width}×{height}: frame {r['frame']}"
        assert r["unreachable_buttons"] == [], r
    if text_size == "extra_large":  # the dialogs really use the bigger text
        assert all(int(r["font_px"]) >= 22 for r in reports), reports
