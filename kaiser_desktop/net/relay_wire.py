"""The relay's own small protocol, shared by the relay and the apps' links (no Qt, no game).

Every connection's first frame is a JSON hello: a table's host sends
`{"relay": "host", "v": 2, "key": K, "claim": C, "work": W}`, a joining app
`{"relay": "join", "v": 2, "key": K}`. The relay answers `{"relay": "ready"}` or
`{"relay": "refused", "reason": R}` and then closes with code 4000.

- `K`, the table's key at the relay, is a hash of the code's **public part** only
  (`TableCode.nameplate`: its first word and its number). The secret words never leave
  the apps: they are the password of the sealed exchange between a joining app and the
  host (net/seal.py), so neither the relay nor anyone on the path can test a guess offline.
- `C`, the claim, is a random secret the host keeps with its table: the relay remembers
  its hash, and lets only the same claim register the same key again while it holds it
  (a stranger who knows the code cannot take the table's place at the relay).
- `W`, the work, is a number such that SHA-256 of `key:W` starts with `WORK_BITS` zero
  bits: about 2**WORK_BITS hashes to find (a fraction of a second for a host, once per
  table), one to check, so registering tables by the hundred costs a squatter dearly.

After `ready`, a joining app's frames are the sealed messages of the game, both ways,
opaque to the relay. The host's connection carries every client's frames as binary frames
of a 4-byte big-endian connection number followed by the client's frame, and text control
frames `{"relay": "open", "conn": n}` / `{"relay": "close", "conn": n}` (the host may send
`close` to put a client out).
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
import struct
import time
from collections.abc import Callable
from dataclasses import dataclass

RELAY_VERSION = 2
# A sealed game message: net.wire's limit and the seal's 16-byte tag (net/seal.py's
# MAX_FRAME; a test checks).
MAX_MESSAGE_BYTES = 16 * 1024 + 16
CONN = struct.Struct(">I")
ENVELOPE_MAX = MAX_MESSAGE_BYTES + CONN.size  # the largest frame any connection may send
WORK_BITS = 18  # about 260,000 hashes: a quarter of a second for a host's app
REFUSED_CODE = 4000
RATE = 50.0  # messages a second, per client connection (a burst of BURST is let through)
BURST = 100.0
_KEY = re.compile(r"[0-9a-f]{64}")
_CLAIM = re.compile(r"[0-9a-f]{32}")
_MAX_WORK_DIGITS = 20
REFUSALS = {
    "bad_hello": "the first message was not a relay hello",
    "version": "this relay speaks another version",
    "no_table": "no table with that code is open at this relay",
    "table_full": "that table has all the people it can take",
    "table_taken": "a host for that table is already connected",
    "too_many_tables": "this relay has all the tables it can take",
    "no_work": "the table's registration did not carry its proof of work",
    "busy": "this relay has all the connections it can take from that address",
}


def table_key(nameplate: str) -> str:
    """The key a table is known by at the relay: a hash of its code's public part."""
    return hashlib.sha256(f"kaiser-table-v2:{nameplate}".encode()).hexdigest()


def new_claim() -> str:
    """A host's claim on its table's key: 128 random bits, kept with the table."""
    return secrets.token_hex(16)


def claim_digest(claim: str) -> str:
    """What the relay keeps of a claim (never the claim itself)."""
    return hashlib.sha256(f"kaiser-claim:{claim}".encode()).hexdigest()


def _work_hash(key: str, work: int) -> int:
    return int.from_bytes(hashlib.sha256(f"{key}:{work}".encode()).digest()[:8], "big")


def work_done(key: str, work: int, bits: int = WORK_BITS) -> bool:
    """Whether `work` proves the work for `key`: its hash starts with `bits` zero bits."""
    return _work_hash(key, work) >> (64 - bits) == 0 if bits > 0 else True


def do_work(key: str, bits: int = WORK_BITS) -> int:
    """The first number that proves the work for `key` (about 2**bits hashes)."""
    work = 0
    while not work_done(key, work, bits):
        work += 1
    return work


def host_hello(key: str, claim: str, work: int) -> str:
    """The first frame of a table's host at the relay."""
    return json.dumps(
        {"relay": "host", "v": RELAY_VERSION, "key": key, "claim": claim, "work": work}
    )


def join_hello(key: str) -> str:
    """The first frame of a joining app at the relay."""
    return json.dumps({"relay": "join", "v": RELAY_VERSION, "key": key})


def control(kind: str, conn: int) -> str:
    return json.dumps({"relay": kind, "conn": conn})


def refusal(reason: str) -> str:
    return json.dumps({"relay": "refused", "reason": reason})


def read_frame(frame: str | bytes) -> dict[str, object] | None:
    """A relay control frame as a dict, or None if it is not one."""
    if not isinstance(frame, str) or len(frame) > 400:
        return None
    try:
        value = json.loads(frame)
    except ValueError:
        return None
    return value if isinstance(value, dict) and isinstance(value.get("relay"), str) else None


@dataclass(frozen=True, slots=True)
class RelayHello:
    """A connection's hello: `role` "host" (with its claim and work) or "join"."""

    role: str
    key: str
    claim: str = ""
    work: int = 0


def read_hello(frame: str | bytes) -> RelayHello | str:
    """The hello a first frame holds, or the reason (a key of REFUSALS) it is not one."""
    value = read_frame(frame)
    if value is None or value["relay"] not in ("host", "join"):
        return "bad_hello"
    if value.get("v") != RELAY_VERSION:
        return "version"
    key = value.get("key")
    if not isinstance(key, str) or not _KEY.fullmatch(key):
        return "bad_hello"
    if value["relay"] == "join":
        return RelayHello("join", key) if set(value) == {"relay", "v", "key"} else "bad_hello"
    claim, work = value.get("claim"), value.get("work")
    if set(value) != {"relay", "v", "key", "claim", "work"}:
        return "bad_hello"
    if not isinstance(claim, str) or not _CLAIM.fullmatch(claim):
        return "bad_hello"
    if isinstance(work, bool) or not isinstance(work, int) or not 0 <= work < 10**_MAX_WORK_DIGITS:
        return "no_work"
    return RelayHello("host", key, claim, work)


@dataclass(frozen=True, slots=True)
class Remote:
    """(The relay's own.) A table's client that sits on another relay process of a cluster:
    that process's name and the client's number there."""

    node: str
    cid: int


def read_conn(value: dict[str, object]) -> int | None:
    conn = value.get("conn")
    if isinstance(conn, bool) or not isinstance(conn, int) or not 0 < conn < 2**32:
        return None
    return conn


class RateLimit:
    """A token bucket: `rate` messages a second on average, bursts of `burst`."""

    def __init__(
        self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._tokens = burst
        self._last = clock()

    def allow(self) -> bool:
        now = self._clock()
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
        self._last = now
        if self._tokens < 1.0:
            return False
        self._tokens -= 1.0
        return True
