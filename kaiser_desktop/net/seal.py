"""The sealed table: a key both ends derive from the table code, and the channel it seals.

As magic-wormhole does, a joining app and the host run SPAKE2 (the `spake2` package) with
the whole table code as the password: each learns the same key only if both used the same
code, and nobody watching (the relay, the café's Wi-Fi) learns anything that lets them test
a guess at the code offline. The exchange, in order (docs/NETWORK.md, "The sealed table"):

1. joiner → host, plain: `{"v": 2, "type": "pake", "msg": B64, "code": true}`
   (`code: false`: a join from the home network's list without a code; the password is
   then `NO_CODE`, public, and the host counts the connection as not proven).
2. host → joiner, plain: `{"v": 2, "type": "pake", "msg": B64}`.
3. Both derive the key; HKDF-SHA256 gives one key per direction. Every frame after this is
   sealed with ChaCha20-Poly1305, its nonce the direction's frame counter (never sent): a
   frame replayed, dropped, reordered or changed fails to open (`SealError`).
4. joiner → host, sealed: `{"v": 2, "type": "confirm"}`: proves the joiner has the key.
   The host sends nothing sealed before it; one that fails to open is a wrong code.
5. host → joiner, sealed: `{"v": 2, "type": "host_proof", "key": B64, "sig": B64}`: the
   host's Ed25519 identity key and its signature over this session's transcript (both pake
   messages), so a rejoining app can tell its host from anyone else who knows the code.

Then the game's messages (`net.protocol.encode`) are the sealed frames' plaintext. No Qt,
no input or output: `JoinerHandshake` and `HostHandshake` take and give bytes.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import struct

from cryptography.exceptions import InvalidSignature, InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from spake2 import SPAKE2_A, SPAKE2_B

from kaiser_desktop.net.table_code import TableCode
from kaiser_desktop.net.wire import MAX_MESSAGE_BYTES, Fields, ProtocolError, parse_object

SEAL_VERSION = 2
OVERHEAD = 16  # the Poly1305 tag each sealed frame carries
MAX_FRAME = MAX_MESSAGE_BYTES + OVERHEAD  # the largest sealed frame (a whole game message)
MAX_PLAIN_FRAME = 400  # a pake message, or a Refused, is far smaller
NO_CODE = b"kaiser-table-v2:no-code"  # the public password of a join without a code
_ID_JOINER = b"kaiser-joiner"
_ID_HOST = b"kaiser-host"
_PAKE_BYTES = 33  # the spake2 package's message: a side byte and a 32-byte element
_KEY_BYTES = 32
_COUNTER = struct.Struct(">4xQ")  # a 96-bit nonce: four zero bytes and the frame counter
_AAD = b"kaiser-seal-v2"


class SealError(Exception):
    """A frame or exchange message that does not open or does not check: the one error this
    module raises on anything that arrives. `reason` is for the log."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class WrongHost(SealError):
    """The host proved a key other than the one this join pinned: not the table sat at."""


def password(code: TableCode | str | None) -> bytes:
    """The exchange's password: the whole code, normalized; `NO_CODE` without one."""
    if code is None:
        return NO_CODE
    parsed = code if isinstance(code, TableCode) else TableCode.parse(code)
    return f"kaiser-table-v2:{parsed.text}".encode()


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _unb64(text: str, size: int, where: str) -> bytes:
    try:
        raw = base64.b64decode(text.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError, ValueError) as error:
        raise SealError(f"{where} is not base64") from error
    if len(raw) != size:
        raise SealError(f"{where} is {len(raw)} bytes, not {size}")
    return raw


def _json(body: dict[str, object]) -> bytes:
    return json.dumps(body, separators=(",", ":")).encode("utf-8")


class Pake:
    """A pake message, as read: its SPAKE2 bytes and (from a joiner) whether it used a code."""

    __slots__ = ("code", "msg")

    def __init__(self, msg: bytes, code: bool) -> None:
        self.msg = msg
        self.code = code

    def frame(self, *, from_joiner: bool) -> bytes:
        body: dict[str, object] = {"v": SEAL_VERSION, "type": "pake", "msg": _b64(self.msg)}
        if from_joiner:
            body["code"] = self.code
        return _json(body)


