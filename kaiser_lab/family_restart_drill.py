"""Two people at a family table through a relay; each app is killed mid-game and started
again, and both finish the game without anyone typing or reading a code again.

    python -m kaiser_lab.family_restart_drill               # no screen needed
    python -m kaiser_lab.family_restart_drill --screens     # each app on its own Xvfb
    python -m kaiser_lab.family_restart_drill --language fr --shots /tmp/restart-shots

A relay runs on 127.0.0.1. Two real apps start as a person would start them
(`launcher.run`, each with its own data folder and settings; nothing typed in Settings: the
relay is the build's default, given as `KAISER_DEFAULT_RELAY` as packaging/README.md says):
Gran hosts a table and Tom joins it with the code (the only time a code is typed). A
scripted person plays South on each screen; the other two seats are computers. Then:

1. in the first hand, at the fourth trick, Gran's app is killed (SIGKILL) and started
   again: it asks to open the family table again (Enter: the default answer), with the
   same code, and Tom's app, which has kept trying, takes its seat again by itself;
2. in a later hand, Tom's app is killed and started again: it asks "Go back to Gran's
   table?" (Enter: Go back) and Tom is seated again with his kept token.

Every question is answered by pressing Enter on it, so each default is the one used. The
restarted apps are given no code. It prints how long each came back took and the hands
played, and exits 1 unless the game was finished on both screens.
"""

from __future__ import annotations

import argparse
import faulthandler
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

GAME_TIMEOUT_S = 900
STEP_TIMEOUT_S = 120


def run_role(args: argparse.Namespace) -> int:
    """One app: started as a person starts it, with a scripted person at each table."""
    from PySide6.QtCore import Qt, QTimer
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from kaiser_desktop import family, launcher
    from kaiser_desktop.family_play.remote_controller import RemoteController
    from kaiser_desktop.rules import Phase
    from kaiser_desktop.ui.main_window import MainWindow
    from kaiser_desktop.ui.scripted_player import ScriptedPlayer

    folder = Path(args.folder)
    faulthandler.register(signal.SIGUSR1)  # the drill may ask a stuck app where it is
    rng = random.Random(args.seed)
    players: dict[int, ScriptedPlayer] = {}
    asked: list[str] = []  # the titles of the questions answered by Enter
    nudged = [time.monotonic()]
    first_start = family.start_or_reopen

    def note(name: str, value: object) -> None:
        path = folder / f"{name}.json"
        path.with_suffix(".tmp").write_text(json.dumps(value), encoding="utf-8")
        path.with_suffix(".tmp").replace(path)

    def progress(window: MainWindow) -> None:
        view = window.controller.view()
        note(
            "progress",
            {
                "hands": len(view.results),
                "tricks": len(view.tricks),
                "over": view.phase is Phase.GAME_OVER,
                "at": time.time(),
            },
        )

    def shoot(name: str) -> None:
        shots = Path(args.shots) if args.shots else None
        if shots is None:
            return
        for i, widget in enumerate(QApplication.topLevelWidgets()):
            if widget.isVisible() and isinstance(widget, MainWindow):
                widget.grab().save(str(shots / f"{name}-{args.role}-{i}.png"))

    def watch() -> None:
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        modal = app.activeModalWidget()
        if modal is not None:  # a question: Enter, as a person who takes the default
            asked.append(modal.windowTitle())
            note("asked", asked)
            QTest.keyClick(modal, Qt.Key.Key_Return)
        for request in folder.glob("shoot-*"):
            request.unlink()
            shoot(request.name.removeprefix("shoot-"))
        nudge = time.monotonic() - nudged[0] > 2.0
        if nudge:
            nudged[0] = time.monotonic()
        for widget in app.topLevelWidgets():
            if not isinstance(widget, MainWindow) or not widget.isVisible():
                continue
            player = players.get(id(widget))
            if player is not None and nudge:
                # A person looks again now and then: a turn or a hand's end told before the
                # scripted person sat (a rejoined table) is not missed.
                player.act()
                player._next_hand()
            joined = isinstance(widget.controller, RemoteController)
            if id(widget) in players or (args.role == "join") != joined:
                continue
            players[id(widget)] = ScriptedPlayer(
                widget, lambda view: rng.choice(view.legal), delay_ms=120
            )
            widget.controller.state_changed.connect(lambda w=widget: progress(w))
            if joined:
                widget.controller.restored.connect(lambda w=widget: progress(w))
                note("seated", {"at": time.time()})

    def then(window: MainWindow, settings: Any, loaded: Any, *table_up: Any) -> None:
        timer = QTimer(window)  # before the start's questions, which it answers
        timer.timeout.connect(watch)
        timer.start(250)
        first_start(window, settings, loaded, *table_up)
        if not args.first:
            return  # started again: whatever the app offers, answered by Enter
        starts = family.family_starts(window, settings)
        if args.role == "host":
            # Gran chooses to host (her own game in progress then ends): she says yes.
            asks, window.confirm = window.confirm, lambda title, text: True
            hosted = starts.host("Gran")
            window.confirm = asks
            if isinstance(hosted, str):
                note("failed", {"why": "could not host"})
                return
            assert window.hosting is not None
            session = window.hosting.session
            table = session.table
            table.person_joined.connect(
                lambda seat, name: None if table.started else table.start_game()
            )
            note("code", {"code": session.code})
        else:
            code_file = folder.parent / "host" / "code.json"
            deadline = time.monotonic() + 60
            while not code_file.exists() and time.monotonic() < deadline:
                time.sleep(0.1)
            code = json.loads(code_file.read_text(encoding="utf-8"))["code"]
            joining = starts.join("Tom", code, None)
            if isinstance(joining, str):
                note("failed", {"why": joining})

    family.start_or_reopen = then  # type: ignore[assignment]
    return launcher.run(["--seed", str(args.seed), "--pace", str(args.pace)])


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _read(path: Path) -> dict[str, Any] | None:
    try:
        value = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return value if isinstance(value, dict) else None


