"""The house rules of issue 13: the open auction, the first jack deals, bid-out, and the pins
RULES.md makes explicit. Each pin is a named test."""

from __future__ import annotations

import itertools
import json
import random
from dataclasses import replace

import pytest

from kaiser_desktop.rules import (
    KAISER,
    PASS,
    SEATS,
    AskRedeal,
    Bid,
    Card,
    Deal,
    IllegalActionError,
    MakeBid,
    NameTrump,
    Phase,
    Rank,
    RecordError,
    RuleSet,
    Seat,
    Team,
    apply,
    draw_first_dealer,
    legal_actions,
    legal_bids,
    new_game,
    record,
)
from kaiser_desktop.rules.history import History
from kaiser_desktop.rules.scoring import defender_points, game_winner

OPEN = RuleSet(auction="open", weak_hand_redeal=False)


def dealt(rules: RuleSet, dealer: Seat = Seat.W, number: int = 3):
    return apply(new_game(rules, dealer), Deal.from_number(rules, number, dealer))


def bid_all(state, *calls: str):
    for text in calls:
        state = apply(state, MakeBid(Bid.from_text(text)))
    return state


def texts(bids) -> list[str]:
    return [b.text for b in bids]


# --- the open auction ----------------------------------------------------------------------


def test_open_auction_goes_round_until_three_passes_follow_a_bid() -> None:
    # Dealer W: N, E, S, W, N, ...
    state = bid_all(dealt(OPEN), "6", "pass", "7", "pass", "8")
    assert state.phase is Phase.BIDDING and state.to_act is Seat.E
    state = bid_all(state, "pass", "pass")
    assert state.phase is Phase.BIDDING and state.to_act is Seat.W  # only two passes so far
    state = bid_all(state, "pass")
    assert state.phase is Phase.TRUMP and state.hand is not None
    assert state.hand.declarer is Seat.N and state.hand.contract == Bid(8)
    assert len(state.hand.bids) == 8


def test_open_auction_a_player_who_passed_may_bid_again() -> None:
    state = bid_all(dealt(OPEN), "pass", "6", "pass", "pass")
    assert state.to_act is Seat.N and Bid(7) in legal_bids(OPEN, state.hand.bids)
    state = bid_all(state, "7", "pass", "pass", "pass")
    assert state.hand.declarer is Seat.N and state.hand.contract == Bid(7)


def test_open_auction_the_dealer_may_equal_at_each_of_the_dealers_turns() -> None:
    state = bid_all(dealt(OPEN), "7", "pass", "pass")
    assert Bid(7) in legal_bids(OPEN, state.hand.bids)  # W, the dealer, may equal
    state = bid_all(state, "7")
    assert Bid(7) not in legal_bids(OPEN, state.hand.bids)  # N must outbid the dealer
    state = bid_all(state, "8", "pass", "pass")
    assert Bid(8) in legal_bids(OPEN, state.hand.bids)  # the dealer's next turn: equal again
    state = bid_all(state, "8", "pass", "pass", "pass")
    assert state.hand.declarer is Seat.W and state.hand.contract == Bid(8)


def test_open_auction_nobody_else_may_equal() -> None:
    state = bid_all(dealt(OPEN), "7")
    assert Bid(7) not in legal_bids(OPEN, state.hand.bids)
    with pytest.raises(IllegalActionError, match='"7" does not outrank "7"'):
        bid_all(state, "7")


def test_open_auction_four_passes_the_dealer_must_bid_then_the_auction_goes_on() -> None:
    state = bid_all(dealt(OPEN), "pass", "pass", "pass")
    assert PASS not in legal_bids(OPEN, state.hand.bids)
    state = bid_all(state, "6", "7", "pass", "pass")
    assert state.phase is Phase.BIDDING and state.to_act is Seat.W
    state = bid_all(state, "7", "pass", "pass", "pass")
    assert state.hand.declarer is Seat.W and texts(state.hand.bids)[-4:] == ["7"] + ["pass"] * 3


