"""The sealed table (net/seal.py): the exchange on the table code, the host's proof, and the
sealed frames, whatever a stranger, the relay or a lying host sends."""

from __future__ import annotations

import base64
import contextlib
import json
import os

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from hypothesis import given, settings
from hypothesis import strategies as st

from kaiser_desktop.net.seal import (
    MAX_FRAME,
    OVERHEAD,
    Channel,
    HostHandshake,
    JoinerHandshake,
    SealError,
    WrongHost,
    public_bytes,
    read_pake,
)
from kaiser_desktop.net.table_code import TableCode

CODE = "maple-river-lantern-otter-427"
IDENTITY = Ed25519PrivateKey.from_private_bytes(bytes(range(32)))


def run(
    typed: str | None,
    code: str | None = CODE,
    identity: Ed25519PrivateKey = IDENTITY,
    pinned: bytes | None = None,
) -> tuple[Channel, Channel, HostHandshake, JoinerHandshake, list[bytes]]:
    """A whole exchange; the frames on the wire in order (what a relay sees)."""
    joiner, host = JoinerHandshake(typed, pinned), HostHandshake(code, identity)
    wire = [joiner.first()]
    pake = read_pake(wire[-1], from_joiner=True)
    assert pake is not None
    wire.append(host.answer(pake))
    answer = read_pake(wire[-1], from_joiner=False)
    assert answer is not None
    wire.append(joiner.answer(answer))
    host_channel, proof = host.confirm(wire[-1])
    wire.append(proof)
    return host_channel, joiner.check(proof), host, joiner, wire


def test_the_same_code_however_typed_seals_both_ways() -> None:
    host, joiner, hand, joining, wire = run(" Maple River, Lantern otter 427 ")
    assert hand.proven and joining.host_key == public_bytes(IDENTITY)
    for text in (b"hello", b"", "Grand-maman H\u00e9l\u00e8ne".encode()):
        assert host.open(joiner.seal(text)) == text
        assert joiner.open(host.seal(text)) == text
    everything = b"".join(wire).lower()
    for secret in (b"river", b"lantern", b"otter", b"maple", b"427"):
        assert secret not in everything


def test_the_code_read_in_french_is_the_same_password() -> None:
    spoken = TableCode.parse(CODE).spoken("fr")
    assert spoken != CODE
    _, _, hand, _, _ = run(spoken)
    assert hand.proven


def test_a_wrong_code_fails_at_the_confirm_and_the_host_sends_nothing_sealed() -> None:
    joiner = JoinerHandshake("maple-river-lantern-otter-428")
    host = HostHandshake(CODE, IDENTITY)
    pake = read_pake(joiner.first(), from_joiner=True)
    assert pake is not None
    answer = read_pake(host.answer(pake), from_joiner=False)
    assert answer is not None
    with pytest.raises(SealError):
        host.confirm(joiner.answer(answer))
    with pytest.raises(SealError):  # and no second try on the same exchange
        host.confirm(b"x" * 40)


def test_without_a_code_the_exchange_works_but_is_not_proven() -> None:
    host, joiner, hand, _, _ = run(None)
    assert not hand.proven
    assert host.open(joiner.seal(b"hi")) == b"hi"
    # A joiner with no code meets a host that requires one: the keys differ.
    with pytest.raises(SealError):
        run(CODE, code=None)


def test_another_host_with_the_same_code_is_not_the_pinned_one() -> None:
    first = public_bytes(IDENTITY)
    other = Ed25519PrivateKey.generate()
    run(CODE, pinned=first)  # the same host again: fine
    with pytest.raises(WrongHost):
        run(CODE, identity=other, pinned=first)


def test_a_proof_replayed_from_another_session_does_not_check() -> None:
    _, _, _, _, wire = run(CODE)
    joiner, host = JoinerHandshake(CODE), HostHandshake(CODE, Ed25519PrivateKey.generate())
    pake = read_pake(joiner.first(), from_joiner=True)
    assert pake is not None
    answer = read_pake(host.answer(pake), from_joiner=False)
    assert answer is not None
    joiner.answer(answer)
    with pytest.raises(SealError):
        joiner.check(wire[3])  # the first session's proof, sealed under its key


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=500) | st.text(max_size=300))
def test_any_first_frame_is_a_pake_none_or_seal_error(frame: bytes | str) -> None:
    try:
        pake = read_pake(frame, from_joiner=True)
    except SealError:
        return
    if pake is not None:
        with contextlib.suppress(SealError):
            HostHandshake(CODE, IDENTITY).answer(pake)


@settings(max_examples=40, deadline=None)
@given(st.binary(min_size=33, max_size=33), st.booleans())
def test_any_pake_element_gives_a_key_or_a_seal_error(msg: bytes, code: bool) -> None:
    frame = json.dumps(
        {"v": 2, "type": "pake", "msg": base64.b64encode(msg).decode(), "code": code}
    )
    pake = read_pake(frame, from_joiner=True)
    assert pake is not None
    with contextlib.suppress(SealError):
        HostHandshake(CODE, IDENTITY).answer(pake)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.binary(max_size=200), min_size=1, max_size=6),
    st.data(),
)
def test_a_changed_truncated_replayed_or_reordered_frame_fails_with_one_error(
    texts: list[bytes], data: st.DataObject
) -> None:
    to_host, to_joiner = os.urandom(32), os.urandom(32)  # as an exchange gives them
    host_side, joiner_side = Channel(to_joiner, to_host), Channel(to_host, to_joiner)
    frames = [joiner_side.seal(t) for t in texts]
    harm = data.draw(st.sampled_from(["flip", "truncate", "replay", "reorder", "drop", "junk"]))
    at = data.draw(st.integers(0, len(frames) - 1))
    for i in range(at):
        assert host_side.open(frames[i]) == texts[i]
    frame = frames[at]
    if harm == "flip":
        bit = data.draw(st.integers(0, len(frame) * 8 - 1))
        bad = bytearray(frame)
        bad[bit // 8] ^= 1 << (bit % 8)
        wrong: bytes | str = bytes(bad)
    elif harm == "truncate":
        wrong = frame[: data.draw(st.integers(0, len(frame) - 1))]
    elif harm == "replay":
        if at == 0:
            return
        wrong = frames[at - 1]
    elif harm in ("reorder", "drop"):
        if at == len(frames) - 1:
            return
        wrong = frames[at + 1]
    else:
        wrong = data.draw(st.binary(max_size=MAX_FRAME + 40) | st.text(max_size=50))
    with pytest.raises(SealError):
        host_side.open(wrong)
    with pytest.raises(SealError):  # the channel is closed after that
        host_side.open(frame)


def test_frames_of_another_direction_or_session_do_not_open() -> None:
    _, joiner_side, _, _, _ = run(CODE)
    other_host, other_joiner, _, _, _ = run(CODE)
    with pytest.raises(SealError):
        joiner_side.open(joiner_side.seal(b"mine"))  # my own frame reflected back
    with pytest.raises(SealError):
        other_host.open(joiner_side.seal(b"x"))
    assert len(joiner_side.seal(b"abc")) == 3 + OVERHEAD
    assert other_joiner.open(other_host.seal(b"z")) == b"z"


def test_a_whole_game_message_fits_a_sealed_frame() -> None:
    host_side, joiner_side, _, _, _ = run(CODE)
    big = b"x" * (MAX_FRAME - OVERHEAD)
    frame = joiner_side.seal(big)
    assert len(frame) == MAX_FRAME
    assert host_side.open(frame) == big
