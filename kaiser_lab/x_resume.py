"""Start saved games under a real X server, with the pointer where a player leaves it.

A save made at each phase of the game (deal, redeal, passing, one-round and open bidding,
trump, kitty discard, mid-trick, a trick just complete, the summary, game over; solo and
family) is started in the real app on Xvfb with a window manager (openbox), the pointer
resting over South's hand, over the trick, or elsewhere. A start counts as good when the
app's start marker (app/start_guard.py) appears and then goes (the table was up and steady)
and the app then quits cleanly on SIGTERM; a crash is any other end.

    python -m kaiser_lab.x_resume --starts 100        # the stress run: starts and crashes
    python -m kaiser_lab.x_resume --starts 36 --busy 0
    python -m kaiser_lab.x_resume --kill-drill 10   # a clicked game killed mid-play, restarted

Needs Xvfb, openbox and xdotool (Debian: xvfb openbox xdotool). tests/ui/test_resume_on_x.py
uses the same pieces.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kaiser_desktop.app.start_guard import MARKER_NAME
from kaiser_desktop.app.storage import DATA_DIR_ENV, GameStore
from kaiser_desktop.rules import GameState, Phase, RuleSet, Seat
from kaiser_desktop.rules.simulate import random_states
from kaiser_desktop.startup import SETTINGS_FILE

REPO = Path(__file__).resolve().parent.parent
TOOLS = ("Xvfb", "openbox", "xdotool")
SCREEN = (1280, 800)
# Where a player's pointer rests on a 1280x800 table (the window fills the screen).
POINTERS = {"hand": (640, 665), "trick": (640, 330), "elsewhere": (30, 785)}
SETTINGS = """[players]
level=basic
name_E=Alex
name_N=Pat
name_S=Gran
name_W=Sam
welcome_done=true

