"""Does memory grow from game to game? Computer-only games through the controller, headless.

    python -m kaiser_lab.memory_benchmark [--games 20] [--level basic] [--bot-mode process]

No window, no sound, no autosave: a QCoreApplication, the GameController and its bots at
pace 0. After each game (and a full garbage collection) it prints the Python heap traced by
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

from kaiser_desktop.rules import PlayerView
from kaiser_desktop.startup import APP_BOT_MODE

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

    app = QCoreApplication.instance() or QCoreApplication(sys.argv[:1])
    tracemalloc.start()
    controller = GameController(
        RuleSet(), seating=Seating.all_computers(), level=args.level, seed=args.seed,
        pace=Pace(0.0), bot_mode=args.bot_mode,
    )  # fmt: skip
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
        print(
            f"game {game:3d}  {len(controller.state.results):3d} hands  heap {heap / MIB:7.2f} MiB"
            f"  PlayerView alive {views:5d}  RSS {rss_text}  {seconds:6.1f} s",
            flush=True,
        )
        if len(rows) >= args.games:
            app.quit()
        else:
            controller.new_game()

    controller.game_over.connect(lambda team, scores: QTimer.singleShot(0, measure))
    deadline = QTimer()
    deadline.setSingleShot(True)
    deadline.timeout.connect(app.quit)
    deadline.start(int(args.timeout * 1000))
    print(
        f"memory benchmark: {args.games} games, level {controller.bots.level}, "
        f"bots {'in a process' if controller.bots.mode == 'process' else 'on a thread'}"
        " (RSS is this process's: a bot process is not counted)",
        flush=True,
    )
    QTimer.singleShot(0, controller.start)
    app.exec()
    controller.stop()
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
    print(
        f"growth from game {first[0]} to game {last[0]}: heap {heap / MIB:+.2f} MiB "
        f"({heap / games / 1024:+.1f} KiB per game), PlayerView alive {last[2] - first[2]:+d}{rss}"
    )
    if args.top and len(snapshots) == 2:
        print(f"grew most from game 1 to game {last[0]}:")
        for stat in snapshots[1].compare_to(snapshots[0], "lineno")[: args.top]:
            print(f"  {stat.size_diff / 1024:+8.1f} KiB  {stat.count_diff:+6d} blocks  "
                  f"{stat.traceback[0]}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
