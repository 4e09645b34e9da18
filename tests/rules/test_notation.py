"""Text forms of cards, bids, seats and rule sets round-trip; bad text gets a clear error."""

from __future__ import annotations

import pytest

from kaiser_desktop.rules import Bid, Card, NotationError, RulesError, RuleSet, Seat, make_pack
from kaiser_desktop.rules.bids import KAISER


def test_every_card_round_trips() -> None:
    for card in make_pack(with_sevens=True):
        assert Card.from_text(card.text) == card
        assert eval(repr(card), {"Card": Card}) == card


def test_ten_reads_as_T_or_10() -> None:
    assert Card.from_text("10D") == Card.from_text("TD")
    assert Card.from_text("TD").text == "TD"
    assert Card.from_text("TD").label == "10♦"


@pytest.mark.parametrize("text", ["5X", "1H", "", "AHH", 5, None, "ah"])
def test_bad_cards_are_refused(text: object) -> None:
    with pytest.raises(NotationError, match="is not a card"):
        Card.from_text(text)


def test_pack_sizes_and_special_cards() -> None:
    pack = make_pack()
    assert len(pack) == 32 and len(set(pack)) == 32
    texts = {c.text for c in pack}
    assert {"5H", "3S"} <= texts and not {"7H", "7S"} & texts
    assert {"7H", "7S"} <= {c.text for c in make_pack(with_sevens=True)}
    # 7♥ ranks above 5♥, and 5♥ below 8♥
    assert Card.from_text("7H").rank > Card.from_text("5H").rank
    assert Card.from_text("8H").rank > Card.from_text("7H").rank


def test_every_bid_round_trips_and_orders() -> None:
    bids = [Bid(level, nt) for level in range(5, 13) for nt in (False, True)] + [KAISER]
    assert [b.key for b in bids] == sorted(b.key for b in bids)
    for bid in [*bids, Bid.from_text("pass")]:
        assert Bid.from_text(bid.text) == bid
    assert Bid.from_text("8NT").label == "8 no trump"
    assert Bid.from_text("K").label == "Kaiser"


@pytest.mark.parametrize("text", ["13", "0", "7nt", "07", "Pass", "", 7, "NT"])
def test_bad_bids_are_refused(text: object) -> None:
    with pytest.raises(NotationError):
        Bid.from_text(text)


def test_seats_clockwise_and_partners() -> None:
    assert [s.left for s in Seat] == [Seat.E, Seat.S, Seat.W, Seat.N]
    assert Seat.S.partner is Seat.N and Seat.E.partner is Seat.W
    assert Seat.from_text("S") is Seat.S


def test_rules_json_round_trip() -> None:
    assert RuleSet().to_json() == {}
    rules = RuleSet(min_bid=7, kitty=True, all_pass="throw_in", target=62)
    data = rules.to_json()
    assert data == {"min_bid": 7, "all_pass": "throw_in", "kitty": True, "target": 62}
    assert RuleSet.from_json(data) == rules
    assert RuleSet.from_json({"kitty": True}) == RuleSet(kitty=True)


@pytest.mark.parametrize(
    "data",
    [{"min_bid": 4}, {"kitty": "yes"}, {"colour": 1}, {"target": "52"}, {"all_pass": "x"}, []],
)
def test_bad_rules_are_refused(data: object) -> None:
    with pytest.raises(RulesError):
        RuleSet.from_json(data)
