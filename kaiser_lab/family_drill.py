"""Two people on two computers play a whole family game: two app processes on this machine.

    python -m kaiser_lab.family_drill pair              # two processes, no screen needed
    python -m kaiser_lab.family_drill pair --screens    # each on its own Xvfb display, with
                                                        # screenshots in --shots (default /tmp)

The host process opens a table (`HostSession`, the real WebSocket link on 127.0.0.1) with
its window; the joining process joins it through the dialog's own path (`JoinSession`,
`open_joined_window`), with its own window. A scripted person clicks each table (South
on both screens; the joining person sits North, West or East at the host's table), with
short random pauses; the two other seats are computers. In the second hand, at the
fourth trick, the host drops the joining person's connection: a computer plays their seat
at once, their app rejoins with its token and plays on.

Each process writes, for every view the joining seat was shown, the view turned back to
the host's seats and written as the wire writes it; the pair compares them step by step.
It prints the hands played, drops, rejoins and diverging views (0 expected), and exits 1
on any divergence or if the game did not finish.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from kaiser_desktop.net.protocol import encode
from kaiser_desktop.net.seat_view import SeatView
from kaiser_desktop.rules import PlayerView

ROLE_TIMEOUT_S = 600


def view_digest(view: PlayerView, step: int) -> str:
    """A view at a step, as the wire writes it, in a few bytes (host and joining app compare
    these)."""
    return hashlib.sha256(encode(SeatView.of(view, step))).hexdigest()[:16]


def _app() -> object:
    from PySide6.QtWidgets import QApplication

    return QApplication.instance() or QApplication(sys.argv[:1])


def _shoot(window: object, folder: str | None, name: str) -> None:
    if folder:
        from PySide6.QtWidgets import QWidget

        assert isinstance(window, QWidget)
        window.grab().save(os.path.join(folder, f"{name}.png"))


def run_host(args: argparse.Namespace) -> int:
    from PySide6.QtCore import QTimer

    from kaiser_desktop.app.controller import GameController
    from kaiser_desktop.app.pace import Pace
    from kaiser_desktop.app.settings import Settings
    from kaiser_desktop.family_play.family_session import HostSession
    from kaiser_desktop.net.seat_view import SeatView
    from kaiser_desktop.rules import Phase, RuleSet, observe
    from kaiser_desktop.ui.language import start_language
    from kaiser_desktop.ui.main_window import MainWindow
    from kaiser_desktop.ui.scripted_player import ScriptedPlayer

    app = _app()
    folder = Path(args.work)
    controller = GameController(
        RuleSet(), seed=args.seed, pace=Pace(args.pace), level="basic", bot_mode="thread"
    )
    settings = Settings(folder / "host.ini")
    settings.language = args.language
    start_language(settings.language)  # as the launcher does (English's own plurals too)
    window = MainWindow(controller, settings=settings)
    window.confirm = lambda title, text: True
    window.inform = lambda title, text: None
    window.resize(1024, 700)
    window.show()
    session = HostSession(controller, host_name="Gran", relay="")
    window.host_table(session)
    rng = random.Random(args.seed)
    player = ScriptedPlayer(window, lambda view: rng.choice(view.legal), delay_ms=120)
    record: list[dict[str, object]] = []
    report: dict[str, object] = {"drops": 0, "hands": 0}
    dropped = [False]
    table = session.table
    # Picked from the home network's list without the code: the host is asked, and says yes.
    table.seat_requested.connect(lambda conn, name: table.let_in(conn))

    send = session.link.send

    def send_noted(conn: int, message: object) -> None:
        """Each view sent, noted with the host's own view of that seat as it is now."""
        if isinstance(message, SeatView):
            seat = message.view.seat
            truth = view_digest(observe(controller.state, seat), message.step)
            record.append({"seat": seat.text, "step": message.step, "view": truth})
        send(conn, message)  # type: ignore[arg-type]

    session.link.send = send_noted  # type: ignore[method-assign]

    def drop_once() -> None:
        state = controller.state
        hand = state.hand
        if (
            not dropped[0]
            and hand is not None
            and len(state.results) >= 1
            and state.phase is Phase.PLAY
            and len(hand.tricks) == 3
            and table.remote_people()
        ):
            dropped[0] = True
            report["drops"] = 1
            for conn in session.link.connections():  # the drill pulls the cable
                session.link.close(conn)
            _shoot(window, args.shots, "host-dropped")

    controller.state_changed.connect(drop_once)

    def started() -> None:
        if table.remote_people() and not table.started:
            _shoot(window, args.shots, "host-seated")
            session.start_game()

    table.seats_changed.connect(lambda: QTimer.singleShot(300, started))
    rejoined: list[str] = []
    table.person_joined.connect(lambda seat, name: rejoined.append(name))

    def over(*_: object) -> None:
        report["hands"] = len(controller.state.results)
        report["rejoins"] = max(0, len(rejoined) - 1)
        report["winner"] = str(controller.state.winner)
        QTimer.singleShot(600, lambda: _shoot(window, args.shots, "host-game-over"))
        QTimer.singleShot(1500, app.quit)  # type: ignore[attr-defined]

    controller.game_over.connect(over)
    if args.hands:  # a shorter drill (the test's): stop after that many hands
        controller.hand_scored.connect(
            lambda result: over() if len(controller.state.results) >= args.hands else None
        )
    session.link.listening.connect(
        lambda port: Path(args.port_file).write_text(str(port), encoding="utf-8")
    )
    # Nobody came (the other process failed): stop rather than wait for the long timeout.
    QTimer.singleShot(90_000, lambda: None if table.started else app.quit())  # type: ignore[attr-defined]
    QTimer.singleShot(ROLE_TIMEOUT_S * 1000, app.quit)  # type: ignore[attr-defined]
    app.exec()  # type: ignore[attr-defined]
    player.enabled = False
    session.close()
    controller.stop()
    report["views"] = record
    Path(args.out).write_text(json.dumps(report), encoding="utf-8")
    return 0


