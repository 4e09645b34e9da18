"""The build's one voice: `[build] ...` lines, sizes in MiB, and a failure that stops the build
in a sentence."""

from __future__ import annotations

from typing import NoReturn


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


def mib(n: float | None) -> str:
    return "n/a" if n is None else f"{n / 2**20:.1f}"


def fail(msg: str) -> NoReturn:
    raise SystemExit(f"[build] ERROR: {msg}")
