"""Why a join failed, in a sentence of its own, said as soon as the link knows it.

A joining app's link ends with `lost(why)` (family_play/net_links.py): "refused by the
relay (REASON)" with a reason of `net.relay_wire.REFUSALS`, "cannot connect (ERROR)" when
the relay or the table could not be reached (a name not found, a port that refuses, a
secure connection that failed, an address the library would not take), or "connection
lost (…)" / "closed by the other side (…)". `failure_sentence` reads which one it was.
A link that tried several ways (the home network and the relay) joins their whys with
"; ": the most telling one is said.
"""

from __future__ import annotations

import re

from kaiser_desktop.app.i18n import translate

_RELAY_REFUSAL = re.compile(r"refused by the relay \((\w+)\)")
# What the libraries' errors say (Python's ssl and socket modules, websockets).
_TLS = ("ssl", "certificate", "tls", "handshake failure", "record layer")
# A server that does not speak TLS drops a wss:// handshake: a reset, or an early end.
_TLS_DROPPED = ("connectionreset", "reset by peer", "eof occurred", "unexpected eof")
_NOT_FOUND = (
    "name or service not known",
    "nodename nor servname",
    "getaddrinfo",
    "no address associated",
    "temporary failure in name resolution",
    "name resolution",
    "errno 11001",  # Windows: host not found
)
_MALFORMED = ("valid uri", "invalid uri", "isn't a valid", "scheme isn't")


def relay_refusal_sentence(reason: str) -> str:
    """The relay turned the join away (`net.relay_wire.REFUSALS`)."""
    if reason == "no_table":
        return translate(
            "JoinWords",
            "No table with that code is open. Check the code with the host: if the host "
            "closed the table or it has expired, ask for the new code.",
        )
    if reason == "table_full":
        return translate("JoinWords", "That table is full: every seat is taken.")
    if reason == "version":
        return translate(
            "JoinWords",
            "The relay speaks another version of Kaiser. Please update Kaiser, then join again.",
        )
    if reason in ("busy", "too_many_tables"):
        return translate(
            "JoinWords", "The relay is too busy right now. Try again in a few minutes."
        )
    return translate(
        "JoinWords", "The relay turned this app away. Please update Kaiser, then join again."
    )


def failure_sentence(why: str, *, relay: str | None) -> str | None:
    """The sentence for a join whose link was lost before a seat was given, `why` being the
    link's; `relay` is the relay's address when the join went through one (None: a table
    on this home network). None when `why` says nothing precise (the caller keeps waiting
    for the host's answer, or says it did not come)."""
    text = why.lower()
    if "wrong_code" in text:
        return translate(
            "JoinWords", "That code is not right. Check it with the host and type it again."
        )
    if "code_paused" in text:
        return translate(
            "JoinWords",
            "Too many wrong codes were tried at this table. Ask the host to let the code "
            "work again, then join.",
        )
    refused = _RELAY_REFUSAL.search(why)
    if refused is not None:
        return relay_refusal_sentence(refused.group(1))
    if "cannot connect" not in text and "connection lost" not in text:
        return None
    if relay is None:
        return translate(
            "JoinWords",
            "The table on this home network is not answering. Check that the host's "
            "Play with family window is still open.",
        )
    if any(word in text for word in _MALFORMED):
        return translate(
            "JoinWords",
            "The relay address {address} is not one that works. A relay address starts "
            "with ws:// or wss://, like wss://relay.example.org. Check it in Settings "
            "(Game → Settings → Players).",
        ).format(address=relay)
    secure = relay.lower().startswith("wss://")
    if any(word in text for word in _TLS) or (
        secure and any(word in text for word in _TLS_DROPPED)
    ):
        return translate(
            "JoinWords",
            "The secure connection to the relay {address} failed. Check the relay "
            "address in Settings (Game → Settings → Players): a relay without a secure "
            "connection starts with ws://, not wss://.",
        ).format(address=relay)
    if any(word in text for word in _NOT_FOUND):
        return translate(
            "JoinWords",
            "The relay {address} cannot be found. Check the relay address in Settings "
            "(Game → Settings → Players) and that this computer is on the internet.",
        ).format(address=relay)
    return translate(
        "JoinWords",
        "The relay {address} is not answering. Check that this computer is on the internet "
        "and the relay address in Settings (Game → Settings → Players).",
    ).format(address=relay)
