"""Test-wide setup: headless Qt, no sound, and the fixtures many test files share."""

from __future__ import annotations

import contextlib
import itertools
import os
import sys
import tempfile
import weakref
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

    from kaiser_desktop.app.controller import GameController
    from kaiser_desktop.app.main_thread_gc import MainThreadCollector

# Before any Qt import: tests must never need a display. An empty value counts as unset.
if not os.environ.get("QT_QPA_PLATFORM"):
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
# No test plays through the speakers: windows get the silent backend (app/sound.py); the
# sound tests hand SoundPlayer a recording backend of their own.
os.environ.setdefault("KAISER_SOUND", "off")


@pytest.fixture
def controllers() -> Iterator[list[GameController]]:
    """The `GameController`s a test makes (it appends each): stopped after the test, so no
    bot thread or process outlives it."""
    made: list[GameController] = []
    yield made
    for controller in made:
        controller.stop()


@pytest.fixture(autouse=True)
def _no_controller_outlives_its_test(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every `GameController` a test makes is stopped when the test ends, so no bot goes on
    playing into a later test's event loop (whose window, long gone, it would signal)."""
    module = sys.modules.get("kaiser_desktop.app.controller")
    if module is None:  # no test module of this process uses the controller (rules, ai)
        yield
        return
    made: list[weakref.ref[GameController]] = []
    original = module.GameController.__init__

    def recording(self: GameController, *args: object, **kwargs: object) -> None:
        original(self, *args, **kwargs)  # type: ignore[arg-type]
        made.append(weakref.ref(self))

    monkeypatch.setattr(module.GameController, "__init__", recording)
    yield
    for ref in made:
        controller = ref()
        if controller is not None:
            with contextlib.suppress(RuntimeError):  # its Qt side already gone
                controller.stop()


@pytest.fixture
def home_network() -> Iterator[None]:
    """The home network (mDNS) to itself: a test that announces a table or listens for one
    waits for any other such test, in this run or another on the machine, to end first.

    A lock file rather than an xdist group: `--dist loadgroup` hangs for ever once a crashed
    worker is replaced (pytest-xdist 3.8, issues #1323 and #1378), and plain `--dist load`
    does not."""
    path = os.path.join(tempfile.gettempdir(), "kaiser-desktop-tests-home-network.lock")
    with open(path, "a+b") as lock:
        _lock_file(lock.fileno())
        try:
            yield
        finally:
            _unlock_file(lock.fileno())


def _lock_file(descriptor: int) -> None:
    if sys.platform == "win32":
        import msvcrt

        while True:
            try:
                msvcrt.locking(descriptor, msvcrt.LK_LOCK, 1)
                return
            except OSError:  # LK_LOCK gives up after ten tries a second apart
                continue
    else:
        import fcntl

        fcntl.flock(descriptor, fcntl.LOCK_EX)


def _unlock_file(descriptor: int) -> None:
    if sys.platform == "win32":
        import msvcrt

        os.lseek(descriptor, 0, os.SEEK_SET)
        msvcrt.locking(descriptor, msvcrt.LK_UNLCK, 1)
    else:
        import fcntl

        fcntl.flock(descriptor, fcntl.LOCK_UN)


@pytest.fixture(scope="session")
def qapp(qapp: QApplication) -> QApplication:
    """pytest-qt's application, with cycles collected on its thread as the app's are
    (app/main_thread_gc.py): a window's widgets are never deleted from a search's thread."""
    from kaiser_desktop.app.main_thread_gc import MainThreadCollector

    global _collector
    _collector = MainThreadCollector.install(qapp)
    return qapp


_collector: MainThreadCollector | None = None


@pytest.fixture(autouse=True)
def _cycles_collected_between_tests() -> Iterator[None]:
    """A test that runs no event loop still has its cycles collected, on this thread."""
    yield
    if _collector is not None:
        _collector.collect_due()


SLOW_SECONDS = 10  # what a test marked slow without `seconds=` is taken to need


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On xdist workers, the slow tests first, each at the head of a worker's first share.

    `--dist worksteal` first hands each worker one contiguous share of the tests in order;
    a slow test near the end of a share started late and ran on alone: the 100 s bundle
    build and the 100 s random-input run ended the suite on one core. Now the slow tests
    (the longest by their `seconds=`) are dealt out one a worker in turn, ahead of each
    share, and the quick ones fill the rest in their own order. Every worker collects the
    same order, as xdist requires."""
    workers = getattr(config, "workerinput", {}).get("workercount", 0)
    if workers < 2:
        return

    def seconds(item: pytest.Item) -> float:
        marker = item.get_closest_marker("slow")
        return float(marker.kwargs.get("seconds", SLOW_SECONDS)) if marker else 0.0

    slow = sorted((item for item in items if seconds(item)), key=seconds, reverse=True)
    quick = iter([item for item in items if not seconds(item)])
    heads: list[list[pytest.Item]] = [slow[worker::workers] for worker in range(workers)]
    ordered: list[pytest.Item] = []
    left = len(items)
    for worker in range(workers):
        share = left // (workers - worker)  # as worksteal's first split sizes each share
        left -= share
        ordered += heads[worker]
        ordered += itertools.islice(quick, max(0, share - len(heads[worker])))
    ordered += quick
    items[:] = ordered
