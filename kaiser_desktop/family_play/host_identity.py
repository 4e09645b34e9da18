"""This install's host identity: one Ed25519 key, made once and kept in the data folder.

A host proves it in every sealed exchange (net/seal.py, the host proof); a joining app pins
it at its first connection, so a rejoin goes only to this host, never to a stranger who
learned the code and registered the table at the relay. The key file is readable by its
owner only (0600). A file that cannot be read or written gives a fresh key for this run
(the log says why): a table then still works, only a restart of the host makes the joined
apps see a new host.
"""

from __future__ import annotations

import contextlib
import logging
import os
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import (
    Encoding,
    NoEncryption,
    PrivateFormat,
)

log = logging.getLogger(__name__)

FILE_NAME = "host-identity.key"
_KEY_BYTES = 32


def identity_path(folder: Path | None = None) -> Path:
    """Where the key is kept: `folder`, or the app's data folder (GameStore's)."""
    if folder is None:
        from kaiser_desktop.app.storage import GameStore

        folder = GameStore.default_folder()
    return Path(folder) / FILE_NAME


def load_or_make(path: Path | None = None) -> Ed25519PrivateKey:
    """The identity kept at `path` (default: `identity_path()`), made there if none is."""
    path = path if path is not None else identity_path()
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raw = b""
    except OSError as error:
        log.warning("the host identity cannot be read (%s): a new one for this run", error)
        return Ed25519PrivateKey.generate()
    if len(raw) == _KEY_BYTES:
        return Ed25519PrivateKey.from_private_bytes(raw)
    if raw:
        log.warning("the host identity file is damaged: a new one is made")
    key = Ed25519PrivateKey.generate()
    _write(path, key.private_bytes(Encoding.Raw, PrivateFormat.Raw, NoEncryption()))
    return key


def _write(path: Path, raw: bytes) -> None:
    temporary = path.with_name(path.name + ".tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(FileNotFoundError):
            temporary.unlink()
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "wb") as file:
            file.write(raw)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except OSError as error:
        log.warning("the host identity cannot be kept (%s): it lasts this run only", error)
