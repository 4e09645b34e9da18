"""Computer players think on a worker thread; their decisions come back as queued signals.

Each request carries the controller's serial number for the state it was asked about, so a
decision that arrives after the game has moved on (a new game, a new hand) is recognisably
stale and the controller drops it.

The bots' seed is the game's own draw from the operating system (`new_bot_seed`), never
derived from the seed the deals come from: a bot holding its seed and its view has nothing
that rebuilds the other hands.
"""

from __future__ import annotations

import contextlib
import hashlib
import multiprocessing
import os
import random
import signal
import sys
import threading
import time
import traceback
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from PySide6.QtCore import QObject, Signal

from kaiser_desktop.ai import Bot, Decision, level_names, make_bot
from kaiser_desktop.rules import SEATS, PlayerView, Seat

# Python threads hand the GIL over every switch interval. While a bot thinks, every call
# Qt makes into Python on the GUI thread (each card's paint, each animated property) waits
# up to one interval for the GIL, and a repaint of the table makes dozens of them: at 2 ms
# that added 20-40 ms to frames drawn while a bot was thinking. At 0.5 ms it is a few ms;
# the bot loses almost nothing, as the interval only matters while the GUI thread waits.
GIL_SWITCH_INTERVAL = 0.0005
BOT_NICENESS = 10  # added to the worker process's niceness (POSIX)
BELOW_NORMAL_PRIORITY_CLASS = 0x4000  # the Windows equivalent, for the worker process

PREFERRED_LEVELS = ("standard", "basic", "random")
BOT_SEED_BITS = 64


def new_bot_seed(rng: random.Random) -> int:
    """A game's seed for its computer players: `rng` is the OS's randomness (SystemRandom)
    except in seeded test runs, and it must not be the random source the deals come from."""
    return rng.getrandbits(BOT_SEED_BITS)


def seat_seed(seed: int, seat: Seat) -> int:
    """Each seat's own seed, hashed so that one seat's seed does not give another's."""
    digest = hashlib.blake2b(f"bot:{seed}:{seat.text}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def resolve_level(level: str | None) -> str:
    """The level asked for, or the best one available (the real levels may not exist yet)."""
    names = level_names()
    if level is not None:
        if level not in names:
            raise ValueError(
                f"There is no computer level called {level!r} (try: {', '.join(names)})."
            )
        return level
    return next(name for name in PREFERRED_LEVELS if name in names)


class _Relay(QObject):
    """Lives on the GUI thread; a signal emitted from a worker is queued to its receivers."""

    decided = Signal(int, object, object)  # serial, seat, Decision
    failed = Signal(int, object, str)  # serial, seat, error text


def _think(relay: _Relay, bot: Bot, view: PlayerView, serial: int) -> None:
    """Runs on the bots' thread; the answer goes back through the relay's queued signals."""
    try:
        decision = bot.decide(view)
    except Exception as error:  # a broken bot must not take the app down
        traceback.print_exc(file=sys.stderr)
        relay.failed.emit(serial, view.seat, f"{error}")
        return
    relay.decided.emit(serial, view.seat, decision)


_WORKER_BOTS: dict[tuple[str, int], Bot] = {}


def _decide_in_worker(level: str, seed: int, view: PlayerView) -> Decision:
    """Runs in the worker process: one bot per (level, seed), kept between turns."""
    bot = _WORKER_BOTS.get((level, seed))
    if bot is None:
        if len(_WORKER_BOTS) >= 16:  # each game brings new seeds: drop the old games' bots
            _WORKER_BOTS.clear()
        bot = _WORKER_BOTS[(level, seed)] = make_bot(level, seed)
    return bot.decide(view)


def _worker_starts(parent_pid: int) -> None:
    """Runs as the worker process starts: it ends with the app, and yields to the table."""
    _ignore_terminal_signals()
    _end_with_parent(parent_pid)
    _yield_to_the_table()


# A terminal's Ctrl+C and hang-up reach every process of its group: the app's helpers too.
# They are for the app, which closes as Quit does and ends its helpers itself (the worker
# also ends with the app): a helper they killed printed a KeyboardInterrupt traceback (the
# worker) or multiprocessing's "resource_tracker: process died unexpectedly" and KeyErrors.
_TERMINAL_SIGNALS = ("SIGINT", "SIGHUP")


def _ignore_terminal_signals() -> None:
    for name in _TERMINAL_SIGNALS:
        number = getattr(signal, name, None)
        if number is not None:
            with contextlib.suppress(OSError, ValueError):
                signal.signal(number, signal.SIG_IGN)


@contextlib.contextmanager
def _helpers_ignore_terminal_signals() -> Iterator[None]:
    """The processes started inside (the worker, multiprocessing's resource tracker) start
    with the terminal's signals ignored: a process inherits an ignored signal, and Python
    leaves it ignored. The app's own handlers are back as soon as they have started."""
    previous: dict[int, object] = {}
    if threading.current_thread() is threading.main_thread():
        for name in _TERMINAL_SIGNALS:
            number = getattr(signal, name, None)
            if number is not None:
                previous[number] = signal.signal(number, signal.SIG_IGN)
    try:
        yield
    finally:
        for number, handler in previous.items():
            if handler is not None:  # None: a handler not set from Python, left as it is
                signal.signal(number, handler)  # type: ignore[arg-type]


PR_SET_PDEATHSIG = 1  # linux/prctl.h
PARENT_POLL_S = 1.0


def _end_with_parent(parent_pid: int) -> None:
    """The worker must not outlive the app, however the app ends (a kill, a crash, a power
    button's task manager): nothing else would ever stop it.

    Linux: the kernel sends the worker SIGKILL when its parent dies (PR_SET_PDEATHSIG).
    Windows: a thread waits on the parent's process handle. Everywhere else (macOS): a
    thread sees the worker re-parented (its parent PID changes) within a second. The
    threads are daemons and only ever end the process; they never touch a decision.
    """
    if sys.platform.startswith("linux"):
        _parent_death_signal()
    watch = _wait_for_parent_handle if sys.platform == "win32" else _poll_parent_pid
    threading.Thread(target=watch, args=(parent_pid,), name="kaiser-parent", daemon=True).start()


def _parent_death_signal() -> None:
    import ctypes
    import signal

    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)


