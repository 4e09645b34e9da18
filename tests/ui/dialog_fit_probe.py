"""Open every dialog over the real main window and report whether it fits the screen.

Run in its own process, so the screen can be any size: tests/ui/test_dialog_fit.py starts
it on an offscreen screen of 800×600 or 1024×600 (a Qt offscreen config file) and reads
one JSON line per dialog. With `--shots DIR` (under Xvfb) it also saves a screenshot of
the whole screen for each dialog, for a person to look at.

    python -m tests.ui.dialog_fit_probe --text-size extra_large [--language fr] [--shots DIR]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

from PySide6.QtCore import QEventLoop, QPoint, QRect, QTimer
from PySide6.QtWidgets import QAbstractScrollArea, QApplication, QPushButton, QWidget

from kaiser_desktop.app.settings import Settings
from kaiser_desktop.app.statistics import Statistics
from kaiser_desktop.rules import Card, Seat, Suit, Trick
from kaiser_desktop.ui.dialogs import about_box, last_trick_dialog
from kaiser_desktop.ui.help_dialog import TOUR_PAGES, HowToPlayDialog, RulesDialog
from kaiser_desktop.ui.language import install_language
from kaiser_desktop.ui.main_window import MainWindow
from kaiser_desktop.ui.settings_dialog import SettingsDialog
from kaiser_desktop.ui.statistics_dialog import StatisticsDialog
from kaiser_desktop.ui.welcome import WelcomeDialog
from tests.ui.windows import make_table


def rect(r: QRect) -> list[int]:
    return [r.x(), r.y(), r.width(), r.height()]


def settle(ms: int = 50) -> None:
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def report(name: str, dialog: QWidget) -> dict[str, object]:
    """Where the dialog's frame is, and which of its push buttons a person could not reach."""
    screen = dialog.screen() or QApplication.primaryScreen()
    area = screen.availableGeometry()
    frame = dialog.frameGeometry()
    unreachable = []
    for button in dialog.findChildren(QPushButton):
        inside_scroller = any(
            isinstance(w, QAbstractScrollArea) for w in _ancestors(button, dialog)
        )
        if not button.isVisible() or inside_scroller:
            continue
        where = QRect(button.mapToGlobal(QPoint(0, 0)), button.size())
        if not (frame.contains(where) and area.contains(where)):
            unreachable.append(button.text())
    return {
        "name": name,
        "area": rect(area),
        "frame": rect(frame),
        "fits": area.contains(frame),
        "unreachable_buttons": unreachable,
        "font_px": dialog.font().pixelSize(),
    }


def _ancestors(widget: QWidget, top: QWidget) -> Iterator[QWidget]:
    parent = widget.parentWidget()
    while parent is not None and parent is not top:
        yield parent
        parent = parent.parentWidget()


def dialogs(window: MainWindow, folder: Path) -> Iterator[tuple[str, Callable[[], QWidget]]]:
    settings = window.settings
    assert settings is not None
    seating = window.controller.seating
    trick = Trick(
        (Seat.W, Seat.N, Seat.E, Seat.S),
        tuple(Card.from_text(text) for text in ("5H", "AH", "3S", "KH")),
    )
    yield "welcome", lambda: WelcomeDialog(settings, False, window)
    yield "welcome_in_game", lambda: WelcomeDialog(settings, True, window)
    for page in range(len(TOUR_PAGES)):

        def tour(page: int = page) -> QWidget:
            dialog = HowToPlayDialog(window)
            dialog.show_page(page)
            return dialog

        yield f"tour_page_{page + 1}", tour
    for tab in range(3):

        def settings_tab(tab: int = tab) -> QWidget:
            dialog = SettingsDialog(settings, True, window)
            dialog.tabs.setCurrentIndex(tab)
            return dialog

        yield f"settings_tab_{tab + 1}", settings_tab
    yield "statistics", lambda: StatisticsDialog(Statistics(folder / "stats.json"), window)
    yield "rules", lambda: RulesDialog(window)
    yield "last_trick", lambda: last_trick_dialog(window, trick, Seat.N, Suit.H, seating)
    yield "about", lambda: about_box(window)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--text-size", default="normal")
    parser.add_argument("--shots", type=Path, default=None)
    parser.add_argument("--language", choices=("en", "fr"), default="en")
    args = parser.parse_args(argv)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    install_language(args.language)  # French runs ~20% longer: it must fit as well
    with tempfile.TemporaryDirectory() as folder_name:
        folder = Path(folder_name)
        settings = Settings(folder / "settings.ini")
        settings.text_size = args.text_size
        settings.welcome_done = True
        controller, window = make_table(seed=1, size=None, settings=settings)
        settle()
        for name, make in dialogs(window, folder):
            dialog = make()
            dialog.show()
            settle(300 if args.shots else 50)
            print(json.dumps(report(name, dialog)), flush=True)
            if args.shots is not None:
                args.shots.mkdir(parents=True, exist_ok=True)
                shot = args.shots / f"{name}-{args.text_size}.png"
                subprocess.run(["import", "-window", "root", str(shot)], check=False)
            dialog.close()
            dialog.deleteLater()
        controller.stop()
        window.close()
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
