"""Start-up: parse the command line, build the controller and the main window, run.

The game in progress is resumed from the autosave at start; `--check-resume` does only
that, prints what it resumed as JSON and exits (the crash test compares it with the file).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from kaiser_desktop import crash_log, platform_check
from kaiser_desktop.rules import RulesError, RuleSet
from kaiser_desktop.startup import (
    APP_BOT_MODE,
    FIRST_DEAL_DELAY_MS,
    make_settings,
    offscreen_when_no_display,
)

if TYPE_CHECKING:
    from kaiser_desktop.app.settings import Settings
    from kaiser_desktop.app.start_guard import StartGuard
    from kaiser_desktop.app.storage import GameStore, LoadResult
    from kaiser_desktop.ui.main_window import MainWindow

DEMO_PACE = 0.05


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
    parser.add_argument(
        "--chaos",
        type=float,
        default=None,
        metavar="SECONDS",
        help="with --self-test: random clicks, keys and menu actions against the real window "
        "for SECONDS while South plays; prints one JSON line, exit 0 if nothing went wrong",
    )
    parser.add_argument(
        "--result-file",
        type=Path,
        default=None,
        metavar="PATH",
        help="with --self-test: also write the verdict to PATH as JSON (the Windows app has "
        "no console to print to)",
    )
    parser.add_argument("--seed", type=int, default=None, help="seed for the deals")
    parser.add_argument(
        "--level", default=None, help="computer players' level (basic, standard, expert, random)"
    )
    parser.add_argument(
        "--rules", default=None, help='rule variants as JSON, e.g. \'{"kitty": "on"}\''
    )
    parser.add_argument(
        "--pace",
        type=float,
        default=None,
        help="speed factor: 1 normal, 0.5 twice as fast (default: from Settings)",
    )
    parser.add_argument("--watch", action="store_true", help="four computer players; you watch")
    parser.add_argument(
        "--demo",
        action="store_true",
        help=f"four computer players at a fast pace ({DEMO_PACE}), saving as they go",
    )
    parser.add_argument(
        "--check-resume",
        action="store_true",
        help="load the saved game, put it on the table, print it as JSON and exit",
    )
    parser.add_argument(
        "--relay",
        action="store_true",
        help="run a relay for family play across houses instead of the game "
        "(--relay --help says more)",
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
    if "--relay" in argv:  # a small program of its own, with its own options; no Qt
        from kaiser_desktop.relay import main as relay_main

        return relay_main([a for a in argv if a != "--relay"])
    args = build_parser().parse_args(argv)
    rules = parse_rules(args.rules)
    if args.self_test and args.chaos is None:
        offscreen_when_no_display()  # a smoke test needs no screen
    # Before Qt is loaded: a missing system library is said in one sentence, not Qt's abort.
    stopped = platform_check.stop_if_unable()
    if stopped is not None:
        return stopped
    if args.self_test and args.chaos is not None:
        from kaiser_desktop.chaos import run_once

        return run_once(args.chaos, args.seed or 1, None, args.level or "basic")
    if args.self_test:
        from kaiser_desktop.app.storage import DATA_DIR_ENV
        from kaiser_desktop.self_test import (
            SELF_TEST_FOLDER_PREFIX,
            remove_stale_self_test_folders,
            run_self_test,
        )

        remove_stale_self_test_folders()
        # Never near the player's saved game, whatever the self-test builds.
        with tempfile.TemporaryDirectory(prefix=SELF_TEST_FOLDER_PREFIX) as folder:
            os.environ[DATA_DIR_ENV] = folder
            return run_self_test(
                rules=rules, seed=args.seed, level=args.level, result_file=args.result_file
            )

    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from kaiser_desktop.app.controller import GameController
    from kaiser_desktop.app.main_thread_gc import MainThreadCollector
    from kaiser_desktop.app.memory import keep_large_blocks_apart
    from kaiser_desktop.app.pace import Pace
    from kaiser_desktop.app.quit_signals import QuitOnSignal
    from kaiser_desktop.app.seating import Seating
    from kaiser_desktop.app.start_guard import StartGuard
    from kaiser_desktop.app.statistics import Statistics
    from kaiser_desktop.app.storage import GameStore
    from kaiser_desktop.ui.language import start_language
    from kaiser_desktop.ui.main_window import MainWindow
    from kaiser_desktop.ui.window_settings import SPEED_FACTORS

    keep_large_blocks_apart()  # before Qt allocates: freed bitmaps go back (app/memory.py)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)  # a window needs the widgets' application
    MainThreadCollector.install(app)  # never in a search's thread (app/main_thread_gc.py)
    app.setApplicationName("Kaiser Desktop")
    app.setOrganizationName("Kaiser Desktop")
    settings = make_settings()
    start_language(settings.language)  # before any word is put on screen
    store = GameStore.default()
    # Before the window and the restore: did the last start die on the way? The marker
    # stays until the table is steady (app/start_guard.py); --check-resume only looks.
    guard = StartGuard(store.folder)
    failed_before = not args.check_resume and guard.begin()
    # A trace of how this run ends (exceptions, Qt errors, the exit), in the data folder.
    if crash_log.install(store.folder / "logs"):
        crash_log.install_qt_messages()
        app.lastWindowClosed.connect(lambda: crash_log.note("the last window was closed"))
        app.aboutToQuit.connect(lambda: crash_log.note("the event loop is quitting"))
    statistics = Statistics.beside(store.folder)
    watch = args.watch or args.demo
    seating = Seating.from_names(settings.names(), watch=watch)
    if args.pace is not None:
        factor = args.pace
    elif args.demo:
        factor = DEMO_PACE
    else:
        factor = SPEED_FACTORS[settings.animation_speed]
    game_rules = rules if args.rules else settings.rules()
    try:
        controller = GameController(
            game_rules,
            seating=seating,
            level=args.level or settings.computer_level,
            seed=args.seed,
            pace=Pace(factor),
            bot_mode=APP_BOT_MODE,
            store=store,
            statistics=statistics,
            claims=True,
        )
    except ValueError as error:
        guard.steady()  # a refused option is no crash
        print(f"kaiser-desktop: {error}", file=sys.stderr)
        return 2
    controller.next_rules = game_rules
    controller.auto_play_single = settings.auto_play_single
    from kaiser_desktop import family

    window = MainWindow(
        controller,
        settings=settings,
        statistics=statistics,
        play_with_family=family.opener(settings),
    )
    loaded = store.load()
    if args.check_resume:
        return _check_resume(app, window, loaded)
    app.aboutToQuit.connect(guard.steady)  # a clean quit, however early, is no crash
    # SIGTERM, a task manager's End task or the session ending: closed as Quit closes.
    quit_on_signal = QuitOnSignal(window.close, app)
    app.commitDataRequest.connect(lambda _manager: controller.flush_saves())
    app.aboutToQuit.connect(controller.stop)  # every way out stops the computer players
    window.show()
    if args.startup_probe:
        try:
            from kaiser_desktop.app import startup_probe
        except ImportError:
            startup_probe = None  # type: ignore[assignment]
        if startup_probe is not None:
            startup_probe.install(app, window)
    # Deal (or resume) once the window is up, so the first thing a player sees is the table.
    QTimer.singleShot(
        FIRST_DEAL_DELAY_MS,
        lambda: _start_table(window, settings, loaded, store, guard, failed_before),
    )
    code = int(app.exec())
    quit_on_signal.uninstall()
    controller.stop()
    crash_log.note_exit(code, "the event loop ended")
    return code


def _start_table(
    window: MainWindow,
    settings: Settings,
    loaded: LoadResult,
    store: GameStore,
    guard: StartGuard,
    failed_before: bool,
) -> None:
    """Restore or deal; after a start that died, first ask the player how to go on."""
    from PySide6.QtCore import QTimer

    from kaiser_desktop import family
    from kaiser_desktop.app.start_guard import STEADY_AFTER_MS, after_failed_start, needs_asking
    from kaiser_desktop.ui.start_trouble import ask_after_failed_start

    # A table of computers (--demo, --watch) has nobody to ask: it tries again.
    if failed_before and needs_asking(loaded) and window.controller.seating.humans:
        choice = ask_after_failed_start(window, window.run_dialog)
        loaded = after_failed_start(choice, loaded, store)
    # Steady once the event loop has run a while after the restore (a question about the
    # family table may still be open then: its own event loop runs the timer).
    family.start_or_reopen(
        window, settings, loaded, lambda: QTimer.singleShot(STEADY_AFTER_MS, guard.steady)
    )


def _check_resume(app: object, window: object, loaded: object) -> int:
    """Resume the saved game on a real (offscreen) table and print what the table holds."""
    from kaiser_desktop.app.storage import LoadResult
    from kaiser_desktop.rules import Seat, sort_hand
    from kaiser_desktop.rules import record as kaiser_record
    from kaiser_desktop.ui.main_window import MainWindow

    assert isinstance(window, MainWindow) and isinstance(loaded, LoadResult)
    controller = window.local
    assert controller is not None  # the launcher's window runs its game here
    out: dict[str, object] = {"message": loaded.message}
    if loaded.state is not None:
        window.show()
        controller.resume(loaded.state, loaded.meta)
        state = controller.state
        scene = window.view.table_scene
        hand = state.hand
        out.update(
            record=kaiser_record.to_json(state),
            phase=state.phase.value,
            to_act=state.to_act.text if state.to_act else None,
            # The table must show what the state says: South's cards and the trick.
            table_matches=hand is None
            or (
                scene.shown_south() == list(sort_hand(hand.hand_of(Seat.S)))
                and all(
                    scene.shown_counts()[seat] == len(hand.hand_of(seat))
                    for seat in (Seat.N, Seat.E, Seat.W)
                )
            ),
            trick_on_table=[item.card for _, item in scene.trick],
        )
    controller.stop()
    window.close()
    print(json.dumps(out))
    return 0
