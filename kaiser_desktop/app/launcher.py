"""Start-up: parse the command line, build the application and the main window.

PLACEHOLDER until the table lands: shows an empty window; --self-test exits 0 once painted.
"""

from __future__ import annotations

import argparse


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="kaiser-desktop")
    parser.add_argument("--self-test", action="store_true")
    args = parser.parse_args(argv)

    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QLabel, QMainWindow

    app = QApplication.instance() or QApplication([])
    window = QMainWindow()
    window.setWindowTitle("Kaiser")
    window.setCentralWidget(QLabel("Kaiser"))
    window.resize(1024, 700)
    window.show()
    if args.self_test:
        QTimer.singleShot(200, app.quit)
    return int(app.exec())