def test_open_auction_four_passes_throw_the_hand_in_under_throw_in() -> None:
    rules = replace(OPEN, all_pass="throw_in")
    state = bid_all(dealt(rules), "pass", "pass", "pass", "pass")
    assert state.phase is Phase.HAND_SCORED and state.results[-1].kind == "thrown_in"
    assert state.dealer is Seat.N


def test_one_round_auction_is_unchanged_by_the_new_code() -> None:
    rules = RuleSet(weak_hand_redeal=False)
    state = bid_all(dealt(rules), "pass", "7NT", "8", "8")  # RULES.md worked example 6
    assert state.hand.declarer is Seat.W and state.hand.contract == Bid(8)


# --- the referee on open auctions ----------------------------------------------------------


def open_record(bids: list[str]) -> dict:
    state = dealt(OPEN)
    data = record.to_json(state)
    data["hands"][0]["bids"] = bids
    return data


def test_referee_reads_an_open_auction_of_more_than_four_calls() -> None:
    data = open_record(["6", "pass", "7", "pass", "8", "pass", "pass", "pass"])
    state = record.from_json(data)
    assert state.phase is Phase.TRUMP and state.hand.declarer is Seat.N
    assert record.to_json(state)["hands"][0]["bids"] == data["hands"][0]["bids"]


@pytest.mark.parametrize(
    ("bids", "message"),
    [
        (["7", "pass", "pass", "7"], None),  # the dealer equals: legal
        (["7", "7"], 'hand 1, bid 2 (E): "7" does not outrank "7"'),
        (["7", "pass", "pass", "6"], 'hand 1, bid 4 (W): "6" does not equal or outrank "7"'),
        (["6", "pass", "pass", "pass", "7"], "hand 1, bid 5: the bidding is already over"),
        (["pass", "pass", "pass", "pass"], "hand 1, bid 4 (W): The dealer must bid at least 6"),
    ],
)
def test_referee_checks_open_auctions(bids: list[str], message: str | None) -> None:
    if message is None:
        record.from_json(open_record(bids))
        return
    with pytest.raises(RecordError) as caught:
        record.from_json(open_record(bids))
    assert str(caught.value) == message


# --- the first jack deals ------------------------------------------------------------------


def test_first_jack_deals_face_up_clockwise_until_a_jack() -> None:
    rules = RuleSet(first_dealer="first_jack")
    dealers = set()
    for seed in range(40):
        draw = draw_first_dealer(rules, random.Random(seed))
        seats = [seat for seat, _ in draw.shown]
        cards = [card for _, card in draw.shown]
        assert [c.rank is Rank.JACK for c in cards].count(True) == 1
        assert cards[-1].rank is Rank.JACK and draw.dealer is seats[-1]
        assert all(b is a.left for a, b in itertools.pairwise(seats))
        assert len(set(cards)) == len(cards)
        dealers.add(draw.dealer)
    assert dealers == set(SEATS)
    again = draw_first_dealer(rules, random.Random(7))
    assert again == draw_first_dealer(rules, random.Random(7))


def test_random_first_dealer_draws_as_the_table_always_did() -> None:
    draw = draw_first_dealer(RuleSet(), random.Random(5))
    assert draw.shown == () and draw.dealer is random.Random(5).choice(list(Seat))


# --- bid-out -------------------------------------------------------------------------------


def test_bid_out_defenders_reaching_the_target_score_nothing() -> None:
    rules = RuleSet(bid_out=True)
    assert defender_points(4, 40, rules) == 4  # 44: below the target
    assert defender_points(4, 44, rules) == 4  # 48
    assert defender_points(4, 44, RuleSet(bid_out=True, defender_limit=47, target=48)) == 0
    assert defender_points(-3, 30, rules) == -3  # negative points still count
    short = RuleSet(bid_out=True, target=30)
    assert defender_points(5, 25, short) == 0 and defender_points(4, 25, short) == 4
    assert defender_points(5, 25, RuleSet(target=30)) == 5  # without bid-out they would win


