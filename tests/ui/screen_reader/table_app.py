"""The app side of the screen-reader test: a real window on the X server, played by the
test's own rules up to South's first card, then left to the keyboard.

Run by the test (the project's Python); it prints "ready" once South is to play a card,
and ends by itself after `--seconds`.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.pace import Pace
from kaiser_desktop.app.settings import Settings
from kaiser_desktop.rules import Phase, RuleSet, Seat
from kaiser_desktop.ui.main_window import MainWindow


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=40.0)
    args = parser.parse_args()
    app = QApplication(sys.argv[:1])
    app.setApplicationName("Kaiser")
    settings = Settings(Path(tempfile.mkdtemp(prefix="kaiser-a11y-")) / "settings.ini")
    settings.welcome_done = True
    controller = GameController(RuleSet(), seed=args.seed, pace=Pace(0.05), level="basic")
    controller.auto_play_single = False
    controller.wait_after_trick = True  # the finished trick stays until Enter: time to read it
    window = MainWindow(controller, settings=settings)
    window.resize(1280, 760)
    window.show()
    window.activateWindow()
    said: list[str] = []

    def step() -> None:
        if controller.waiting_for_human() != Seat.S:
            return
        if controller.state.phase is Phase.PLAY:
            if not said:
                window.view.setFocus()
                said.append("ready")
                print("ready", flush=True)
            return
        if not said:
            controller.act(controller.view(Seat.S).legal[0])  # bids and trump: not the test

    timer = QTimer()
    timer.timeout.connect(step)
    timer.start(50)
    QTimer.singleShot(round(args.seconds * 1000), app.quit)
    controller.start()
    code = app.exec()
    controller.stop()
    return code


if __name__ == "__main__":
    sys.exit(main())