def read_pake(frame: bytes | str, *, from_joiner: bool) -> Pake | None:
    """The pake message `frame` holds; None if it is not one (it may be another message: a
    v1 Hello, a Refused); SealError if it says it is one but is malformed."""
    if len(frame) > MAX_PLAIN_FRAME:
        return None
    try:
        obj = parse_object(frame)
    except ProtocolError:
        return None
    if obj.get("type") != "pake" or obj.get("v") != SEAL_VERSION:
        return None
    del obj["type"], obj["v"]
    try:
        f = Fields(obj, "pake")
        text = f.text("msg", 100)
        code = f.raw("code") if from_joiner else True
        f.done()
    except ProtocolError as error:
        raise SealError(error.reason) from error
    if not isinstance(code, bool):
        raise SealError("pake.code must be true or false")
    return Pake(_unb64(text, _PAKE_BYTES, "pake.msg"), code)


class Channel:
    """Both directions of a sealed connection: `seal` what goes, `open` what comes.

    Each direction has its own key and counts its frames; a frame opens only at its place in
    the order. After one frame fails to open, nothing more opens (the link closes)."""

    def __init__(self, send_key: bytes, receive_key: bytes) -> None:
        self._out = ChaCha20Poly1305(send_key)
        self._in = ChaCha20Poly1305(receive_key)
        self._sent = 0
        self._received = 0
        self._broken = False

    def seal(self, plaintext: bytes) -> bytes:
        nonce = _COUNTER.pack(self._sent)
        self._sent += 1
        return self._out.encrypt(nonce, plaintext, _AAD)

    def open(self, frame: bytes | str) -> bytes:
        """The plaintext of the next frame; SealError if it is not that frame, intact."""
        if self._broken:
            raise SealError("the channel is closed after a frame that did not open")
        if isinstance(frame, str):  # a relay may pass a frame that is valid UTF-8 as text
            frame = frame.encode("utf-8", "surrogatepass")
        if not OVERHEAD <= len(frame) <= MAX_FRAME:
            self._broken = True
            raise SealError(f"a sealed frame of {len(frame):,} bytes")
        try:
            plaintext = self._in.decrypt(_COUNTER.pack(self._received), frame, _AAD)
        except InvalidTag as error:
            self._broken = True
            raise SealError(
                "a frame did not open (wrong key, changed, replayed or lost)"
            ) from error
        self._received += 1
        return plaintext


def _transcript(joiner_msg: bytes, host_msg: bytes, code: bool) -> bytes:
    digest = hashlib.sha256(b"kaiser-seal-v2 transcript")
    digest.update(b"code" if code else b"no-code")
    digest.update(joiner_msg)
    digest.update(host_msg)
    return digest.digest()


def _channel(key: bytes, transcript: bytes, *, joiner: bool) -> Channel:
    def derive(direction: bytes) -> bytes:
        hkdf = HKDF(
            hashes.SHA256(), _KEY_BYTES, salt=transcript, info=b"kaiser-seal-v2 " + direction
        )
        return hkdf.derive(key)

    to_host, to_joiner = derive(b"joiner->host"), derive(b"host->joiner")
    return Channel(to_host, to_joiner) if joiner else Channel(to_joiner, to_host)


def _finish(spake: SPAKE2_A | SPAKE2_B, msg: bytes) -> bytes:
    try:
        key = spake.finish(msg)
    except Exception as error:  # the spake2 package's errors on a bad element or side
        raise SealError(f"the exchange failed ({type(error).__name__})") from error
    if not isinstance(key, bytes) or len(key) != _KEY_BYTES:
        raise SealError("the exchange gave no key")
    return key


def _read_sealed(plaintext: bytes, kind: str) -> Fields:
    try:
        obj = parse_object(plaintext)
    except ProtocolError as error:
        raise SealError(error.reason) from error
    if obj.pop("type", None) != kind or obj.pop("v", None) != SEAL_VERSION:
        raise SealError(f"a sealed message that is not a {kind}")
    return Fields(obj, kind)


def _proof_data(transcript: bytes) -> bytes:
    return b"kaiser-host-proof-v2" + transcript


