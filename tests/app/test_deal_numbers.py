"""Deal numbers: too many to search, printed for people and typed back, old ones still work;
and nothing a computer player holds (its seed, its view) rebuilds the deal."""

from __future__ import annotations

import random
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from kaiser_desktop.app import deal_numbering as seeds_module
from kaiser_desktop.app.bot_runner import seat_seed
from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.deal_numbers import (
    LEGACY_LIMIT,
    MAX_DEAL_NUMBER,
    DealNumberError,
    deal_for_number,
    dealer_for_number,
    format_deal_number,
    number_for_hand,
    parse_deal_number,
)
from kaiser_desktop.app.pace import INSTANT
from kaiser_desktop.rules import SEATS, Deal, RuleSet, Seat, apply, new_game, observe
from kaiser_desktop.rules.deal_rank import deal_count, rank_of_deal

RULES = RuleSet()


def test_numbers_come_from_a_space_too_large_to_search() -> None:
    for rules in (RuleSet(), RuleSet(kitty=True)):
        seen = set()
        for index in range(40):
            number = number_for_hand(rules, 2**100 + 17, index, Seat.W)
            assert LEGACY_LIMIT <= number <= MAX_DEAL_NUMBER
            assert dealer_for_number(number) is Seat.W
            seen.add(number)
        assert len(seen) == 40
    # Even knowing the dealer, there are more than 2^56 numbers (one per possible deal).
    assert deal_count(RULES) > 2**56
    # The same seed and hand always give the same number (a resumed game deals on the same).
    assert number_for_hand(RULES, 5, 3, Seat.N) == number_for_hand(RULES, 5, 3, Seat.N)


def test_new_numbers_round_trip_through_print_and_parse() -> None:
    rng = random.Random(1)
    numbers = [LEGACY_LIMIT, MAX_DEAL_NUMBER, 4242, 999_999, 1]
    for index in range(50):
        numbers.append(number_for_hand(RULES, rng.getrandbits(128), index, rng.choice(SEATS)))
    for number in numbers:
        text = format_deal_number(number)
        assert parse_deal_number(text) == number
        assert parse_deal_number(text.replace(" ", "")) == number
        assert all(len(group) <= 3 for group in text.split(" "))
    assert format_deal_number(398114052771208643) == "398 114 052 771 208 643"
    # Written down by hand, a number may come back with other separators.
    for typed in ("398-114-052-771-208-643", " 398,114,052 771.208.643 ", "398114052771208643"):
        assert parse_deal_number(typed) == 398114052771208643


@pytest.mark.parametrize(
    "typed", ["", "   ", "12a4", "½", "0", "- -", str(MAX_DEAL_NUMBER + 1), "9" * 5000]
)
def test_a_bad_number_gets_one_sentence(typed: str) -> None:
    with pytest.raises(DealNumberError) as raised:
        parse_deal_number(typed)
    message = str(raised.value)
    assert message.endswith(".") and "\n" not in message and len(message) < 120


def test_old_small_numbers_deal_what_they_always_dealt() -> None:
    for number in (4, 4242, 123_457, 999_999):
        dealer = dealer_for_number(number)
        assert deal_for_number(RULES, number) == Deal.from_number(RULES, number, dealer)


def test_a_kitty_number_still_names_a_deal_without_the_kitty() -> None:
    big = number_for_hand(RuleSet(kitty=True), 77, 0, Seat.S)
    deal = deal_for_number(RULES, big)
    apply(new_game(RULES, dealer_for_number(big)), deal)  # a legal 32-card deal


# --- the controller ---------------------------------------------------------------------


def _table(qtbot: QtBot, seed: int | None = None) -> GameController:
    c = GameController(RULES, level="random", seed=seed, pace=INSTANT, bot_mode="thread")
    c.auto_continue = False
    return c


def test_an_old_saves_small_numbers_load_and_deal_the_same_cards(qtbot: QtBot) -> None:
    old_number = 4 * 123_456 + Seat.E.value  # as the old version numbered deals
    state = apply(new_game(RULES, Seat.E), Deal.from_number(RULES, old_number, Seat.E))
    old_meta: dict[str, Any] = {
        "version": 1, "level": "random", "names": {}, "game_seed": 98_765,
        "first_deal": None, "deal_numbers": [old_number], "used_undo": False,
    }  # fmt: skip
    c = _table(qtbot)
    try:
        c.resume(state, old_meta)
        assert c.current_deal_number() == old_number
        assert deal_for_number(RULES, old_number) == state.hand.deal  # type: ignore[union-attr]
        # The small seed is searchable: the hands still to come use a new, large one.
        assert c.game_seed >= 2**64 and c.meta()["game_seed"] == c.game_seed
        assert c._numbers.number_for(c.state, 1, Seat.S) >= LEGACY_LIMIT
        # Replaying the old number gives the saved cards again.
        c.new_game(deal_number=old_number)
        assert c.state.hand is not None and c.state.hand.deal == state.hand.deal  # type: ignore[union-attr]
        assert c.state.dealer is Seat.E
    finally:
        c.stop()


