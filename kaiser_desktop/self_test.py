"""`kaiser-desktop --self-test`: four computer players play a whole game on the real table.

Checks as it goes that the table shows what the rules say, and at the end that the game
has a winner and the score is the sum of the hands. Exit 0 on success, 1 on any failure;
with `result_file` the verdict is also written there as JSON, since the windowed Windows app
has no console to print to. A game longer than HAND_CAP hands (random bots rarely reach 52)
stops there and is judged on the hands played. Works without a display (offscreen).
"""

from __future__ import annotations

import json
import os
import platform
import shutil
import sys
import tempfile
import time
import traceback
from pathlib import Path
from types import TracebackType

from kaiser_desktop.rules import Card, Phase, RuleSet, Seat, sort_hand
from kaiser_desktop.startup import APP_BOT_MODE

TIME_LIMIT_S = 120.0  # a guard against a hung game on a slow or busy machine
# Expert bots search in pure Python: a whole game takes 30-50 s on a busy two-core machine,
# so the safety net against a hung game is wider for them.
LEVEL_TIME_LIMITS_S = {"expert": 180.0}
SELF_TEST_PACE = 0.02
HAND_CAP = 25  # real bots finish in 8-15 hands; random ones can play for ever
# Set by packaging/build.py and check_installer.py: a bundle without the compiled solver
# core (kaiser_desktop/ai/_solver_core.c) fails its self-test instead of shipping slow.
REQUIRE_COMPILED_SOLVER = "KAISER_DESKTOP_REQUIRE_COMPILED_SOLVER"


def run_self_test(
    rules: RuleSet | None = None,
    seed: int | None = None,
    level: str | None = None,
    pace: float = SELF_TEST_PACE,
    result_file: Path | None = None,
    hand_cap: int = HAND_CAP,
) -> int:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from kaiser_desktop.app.controller import GameController
    from kaiser_desktop.app.main_thread_gc import MainThreadCollector
    from kaiser_desktop.app.pace import Pace
    from kaiser_desktop.app.seating import Seating
    from kaiser_desktop.ui.main_window import MainWindow

    failures: list[str] = []
    previous_hook = sys.excepthook

    def hook(kind: type[BaseException], error: BaseException, tb: TracebackType | None) -> None:
        # An exception in a slot would otherwise only be printed; here it fails the test.
        failures.append("".join(traceback.format_exception(kind, error, tb)))
        app.quit()

    app = QApplication.instance() or QApplication(sys.argv[:1])
    MainThreadCollector.install(app)  # as the launcher does
    sys.excepthook = hook
    started = time.monotonic()
    controller = GameController(
        rules or RuleSet(),
        seating=Seating.all_computers(),
        level=level,
        seed=seed if seed is not None else 2024,
        pace=Pace(pace),
        bot_mode=APP_BOT_MODE,  # as the app plays: a frozen app must start its bot process
    )
    window = MainWindow(controller)
    window.resize(1024, 700)
    window.show()
    scene = window.view.table_scene

    def check_table(seat: Seat, card: Card) -> None:
        hand = controller.state.hand
        if hand is None:
            return
        shown = scene.shown_south()
        expected = list(sort_hand(hand.hand_of(Seat.S)))
        if shown != expected:
            failures.append(f"South shows {shown}, the rules say {expected}")
        for other in (Seat.N, Seat.E, Seat.W):
            if scene.shown_counts()[other] != len(hand.hand_of(other)):
                failures.append(f"{other.label} shows the wrong number of cards")
        if failures:
            app.quit()

    capped: list[int] = []

    def count_hand(_result: object) -> None:
        if len(controller.state.results) >= hand_cap and not capped:
            capped.append(len(controller.state.results))
            QTimer.singleShot(50, app.quit)

    controller.card_played.connect(check_table)
    controller.hand_scored.connect(count_hand)
    controller.game_over.connect(lambda team, scores: QTimer.singleShot(50, app.quit))
    deadline = QTimer()
    deadline.setSingleShot(True)
    deadline.timeout.connect(app.quit)
    limit_s = LEVEL_TIME_LIMITS_S.get(controller.bots.level, TIME_LIMIT_S)
    deadline.start(int(limit_s * 1000))
    QTimer.singleShot(0, controller.start)
    app.exec()
    controller.stop()
    sys.excepthook = previous_hook

    state = controller.state
    elapsed = time.monotonic() - started
    if capped and state.phase is not Phase.GAME_OVER:
        pass  # stopped at the hand cap: judged on the hands played
    elif state.phase is not Phase.GAME_OVER:
        failures.append(f"the game did not finish within {limit_s:.0f} s")
    elif state.winner is None:
        failures.append("the game ended without a winner")
    totals = [sum(r.points[i] for r in state.results) for i in (0, 1)]
    if tuple(totals) != state.scores:
        failures.append(f"scores {state.scores} are not the sum of the hands {totals}")
    failures.extend(f"computer player fault: {fault}" for fault in controller.faults)
    from kaiser_desktop.ui.language import french_problems

    french = french_problems()  # the bundle's translations load and answer
    failures.extend(french)
    audio = _audio_path(failures)
    solver = _solver(failures)
    family = _family(failures)
    python_version = platform.python_version()
    window.close()
    level_name = controller.bots.level
    if failures:
        for failure in failures:
            print(f"self-test FAILED: {failure}", file=sys.stderr)
        summary = f"self-test FAILED: {failures[0].splitlines()[0]}"
    elif capped and state.phase is not Phase.GAME_OVER:
        summary = (
            f"self-test OK: stopped at the cap of {hand_cap} hands, score "
            f"{state.scores[0]}-{state.scores[1]}, in {elapsed:.1f} s (level {level_name})"
        )
    else:
        winner = state.winner.text if state.winner else "?"
        summary = (
            f"self-test OK: {len(state.results)} hands, {winner} won {state.scores[0]}-"
            f"{state.scores[1]} in {elapsed:.1f} s (level {level_name})"
        )
    if not failures:
        print(summary)
    print(f"self-test python: {python_version}")  # the workflow compares it across the OSes
    print(f"self-test audio: {audio}")
    print(f"self-test solver: {solver}")
    print(f"self-test family play: {'works' if family else 'FAILED'}")
    if result_file is not None:
        verdict = {
            "ok": not failures,
            "summary": summary,
            "failures": failures,
            "hands": len(state.results),
            "capped": bool(capped) and state.phase is not Phase.GAME_OVER,
            "seconds": round(elapsed, 1),
            "level": level_name,
            "french": not french,
            "python": python_version,
            "audio": audio,
            "solver": solver,
            "family": family,
        }
        try:
            Path(result_file).write_text(json.dumps(verdict, indent=2) + "\n", encoding="utf-8")
        except OSError as error:
            print(f"self-test: cannot write {result_file}: {error}", file=sys.stderr)
            return 1
    return 1 if failures else 0