def public_bytes(identity: Ed25519PrivateKey) -> bytes:
    """A host identity's public key, as joiners pin it (32 bytes)."""
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

    return identity.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)


class JoinerHandshake:
    """The joining app's side: `first()`, then `answer(host's pake)` gives the confirm, then
    `check(host's proof)` gives the channel. `pinned`: the host key of an earlier connection
    of this join; a proof by any other key raises `WrongHost`."""

    def __init__(self, code: TableCode | str | None, pinned: bytes | None = None) -> None:
        self.code = code is not None
        self.pinned = pinned
        self.host_key: bytes | None = None  # once `check` passed
        self._spake = SPAKE2_A(password(code), idA=_ID_JOINER, idB=_ID_HOST)
        self._msg: bytes = self._spake.start()
        self._transcript = b""
        self._channel: Channel | None = None

    def first(self) -> bytes:
        return Pake(self._msg, self.code).frame(from_joiner=True)

    def answer(self, host_pake: Pake) -> bytes:
        """The sealed confirm, once the host's pake message is read; SealError if bad."""
        if self._channel is not None:
            raise SealError("a second pake message")
        key = _finish(self._spake, host_pake.msg)
        self._transcript = _transcript(self._msg, host_pake.msg, self.code)
        self._channel = _channel(key, self._transcript, joiner=True)
        return self._channel.seal(_json({"v": SEAL_VERSION, "type": "confirm"}))

    def check(self, frame: bytes | str) -> Channel:
        """The channel, once the host's proof opens and checks; SealError (or WrongHost)."""
        if self._channel is None or self.host_key is not None:
            raise SealError("a host proof out of turn")
        f = _read_sealed(self._channel.open(frame), "host_proof")
        try:
            key_text, sig_text = f.text("key", 100), f.text("sig", 100)
            f.done()
        except ProtocolError as error:
            raise SealError(error.reason) from error
        key = _unb64(key_text, 32, "host_proof.key")
        sig = _unb64(sig_text, 64, "host_proof.sig")
        try:
            Ed25519PublicKey.from_public_bytes(key).verify(sig, _proof_data(self._transcript))
        except (InvalidSignature, ValueError) as error:
            raise SealError("the host's proof does not check") from error
        if self.pinned is not None and key != self.pinned:
            raise WrongHost("the host proved another identity than the one pinned")
        self.host_key = key
        return self._channel


class HostHandshake:
    """The host's side of one connection: `answer(joiner's pake)` gives the host's pake
    message; `confirm(frame)` checks the joiner's confirm and gives the channel and the
    sealed host proof to send. SealError from `confirm`: the joiner's code was wrong."""

    def __init__(self, code: TableCode | str | None, identity: Ed25519PrivateKey) -> None:
        self._code = code
        self._identity = identity
        self.proven = False  # the joiner used the table's code (not the public password)
        self._channel: Channel | None = None
        self._transcript = b""
        self._done = False

    def answer(self, joiner_pake: Pake) -> bytes:
        if self._channel is not None:
            raise SealError("a second pake message")
        if joiner_pake.code and self._code is None:
            raise SealError("this host has no code to check")
        spake = SPAKE2_B(
            password(self._code if joiner_pake.code else None), idA=_ID_JOINER, idB=_ID_HOST
        )
        msg: bytes = spake.start()
        key = _finish(spake, joiner_pake.msg)
        self.proven = joiner_pake.code
        self._transcript = _transcript(joiner_pake.msg, msg, joiner_pake.code)
        self._channel = _channel(key, self._transcript, joiner=False)
        return Pake(msg, joiner_pake.code).frame(from_joiner=False)

    def confirm(self, frame: bytes | str) -> tuple[Channel, bytes]:
        if self._channel is None or self._done:
            raise SealError("a confirm out of turn")
        self._done = True
        try:
            _read_sealed(self._channel.open(frame), "confirm").done()
        except ProtocolError as error:
            raise SealError(error.reason) from error
        signature = self._identity.sign(_proof_data(self._transcript))
        proof = {
            "v": SEAL_VERSION,
            "type": "host_proof",
            "key": _b64(public_bytes(self._identity)),
            "sig": _b64(signature),
        }
        return self._channel, self._channel.seal(_json(proof))