def test_a_replayed_new_number_deals_the_same_cards(qtbot: QtBot) -> None:
    c = _table(qtbot)
    try:
        c.start()
        number = c.current_deal_number()
        assert number is not None and number >= LEGACY_LIMIT
        deal = c.state.hand.deal  # type: ignore[union-attr]
        c.new_game(deal_number=parse_deal_number(format_deal_number(number)))
        assert c.state.hand.deal == deal  # type: ignore[union-attr]
    finally:
        c.stop()


def test_a_resumed_game_keeps_its_bots_seed(qtbot: QtBot) -> None:
    c = _table(qtbot)
    d = _table(qtbot)
    try:
        c.start()
        d.resume(c.state, c.meta())
        assert d.bot_seed == c.bot_seed and d.bots._seeds == c.bots._seeds
        assert d.game_seed == c.game_seed
    finally:
        c.stop()
        d.stop()


def _old_chain_deals(seed: int, dealer: Seat) -> list[Deal]:
    """Every deal the old code would derive from `seed` as the controller's seed."""
    game_seed = random.Random(seed).randrange(1 << 30)
    base = random.Random(f"{game_seed}:0").randrange(1, 250_000)
    return [Deal.from_number(RULES, base * 4 + dealer.value, dealer)]


def test_a_bots_seed_and_view_cannot_rebuild_the_deal(qtbot: QtBot) -> None:
    c = _table(qtbot)  # no seed: as the app runs
    try:
        c.start()
        hand = c.state.hand
        assert hand is not None
        deal, dealer, number = hand.deal, hand.dealer, c.current_deal_number()
        assert number is not None
        for seat in SEATS:
            bot_seed = c.bots._seeds[seat]
            assert bot_seed == seat_seed(c.bot_seed, seat)
            # Every way a seed used to lead to the deal, and the new ways too: none does.
            candidates = {bot_seed, bot_seed // 4, c.bot_seed, c.bot_seed // 4}
            for candidate in candidates:
                tries = _old_chain_deals(candidate, dealer)
                tries.append(Deal.from_number(RULES, candidate, dealer))
                tries.append(deal_for_number(RULES, number_for_hand(RULES, candidate, 0, dealer)))
                assert deal not in tries
            # The view holds neither the deal's number nor the game's secret seed.
            view_text = repr(observe(c.state, seat))
            assert str(number) not in view_text and str(c.game_seed) not in view_text
            assert str(number - LEGACY_LIMIT) not in view_text
    finally:
        c.stop()


def _rank(c: GameController) -> int:
    hand = c.state.hand
    assert hand is not None
    return rank_of_deal(RULES, hand.deal, hand.dealer)


def test_the_bots_seed_is_independent_of_the_deals_seed(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    c = _table(qtbot)
    try:
        # The same deals seed twice: the bots still get a fresh seed each game.
        monkeypatch.setattr(seeds_module, "new_game_seed", lambda rng: 2**100 + 1)
        c.new_game()
        first_rank, first_bots = _rank(c), c.bot_seed
        c.new_game()
        assert _rank(c) == first_rank and c.bot_seed != first_bots
        # The same bot seed twice: the deals still differ.
        monkeypatch.undo()
        monkeypatch.setattr(seeds_module, "new_bot_seed", lambda rng: 12345)
        c.new_game()
        rank = _rank(c)
        c.new_game()
        assert c.bot_seed == 12345 and _rank(c) != rank
        assert c.bots._seeds[Seat.N] == seat_seed(12345, Seat.N)
    finally:
        c.stop()


def test_the_app_draws_both_seeds_from_the_operating_system(qtbot: QtBot) -> None:
    c = _table(qtbot)
    try:
        assert isinstance(c._rng, random.SystemRandom)
        assert isinstance(c._bot_rng, random.SystemRandom)
        assert c._rng is not c._bot_rng
    finally:
        c.stop()