def run_join(args: argparse.Namespace) -> int:
    from PySide6.QtCore import QTimer

    from kaiser_desktop.app.controller import GameController
    from kaiser_desktop.app.pace import Pace
    from kaiser_desktop.app.settings import Settings
    from kaiser_desktop.family import open_joined_window
    from kaiser_desktop.family_play.family_session import JoinSession
    from kaiser_desktop.net.rotation import offset_for, rotate_view
    from kaiser_desktop.ui.language import start_language
    from kaiser_desktop.ui.main_window import MainWindow
    from kaiser_desktop.ui.scripted_player import ScriptedPlayer

    app = _app()
    folder = Path(args.work)
    port_file = Path(args.port_file)
    deadline = time.monotonic() + 60
    while not port_file.exists() or not port_file.read_text(encoding="utf-8").strip():
        if time.monotonic() > deadline:
            print("family_drill: the host never listened", file=sys.stderr)
            return 1
        time.sleep(0.1)
    port = int(port_file.read_text(encoding="utf-8"))
    settings = Settings(folder / "join.ini")
    settings.language = args.language
    start_language(settings.language)
    home = MainWindow(GameController(seed=1), settings=settings)
    session = JoinSession(
        name="Tom", code="", address=f"127.0.0.1:{port}", relay="", pace=Pace(args.pace)
    )
    remote = session.controller
    record: list[dict[str, object]] = []
    report: dict[str, object] = {"lost": 0}
    rng = random.Random(args.seed + 1)
    holder: dict[str, object] = {}

    def note_view() -> None:
        seat, step = remote.seat, remote.step
        if seat is None or step is None or remote.restoring:
            return  # a rejoined table replays the hand: its passing views are not a step
        back = rotate_view(remote.view(), -offset_for(seat))
        record.append({"seat": seat.text, "step": step, "view": view_digest(back, step)})

    def seated(why_not: str) -> None:
        if why_not:
            print(f"family_drill: not seated: {why_not}", file=sys.stderr)
            app.quit()  # type: ignore[attr-defined]
            return
        window = open_joined_window(home, session, settings)
        window.inform = lambda title, text: None
        window.confirm = lambda title, text: True
        window.resize(1024, 700)
        holder["window"] = window
        holder["player"] = ScriptedPlayer(window, lambda v: rng.choice(v.legal), delay_ms=150)
        remote.state_changed.connect(note_view)
        remote.restored.connect(note_view)
        remote.info.connect(
            lambda text: (
                report.__setitem__("lost", int(report["lost"]) + 1)  # type: ignore[call-overload]
                if remote.connected is False or ("lost" in text and "table" in text)
                else None
            )
        )
        QTimer.singleShot(2500, lambda: _shoot(window, args.shots, "join-seated"))

    def over(*_: object) -> None:
        window = holder.get("window")
        if window is not None:  # once the window's own summary has changed to the game's
            QTimer.singleShot(600, lambda: _shoot(window, args.shots, "join-game-over"))
        report["hands"] = len(remote.view().results)
        QTimer.singleShot(1500, app.quit)  # type: ignore[attr-defined]

    session.result.connect(seated)
    remote.game_over.connect(over)
    remote.table_closed.connect(over)  # the host stopped (a shorter drill)
    remote.restored.connect(
        lambda: QTimer.singleShot(
            800, lambda: _shoot(holder.get("window"), args.shots, "join-rejoined")
        )
    )
    QTimer.singleShot(ROLE_TIMEOUT_S * 1000, app.quit)  # type: ignore[attr-defined]
    app.exec()  # type: ignore[attr-defined]
    remote.stop()
    report["views"] = record
    Path(args.out).write_text(json.dumps(report), encoding="utf-8")
    return 0


