"""`kaiser-desktop --self-test`: four computer players play a whole game on the real table.

Checks as it goes that the table shows what the rules say, and at the end that the game
has a winner and the score is the sum of the hands. Exit 0 on success, 1 on any failure.
Works without a display (QT_QPA_PLATFORM=offscreen).
"""

from __future__ import annotations

import sys
import time
import traceback
from types import TracebackType

from kaiser_desktop.rules import Card, Phase, RuleSet, Seat, sort_hand

TIME_LIMIT_S = 120.0  # a guard against a hung game on a slow or busy machine
# Expert bots search in pure Python: a whole game takes 30-50 s on a busy two-core machine,
# so the safety net against a hung game is wider for them.
LEVEL_TIME_LIMITS_S = {"expert": 180.0}
SELF_TEST_PACE = 0.02


def run_self_test(
    rules: RuleSet | None = None,
    seed: int | None = None,
    level: str | None = None,
    pace: float = SELF_TEST_PACE,
) -> int:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from kaiser_desktop.app.controller import GameController
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
    sys.excepthook = hook
    started = time.monotonic()
    controller = GameController(
        rules or RuleSet(),
        seating=Seating.all_computers(),
        level=level,
        seed=seed if seed is not None else 2024,
        pace=Pace(pace),
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

    controller.card_played.connect(check_table)
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
    if state.phase is not Phase.GAME_OVER:
        failures.append(f"the game did not finish within {limit_s:.0f} s")
    elif state.winner is None:
        failures.append("the game ended without a winner")
    totals = [sum(r.points[i] for r in state.results) for i in (0, 1)]
    if tuple(totals) != state.scores:
        failures.append(f"scores {state.scores} are not the sum of the hands {totals}")
    failures.extend(f"computer player fault: {fault}" for fault in controller.faults)
    window.close()
    if failures:
        for failure in failures:
            print(f"self-test FAILED: {failure}", file=sys.stderr)
        return 1
    winner = state.winner.text if state.winner else "?"
    print(
        f"self-test OK: {len(state.results)} hands, {winner} won {state.scores[0]}-"
        f"{state.scores[1]} in {elapsed:.1f} s (level {controller.bots.level})"
    )
    return 0
