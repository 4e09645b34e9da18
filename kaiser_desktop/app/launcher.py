"""Start-up: parse the command line, build the controller and the main window, run."""

from __future__ import annotations

import argparse
import json
import sys

from kaiser_desktop.rules import RulesError, RuleSet


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="kaiser-desktop", description="Kaiser, the Canadian partnership card game."
    )
    parser.add_argument(
        "--self-test",
        action="store_true",
        help="play one fast game with four computer players on the real table, then exit "
        "(0 if it ended with a winner)",
    )
    parser.add_argument("--seed", type=int, default=None, help="seed for the deals")
    parser.add_argument(
        "--level", default=None, help="computer players' level (basic, standard, expert, random)"
    )
    parser.add_argument(
        "--rules", default=None, help='rule variants as JSON, e.g. \'{"kitty": "on"}\''
    )
    parser.add_argument(
        "--pace", type=float, default=1.0, help="speed factor: 1 normal, 0.5 twice as fast"
    )
    parser.add_argument(
        "--watch", action="store_true", help="four computer players; you watch"
    )
    parser.add_argument("--startup-probe", action="store_true", help=argparse.SUPPRESS)
    return parser


def parse_rules(text: str | None) -> RuleSet:
    if not text:
        return RuleSet()
    try:
        return RuleSet.from_json(json.loads(text))
    except (json.JSONDecodeError, RulesError) as error:
        raise SystemExit(f"kaiser-desktop: bad --rules: {error}") from None


def run(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    rules = parse_rules(args.rules)
    if args.self_test:
        from kaiser_desktop.app.self_test import run_self_test

        return run_self_test(rules=rules, seed=args.seed, level=args.level)

    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from kaiser_desktop.app.controller import GameController
    from kaiser_desktop.app.pace import Pace
    from kaiser_desktop.app.seating import Seating
    from kaiser_desktop.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Kaiser Desktop")
    seating = Seating.all_computers() if args.watch else Seating()
    try:
        controller = GameController(
            rules, seating=seating, level=args.level, seed=args.seed, pace=Pace(args.pace)
        )
    except ValueError as error:
        print(f"kaiser-desktop: {error}", file=sys.stderr)
        return 2
    window = MainWindow(controller)
    window.show()
    if args.startup_probe:
        try:
            from kaiser_desktop.app import startup_probe
        except ImportError:
            startup_probe = None  # type: ignore[assignment]
        if startup_probe is not None:
            startup_probe.install(app, window)
    # Deal once the window is up, so the first thing a player sees is the cards arriving.
    QTimer.singleShot(0, controller.start)
    code = int(app.exec())
    controller.stop()
    return code