def compare(host: dict[str, Any], join: dict[str, Any]) -> dict[str, int]:
    """Every view the joining app showed, against the host's own view of that seat at that
    step, noted as each view was sent: how many differ and how many the host never sent
    (0 and 0 expected), of the views shown."""
    seen: dict[tuple[str, int], set[str]] = {}
    for entry in host["views"]:
        seen.setdefault((entry["seat"], entry["step"]), set()).add(entry["view"])
    shown = join["views"]
    never_sent = sum(1 for e in shown if (e["seat"], e["step"]) not in seen)
    diverging = sum(
        1 for e in shown
        if (e["seat"], e["step"]) in seen and e["view"] not in seen[(e["seat"], e["step"])]
    )  # fmt: skip
    return {"views_compared": len(shown), "diverging": diverging, "never_sent": never_sent}


def run_pair(args: argparse.Namespace) -> int:
    work = Path(tempfile.mkdtemp(prefix="kaiser-family-drill-"))
    port_file = work / "port"
    shots = args.shots if args.screens else None
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
    common = ["--work", str(work), "--port-file", str(port_file), "--seed", str(args.seed),
              "--pace", str(args.pace), "--hands", str(args.hands),
              "--language", args.language]  # fmt: skip
    if shots:
        common += ["--shots", shots]
    env = dict(os.environ)
    env["KAISER_DESKTOP_DATA_DIR"] = str(work / "data")

    def launch(role: str) -> subprocess.Popen[bytes]:
        command = [sys.executable, "-m", "kaiser_lab.family_drill", role, *common,
                   "--out", str(work / f"{role}.json")]  # fmt: skip
        role_env = dict(env)
        role_env["KAISER_DESKTOP_DATA_DIR"] = str(work / f"data-{role}")
        if args.screens:
            if shutil.which("xvfb-run") is None:
                raise SystemExit("family_drill: --screens needs xvfb-run")
            command = ["xvfb-run", "-a", "-s", "-screen 0 1280x800x24", *command]
        else:
            role_env["QT_QPA_PLATFORM"] = "offscreen"
        return subprocess.Popen(command, env=role_env)

    started = time.monotonic()
    host = launch("host")
    join = launch("join")
    codes = [join.wait(ROLE_TIMEOUT_S + 60), host.wait(ROLE_TIMEOUT_S + 60)]
    seconds = time.monotonic() - started
    try:
        host_report = json.loads((work / "host.json").read_text(encoding="utf-8"))
        join_report = json.loads((work / "join.json").read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        print(f"family_drill: a process left no report ({error}); exit codes {codes}")
        return 1
    compared = compare(host_report, join_report)
    summary = {
        "seconds": round(seconds, 1),
        "hands": host_report["hands"],
        "winner": host_report.get("winner"),
        "drops": host_report["drops"],
        "rejoins": host_report.get("rejoins", 0),
        "joined_app_said_lost": join_report["lost"],
        **compared,
        "exit_codes": codes,
        "screenshots": shots,
    }
    print(json.dumps(summary))
    finished = host_report.get("winner") not in (None, "None") or (
        args.hands > 0 and host_report["hands"] >= args.hands
    )
    good = finished and compared["diverging"] == 0 and compared["never_sent"] == 0
    good = good and compared["views_compared"] > 0
    good = good and summary["rejoins"] >= 1 and codes == [0, 0]
    shutil.rmtree(work, ignore_errors=True)
    return 0 if good else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("role", choices=("pair", "host", "join"))
    parser.add_argument("--screens", action="store_true", help="each process on its own Xvfb")
    parser.add_argument("--shots", default="/tmp/kaiser-family-shots")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--pace", type=float, default=0.15, help="the table's speed factor")
    parser.add_argument("--hands", type=int, default=0, help="stop after N hands (0: a game)")
    parser.add_argument("--language", choices=("en", "fr"), default="en")
    parser.add_argument("--work", default="")
    parser.add_argument("--port-file", default="")
    parser.add_argument("--out", default="")
    args = parser.parse_args(argv)
    if args.role == "pair":
        return run_pair(args)
    if not args.screens and "--shots" not in (argv or sys.argv):
        args.shots = None
    return run_host(args) if args.role == "host" else run_join(args)


if __name__ == "__main__":
    raise SystemExit(main())
