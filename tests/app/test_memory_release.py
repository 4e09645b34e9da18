"""Freed memory goes back to the system (app/memory.py; issue 29, point 2).

Each case runs in a fresh interpreter: malloc's settings are the process's own. The same
allocations are made with and without the app's call, so each test shows what it fixes.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="glibc's malloc: Linux only"
)

COMMON = """
import ctypes, json, sys
from kaiser_desktop.app import memory
libc = ctypes.CDLL("libc.so.6")
libc.malloc.restype = ctypes.c_void_p
libc.malloc.argtypes = [ctypes.c_size_t]
libc.free.argtypes = [ctypes.c_void_p]
libc.memset.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_size_t]

def rss_mib():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024

def block(size):
    address = libc.malloc(size)
    libc.memset(address, 1, size)  # touched, so resident
    return address
"""


def run(body: str, fixed: bool) -> dict[str, float]:
    code = COMMON + f"\nFIXED = {fixed}\n" + textwrap.dedent(body)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    result: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
    return result


# Card bitmaps of many sizes, each a block of 200-400 KiB, freed while a smaller block
# (32 KiB) made after each one stays (as the table's own objects do).
BITMAPS = """
if FIXED:
    assert memory.keep_large_blocks_apart()
libc.free(block(1 << 20))  # one large block freed: glibc's threshold rises past a bitmap's
before = rss_mib()
bitmaps, small = [], []
for i in range(200):
    bitmaps.append(block(200 * 1024 + 1024 * i))
    small.append(block(32 * 1024))
for address in bitmaps:
    libc.free(address)
pinned = len(small) * 32 / 1024  # the small blocks are alive: not counted as kept
print(json.dumps({"kept_mib": rss_mib() - before - pinned}))
"""


def test_freed_large_blocks_go_back_at_once() -> None:
    without = run(BITMAPS, fixed=False)
    with_it = run(BITMAPS, fixed=True)
    assert without["kept_mib"] > 40  # ~60 MiB of freed bitmaps stayed in the heap
    assert with_it["kept_mib"] < 2


# Many small blocks freed, but for the last one, which holds the top of the heap.
SMALL = """
blocks = [block(2048) for _ in range(30000)]
for address in blocks[:-1]:
    libc.free(address)
before = rss_mib()
gave = memory.give_back_free_memory() if FIXED else False
print(json.dumps({"went_back_mib": before - rss_mib(), "gave": gave}))
"""


def test_free_memory_inside_the_heap_goes_back_when_asked() -> None:
    without = run(SMALL, fixed=False)
    with_it = run(SMALL, fixed=True)
    assert without["went_back_mib"] < 1 and not without["gave"]
    assert with_it["went_back_mib"] > 30 and with_it["gave"]  # ~58 MiB were freed
