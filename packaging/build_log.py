"""The build's one voice: `[build] ...` lines, and a failure that stops the build in a sentence."""

from __future__ import annotations

from typing import NoReturn


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


def fail(msg: str) -> NoReturn:
    raise SystemExit(f"[build] ERROR: {msg}")
