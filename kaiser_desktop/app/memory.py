"""Freed memory goes back to the system, on Linux (glibc's malloc); elsewhere these do nothing.

glibc keeps what the app frees for reuse, inside its heap, and gives the top of the heap
back only when the top is free. Under long use (the random-input run: resizes, new games,
settings), card bitmaps of every size were drawn and dropped among small allocations that
stay: the heap grew holes, and the window's memory climbed ~1 MiB a minute while the live
allocations stayed flat (issue 29: mallinfo2's in-use bytes flat, its free bytes 20-30 MiB).
Two things stop that:

- `keep_large_blocks_apart()`, once at the start: every block of `LARGE_BLOCK_BYTES` or
  more (a card bitmap at a large size, an image) is mapped on its own and returned to the
  system as soon as it is freed. glibc's threshold for that normally rises to the size of
  the largest block freed so far, which took the card bitmaps into the heap.
- `give_back_free_memory()`, after the app dropped much at once (the card cache after a
  resize, a hand or a game ended): free pages inside the heap go back to the system
  (malloc_trim; 0.03-4 ms measured on the table's heap).
"""

from __future__ import annotations

import ctypes
import sys
from functools import cache

LARGE_BLOCK_BYTES = 128 * 1024  # glibc's own starting threshold, kept from moving
_M_MMAP_THRESHOLD = -3  # mallopt's parameter number (malloc.h)


@cache
def _glibc() -> ctypes.CDLL | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
        libc.malloc_trim.argtypes = [ctypes.c_size_t]
    except (OSError, AttributeError):  # another C library (musl): it has its own ways
        return None
    return libc


def keep_large_blocks_apart() -> bool:
    """Large blocks are mapped on their own from now on; False where it does not apply."""
    libc = _glibc()
    return libc is not None and libc.mallopt(_M_MMAP_THRESHOLD, LARGE_BLOCK_BYTES) == 1


def give_back_free_memory() -> bool:
    """Free memory inside the heap goes back to the system; True if some went back."""
    libc = _glibc()
    return libc is not None and libc.malloc_trim(0) == 1


__all__ = ["LARGE_BLOCK_BYTES", "give_back_free_memory", "keep_large_blocks_apart"]