[table]
speed=fast
"""
FAMILY_META: dict[str, Any] = {
    "version": 1,
    "level": "basic",
    "names": {"N": "Tom", "E": "Alex", "S": "Gran", "W": "Sam"},
    "family": {"seats": {"N": {"name": "Tom", "token": "x-resume-test-token-0001"}}, "levels": {}},
}


def missing_tools() -> list[str]:
    return [tool for tool in TOOLS if shutil.which(tool) is None]


@dataclass(frozen=True)
class Save:
    name: str
    state: GameState
    meta: dict[str, Any] = field(default_factory=dict)


def _first_state(rules: RuleSet, wanted: Callable[[GameState], bool]) -> GameState:
    for seed in range(1, 400):
        for state in random_states(rules, seed, max_actions=20_000):
            if wanted(state):
                return state
    raise LookupError("no random game reached the wanted state")


def _played(state: GameState) -> int:
    hand = state.hand
    if hand is None:
        return 0
    return 4 * len(hand.tricks) + (len(hand.current.cards) if hand.current else 0)


def phase_saves() -> list[Save]:
    """One save at each phase a player can leave a game in, and a family save mid-trick."""
    standard = RuleSet()

    def at(
        phase: Phase, bids: Callable[[int], bool] = lambda n: True
    ) -> Callable[[GameState], bool]:
        return lambda s: s.hand is not None and s.phase is phase and bids(len(s.hand.bids))

    def mid_trick(s: GameState) -> bool:
        hand = s.hand
        current = hand.current if hand is not None else None
        return (
            hand is not None
            and current is not None
            and len(current.cards) == 2
            and len(hand.tricks) >= 2
            and s.to_act is Seat.S  # the player's turn, as when the app died at a click
        )

    def trick_complete(s: GameState) -> bool:
        played = _played(s)
        return s.phase is Phase.PLAY and played > 0 and played % 4 == 0

    def passing(s: GameState) -> bool:
        hand = s.hand
        return (
            at(Phase.PASSING)(s)
            and hand is not None
            and sum(card is not None for card in hand.passes) == 2
        )

    mid = _first_state(standard, mid_trick)
    return [
        Save("deal", _first_state(standard, at(Phase.BIDDING, lambda n: n == 0))),
        Save("redeal", _first_state(standard, at(Phase.REDEAL))),
        Save("passing", _first_state(standard.with_changes(pass_to_partner=True), passing)),
        Save("bidding", _first_state(standard, at(Phase.BIDDING, lambda n: n == 2))),
        Save(
            "bidding_open",
            _first_state(
                standard.with_changes(auction="open"), at(Phase.BIDDING, lambda n: n >= 5)
            ),
        ),
        Save("trump", _first_state(standard, at(Phase.TRUMP))),
        Save("discard", _first_state(standard.with_changes(kitty=True), at(Phase.DISCARD))),
        Save("mid_trick", mid),
        Save("trick_complete", _first_state(standard, trick_complete)),
        Save("summary", _first_state(standard, at(Phase.HAND_SCORED))),
        Save("game_over", _first_state(standard, lambda s: s.is_over)),
        Save("family_mid_trick", mid, FAMILY_META),
    ]


@dataclass
class StartResult:
    save: str
    pointer: str
    steady: bool  # the start marker came and went: the table was up
    code: int | None  # the exit status after SIGTERM (None: had to be killed)
    seconds: float
    stderr_tail: str = ""

    @property
    def crashed(self) -> bool:
        return not self.steady or self.code != 0


class XScreen:
    """Xvfb with openbox on a free display; the pointer moved with xdotool."""

    def __init__(self) -> None:
        self.xvfb: subprocess.Popen[bytes] | None = None
        self.wm: subprocess.Popen[bytes] | None = None
        self.display = ""

    def __enter__(self) -> XScreen:
        read_end, write_end = os.pipe()
        width, height = SCREEN
        self.xvfb = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write_end), "-screen", "0", f"{width}x{height}x24",
             "-nolisten", "tcp"],
            pass_fds=(write_end,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        os.close(write_end)
        with os.fdopen(read_end) as chosen:
            self.display = ":" + chosen.readline().strip()
        self.wm = subprocess.Popen(
            ["openbox"], env=self.env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        time.sleep(0.5)  # openbox takes the screen before the first window maps
        return self

    def env(self) -> dict[str, str]:
        return {**os.environ, "DISPLAY": self.display}

    def move_pointer(self, x: int, y: int) -> None:
        subprocess.run(["xdotool", "mousemove", str(x), str(y)], env=self.env(), check=True)

    def press(self, key: str) -> None:
        subprocess.run(["xdotool", "key", key], env=self.env(), check=False)

    def has_window(self, title: str) -> bool:
        found = subprocess.run(
            ["xdotool", "search", "--onlyvisible", "--name", title],
            env=self.env(), capture_output=True, text=True, check=False,
        )  # fmt: skip
        return bool(found.stdout.strip())

    def __exit__(self, *exc: object) -> None:
        for process in (self.wm, self.xvfb):
            if process is not None:
                process.terminate()
                with contextlib.suppress(subprocess.TimeoutExpired):
                    process.wait(5)
                if process.poll() is None:
                    process.kill()


def prepare_home(home: Path, save: Save) -> Path:
    """A fresh user: settings without the welcome, the save in the data folder."""
    data = home / "data"
    data.mkdir(parents=True, exist_ok=True)
    # With the data folder set, the settings live in it (startup.make_settings).
    (data / SETTINGS_FILE).write_text(SETTINGS, encoding="utf-8")
    GameStore(data).save(save.state, save.meta or None)
    return data


def app_env(screen: XScreen, home: Path) -> dict[str, str]:
    return {
        **screen.env(),
        "HOME": str(home),
        DATA_DIR_ENV: str(home / "data"),
        "QT_QPA_PLATFORM": "xcb",
        "PYTHONPATH": str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""),
    }


def start_once(
    screen: XScreen,
    save: Save,
    pointer: str,
    *,
    command: list[str] | None = None,
    answer: Callable[[XScreen], None] | None = None,
    timeout: float = 40.0,
) -> StartResult:
    """Start the app on `save` with the pointer resting at `pointer`; see how it ends."""
    with tempfile.TemporaryDirectory(prefix="kaiser-x-resume-") as folder:
        home = Path(folder)
        data = prepare_home(home, save)
        return run_start(screen, home, data, save.name, pointer, command, answer, timeout)


def launch(
    screen: XScreen, home: Path, command: list[str] | None = None, *, keep_stderr: bool = True
) -> subprocess.Popen[bytes]:
    """The app (or `command`) as a new user's, on `screen`; its stderr kept to read at its end
    (or dropped, for a run whose end is a kill: an unread pipe would fill and block it)."""
    return subprocess.Popen(
        command or [sys.executable, "-m", "kaiser_desktop"],
        env=app_env(screen, home), cwd=REPO, stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE if keep_stderr else subprocess.DEVNULL,
    )  # fmt: skip


def became_steady(
    child: subprocess.Popen[bytes],
    marker: Path,
    timeout: float = 40.0,
    each_moment: Callable[[], None] | None = None,
) -> bool:
    """Whether the start marker came and went (the table was up and stayed) before the app
    ended or `timeout` passed; `each_moment` runs between looks (to answer a question)."""
    began = time.monotonic()
    seen = False
    while time.monotonic() - began < timeout and child.poll() is None:
        if marker.exists():
            seen = True
        elif seen:
            return True
        if each_moment is not None:
            each_moment()
        time.sleep(0.05)
    return False


def run_start(
    screen: XScreen,
    home: Path,
    data: Path,
    name: str,
    pointer: str,
    command: list[str] | None = None,
    answer: Callable[[XScreen], None] | None = None,
    timeout: float = 40.0,
) -> StartResult:
    screen.move_pointer(*POINTERS[pointer])
    began = time.monotonic()
    child = launch(screen, home, command)
    each_moment = (lambda: answer(screen)) if answer is not None else None
    steady = became_steady(child, data / MARKER_NAME, timeout, each_moment)
    code: int | None = child.poll()
    if code is None:
        child.send_signal(signal.SIGTERM)
        try:
            code = child.wait(15)
        except subprocess.TimeoutExpired:
            child.kill()
            child.wait()
            code = None
    stderr = child.stderr.read().decode(errors="replace") if child.stderr else ""
    return StartResult(name, pointer, steady, code, time.monotonic() - began, stderr[-2000:])


def kill_drill(
    screen: XScreen, rounds: int, seconds: float, rng: random.Random
) -> list[StartResult]:
    """A solo game played by clicks over the hand and the panel, killed (SIGKILL) at a random
    moment, then started again with the pointer where the last click was: `rounds` times on
    one data folder. Each start after a kill is a start of a save made mid-game."""
    results: list[StartResult] = []
    with tempfile.TemporaryDirectory(prefix="kaiser-x-kill-") as folder:
        home = Path(folder)
        data = home / "data"
        data.mkdir()
        (data / SETTINGS_FILE).write_text(SETTINGS, encoding="utf-8")
        for number in range(rounds):
            began = time.monotonic()
            child = launch(screen, home, keep_stderr=False)
            steady = became_steady(child, data / MARKER_NAME)
            if number > 0:  # the first start is a new game, not a resumed one
                code = child.poll()  # None: still running, as a good start is
                took = time.monotonic() - began
                results.append(StartResult("killed", "hand", steady, code or 0, took))
            end = time.monotonic() + seconds * rng.uniform(0.5, 1.5)
            while time.monotonic() < end and child.poll() is None:
                # Over South's cards and the panel's buttons, where a player clicks.
                x = rng.randrange(200, 1080)
                y = rng.choice((rng.randrange(600, 730), rng.randrange(330, 540)))
                screen.move_pointer(x, y)
                subprocess.run(["xdotool", "click", "1"], env=screen.env(), check=False)
                time.sleep(rng.uniform(0.2, 0.8))
            screen.move_pointer(*POINTERS["hand"])  # where the last click of a card was
            child.kill()
            child.wait()
    return results


@contextlib.contextmanager
def busy(processes: int) -> Iterator[None]:
    """Other work on the machine while the app starts (a start must not need an idle one)."""
    spin = "while True: pass"
    burners = [subprocess.Popen([sys.executable, "-c", spin]) for _ in range(processes)]
    try:
        yield
    finally:
        for burner in burners:
            burner.kill()
            burner.wait()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kaiser_lab.x_resume", description=__doc__)
    parser.add_argument("--starts", type=int, default=100)
    parser.add_argument("--busy", type=int, default=1, help="CPU-bound processes beside")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--kill-drill", type=int, default=0, metavar="N",
        help="instead: a solo game clicked at and killed N times, each restart counted",
    )  # fmt: skip
    parser.add_argument("--play-seconds", type=float, default=20.0)
    args = parser.parse_args(argv)
    missing = missing_tools()
    if missing:
        print(f"Needs {', '.join(missing)} (Debian: apt-get install xvfb openbox xdotool).")
        return 2
    saves = phase_saves()
    combos = [(save, pointer) for save in saves for pointer in POINTERS]
    rng = random.Random(args.seed)
    crashes: list[StartResult] = []
    started = time.monotonic()
    if args.kill_drill:
        with XScreen() as screen, busy(args.busy):
            results = kill_drill(screen, args.kill_drill + 1, args.play_seconds, rng)
        crashed = [r for r in results if r.crashed]
        print(f"{len(results)} starts after a kill -9 mid-game, {len(crashed)} crashes")
        return 1 if crashed else 0
    with XScreen() as screen, busy(args.busy):
        for number in range(args.starts):
            save, pointer = combos[number] if number < len(combos) else rng.choice(combos)
            result = start_once(screen, save, pointer)
            if result.crashed:
                crashes.append(result)
                print(f"crash: {result.save} pointer {result.pointer}: code {result.code}, "
                      f"steady {result.steady}", flush=True)  # fmt: skip
    summary = {
        "starts": args.starts,
        "crashes": len(crashes),
        "busy_processes": args.busy,
        "minutes": round((time.monotonic() - started) / 60, 1),
    }
    print(f"{args.starts} starts, {len(crashes)} crashes")
    print(json.dumps(summary))
    return 1 if crashes else 0


if __name__ == "__main__":
    sys.exit(main())
