"""The sentence for each way a join can fail, from the link's `lost(why)` (issue 37.6)."""

from __future__ import annotations

import pytest

from kaiser_desktop.family_play.join_words import failure_sentence
from kaiser_desktop.net.relay_wire import REFUSALS

RELAY = "wss://relay.example.org"


@pytest.mark.parametrize(
    ("why", "start"),
    [
        ("refused by the relay (no_table)", "No table with that code is open."),
        ("refused by the relay (table_full)", "That table is full"),
        ("refused by the relay (version)", "The relay speaks another version"),
        ("refused by the relay (busy)", "The relay is too busy"),
        ("refused by the relay (too_many_tables)", "The relay is too busy"),
        ("refused by the relay (wrong_code)", "That code is not right."),
        ("the sealed exchange failed (wrong_code)", "That code is not right."),
        ("refused by the relay (code_paused)", "Too many wrong codes"),
        (
            "cannot connect ([SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed)",
            f"The secure connection to the relay {RELAY} failed.",
        ),
        ("cannot connect (ConnectionResetError)", f"The secure connection to the relay {RELAY}"),
        (
            "cannot connect ([Errno -2] Name or service not known)",
            f"The relay {RELAY} cannot be found.",
        ),
        (
            "cannot connect ([Errno 111] Connect call failed ('1.2.3.4', 443))",
            f"The relay {RELAY} is not answering.",
        ),
        ("cannot connect (timed out during opening handshake)", f"The relay {RELAY} is not"),
        ("cannot connect (wss://x:1 isn't a valid URI: bad port)", "The relay address"),
        # a home link that tried the home network first, then the relay
        (
            "not heard of on the home network; refused by the relay (no_table)",
            "No table with that code is open.",
        ),
    ],
)
def test_each_failure_has_its_own_sentence(why: str, start: str) -> None:
    sentence = failure_sentence(why, relay=RELAY)
    assert sentence is not None and sentence.startswith(start), (why, sentence)


def test_every_relay_refusal_is_said() -> None:
    """Not one of the relay's refusals ends as the catch-all "did not answer"."""
    for reason in REFUSALS:
        sentence = failure_sentence(f"refused by the relay ({reason})", relay=RELAY)
        assert sentence and "did not answer" not in sentence, reason


def test_a_plain_relay_reset_is_not_called_tls() -> None:
    sentence = failure_sentence("cannot connect (ConnectionResetError)", relay="ws://r.org:80")
    assert sentence is not None and sentence.startswith("The relay ws://r.org:80 is not answering")


def test_a_home_table_that_is_gone_and_what_says_nothing() -> None:
    home = failure_sentence("cannot connect ([Errno 111] Connect call failed)", relay=None)
    assert home is not None and home.startswith("The table on this home network")
    assert failure_sentence("closed", relay=RELAY) is None
