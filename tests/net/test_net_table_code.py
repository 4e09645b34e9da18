"""Table codes: at least 40 bits of chance, read back however a person types them, expiring."""

from __future__ import annotations

import math

import pytest

from kaiser_desktop.net import table_code
from kaiser_desktop.net.table_code import (
    FRENCH_WORDS,
    HIGHEST_NUMBER,
    LOWEST_NUMBER,
    WORD_COUNT,
    WORDS,
    TableCode,
    TableCodeError,
    TableTicket,
    entropy_bits,
    plain,
)


def test_a_code_holds_at_least_40_bits() -> None:
    assert len(WORDS) == len(set(WORDS)) == 256
    bits = WORD_COUNT * math.log2(len(set(WORDS))) + math.log2(HIGHEST_NUMBER - LOWEST_NUMBER + 1)
    assert entropy_bits() == pytest.approx(bits)
    assert bits >= 40
    assert round(bits, 1) == 41.8


def test_the_words_are_short_plain_and_none_is_a_number_word() -> None:
    for word in WORDS:
        assert word.isascii() and word.isalpha() and word.islower(), word
        assert 3 <= len(word) <= 8, word
    numbers = {"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"}
    assert not numbers & set(WORDS)


def test_new_codes_come_from_secrets_and_read_back() -> None:
    codes = [TableCode.new() for _ in range(2000)]
    assert len({c.text for c in codes}) == len(codes)  # a clash is ~1 in 10 million
    for code in codes[:200]:
        assert len(code.words) == WORD_COUNT and set(code.words) <= set(WORDS)
        assert LOWEST_NUMBER <= code.number <= HIGHEST_NUMBER
        assert TableCode.parse(code.text) == code


def test_new_draws_with_the_secrets_module(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_code.secrets, "choice", lambda seq: seq[-1])
    monkeypatch.setattr(table_code.secrets, "randbelow", lambda n: n - 1)
    assert TableCode.new().text == "-".join([WORDS[-1]] * WORD_COUNT + [str(HIGHEST_NUMBER)])


@pytest.mark.parametrize(
    "typed",
    [
        "maple-river-lantern-otter-427",
        "Maple River Lantern Otter 427",
        "  MAPLE  river-lantern_otter.427 ",
        "maple, river, lantern, otter, 427",
        "maple--river--lantern--otter--427\n",
    ],
)
def test_reading_is_forgiving(typed: str) -> None:
    assert TableCode.parse(typed).text == "maple-river-lantern-otter-427"


@pytest.mark.parametrize(
    ("typed", "reason"),
    [
        ("", "shape"),
        ("maple-river-427", "shape"),
        ("maple-river-lantern-otter-fox-427", "shape"),
        ("maple-river-lantern-ottter-427", "words"),
        ("maple-river-lantern-otter-42", "number"),
        ("maple-river-lantern-otter-1000", "number"),
        ("maple-river-lantern-otter-4x7", "number"),
        ("x" * 500, "shape"),
    ],
)
def test_what_is_not_a_code_is_refused_with_a_reason(typed: str, reason: str) -> None:
    with pytest.raises(TableCodeError) as caught:
        TableCode.parse(typed)
    assert caught.value.reason == reason
    assert isinstance(caught.value, ValueError)


def test_the_french_words_are_everyday_unique_and_no_english_word_elsewhere() -> None:
    assert len(FRENCH_WORDS) == len(WORDS) == 256
    typed = [plain(word) for word in FRENCH_WORDS]
    assert len(set(typed)) == 256  # unique even typed without accents
    for place, word in enumerate(typed):
        assert word.isascii() and word.isalpha(), word  # one word, no hyphen
        assert 2 <= len(word) <= 9, word  # a code fits a line in large type
        assert word not in WORDS or WORDS.index(word) == place, word  # never another word


@pytest.mark.parametrize(
    "typed",
    [
        "érable-rivière-lanterne-loutre-427",
        "ERABLE RIVIERE LANTERNE LOUTRE 427",
        "Érable, Rivière, lanterne, loutre, 427",
        "e\u0301rable riviere lantern loutre 427",  # an accent typed apart; a mix of lists
        "maple rivière lanterne otter 427",
    ],
)
def test_a_code_read_in_french_is_the_same_code(typed: str) -> None:
    code = TableCode.parse(typed)
    assert code == TableCode(("maple", "river", "lantern", "otter"), 427)
    assert code.text == "maple-river-lantern-otter-427"  # the protocol's and the relay's
    assert code.nameplate == "maple-427"


def test_the_app_shows_a_code_in_the_persons_language() -> None:
    code = TableCode(("maple", "river", "lantern", "otter"), 427)
    assert code.words_in("fr") == ("érable", "rivière", "lanterne", "loutre")
    assert code.spoken("fr_CA") == "érable-rivière-lanterne-loutre-427"
    assert code.spoken("en") == code.spoken("de") == code.text
    for drawn in [TableCode.new() for _ in range(300)]:
        assert TableCode.parse(drawn.spoken("fr")) == drawn
        assert TableCode.parse(plain(drawn.spoken("fr")).upper()) == drawn


def test_a_ticket_admits_its_french_code() -> None:
    ticket = TableTicket.issue(now=1000.0, lifetime=60.0)
    assert ticket.admits(ticket.code.spoken("fr"), now=1000.0)


def test_a_ticket_admits_its_code_until_it_expires() -> None:
    ticket = TableTicket.issue(now=1000.0, lifetime=60.0)
    typed = " ".join(ticket.code.words).upper() + f" {ticket.code.number}"
    assert ticket.admits(typed, now=1000.0)
    assert ticket.admits(typed, now=1059.9)
    assert not ticket.admits(typed, now=1060.0)
    assert ticket.expired(1060.0) and not ticket.expired(1059.9)
    other = TableCode(
        ticket.code.words, LOWEST_NUMBER + (ticket.code.number - LOWEST_NUMBER + 1) % 900
    )
    assert not ticket.admits(other.text, now=1000.0)
    assert not ticket.admits("not a code", now=1000.0)
    assert TableTicket.issue(now=0.0).expires_at == table_code.LIFETIME