def test_bid_out_through_the_engine_defenders_cannot_win() -> None:
    rules = RuleSet(bid_out=True, target=12, weak_hand_redeal=False)
    for seed in range(30):
        state = replace(dealt(rules, number=seed), scores=(11, 11))
        while not state.awaiting_deal and not state.is_over:
            state = apply(state, legal_actions(state)[0])
        result = state.results[-1]
        if result.kind != "played":
            continue
        defenders = result.declarer.team.other
        assert state.scores[defenders.value] < 12 or result.raw[defenders.value] <= 0
        assert state.winner is not defenders


def test_steal_five_wins_even_with_bid_out() -> None:
    rules = RuleSet(bid_out=True, steal_five_wins=True, defender_limit=47)
    assert game_winner((20, 48), (30, 48), Team.NS, True, True, rules) is Team.EW


# --- the pins ------------------------------------------------------------------------------


def test_pin_the_dealer_may_equal_a_kaiser_bid() -> None:
    for auction in ("one_round", "open"):
        rules = RuleSet(kaiser_bid=True, auction=auction, weak_hand_redeal=False)
        state = bid_all(dealt(rules), "K", "pass", "pass")
        assert KAISER in legal_bids(rules, state.hand.bids)
        state = bid_all(state, "K")
        if auction == "open":
            state = bid_all(state, "pass", "pass", "pass")
        assert state.hand.declarer is Seat.W and state.hand.contract == KAISER
        assert state.hand.out_of_play is Seat.E  # and the dealer plays it alone


def kaiser_hand_with_partner_holding(rules: RuleSet):
    """Dealer W bids Kaiser; E (out of play) holds the 5♥ and the 3♠."""
    for number in range(2000):
        deal = Deal.from_number(rules, number, Seat.W)
        east = deal.hand_of(Seat.E)
        if Card.from_text("5H") in east and Card.from_text("3S") in east:
            state = apply(new_game(rules, Seat.W), deal)
            return bid_all(state, "pass", "pass", "pass", "K")
    raise AssertionError("no such deal")


def test_pin_the_sitting_out_partners_cards_score_for_nobody() -> None:
    rules = RuleSet(kaiser_bid=True, weak_hand_redeal=False)
    state = apply(kaiser_hand_with_partner_holding(rules), NameTrump(None))
    while state.phase is Phase.PLAY:
        state = apply(state, legal_actions(state)[0])
    result = state.results[-1]
    assert result.five_taken_by is None and result.three_taken_by is None
    assert sum(result.raw) == 8  # tricks only: the 5♥ and 3♠ never reached a trick
    assert len(state.hand.hand_of(Seat.E)) == 8  # never played


def test_pin_steal_five_wins_at_whatever_limit_is_set() -> None:
    for limit in (45, 47):
        rules = RuleSet(steal_five_wins=True, defender_limit=limit)
        assert game_winner((10, limit), (20, limit), Team.NS, True, True, rules) is Team.EW
        below = (10, limit - 1)
        assert game_winner(below, (20, limit + 4), Team.NS, True, True, rules) is None


def test_pin_the_steal_wins_even_if_the_declarers_reach_the_target() -> None:
    rules = RuleSet(steal_five_wins=True, defender_limit=47)
    assert game_winner((45, 47), (53, 47), Team.NS, True, True, rules) is Team.EW


# --- the referee on big input --------------------------------------------------------------


