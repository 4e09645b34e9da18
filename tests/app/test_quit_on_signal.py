"""SIGTERM, SIGHUP and Ctrl+C (SIGINT) close the real app as Quit does, whichever window
shows: the person's own table, a table they host, or a family table they joined from here.

At a joined table the person's own window is hidden and the table's window is another
one; the signal closed the hidden window only, and the app ran on, ignoring SIGTERM.

Three real app processes (the launcher's `run`, offscreen, each with its own data folder
and settings): one at its own table, one hosting a family table on the loopback, and one
that joins it. Each starts as the launcher starts, and once its first deal is due does
what the person would do in Game → Play with family…."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kaiser_desktop.app.storage import GameStore
from kaiser_desktop.family_play.family_table import family_seating
from kaiser_desktop.rules import Seat

ROOT = Path(__file__).resolve().parents[2]
WAIT_S = 45.0
QUIT_S = 10.0

CHILD = """
import sys
from pathlib import Path
from kaiser_desktop import family, launcher

mode, folder = sys.argv[1], Path(sys.argv[2])
first_deal = family.start_or_reopen

def say(name, text=""):
    (folder / name).write_text(text, encoding="utf-8")

def then_play_with_family(window, settings, loaded, *table_up):
    first_deal(window, settings, loaded, *table_up)
    window.confirm = lambda title, text: True
    starts = family.family_starts(window, settings)
    if mode == "host":
        assert not isinstance(starts.host("Gran"), str)
        session = window.hosting.session
        session.link.listening.connect(lambda port: say("port", str(port)))
        table = session.table
        # A join by address, without the code, is asked about on the host's screen: yes.
        table.seat_requested.connect(lambda conn, name: table.let_in(conn))
        table.person_joined.connect(lambda seat, name: table.start_game())
        table.person_left.connect(lambda seat, name: say("left", name))
    elif mode == "join":
        port = (folder.parent / "host" / "port").read_text(encoding="utf-8")
        joining = starts.join("Tom", "", f"127.0.0.1:{port}")
        assert not isinstance(joining, str)
        joining.on_result(lambda why_not: say("seated", why_not or ""))
    if mode != "join":
        say("ready")

family.start_or_reopen = then_play_with_family
sys.exit(launcher.run(["--seed", "3", "--pace", "0.05"]))
"""


def start(tmp_path: Path, mode: str) -> subprocess.Popen[str]:
    folder = tmp_path / mode
    folder.mkdir()
    (folder / "settings.ini").write_text("[players]\nwelcome_done=true\n", encoding="utf-8")
    env = dict(
        os.environ,
        KAISER_DESKTOP_DATA_DIR=str(folder),
        QT_QPA_PLATFORM="offscreen",
        HOME=str(folder),
        XDG_CONFIG_HOME=str(folder / "config"),
        PYTHONPATH=str(ROOT),
    )
    return subprocess.Popen(
        [sys.executable, "-c", CHILD, mode, str(folder)],
        env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        start_new_session=True,  # a process group of its own, as in a terminal
    )  # fmt: skip


def wait_for(path: Path, *apps: subprocess.Popen[str]) -> str:
    deadline = time.monotonic() + WAIT_S
    while not path.exists():
        for app in apps:
            assert app.poll() is None, app.communicate()[1]
        assert time.monotonic() < deadline, f"no {path.name} from the app"
        time.sleep(0.05)
    return path.read_text(encoding="utf-8")


def quit_by(app: subprocess.Popen[str], number: signal.Signals, group: bool = False) -> str:
    """Send the signal (to the app's whole process group, its computer players' process
    too, with `group`: a terminal's Ctrl+C or hang-up); the app's stderr once it has ended
    (it must, on its own, with 0, and no process of it may print a traceback)."""
    if group:
        os.killpg(app.pid, number)
    else:
        app.send_signal(number)
    try:
        _, stderr = app.communicate(timeout=QUIT_S)
    except subprocess.TimeoutExpired:
        app.kill()
        app.communicate()
        pytest.fail(f"the app ran on {QUIT_S:.0f} s after {number.name}")
    assert app.returncode == 0, stderr
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr, stderr
    return stderr


@pytest.mark.slow  # three app starts: 8-15 s on a busy 2-core machine
@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="POSIX signals")
def test_every_window_quits_and_saves_on_a_signal(tmp_path: Path) -> None:
    own, host = start(tmp_path, "own"), start(tmp_path, "host")
    apps = [own, host]
    try:
        wait_for(tmp_path / "host" / "port", host)
        join = start(tmp_path, "join")
        apps.append(join)
        why_not = wait_for(tmp_path / "join" / "seated", join, host)
        assert why_not == "", why_not
        wait_for(tmp_path / "own" / "ready", own)

        quit_by(join, signal.SIGTERM)  # seated at someone's family table
        assert wait_for(tmp_path / "host" / "left", host) == "Tom"  # the host saw Tom go
        quit_by(host, signal.SIGHUP, group=True)  # hosting; the terminal went away
        quit_by(own, signal.SIGINT, group=True)  # at their own table: Ctrl+C in a terminal
    finally:
        for app in apps:
            if app.poll() is None:
                app.kill()
                app.communicate()
    for mode in ("own", "host", "join"):
        loaded = GameStore(tmp_path / mode).load()
        assert loaded.message is None and loaded.state is not None, mode
    # The host saved the family game with Tom's seat, to open the table again next time.
    hosted = GameStore(tmp_path / "host").load()
    assert [(seat, name) for seat, name, _ in family_seating(hosted.meta)] == [(Seat.N, "Tom")]
