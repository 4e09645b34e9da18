"""A family table left running: scripted people, random pauses and dropped connections,
over a relay on this machine, for N minutes.

    python -m kaiser_lab.family_soak --minutes 5

One process runs the host (its `GameController`, `HostSession` and `FamilyTable`, as the
app makes them, with no window), three joining apps (`JoinSession` → `RemoteController`,
each reaching the host through the relay by the table code) and a fourth scripted person
at the host's own seat; the relay is `python -m kaiser_desktop.relay` in a process of its
own, restarted once halfway. Every person acts after a random pause; every few seconds one
joining person's connection is cut at random, and their app rejoins with its token. Games
follow one another until the time is up.

It prints games, hands, drops, rejoins, relay restarts, refused actions, views compared
and diverging (each joining app's view against the host's view of that seat at the same
step; 0 expected), views shown that the host never sent (0 expected), and the latency
from the host applying an action to each joining app showing its view (median and 95th
percentile, ms; the joining apps run without animation pauses, so this is the network's
and the apps' time, not the table's pacing).
"""

from __future__ import annotations

import argparse
import json
import random
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QTimer

from kaiser_desktop.ai import make_bot
from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.pace import Pace
from kaiser_desktop.family_play.family_session import HostSession, JoinSession
from kaiser_desktop.family_play.remote_controller import RemoteController
from kaiser_desktop.net.protocol import Message
from kaiser_desktop.net.rotation import offset_for, rotate_view
from kaiser_desktop.net.seat_view import SeatView
from kaiser_desktop.rules import (
    PlayerView,
    RuleSet,
    Seat,
    SeatAction,
    observe,
)
from kaiser_lab.family_drill import view_digest

