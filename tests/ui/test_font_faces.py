"""Each font file the window's text uses stays mapped once under long use (issue 29).

With FreeType, Qt 6 opens a face again whenever the last use of another face ends: the
rules' italic, some time after the rules close, when Qt's font cache lets go of engines
no text uses any more. Every face still in use is then set aside and opened afresh at its
next use, the font file mapped once more (~0.7 MiB of RSS each) while older text holds
the old copy. In the random-input run the font files went from 2 to 9-17 mappings. The
window holds its faces open (ui/text_size.py keep_faces_open), so none is ever last used.

The check runs in a fresh process: the font state of earlier tests would blur it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# The driving action, as it happens in the app: the rules shown (italic text) and closed,
# then text at many sizes (resizes, text sizes) fills Qt's font cache until it lets go of
# the engines nothing uses (the italic's among them), then text at a new size.
SCRIPT = r"""
import collections, json, sys
from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtGui import QFont, QImage, QPainter
from PySide6.QtWidgets import QApplication
from tests.ui.windows import make_table

def mapped():
    with open("/proc/self/maps", encoding="utf-8") as maps:
        names = [line.split()[-1] for line in maps if line.rstrip().endswith((".ttf", ".otf"))]
    return dict(collections.Counter(name.rsplit("/", 1)[-1] for name in names))

def settle():
    for _ in range(3):
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        QApplication.processEvents()

def draw(font, text):
    image = QImage(400, 200, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    painter = QPainter(image)
    painter.setFont(font)
    painter.drawText(10, 150, text)
    painter.end()

app = QApplication(sys.argv[:1])
controller, window = make_table()
settle()
window.show_rules()
settle()
rules = mapped()
for child in window.children():
    if type(child).__name__ == "RulesDialog":
        child.close()
settle()
for size in range(9, 309):
    font = QFont()
    font.setPixelSize(size)
    font.setBold(size % 2 == 0)
    draw(font, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
settle()
font = QFont()
font.setPixelSize(401)
draw(font, "Your turn")
window.update()
settle()
print(json.dumps({"rules": rules, "after": mapped()}))
window.close()
controller.stop()
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/maps")
def test_each_font_file_stays_mapped_once_after_the_rules_italic_is_let_go() -> None:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
        cwd=ROOT,  # where `tests` (the window factory) is found
    )
    assert done.returncode == 0, done.stderr[-2000:]
    seen = json.loads(done.stdout.splitlines()[-1])
    if not seen["rules"]:
        pytest.skip("Qt's text here does not map font files (not FreeType)")
    # The rules' italic was really drawn: its own font file is among those mapped.
    assert any("oblique" in name.lower() or "italic" in name.lower() for name in seen["rules"])
    assert seen["after"], seen
    assert max(seen["after"].values()) == 1, seen