SELF_TEST_FOLDER_PREFIX = "kaiser-self-test-"
STALE_AFTER_S = 3600.0  # a self-test takes seconds; one this old was killed or aborted


def remove_stale_self_test_folders(temp_root: Path | None = None) -> int:
    """Folders that killed or aborted self-tests left in the temp folder (a finished one
    removes its own); returns how many were removed."""
    root = Path(temp_root or tempfile.gettempdir())
    removed = 0
    now = time.time()
    for folder in root.glob(f"{SELF_TEST_FOLDER_PREFIX}*"):
        try:
            stale = folder.is_dir() and now - folder.stat().st_mtime > STALE_AFTER_S
        except OSError:
            continue
        if stale:
            shutil.rmtree(folder, ignore_errors=True)
            removed += not folder.exists()
    return removed


def _family(failures: list[str]) -> bool:
    """Whether family play works in this build: a table hosted and joined over the real
    WebSocket link on 127.0.0.1, announced on the home network (so websockets, zeroconf
    and ssl are in an installer's bundle and start)."""
    from PySide6.QtCore import QEventLoop, QTimer

    from kaiser_desktop.app.controller import GameController
    from kaiser_desktop.app.pace import INSTANT
    from kaiser_desktop.family_play.family_session import HostSession, JoinSession

    host = GameController(seed=1, pace=INSTANT)
    session = HostSession(host, host_name="Self-test")
    # A join without the code is asked about on the host's screen: here the host says yes.
    session.table.seat_requested.connect(lambda conn, name: session.table.let_in(conn))
    loop = QEventLoop()
    answers: list[str] = []
    joins: list[JoinSession] = []

    def answer(text: str) -> None:
        answers.append(text)
        loop.quit()

    def join(port: int) -> None:
        if port == 0:
            answer("the table could not listen on this computer")
            return
        joining = JoinSession(
            name="Tester", code="", address=f"127.0.0.1:{port}", relay="", pace=INSTANT
        )
        joining.result.connect(answer)
        joins.append(joining)

    session.link.listening.connect(join)
    QTimer.singleShot(FAMILY_WAIT_MS, loop.quit)
    loop.exec()
    seated = answers[:1] == [""] and [i.kind for i in session.seats()][1] == "person"
    for joining in joins:
        joining.controller.stop()
    session.close()
    host.stop()
    if not seated:
        why = answers[0] if answers else f"no answer from the table in {FAMILY_WAIT_MS} ms"
        failures.append(f"family play: {why}")
    return seated


FAMILY_WAIT_MS = 20_000


def _solver(failures: list[str]) -> str:
    """Which double-dummy solver the computer players run: "compiled" or "python". With
    KAISER_DESKTOP_REQUIRE_COMPILED_SOLVER=1 (the packaging's self-tests) anything but the
    compiled core is a failure."""
    from kaiser_desktop.ai import solver_kind

    kind = solver_kind()
    if os.environ.get(REQUIRE_COMPILED_SOLVER) == "1" and kind != "compiled":
        failures.append(f"the compiled solver core is not running (solver: {kind})")
    return kind


def _audio_path(failures: list[str]) -> str:
    """Open the sound output the game uses (the null device where there is none) and say
    which; a bundle that cannot even open the null device has lost miniaudio or cffi."""
    try:
        from kaiser_desktop.app.audio_out import probe_output

        return probe_output()
    except Exception as error:
        failures.append(f"sound output cannot be opened: {error!r}")
        return f"failed: {error!r}"
