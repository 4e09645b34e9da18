"""Cycles are collected on the GUI thread, never in a search's thread (app/main_thread_gc.py):
a collection in a computer player's thread would delete the Qt objects it finalises there."""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QObject
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from kaiser_desktop.app.main_thread_gc import MainThreadCollector


@pytest.fixture
def collections_by_thread() -> Iterator[dict[str, int]]:
    seen: dict[str, int] = {}

    def note(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            name = threading.current_thread().name
            seen[name] = seen.get(name, 0) + 1

    gc.callbacks.append(note)
    yield seen
    gc.callbacks.remove(note)


class Cyclic(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.me = self  # only the collector can free it


def test_installed_once_for_the_application(qapp: QApplication) -> None:
    collector = MainThreadCollector.install(qapp)
    assert MainThreadCollector.install(qapp) is collector
    assert not gc.isenabled()


def test_a_search_thread_never_collects_and_the_gui_thread_does(
    qtbot: QtBot, qapp: QApplication, collections_by_thread: dict[str, int]
) -> None:
    MainThreadCollector.install(qapp)
    stop = threading.Event()

    def search() -> None:  # allocates as a search does: far past every threshold
        while not stop.is_set():
            _ = [[n] for n in range(2000)]

    worker = threading.Thread(target=search, name="search")
    worker.start()
    try:
        for _ in range(200):
            Cyclic()  # unreachable at once, but for its cycle
        time.sleep(0.3)  # the search allocates; the GUI thread is busy elsewhere
        # The collector's timer frees them, on this thread.
        qtbot.waitUntil(lambda: not any(isinstance(o, Cyclic) for o in gc.get_objects()))
    finally:
        stop.set()
        worker.join()
    assert collections_by_thread.get("search", 0) == 0, collections_by_thread
    assert collections_by_thread.get("MainThread", 0) > 0