def test_a_huge_number_is_refused_like_any_bad_value_naming_the_hand() -> None:
    data = record.to_json(dealt(RuleSet(weak_hand_redeal=False)))
    text = json.dumps(data).replace('"hands": [{', '"hands": [{"redeal": 1' + "0" * 5000 + ", ")
    with pytest.raises(RecordError) as caught:
        record.loads(text)
    assert (
        str(caught.value)
        == "hand 1, redeal: a number 5,001 digits long is not a seat (N, E, S or W)"
    )
    data["rules"] = "RULES"
    rules_text = json.dumps(data).replace('"RULES"', '{"target": -' + "9" * 5000 + "}")
    with pytest.raises(RecordError) as caught:
        record.loads(rules_text)
    assert str(caught.value) == "rules: rule target cannot be a number 5,000 digits long"


def test_a_document_over_the_limit_is_refused_in_one_line(monkeypatch) -> None:
    monkeypatch.setattr(record, "MAX_RECORD_CHARS", 100)
    with pytest.raises(RecordError, match=r"^the document is too large to be a game record"):
        record.loads(json.dumps(record.to_json(dealt(RuleSet()))))


def test_a_game_keeps_its_history_without_copying_it() -> None:
    a = History([1, 2])
    b = a.appended(3)
    c = b.appended(4)
    assert b._items is a._items and c._items is a._items  # one list, grown in place
    d = a.appended(9)  # a branch from an earlier point copies, and changes nothing else
    assert list(a) == [1, 2] and list(b) == [1, 2, 3] and list(c) == [1, 2, 3, 4]
    assert list(d) == [1, 2, 9] and d._items is not a._items
    assert b == (1, 2, 3) and b[-1] == 3 and b[1:] == (2, 3) and len(c) == 4


def test_a_long_game_shares_one_history_through_the_engine() -> None:
    from kaiser_lab.rules_bench import redealt_record

    hand = json.loads(redealt_record(1))["hands"][0]
    deal = Deal(tuple(tuple(Card.from_text(c) for c in hand["deal"][s.text]) for s in SEATS))
    state = new_game(RuleSet(), Seat.W)
    seen = []
    for _ in range(50):
        state = apply(apply(state, deal), AskRedeal(True))
        seen.append((state.results, state.past_hands))
    assert all(r._items is state.results._items for r, _ in seen)  # never copied
    assert all(p._items is state.past_hands._items for _, p in seen[1:])
    assert [len(r) for r, _ in seen] == list(range(1, 51))


def test_the_referee_names_the_hand_of_a_huge_number() -> None:
    import io

    from kaiser_desktop.rules.referee import main

    data = record.to_json(dealt(RuleSet(weak_hand_redeal=False)))
    data["hands"][0]["bids"] = ["BIG"]
    text = json.dumps(data).replace('"BIG"', "7" * 5000)
    out, err = io.StringIO(), io.StringIO()
    assert main(["replay", "-"], io.StringIO(text), out, err) == 2
    assert err.getvalue() == "hand 1, bid 1 (N): a number 5,000 digits long is not a bid\n"
    assert out.getvalue() == ""


def test_pin_the_referee_lets_the_dealer_equal_a_kaiser_bid() -> None:
    rules = RuleSet(kaiser_bid=True, weak_hand_redeal=False)
    data = record.to_json(dealt(rules))
    data["hands"][0]["bids"] = ["K", "pass", "pass", "K"]
    state = record.from_json(data)
    assert state.hand.declarer is Seat.W and state.hand.out_of_play is Seat.E


def test_pin_the_referee_refuses_a_card_from_the_sitting_out_partner() -> None:
    rules = RuleSet(kaiser_bid=True, weak_hand_redeal=False)
    state = apply(kaiser_hand_with_partner_holding(rules), NameTrump(None))
    data = record.to_json(state)
    lead = legal_actions(state)[0].card.text  # West leads; East sits out
    east = state.hand.hand_of(Seat.E)[0].text
    data["hands"][0]["tricks"] = [[lead, "X", "Y", east]]
    with pytest.raises(RecordError, match="hand 1, trick 1: a trick has 3 cards"):
        record.from_json(data)