def _poll_parent_pid(parent_pid: int) -> None:
    while os.getppid() == parent_pid:  # checked first: the parent may already be gone
        time.sleep(PARENT_POLL_S)
    os._exit(0)


def _wait_for_parent_handle(parent_pid: int) -> None:
    import ctypes

    windll = getattr(ctypes, "windll", None)  # only on Windows
    if windll is None:
        return
    kernel32 = windll.kernel32
    kernel32.OpenProcess.restype = ctypes.c_void_p  # a HANDLE is pointer-sized
    kernel32.OpenProcess.argtypes = (ctypes.c_uint32, ctypes.c_int, ctypes.c_uint32)
    kernel32.WaitForSingleObject.argtypes = (ctypes.c_void_p, ctypes.c_uint32)
    synchronize, infinite = 0x00100000, 0xFFFFFFFF
    handle = kernel32.OpenProcess(synchronize, False, parent_pid)
    if not handle:  # the parent is already gone
        os._exit(0)
    kernel32.WaitForSingleObject(handle, infinite)
    os._exit(0)


def _yield_to_the_table() -> None:
    """The table comes first when both want a core.

    On a two-core machine a thinking bot, the table's animation and the sound all want the
    processor at once; the bot waiting a few milliseconds is never noticed, the table
    stalling is. A lower priority changes when the bot thinks, never what it decides.
    """
    if sys.platform == "win32":
        _below_normal_on_windows()
    elif hasattr(os, "nice"):
        with contextlib.suppress(OSError):  # not allowed here: think at the usual priority
            os.nice(BOT_NICENESS)


def _below_normal_on_windows() -> None:
    """Windows has no niceness: the process's priority class is lowered instead."""
    import ctypes

    windll = getattr(ctypes, "windll", None)  # only on Windows
    if windll is None:
        return
    kernel32 = windll.kernel32
    # A failure returns 0 and changes nothing: the bot then thinks at the usual priority.
    kernel32.SetPriorityClass(kernel32.GetCurrentProcess(), BELOW_NORMAL_PRIORITY_CLASS)


def _warm_up() -> bool:
    import kaiser_desktop.ai  # noqa: F401  (import the levels before the first turn)

    return True


