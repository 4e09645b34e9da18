"""Random input against the real window, to prove no timing of events crashes the table.

    python -m kaiser_desktop.chaos --seconds 60 --seed 1     # one run; prints one JSON line
    python -m kaiser_desktop.chaos --soak-minutes 30         # runs after runs; prints the tally
    kaiser-desktop --self-test --chaos 60                    # the same run, in a frozen app

A scripted South plays random legal moves by clicking the table, while random clicks, keys,
resizes, Undo and every menu action except Quit (New game and the other "the game will
end" questions answered yes) hit the window, and the settings change under it. A run
fails (exit 1) on any Python exception in a slot or any Qt warning about deleted objects;
a crash kills the process, which is why the test and the soak run each in a subprocess.
The window closes at the end of a run wherever the game is, and the next run of a soak
resumes from its autosave.

A composition root, like the launcher: it builds the whole app, so it lives at the top.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import traceback
from dataclasses import asdict, dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any, cast

# Warnings Qt prints when an object is used or freed after it is gone.
DELETED_OBJECT_WARNINGS = ("deleted", "destroyed", "dangling", "already", "double free")
EVENT_MS = (15, 120)  # random gap between two random events
# Keys a person might press: moving in the hand, playing, menus' single-letter shortcuts.
KEYS = ("Left", "Right", "Up", "Down", "Return", "Enter", "Space", "Tab", "Backtab", "Escape",
        "H", "W", "N", "6", "7", "8", "P")  # fmt: skip
SIZES = ((800, 600), (1024, 600), (1024, 700), (1280, 800), (1600, 1000), (640, 480))
# With finish_a_hand: at most this many more random events after the time is up, waiting
# for a hand to be scored (a count, not seconds, so a busy machine gets as many as an idle).
FINISH_EVENTS = 1500


@dataclass
class ChaosReport:
    seconds: float = 0.0
    seed: int = 0
    events: int = 0
    new_games: int = 0
    hands: int = 0
    undos: int = 0
    # Events after the time was up, while finish_a_hand waited for a hand to be scored.
    finishing_events: int = 0
    exceptions: list[str] = field(default_factory=list)
    qt_warnings: list[str] = field(default_factory=list)
    # The window's memory (resident set, MiB) sampled each second: at the start, its peak,
    # at the end, and its slope (MiB a minute) over the last 10 minutes, or over the second
    # half of a shorter run. None where the system does not tell (only Linux's /proc here).
    rss_start_mib: float | None = None
    rss_peak_mib: float | None = None
    rss_end_mib: float | None = None
    rss_slope_mib_per_min: float | None = None
    rss_slope_minutes: float | None = None
    # The verdict on that window (`flat_verdict`): how far RSS moved across it (the mean
    # of its last minute less that of its first), the slope of its one-minute means with
    # the half-width of that slope's 95% interval (the run's own noise: the card bitmaps
    # of the sizes in use swing RSS by ±10 MiB), and "flat", "rising" or "unclear".
    rss_moved_mib: float | None = None
    rss_slope_margin_mib_per_min: float | None = None
    rss_flat: str | None = None
    # The same window for RSS less the card bitmaps then cached (bounded by their own cap,
    # KEPT_TABLE_LAYOUTS sizes): what is left is where a leak would show, without the
    # swings of the sizes drawn and dropped.
    rest_slope_mib_per_min: float | None = None
    rest_slope_margin_mib_per_min: float | None = None
    rest_moved_mib: float | None = None
    rest_flat: str | None = None

    @property
    def clean(self) -> bool:
        return not self.exceptions and not self.qt_warnings

    def memory_line(self) -> str | None:
        """The memory figures in words, or None where RSS was not measured."""
        if self.rss_start_mib is None:
            return None
        line = (
            f"RSS {self.rss_start_mib} MiB at the start, peak {self.rss_peak_mib}, "
            f"end {self.rss_end_mib}"
        )
        if self.rss_slope_mib_per_min is not None:
            line += (
                f"; last {self.rss_slope_minutes} min: {self.rss_slope_mib_per_min:+} MiB a minute"
            )
        if self.rss_flat is not None:
            line += (
                f" (95%: ±{self.rss_slope_margin_mib_per_min}), moved {self.rss_moved_mib:+} MiB"
                f" -> {self.rss_flat} (flat: at most {FLAT_MIB_PER_MIN} MiB a minute)"
            )
        if self.rest_flat is not None:
            line += (
                f"\nRSS less the cached card bitmaps, same minutes: "
                f"{self.rest_slope_mib_per_min:+} MiB a minute "
                f"(95%: ±{self.rest_slope_margin_mib_per_min}), moved {self.rest_moved_mib:+} MiB"
                f" -> {self.rest_flat}"
            )
        return line

    def note_memory(
        self, samples: list[tuple[float, float]], cards: list[float] | None = None
    ) -> None:
        """`samples`: (seconds since the start, RSS MiB); `cards`: the card bitmaps cached
        at each sample (MiB), for the same figures without them."""
        if not samples:
            return
        if cards is not None and len(cards) == len(samples):
            rest = [(t, rss - c) for (t, rss), c in zip(samples, cards, strict=True)]
            minutes = minute_means(last_window(rest)[0])
            verdict = flat_verdict(minutes)
            if verdict is not None:
                self.rest_flat, slope, margin = verdict
                self.rest_slope_mib_per_min = round(slope, 2)
                self.rest_slope_margin_mib_per_min = round(margin, 2)
                self.rest_moved_mib = round(minutes[-1][1] - minutes[0][1], 1)
        self.rss_start_mib = round(samples[0][1], 1)
        self.rss_peak_mib = round(max(rss for _, rss in samples), 1)
        self.rss_end_mib = round(samples[-1][1], 1)
        tail, window = last_window(samples)
        if len(tail) >= 2:
            self.rss_slope_mib_per_min = round(60 * least_squares_slope(tail), 2)
            self.rss_slope_minutes = round(window / 60, 1)
        minutes = minute_means(tail)
        if len(minutes) >= 2:
            self.rss_moved_mib = round(minutes[-1][1] - minutes[0][1], 1)
        verdict = flat_verdict(minutes)
        if verdict is not None:
            self.rss_flat, _, margin = verdict
            self.rss_slope_margin_mib_per_min = round(margin, 2)


SLOPE_WINDOW_S = 600.0
# "Flat": over the last 10 minutes RSS rises by at most this, with 95% confidence. 0.1 MiB a
# minute is 6 MiB an hour: a 4-hour evening of play would add 24 MiB, inside the issue's
# start + 100 MiB with the peak seen (start + 70 MiB). The run's noise decides whether its
# 10 minutes can show it: with RSS swinging ±10 MiB the verdict may well be "unclear".
FLAT_MIB_PER_MIN = 0.1
# Two-sided 95% Student t for n - 2 degrees of freedom (n one-minute means, n >= 4).
_T95 = {2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26, 10: 2.23}


def last_window(samples: list[tuple[float, float]]) -> tuple[list[tuple[float, float]], float]:
    """The samples of the last 10 minutes, or of the second half of a shorter run, and
    that window's length in seconds."""
    end = samples[-1][0]
    window = SLOPE_WINDOW_S if end >= 2 * SLOPE_WINDOW_S else end / 2
    return [(t, value) for t, value in samples if t >= end - window], window