PEOPLE = ("Ada", "Ben", "Cy")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Relay:
    """`python -m kaiser_desktop.relay` on a free port, which can be restarted."""

    def __init__(self) -> None:
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.restarts = 0

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "kaiser_desktop.relay", "--host", "127.0.0.1",
             "--port", str(self.port)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return
            except OSError:
                time.sleep(0.05)
        raise SystemExit("family_soak: the relay did not start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(10)
            self.process = None


class Soak:
    def __init__(self, minutes: float, seed: int) -> None:
        self.app = QCoreApplication.instance() or QCoreApplication(sys.argv[:1])
        self.rng = random.Random(seed)
        # The scripted people choose as Basic would from their own view (random cards
        # would bid anything and games would not end), after a random pause.
        self.chooser = make_bot("basic", seed)
        self.until = time.monotonic() + minutes * 60
        self.relay = Relay()
        self.relay.start()
        self.controller = GameController(
            RuleSet(), seed=seed, pace=Pace(0.05), level="basic", bot_mode="thread"
        )
        self.session = HostSession(
            self.controller, host_name="Host", relay=self.relay.url, parent=None
        )
        self.table = self.session.table
        # Anyone the host is asked about (no token, or no code proven) is let in.
        self.table.seat_requested.connect(lambda conn, name: self.table.let_in(conn))
        self.host_views: dict[tuple[str, int], set[str]] = {}
        self.host_times: dict[int, float] = {}
        self.shown: list[tuple[str, int, str]] = []
        self.latencies: list[float] = []
        self.games = 0
        self.hands = 0
        self.drops = 0
        self.joined: list[str] = []
        self.remotes: list[RemoteController] = []
        self.joins: list[JoinSession] = []
        c = self.controller
        self._send = self.session.link.send
        self.session.link.send = self._send_noted  # type: ignore[method-assign]
        c.turn_changed.connect(self._host_turn)
        c.hand_scored.connect(self._host_hand)
        c.game_over.connect(self._host_game_over)
        self.table.person_joined.connect(lambda seat, name: self.joined.append(name))
        self.session.link.relay_state.connect(self._relay_state)
        self._relay_up = False

    # --- the host and its own person ---------------------------------------------------

    def _send_noted(self, conn: int, message: Message) -> None:
        """Each view sent, noted with the host's own view of that seat as it is now."""
        if isinstance(message, SeatView):
            seat, step = message.view.seat, message.step
            self.host_times.setdefault(step, time.monotonic())
            truth = view_digest(observe(self.controller.state, seat), step)
            self.host_views.setdefault((seat.text, step), set()).add(truth)
        self._send(conn, message)

    def _host_turn(self, seat: Seat, phase: object) -> None:
        if seat is Seat.S:
            self._later(lambda: self._host_act())

    def _host_act(self) -> None:
        view = self.controller.view(Seat.S)
        if view.my_turn:
            self.controller.act(self.choose(view))

    def _host_hand(self, result: object) -> None:
        self.hands += 1
        if not self.controller.state.is_over:
            self._later(self.controller.next_hand)

    def _host_game_over(self, *_: object) -> None:
        self.games += 1
        if time.monotonic() < self.until:
            self._later(self.controller.new_game, 800)

    def _relay_state(self, up: bool, why: str) -> None:
        self._relay_up = up
        if up and not self.remotes:
            QTimer.singleShot(200, self._join_everyone)

    # --- the joining people ------------------------------------------------------------

    def _join_everyone(self) -> None:
        for name in PEOPLE:
            join = JoinSession(
                name=name, code=self.session.code, address=None, relay=self.relay.url,
                pace=Pace(0),
            )  # fmt: skip
            remote = join.controller
            self.joins.append(join)
            self.remotes.append(remote)
            remote.state_changed.connect(lambda r=remote: self._shown(r))
            remote.restored.connect(lambda r=remote: self._shown(r))
            remote.turn_changed.connect(lambda seat, phase, r=remote: self._remote_turn(r, seat))
        QTimer.singleShot(1500, self._start)

    def _start(self) -> None:
        self.table.start_game()
        QTimer.singleShot(3000, self._maybe_drop)
        QTimer.singleShot(int((self.until - time.monotonic()) * 500), self._restart_relay)
        QTimer.singleShot(1000, self._check_time)

    def _shown(self, remote: RemoteController) -> None:
        seat, step = remote.seat, remote.step
        if seat is None or step is None or remote.restoring:
            return  # a rejoined table replays the hand: its passing views are not a step
        back = rotate_view(remote.view(), -offset_for(seat))
        self.shown.append((seat.text, step, view_digest(back, step)))
        sent = self.host_times.get(step)
        if sent is not None:
            self.latencies.append((time.monotonic() - sent) * 1000)

    def _remote_turn(self, remote: RemoteController, seat: Seat) -> None:
        if seat is Seat.S:
            self._later(lambda: self._remote_act(remote))

    def _remote_act(self, remote: RemoteController) -> None:
        view = remote.view()
        if view.my_turn and remote.connected:
            remote.act(self.choose(view))

    def choose(self, view: PlayerView) -> SeatAction:
        action = self.chooser.decide(view).action
        return action if action in view.legal else self.rng.choice(view.legal)

    def _maybe_drop(self) -> None:
        if time.monotonic() >= self.until:
            return
        connections = self.session.link.connections()
        if connections and self.rng.random() < 0.5:
            self.session.link.close(self.rng.choice(connections))
            self.drops += 1
        QTimer.singleShot(self.rng.randint(2000, 6000), self._maybe_drop)

    def _restart_relay(self) -> None:
        self.relay.stop()
        self.relay.restarts += 1
        QTimer.singleShot(1000, self.relay.start)

    def _later(self, do: Callable[[], object], most_ms: int = 400) -> None:
        QTimer.singleShot(self.rng.randint(20, most_ms), do)

    def _check_time(self) -> None:
        if time.monotonic() >= self.until and self.controller.state.is_over:
            QTimer.singleShot(500, self.app.quit)
        elif time.monotonic() >= self.until + 600:
            self.app.quit()  # a game that will not end: the report says so
        else:
            QTimer.singleShot(1000, self._check_time)

    def run(self) -> dict[str, object]:
        started = time.monotonic()
        self.app.exec()
        for remote in self.remotes:
            remote.stop()
        self.session.close()
        self.controller.stop()
        self.relay.stop()
        compared = [(s, step, d) for s, step, d in self.shown if (s, step) in self.host_views]
        diverging = sum(1 for s, step, d in compared if d not in self.host_views[(s, step)])
        unknown = len(self.shown) - len(compared)
        lat = sorted(self.latencies)
        p95 = lat[int(0.95 * (len(lat) - 1))] if lat else None
        return {
            "minutes": round((time.monotonic() - started) / 60, 2),
            "games": self.games,
            "hands": self.hands,
            "drops": self.drops,
            "rejoins": max(0, len(self.joined) - len(PEOPLE)),
            "relay_restarts": self.relay.restarts,
            "refused_actions": self.table.refused_actions,
            "views_compared": len(compared),
            "diverging": diverging,
            "views_with_no_host_step": unknown,
            "latency_ms_median": round(statistics.median(lat), 1) if lat else None,
            "latency_ms_p95": round(p95, 1) if p95 is not None else None,
        }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    report = Soak(args.minutes, args.seed).run()
    print(json.dumps(report))
    good = report["diverging"] == 0 and report["views_with_no_host_step"] == 0
    return 0 if good and report["games"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