class BotRunner(QObject):
    """Owns one bot per computer seat and runs them off the GUI thread.

    Every seat plays at `level`, except the seats given their own (`set_seat_levels`: a
    family table's host picks a level per seat).

    mode "thread" thinks on one worker thread (quick to start: tests and tools). mode
    "process" thinks in a spawned process, so a bot's pure-Python search cannot hold the
    GIL the GUI thread needs: the app uses it (startup.APP_BOT_MODE). If the process
    cannot start, or breaks, the thread is used.
    """

    decided = Signal(int, object, object)  # serial, seat, Decision
    failed = Signal(int, object, str)

    def __init__(
        self, level: str, seed: int = 0, parent: QObject | None = None, mode: str = "thread"
    ) -> None:
        super().__init__(parent)
        sys.setswitchinterval(GIL_SWITCH_INTERVAL)
        self.level = resolve_level(level) if level else resolve_level(None)
        self._seat_levels: dict[Seat, str] = {}
        self.reseed(seed)
        # One thinker at a time: turns are sequential. A Python executor rather than Qt's
        # thread pool: nothing of a finished turn (its view, its answer) is kept alive.
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="kaiser-bots")
        self._thread_turns: set[Future[None]] = set()
        self._process_turns: set[Future[Any]] = set()  # the helper process's, warm-up too
        self._relay = _Relay()
        self._relay.decided.connect(self.decided)
        self._relay.failed.connect(self.failed)
        self._executor: ProcessPoolExecutor | None = None
        self.mode = mode
        if mode == "process":
            try:
                context = multiprocessing.get_context("spawn")  # never fork a Qt process
                with _helpers_ignore_terminal_signals():  # both start in here
                    self._executor = ProcessPoolExecutor(
                        max_workers=1,
                        mp_context=context,
                        initializer=_worker_starts,
                        initargs=(os.getpid(),),
                    )
                    self._track(self._executor.submit(_warm_up))
            except (OSError, RuntimeError, ValueError):
                self._executor = None
                self.mode = "thread"

    def reseed(self, seed: int) -> None:
        """New bots for a new (or resumed) game, seeded from the game's bot seed."""
        self.seed = seed
        self._seeds = {seat: seat_seed(seed, seat) for seat in SEATS}
        self._bots = {seat: make_bot(self.level_of(seat), self._seeds[seat]) for seat in SEATS}

    def level_of(self, seat: Seat) -> str:
        """The level `seat`'s bot plays at."""
        return self._seat_levels.get(seat, self.level)

    @property
    def seat_levels(self) -> dict[Seat, str]:
        """The seats given a level of their own (the others play at `level`)."""
        return dict(self._seat_levels)

    def set_seat_levels(self, levels: dict[Seat, str]) -> None:
        """Give these seats their own level (the seats not named play at `level`); their
        bots are made again, with the same seeds. Raises ValueError for an unknown level."""
        chosen = {seat: resolve_level(level) for seat, level in levels.items()}
        changed = set(chosen) | set(self._seat_levels)
        self._seat_levels = chosen
        for seat in changed:
            self._bots[seat] = make_bot(self.level_of(seat), self._seeds[seat])

    def think(self, view: PlayerView, serial: int) -> None:
        """Ask `view.seat`'s bot for a decision; `decided` fires later on the GUI thread."""
        seat: Seat = view.seat
        if self._executor is not None:
            try:
                future = self._executor.submit(
                    _decide_in_worker, self.level_of(seat), self._seeds[seat], view
                )
            except (BrokenProcessPool, RuntimeError):
                self._executor = None
                self.mode = "thread"
            else:
                self._track(future)
                future.add_done_callback(lambda f: self._process_done(f, seat, serial))
                return
        try:
            turn = self._thread.submit(_think, self._relay, self._bots[seat], view, serial)
        except RuntimeError:  # shut down by stop(), and asked again: think on a new thread
            self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="kaiser-bots")
            turn = self._thread.submit(_think, self._relay, self._bots[seat], view, serial)
        self._thread_turns.add(turn)
        turn.add_done_callback(self._thread_turns.discard)

    def _process_done(self, future: Future[Decision], seat: Seat, serial: int) -> None:
        # Runs on the executor's own thread: only emit; the relay queues it to the GUI.
        if future.cancelled():
            return
        error = future.exception()
        if error is not None:
            self._relay.failed.emit(serial, seat, f"{error}")
        else:
            self._relay.decided.emit(serial, seat, future.result())

    def _track(self, future: Future[Any]) -> None:
        self._process_turns.add(future)
        future.add_done_callback(self._process_turns.discard)

    def shutdown(self, timeout_ms: int = 3000) -> None:
        # Copies: the executors' threads drop finished turns from these sets meanwhile.
        in_process = list(self._process_turns)
        turns = [*self._thread_turns, *in_process]
        for turn in turns:
            turn.cancel()  # a turn not yet begun never begins
        wait(turns, timeout=timeout_ms / 1000)  # one under way may end
        self._thread.shutdown(wait=False, cancel_futures=True)
        if self._executor is not None:
            # Wait for the helper process's executor to close its own pipes when nothing
            # is running there: closing them while the interpreter exits races with its
            # exit hook, which then writes to a closed pipe and prints a traceback
            # (CPython's concurrent.futures, before 3.12).
            idle = not any(turn.running() for turn in in_process)
            self._executor.shutdown(wait=idle, cancel_futures=True)
            self._executor = None