class Drill:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.work = Path(tempfile.mkdtemp(prefix="kaiser-restart-drill-"))
        self.port = _free_port()
        self.apps: dict[str, subprocess.Popen[bytes]] = {}
        for role in ("host", "join"):
            folder = self.work / role
            folder.mkdir()
            # No relay in Settings: the apps use the one the build names (the variable
            # stands in for packaging/default_relay.txt, as in an installer).
            (folder / "settings.ini").write_text(
                f"[players]\nwelcome_done=true\n[display]\nlanguage={args.language}\n",
                encoding="utf-8",
            )

    def start_relay(self) -> subprocess.Popen[bytes]:
        command = [sys.executable, "-m", "kaiser_desktop.relay", "--host", "127.0.0.1",
                   "--port", str(self.port)]  # fmt: skip
        return subprocess.Popen(command, stderr=subprocess.DEVNULL)

    def start(self, role: str, *, first: bool) -> None:
        folder = self.work / role
        env = dict(os.environ, KAISER_DESKTOP_DATA_DIR=str(folder), HOME=str(folder),
                   XDG_CONFIG_HOME=str(folder / "config"),
                   KAISER_DEFAULT_RELAY=f"ws://127.0.0.1:{self.port}")  # fmt: skip
        command = [sys.executable, "-m", "kaiser_lab.family_restart_drill", "role",
                   "--role", role, "--folder", str(folder), "--seed", str(self.args.seed),
                   "--pace", str(self.args.pace), "--shots", self.args.shots or ""]  # fmt: skip
        if first:
            command.append("--first")
        if self.args.screens:
            command = ["xvfb-run", "-a", "-s", "-screen 0 1024x768x24", *command]
        else:
            env["QT_QPA_PLATFORM"] = "offscreen"
        log = (folder / f"{role}-{len(self.apps)}.log").open("ab")
        self.apps[role] = subprocess.Popen(
            command, env=env, stdout=log, stderr=log, start_new_session=True
        )

    def kill(self, role: str) -> None:
        app = self.apps[role]
        os.killpg(app.pid, signal.SIGKILL)  # the app and, with --screens, its Xvfb
        app.wait()

    def progress(self, role: str) -> dict[str, Any]:
        return _read(self.work / role / "progress.json") or {"hands": 0, "tricks": 0}

    def wait(self, what: str, test: Any, timeout: float = STEP_TIMEOUT_S) -> float:
        began = time.monotonic()
        while not test():
            for role, app in self.apps.items():
                if app.poll() is not None:
                    raise SystemExit(f"{role}'s app ended while waiting for {what}")
            if time.monotonic() - began > timeout:
                raise SystemExit(f"timed out waiting for {what}")
            time.sleep(0.2)
        return time.monotonic() - began

    def shoot(self, role: str, name: str) -> None:
        if self.args.shots:
            (self.work / role / f"shoot-{name}").write_text("", encoding="utf-8")

    def run(self) -> dict[str, Any]:
        relay = self.start_relay()
        report: dict[str, Any] = {}
        try:
            self.start("host", first=True)
            self.start("join", first=True)
            self.wait("Tom seated", lambda: (self.work / "join" / "seated.json").exists())
            self.wait("the fourth trick", lambda: self.progress("host")["tricks"] >= 3)
            self.kill("host")
            killed = self.progress("join")
            time.sleep(3)
            self.shoot("join", "host-gone")
            time.sleep(1)
            self.start("host", first=False)
            at_kill = (killed["hands"], killed["tricks"])
            report["host_back_s"] = round(
                self.wait(
                    "the game going on after the host's restart",
                    lambda: (
                        (self.progress("join")["hands"], self.progress("join")["tricks"]) > at_kill
                    ),
                ),
                1,
            )  # from the host's app starting again to a trick more on Tom's screen
            self.shoot("host", "host-restarted")
            hand = self.progress("host")["hands"]
            self.wait("a later hand", lambda: self.progress("host")["hands"] > hand)
            self.wait("its second trick", lambda: self.progress("host")["tricks"] >= 1)
            self.kill("join")
            (self.work / "join" / "seated.json").unlink()
            self.start("join", first=False)
            report["join_back_s"] = round(
                self.wait("Tom back", lambda: (self.work / "join" / "seated.json").exists()), 1
            )
            time.sleep(2)
            self.shoot("join", "join-restarted")
            self.wait(
                "the end of the game",
                lambda: self.progress("host").get("over") and self.progress("join").get("over"),
                GAME_TIMEOUT_S,
            )
            report["hands"] = self.progress("host")["hands"]
            report["finished_on_both"] = True
        finally:
            for role in list(self.apps):
                if self.apps[role].poll() is None:
                    self.kill(role)
            relay.terminate()
            relay.wait()
        return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kaiser_lab.family_restart_drill")
    parser.add_argument("mode", nargs="?", choices=("drill", "role"), default="drill")
    parser.add_argument("--role", choices=("host", "join"))
    parser.add_argument("--folder", default="")
    parser.add_argument("--first", action="store_true")
    parser.add_argument("--screens", action="store_true", help="each app on its own Xvfb")
    parser.add_argument("--shots", default="", help="a folder for screenshots")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--pace", type=float, default=0.05, help="the table's speed factor")
    parser.add_argument("--language", choices=("en", "fr"), default="en")
    args = parser.parse_args(argv)
    if args.mode == "role":
        return run_role(args)
    if args.shots:
        Path(args.shots).mkdir(parents=True, exist_ok=True)
    drill = Drill(args)
    began = time.monotonic()
    try:
        report = drill.run()
    except SystemExit as stop:
        print(json.dumps({"failed": str(stop), "work": str(drill.work)}))
        return 1
    report["seconds"] = round(time.monotonic() - began, 1)
    report["codes_typed_after_the_start"] = 0  # the restarted apps are given none
    print(json.dumps(report))
    shutil.rmtree(drill.work, ignore_errors=True)
    return 0 if report.get("finished_on_both") else 1


if __name__ == "__main__":
    sys.exit(main())
