"""Does memory grow from game to game? Computer-only games through the controller.

    python -m kaiser_lab.memory_benchmark [--games 20] [--level basic] [--bot-mode process]
    python -m kaiser_lab.memory_benchmark --window [--games 20]

Headless by default. No sound, no autosave: a QCoreApplication, the GameController and its
bots at pace 0. With --window the games are watched in the real window (offscreen where
there is no screen), which is resized to the next of a few sizes after each game, with the
rules and the last trick opened and closed; the live widget count is printed too, and
should stay flat as the PlayerView count does.

After each game (and a full garbage collection) it prints the Python heap traced by
tracemalloc, the number of live PlayerView objects (each decision task holds one; none
should outlive its decision), the process's resident memory where the OS says (Linux), and at
the end the growth from the first finished game (the warm-up: imports, caches) to the last.
A leak-free app shows ~0 growth per game and a flat PlayerView count. Exit status 0; 1 only
if the games did not finish (a stuck game is no measurement).
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
import tracemalloc
from pathlib import Path
from typing import TYPE_CHECKING

from kaiser_desktop.rules import PlayerView
from kaiser_desktop.startup import APP_BOT_MODE

if TYPE_CHECKING:
    from kaiser_desktop.app.controller import GameController

MIB = 2**20


def rss_bytes() -> int | None:
    """Resident memory now (Linux /proc); None where it is not available this cheaply."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return None
    import os

    return pages * os.sysconf("SC_PAGE_SIZE")


def live(kind: type) -> int:
    return sum(1 for obj in gc.get_objects() if type(obj) is kind)


# The window's sizes, one after another, a new one after each game.
WINDOW_SIZES = ((1280, 800), (800, 600), (1600, 1000), (1024, 700), (640, 480), (1024, 600))


class WatchedWindow:
    """The real window watching the games; between games it is resized and the rules and
    the last trick are opened and closed, as a person would."""

    def __init__(self, controller: GameController) -> None:
        from kaiser_desktop.ui.main_window import MainWindow

        self.window = MainWindow(controller)
        self.window.resize(*WINDOW_SIZES[0])
        self.window.show()
        self.games = 0
        self.counts: list[int] = []

    def widgets(self) -> int:
        from PySide6.QtWidgets import QApplication

        self.counts.append(len(QApplication.allWidgets()))
        return self.counts[-1]

    def between_games(self) -> None:
        self.games += 1
        self.window.resize(*WINDOW_SIZES[self.games % len(WINDOW_SIZES)])
        self.window.menus.rules_action.trigger()
        if self.window.menus.last_trick_action.isEnabled():
            self.window.menus.last_trick_action.trigger()
        from PySide6.QtWidgets import QDialog

        for dialog in self.window.findChildren(QDialog):
            dialog.close()

    def close(self) -> None:
        self.window.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="memory_benchmark", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games to play (default 20)")
    parser.add_argument("--level", default="basic", help="computer level (default basic: fast)")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument(
        "--bot-mode", choices=("thread", "process"), default=APP_BOT_MODE,
        help=f"where the bots think (default: {APP_BOT_MODE}, as the app plays)",
    )  # fmt: skip
    parser.add_argument(
        "--timeout", type=float, default=1800.0, help="give up after this many seconds"
    )
    parser.add_argument(
        "--window", action="store_true",
        help="watch the games in the real window, resized after each game",
    )  # fmt: skip
    parser.add_argument(
        "--top", type=int, default=0, metavar="N",
        help="also print the N source lines whose memory grew most from the first game to the last",
    )  # fmt: skip
    args = parser.parse_args(argv)
    if args.games < 2:
        parser.error("--games must be at least 2 (the first game is the warm-up)")

    from PySide6.QtCore import QCoreApplication, QTimer

    from kaiser_desktop.app.controller import GameController
    from kaiser_desktop.app.pace import Pace
    from kaiser_desktop.app.seating import Seating
    from kaiser_desktop.rules import RuleSet

    if args.window:
        from PySide6.QtWidgets import QApplication

        from kaiser_desktop.app.memory import keep_large_blocks_apart
        from kaiser_desktop.startup import offscreen_when_no_display

        offscreen_when_no_display()
        keep_large_blocks_apart()  # as the launcher does: the window measured is the app's
        app = QApplication.instance() or QApplication(sys.argv[:1])
    else:
        app = QCoreApplication.instance() or QCoreApplication(sys.argv[:1])
    tracemalloc.start()
    controller = GameController(
        RuleSet(), seating=Seating.all_computers(), level=args.level, seed=args.seed,
        pace=Pace(0.0), bot_mode=args.bot_mode,
    )  # fmt: skip
    window = WatchedWindow(controller) if args.window else None
    rows: list[tuple[int, int, int, int | None, float]] = []
    snapshots: list[tracemalloc.Snapshot] = []
    started = time.monotonic()

    def measure() -> None:
        gc.collect()
        traced, _peak = tracemalloc.get_traced_memory()
        row = (len(rows) + 1, traced, live(PlayerView), rss_bytes(), time.monotonic() - started)
        rows.append(row)
        if args.top and len(rows) in (1, args.games):
            snapshots.append(tracemalloc.take_snapshot())
        game, heap, views, rss, seconds = row
        rss_text = "n/a" if rss is None else f"{rss / MIB:7.1f} MiB"
        widgets = "" if window is None else f"  widgets {window.widgets():4d}"
        print(
            f"game {game:3d}  {len(controller.state.results):3d} hands  heap {heap / MIB:7.2f} MiB"
            f"  PlayerView alive {views:5d}{widgets}  RSS {rss_text}  {seconds:6.1f} s",
            flush=True,
        )
        if len(rows) >= args.games:
            app.quit()
        else:
            if window is not None:
                window.between_games()
            controller.new_game()

    controller.game_over.connect(lambda team, scores: QTimer.singleShot(0, measure))
    deadline = QTimer()
    deadline.setSingleShot(True)
    deadline.timeout.connect(app.quit)
    deadline.start(int(args.timeout * 1000))
    print(
        f"memory benchmark: {args.games} games, level {controller.bots.level}, "
        f"bots {'in a process' if controller.bots.mode == 'process' else 'on a thread'}, "
        f"{'in the window' if window is not None else 'no window'}"
        " (RSS is this process's: a bot process is not counted)",
        flush=True,
    )
    QTimer.singleShot(0, controller.start)
    app.exec()
    controller.stop()
    if window is not None:
        window.close()
    if len(rows) < args.games:
        print(f"only {len(rows)} of {args.games} games finished within {args.timeout:.0f} s")
        return 1
    first, last = rows[0], rows[-1]
    games = last[0] - first[0]
    heap = last[1] - first[1]
    rss = (
        ""
        if first[3] is None or last[3] is None
        else f", RSS {(last[3] - first[3]) / MIB:+.1f} MiB"
    )
    widgets = "" if window is None else f", widgets {window.counts[-1] - window.counts[0]:+d}"
    print(
        f"growth from game {first[0]} to game {last[0]}: heap {heap / MIB:+.2f} MiB "
        f"({heap / games / 1024:+.1f} KiB per game), PlayerView alive {last[2] - first[2]:+d}"
        f"{widgets}{rss}"
    )
    if args.top and len(snapshots) == 2:
        print(f"grew most from game 1 to game {last[0]}:")
        for stat in snapshots[1].compare_to(snapshots[0], "lineno")[: args.top]:
            print(f"  {stat.size_diff / 1024:+8.1f} KiB  {stat.count_diff:+6d} blocks  "
                  f"{stat.traceback[0]}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