def minute_means(samples: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """(middle second, mean RSS) of each whole minute of `samples`, from its first sample.

    A minute's mean evens out the seconds-long swings (a bitmap size drawn and dropped), so
    the points a slope is fitted to are closer to independent than one-second samples."""
    if not samples:
        return []
    start = samples[0][0]
    buckets: dict[int, list[float]] = {}
    for t, rss in samples:
        buckets.setdefault(int((t - start) // 60), []).append(rss)
    whole = int((samples[-1][0] - start) // 60)  # the last, partial minute is left out
    return [
        (start + 60 * minute + 30, sum(values) / len(values))
        for minute, values in sorted(buckets.items())
        if minute < whole
    ]


def flat_verdict(minutes: list[tuple[float, float]]) -> tuple[str, float, float] | None:
    """("flat" | "rising" | "unclear", slope, margin) from one-minute means, or None for
    too few.

    The slope (MiB a minute) of the means has a 95% interval slope ± margin, the margin
    taken from how far the means stray from the fitted line. "flat": the whole interval is
    at or below FLAT_MIB_PER_MIN; "rising": the whole interval is above it; otherwise the
    run was too noisy to tell, and says so rather than guess."""
    n = len(minutes)
    if n < 4:
        return None
    points = [(t / 60, rss) for t, rss in minutes]
    slope = least_squares_slope(points)
    mean_x = sum(x for x, _ in points) / n
    mean_y = sum(y for _, y in points) / n
    spread = sum((x - mean_x) ** 2 for x, _ in points)
    residual = sum((y - mean_y - slope * (x - mean_x)) ** 2 for x, y in points)
    margin = _T95.get(n - 2, 2.0) * (residual / (n - 2) / spread) ** 0.5
    if slope + margin <= FLAT_MIB_PER_MIN:
        return "flat", slope, margin
    if slope - margin > FLAT_MIB_PER_MIN:
        return "rising", slope, margin
    return "unclear", slope, margin


def least_squares_slope(points: list[tuple[float, float]]) -> float:
    mean_x = sum(x for x, _ in points) / len(points)
    mean_y = sum(y for _, y in points) / len(points)
    spread = sum((x - mean_x) ** 2 for x, _ in points)
    if spread == 0:
        return 0.0
    return sum((x - mean_x) * (y - mean_y) for x, y in points) / spread


def resident_mib() -> float | None:
    """This process's resident set size in MiB (Linux), or None."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None


def run_chaos(
    seconds: float,
    seed: int,
    level: str = "basic",
    pace: float = 0.05,
    finish_a_hand: bool = False,
) -> ChaosReport:
    """One run in this process; the data folder is $KAISER_DESKTOP_DATA_DIR (set it).

    With `finish_a_hand`, a run that has scored no hand when its time is up goes on (for
    at most FINISH_EVENTS more events) until one is: the random clicks, keys, resizes and
    settings go on, but no menu action and no Undo, so the game is left to end its hand.
    On a busy machine the same seconds hold fewer moves of the game than events that end
    it (New game at each quarter, New game, Replay, Open, Undo), so a run could end with
    no hand finished; this makes "a hand was finished under random input" hold anyway."""
    from PySide6.QtCore import QPoint, Qt, QTimer, QtMsgType, qInstallMessageHandler
    from PySide6.QtGui import QKeySequence
    from PySide6.QtWidgets import QApplication, QDialog, QMenu, QWidget

    from kaiser_desktop.app.controller import GameController
    from kaiser_desktop.app.main_thread_gc import MainThreadCollector
    from kaiser_desktop.app.memory import keep_large_blocks_apart
    from kaiser_desktop.app.pace import Pace
    from kaiser_desktop.app.seating import Seating
    from kaiser_desktop.app.settings import LEVELS, RULES_PRESETS, SPEEDS
    from kaiser_desktop.app.statistics import Statistics
    from kaiser_desktop.app.storage import GameStore
    from kaiser_desktop.rules import Seat
    from kaiser_desktop.startup import APP_BOT_MODE, make_settings
    from kaiser_desktop.ui.cards.face_painter import BACK_STYLES
    from kaiser_desktop.ui.main_window import MainWindow
    from kaiser_desktop.ui.scripted_player import ScriptedPlayer
    from kaiser_desktop.ui.synthetic_input import click, press_key

    keep_large_blocks_apart()  # as the launcher does: the window measured is the app's
    rng = random.Random(seed)
    report = ChaosReport(seed=seed)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    MainThreadCollector.install(app)  # as the launcher does

    def on_exception(kind: type[BaseException], error: BaseException,
                     tb: TracebackType | None) -> None:  # fmt: skip
        report.exceptions.append("".join(traceback.format_exception(kind, error, tb)))

    def on_qt_message(kind: QtMsgType, context: object, text: str) -> None:
        serious = kind in (QtMsgType.QtWarningMsg, QtMsgType.QtCriticalMsg, QtMsgType.QtFatalMsg)
        if serious and any(word in text.lower() for word in DELETED_OBJECT_WARNINGS):
            report.qt_warnings.append(text)

    sys.excepthook = on_exception
    qInstallMessageHandler(on_qt_message)

    settings = make_settings()
    store = GameStore.default()
    statistics = Statistics.beside(store.folder)
    controller = GameController(
        settings.rules(), seating=Seating.from_names(settings.names()), level=level,
        seed=seed, pace=Pace(pace), bot_mode=APP_BOT_MODE, store=store,
        statistics=statistics, claims=True,
    )  # fmt: skip
    window = MainWindow(controller, settings=settings, statistics=statistics)
    records = Path(store.folder) / "chaos-records"
    records.mkdir(exist_ok=True)
    bad_record = records / "not-a-record.json"
    bad_record.write_text('{"format": "kaiser-record/1", "hands": [', encoding="utf-8")
    # What a person would answer; file choosers and questions are the window's own seams.
    window.confirm = lambda title, text: True
    window.choose_save_path = lambda suggested: str(records / f"game-{rng.randrange(3)}.json")
    window.choose_open_path = lambda: str(rng.choice([bad_record, *records.glob("game-*")]))
    window.ask_deal_number = lambda current: rng.choice([current, rng.randrange(1, 10**6)])

    south = ScriptedPlayer(window, choose=lambda view: rng.choice(view.legal), delay_ms=40)
    controller.game_started.connect(lambda: setattr(report, "new_games", report.new_games + 1))
    controller.hand_scored.connect(lambda result: setattr(report, "hands", report.hands + 1))

    menu_actions = [
        action
        for menu in window.menuBar().actions()
        if isinstance(menu.menu(), QMenu)
        for action in cast(QMenu, menu.menu()).actions()
        if not action.isSeparator() and action is not window.menus.quit_action
    ]

    def setting_change() -> None:
        choice = rng.randrange(9)
        if choice == 0:
            settings.animation_speed = rng.choice(SPEEDS)
        elif choice == 1:
            settings.jumbo_cards = not settings.jumbo_cards
        elif choice == 2:
            settings.four_colour_deck = not settings.four_colour_deck
        elif choice == 3:
            settings.card_back = rng.choice(list(BACK_STYLES))
        elif choice == 4:
            settings.computer_level = rng.choice(LEVELS[:2])  # Expert is slow for a soak
        elif choice == 5:
            settings.rules_preset = rng.choice(RULES_PRESETS[:3])
        elif choice == 6:
            settings.auto_play_single = not settings.auto_play_single
        elif choice == 7:
            # The whole window re-worded mid-game (ui/language.py), back and forth.
            settings.language = "en" if settings.language == "fr" else "fr"
        else:
            settings.set_name(rng.choice(list(Seat)), rng.choice(["Ann", "Bo", ""]))
        # Each goes through the same `changed` signal the settings dialog sends.

    def answer_modal(modal: QWidget) -> None:
        if isinstance(modal, QDialog):
            modal.accept() if rng.random() < 0.5 else modal.reject()
        else:
            modal.close()

    def random_event(finishing: bool) -> None:
        report.events += 1
        modal = QApplication.activeModalWidget()
        if modal is not None:  # a person can only answer the box in front of them
            if rng.random() < 0.5:
                press_key(modal, rng.choice([Qt.Key.Key_Tab, Qt.Key.Key_Space]), " ")
            else:
                answer_modal(modal)
            return
        roll = rng.random()
        viewport = window.view.viewport()
        if roll < 0.4:
            point = QPoint(rng.randrange(max(1, viewport.width())),
                           rng.randrange(max(1, viewport.height())))  # fmt: skip
            click(viewport, point)
        elif roll < 0.75:
            name = rng.choice(KEYS)
            # QKeySequence[0] is its first QKeyCombination (PySide6's stub lacks __getitem__).
            key = QKeySequence.fromString(name)[0].key()  # type: ignore[index]
            press_key(QApplication.focusWidget() or window, key, name if len(name) == 1 else "")
        elif roll < 0.82:
            window.resize(*rng.choice(SIZES))
        elif roll < 0.96 and finishing:
            pass  # neither Undo nor a menu action while the game is left to end its hand
        elif roll < 0.86:
            if window.menus.undo_action.isEnabled():
                report.undos += 1
                window.menus.undo_action.trigger()
        elif roll < 0.96:
            action = rng.choice(menu_actions)
            # Ending the game is a third as likely as the rest, so hands get played too.
            ending = action in (
                window.menus.new_action,
                window.menus.replay_action,
                window.menus.open_action,
            )
            if action.isEnabled() and (not ending or rng.random() < 1 / 3):
                action.trigger()
        else:
            setting_change()

    def tick() -> None:
        over = time.monotonic() >= deadline
        finishing = over and finish_a_hand and report.hands == 0
        if finishing:
            report.finishing_events += 1
        if over and (not finishing or report.finishing_events > FINISH_EVENTS):
            window.close()  # wherever the game is: closing must be safe too
            QTimer.singleShot(200, app.quit)
            return
        # The next event is due before this one runs: a menu action may open a modal box
        # whose own event loop runs until an event answers it.
        QTimer.singleShot(rng.randrange(*EVENT_MS), tick)
        try:
            random_event(finishing)
        except Exception:  # the driver's own mistake is a failure too, never hidden
            report.exceptions.append("chaos driver: " + traceback.format_exc())

    def new_game_now() -> None:
        # Whatever the random events did, New game also comes at set moments of the run,
        # so even a slow machine sees it during play (the crash this driver was made for).
        # A box open now is answered by a later event: try again shortly (on a busy
        # machine a box stays up longer, and New game must not be skipped for it).
        if time.monotonic() >= deadline:
            return
        if QApplication.activeModalWidget() is None:
            window.menus.new_action.trigger()
        else:
            QTimer.singleShot(100, new_game_now)

    started = time.monotonic()
    deadline = started + seconds
    memory: list[tuple[float, float]] = []
    cards: list[float] = []

    def sample_memory() -> None:
        rss = resident_mib()
        if rss is not None:
            memory.append((time.monotonic() - started, rss))
            cards.append(window.pictures.bytes / 2**20)

    sampler = QTimer()
    sampler.timeout.connect(sample_memory)
    sampler.start(1000)
    sample_memory()
    window.resize(*rng.choice(SIZES))
    window.show()
    QTimer.singleShot(0, lambda: window.start_or_resume(store.load()))
    QTimer.singleShot(300, tick)
    for quarter in (1, 2, 3):
        QTimer.singleShot(int(seconds * 1000 * quarter / 4), new_game_now)
    app.exec()
    sampler.stop()
    sample_memory()
    report.note_memory(memory, cards)
    south.enabled = False
    controller.stop()
    qInstallMessageHandler(None)
    report.seconds = round(time.monotonic() - started, 1)
    return report


def run_once(
    seconds: float, seed: int, data_dir: str | None, level: str, finish_a_hand: bool = False
) -> int:
    """One run in this process, printing its report as one JSON line; 0 when clean."""
    from kaiser_desktop.app.storage import DATA_DIR_ENV
    from kaiser_desktop.startup import offscreen_when_no_display

    offscreen_when_no_display()
    with tempfile.TemporaryDirectory(prefix="kaiser-chaos-") as scratch:
        os.environ[DATA_DIR_ENV] = data_dir or scratch  # never the player's own saved game
        report = run_chaos(seconds, seed, level, finish_a_hand=finish_a_hand)
    memory = report.memory_line()
    if memory is not None:
        print(memory, flush=True)
    print(json.dumps({**asdict(report), "clean": report.clean}), flush=True)
    return 0 if report.clean else 1


def chaos_command(
    seconds: float, seed: int, data_dir: str | None = None, finish_a_hand: bool = False
) -> list[str]:
    """The command line of one run in a fresh process (a frozen app runs itself)."""
    if getattr(sys, "frozen", False):
        command = [sys.executable, "--self-test", "--chaos", str(seconds)]
    else:
        # -X faulthandler: a run that dies of a signal prints every thread's stack.
        command = [sys.executable, "-X", "faulthandler", "-m", "kaiser_desktop.chaos"]
        command += ["--seconds", str(seconds)]
        command += ["--finish-a-hand"] if finish_a_hand else []
    command += ["--seed", str(seed)]
    return command + (["--data-dir", data_dir] if data_dir else [])


def run_in_subprocess(seconds: float, seed: int, data_dir: str | None = None,
                      command: list[str] | None = None,
                      finish_a_hand: bool = False) -> dict[str, Any]:  # fmt: skip
    """One run in its own process: its report, plus how the process ended."""
    argv = command or chaos_command(seconds, seed, data_dir, finish_a_hand)
    # Time enough for a busy machine, and for the events finish_a_hand may add.
    finishing_s = FINISH_EVENTS * EVENT_MS[1] / 1000 if finish_a_hand else 0.0
    timeout = seconds * 4 + 120 + finishing_s
    done = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    report: dict[str, Any] = json.loads(lines[-1]) if lines else {}
    report["returncode"] = done.returncode
    report["crashed"] = done.returncode < 0 or not lines  # a signal, or died before reporting
    if report["crashed"]:
        report["stderr_tail"] = done.stderr[-3000:]
    return report


def soak(minutes: float, run_seconds: float, first_seed: int,
         command: list[str] | None = None) -> int:  # fmt: skip
    """Runs after runs for `minutes`, each resuming the last one's game; prints the tally."""
    totals = {"runs": 0, "new_games": 0, "hands": 0, "undos": 0, "events": 0,
              "crashes": 0, "exceptions": 0, "qt_warnings": 0}  # fmt: skip
    started = time.monotonic()
    ends = started + minutes * 60
    seed = first_seed
    with tempfile.TemporaryDirectory(prefix="kaiser-soak-") as data_dir:
        while time.monotonic() < ends:
            argv = None if command is None else [*command, "--seed", str(seed)]
            report = run_in_subprocess(run_seconds, seed, data_dir, argv)
            totals["runs"] += 1
            for key in ("new_games", "hands", "undos", "events"):
                totals[key] += int(report.get(key, 0))
            totals["crashes"] += int(report["crashed"])
            totals["exceptions"] += len(report.get("exceptions", []))
            totals["qt_warnings"] += len(report.get("qt_warnings", []))
            if report["crashed"] or not report.get("clean", False):
                print(json.dumps({"seed": seed, **report})[:4000], flush=True)
            seed += 1
    elapsed = (time.monotonic() - started) / 60
    print(
        f"soak {elapsed:.1f} min: {totals['runs']} runs, {totals['new_games']} new games, "
        f"{totals['hands']} hands, {totals['undos']} undos, {totals['events']} random events; "
        f"{totals['crashes']} crashes, {totals['exceptions']} exceptions, "
        f"{totals['qt_warnings']} deleted-object warnings",
        flush=True,
    )
    return 0 if totals["crashes"] == totals["exceptions"] == totals["qt_warnings"] == 0 else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m kaiser_desktop.chaos",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--seconds", type=float, default=60.0, help="length of one run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="basic", help="computer players' level")
    parser.add_argument(
        "--finish-a-hand",
        action="store_true",
        help="when the time is up, go on (without ending the game) until a hand is scored",
    )
    parser.add_argument("--data-dir", default=None, help="the save folder (default: a new one)")
    parser.add_argument(
        "--soak-minutes",
        type=float,
        default=None,
        help="repeat runs, each in a new process, for this long",
    )
    parser.add_argument(
        "--app",
        default=None,
        help="with --soak-minutes: a frozen app to soak instead of this Python",
    )
    args = parser.parse_args(argv)  # fmt: skip
    if args.soak_minutes is not None:
        command = [args.app, "--self-test", "--chaos", str(args.seconds)] if args.app else None
        return soak(args.soak_minutes, args.seconds, args.seed, command)
    return run_once(args.seconds, args.seed, args.data_dir, args.level, args.finish_a_hand)


if __name__ == "__main__":
    sys.exit(main())
