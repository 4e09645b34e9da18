"""Hostile peers against a real host's table on loopback: each attack prints held or failed.

    python -m kaiser_lab.host_attacks

A real host (`HostSession`: the sealed WebSocket link on 127.0.0.1, the family table
beside its game) in this process; the attackers are the app's own links with the wrong
code or none, and raw sockets that never speak. Each attack runs against a fresh table.
The relay's side is `python -m kaiser_lab.relay_attacks`; the tests run the same defences
(tests/net_live/test_seal_live.py, tests/family_play/test_family_table_asking.py).
"""

from __future__ import annotations

import argparse
import socket
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QCoreApplication

from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.pace import INSTANT
from kaiser_desktop.app.seating import Seating
from kaiser_desktop.family_play.family_session import HostSession
from kaiser_desktop.family_play.net_links import WebSocketClient
from kaiser_desktop.net.protocol import Asking, Hello, Message, Refused, Welcome
from kaiser_desktop.net.table_code import TableCode
from kaiser_desktop.rules import RuleSet

WAIT_S = 10.0


def spin(until: Callable[[], bool], seconds: float = WAIT_S) -> bool:
    """Run the event loop until `until()` or `seconds` have passed; whether it came true."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        QCoreApplication.processEvents()
        if until():
            return True
        time.sleep(0.005)
    return until()


class Table:
    """A host's table, listening on 127.0.0.1, for one attack."""

    def __init__(self) -> None:
        self.controller = GameController(
            RuleSet(), seating=Seating.all_computers(), seed=5, pace=INSTANT, level="random"
        )
        self.session = HostSession(self.controller, host_name="Gran", interface="127.0.0.1")
        self.asked: list[str] = []
        self.paused: list[bool] = []
        self.session.table.seat_requested.connect(lambda conn, name: self.asked.append(name))
        self.session.code_paused.connect(self.paused.append)
        if not spin(lambda: self.session.link.port != 0):
            raise SystemExit("host_attacks: the host did not listen")

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.session.link.port}"

    def wrong_code(self) -> str:
        code = TableCode.parse(self.session.code)
        number = code.number + 1 if code.number < 999 else 100
        return TableCode(code.words, number).text

    def close(self) -> None:
        self.session.close()
        self.controller.stop()


class Person:
    """A joining app's link: says Hello once sealed, notes what the host answers."""

    def __init__(self, table: Table, name: str, code: str | None, token: str | None = None):
        self.heard: list[Message] = []
        self.lost = ""
        self.link = WebSocketClient(table.url, code=code)
        hello = Hello("host-attacks", name, None, token)
        self.link.connected.connect(lambda: self.link.send(hello))
        self.link.received.connect(self.heard.append)
        self.link.lost.connect(lambda why: setattr(self, "lost", why or "lost"))
        self.link.start()

    def welcome(self) -> Welcome | None:
        return next((m for m in self.heard if isinstance(m, Welcome)), None)

    def refused(self) -> str:
        return next((m.reason for m in self.heard if isinstance(m, Refused)), "")

    def answered(self) -> bool:
        return bool(self.welcome() or self.refused() or self.lost) or any(
            isinstance(m, Asking) for m in self.heard
        )

    def close(self) -> None:
        self.link.close()


def guess_codes(table: Table) -> tuple[bool, str]:
    """Wrong codes, one after another: the code pauses after 4, and then even the right
    code is turned away until the host lets people try again."""
    refusals = []
    for _ in range(6):
        guesser = Person(table, "Guess", table.wrong_code())
        spin(guesser.answered)
        refusals.append(guesser.refused() or guesser.lost)
        guesser.close()
    right = Person(table, "Ann", table.session.code)
    spin(right.answered)
    held = (
        refusals[:4] == ["wrong_code"] * 4
        and all(r == "code_paused" for r in refusals[4:])
        and right.refused() == "code_paused"
        and table.paused[:1] == [True]
    )
    right.close()
    return held, f"answers {refusals}, then the right code: {right.refused() or 'seated'}"


def steal_a_seat_by_name(table: Table) -> tuple[bool, str]:
    """Ann sits and drops; a stranger who has the code says hello as "ANN" without a token
    once the game is on: never seated by the name, the host is asked."""
    ann = Person(table, "Ann", table.session.code)
    spin(lambda: ann.welcome() is not None)
    table.session.start_game()
    ann.close()
    spin(lambda: any(s.kind == "stand_in" for s in table.session.seats()))
    stranger = Person(table, "ANN", table.session.code)
    spin(stranger.answered)
    held = stranger.welcome() is None and table.asked == ["ANN"]
    stranger.close()
    return held, f"stranger seated: {stranger.welcome() is not None}, host asked: {table.asked}"


def join_without_the_code(table: Table) -> tuple[bool, str]:
    """A join without the code (as from the home network's list): the host is asked."""
    stranger = Person(table, "Cy", None)
    spin(stranger.answered)
    held = stranger.welcome() is None and table.asked == ["Cy"]
    stranger.close()
    return held, f"seated: {stranger.welcome() is not None}, host asked: {table.asked}"


def silent_sockets(table: Table, count: int = 200) -> tuple[bool, str]:
    """Sockets that never speak, from one address: a real joiner still sits at once."""
    socks = []
    for _ in range(count):
        s = socket.socket()
        s.bind(("127.0.0.2", 0))
        s.setblocking(False)
        s.connect_ex(("127.0.0.1", table.session.link.port))  # never raises; never speaks
        socks.append(s)
    spin(lambda: False, 0.5)
    began = time.monotonic()
    ann = Person(table, "Ann", table.session.code)
    sat = spin(lambda: ann.welcome() is not None, 5.0)
    seconds = time.monotonic() - began
    for s in socks:
        s.close()
    ann.close()
    return sat, f"{count} silent sockets from 127.0.0.2; a real joiner seated in {seconds:.2f} s"


ATTACKS: dict[str, Callable[[Table], tuple[bool, str]]] = {
    "guess the code": guess_codes,
    "take a dropped person's seat by name": steal_a_seat_by_name,
    "sit without the code": join_without_the_code,
    "silent sockets": silent_sockets,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kaiser_lab.host_attacks")
    parser.add_argument("--only", nargs="*", default=[], help="attack names to run")
    args = parser.parse_args(argv)
    import os

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    # The host's identity key goes in a scratch folder, not the person's data folder.
    os.environ["KAISER_DESKTOP_DATA_DIR"] = str(Path(tempfile.mkdtemp(prefix="host-attacks-")))
    app = QCoreApplication.instance() or QCoreApplication(sys.argv[:1])
    assert app is not None
    failed = 0
    for name, attack in ATTACKS.items():
        if args.only and name not in args.only:
            continue
        table = Table()
        try:
            held, seen = attack(table)
        finally:
            table.close()
        failed += not held
        print(f"{'held  ' if held else 'FAILED'}  {name}: {seen}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
