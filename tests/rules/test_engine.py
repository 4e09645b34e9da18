"""The checked engine on hand-built positions: each phase and each variant's effect."""

from __future__ import annotations

import pytest

from kaiser_desktop.rules import (
    KAISER,
    PASS,
    AskRedeal,
    Bid,
    Card,
    Deal,
    Discard,
    IllegalActionError,
    MakeBid,
    NameTrump,
    PassCard,
    Phase,
    Play,
    RuleSet,
    Seat,
    Suit,
    Team,
    apply,
    is_weak_hand,
    legal_actions,
    new_game,
    observe,
)
from kaiser_desktop.rules.scoring import game_winner, raw_points


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.from_text(t) for t in text.split())


STRONG = Deal(
    (
        cards("AH AS KS QD JD TC 9C 8C"),
        cards("8H QS JS AD KD 9D QC 8D"),
        cards("5H TS 9S 8S AC KC JC 7D"),
        cards("KH QH JH TH 9H 3S TD 7C"),
    )
)
# East's hand is weak: no ace, no K/Q/J, no 5♥, no 3♠.
WEAK_EAST = Deal(
    (
        cards("AH AS KS QD JD QC KC 8C"),
        cards("8H TS 9S 9D 8D TC 9C 7D"),
        cards("5H QS JS AD KD AC JC 8S"),
        cards("KH QH JH TH 9H 3S TD 7C"),
    )
)


def bid_all(state, *texts: str):
    for text in texts:
        state = apply(state, MakeBid(Bid.from_text(text)))
    return state


def test_deal_number_reproduces_the_deal() -> None:
    rules = RuleSet()
    assert Deal.from_number(rules, 42, Seat.N) == Deal.from_number(rules, 42, Seat.N)
    assert Deal.from_number(rules, 42, Seat.N) != Deal.from_number(rules, 43, Seat.N)
    kitty_deal = Deal.from_number(RuleSet(kitty=True), 1, Seat.E)
    assert len(kitty_deal.kitty) == 2


def test_bad_deals_are_refused() -> None:
    state = new_game(RuleSet(), Seat.W)
    doubled = Deal((STRONG.hands[0], STRONG.hands[0], STRONG.hands[2], STRONG.hands[3]))
    with pytest.raises(IllegalActionError, match="dealt twice"):
        apply(state, doubled)
    short = Deal((STRONG.hands[0][:7], *STRONG.hands[1:]))
    with pytest.raises(IllegalActionError, match="8 cards"):
        apply(state, short)
    seven = Deal((cards("7H AS KS QD JD TC 9C 8C"), *STRONG.hands[1:]))
    with pytest.raises(IllegalActionError, match="not in the pack"):
        apply(state, seven)


def test_weak_hand_is_asked_and_a_redeal_keeps_the_dealer() -> None:
    assert is_weak_hand(WEAK_EAST.hands[1]) and not is_weak_hand(WEAK_EAST.hands[0])
    state = apply(new_game(RuleSet(), Seat.W), WEAK_EAST)
    assert state.phase is Phase.REDEAL and state.to_act is Seat.E
    assert legal_actions(state) == [AskRedeal(True), AskRedeal(False)]
    redealt = apply(state, AskRedeal(True))
    assert redealt.phase is Phase.HAND_SCORED
    assert redealt.results[-1].kind == "redeal" and redealt.results[-1].redeal_by is Seat.E
    assert redealt.dealer is Seat.W
    kept = apply(state, AskRedeal(False))
    assert kept.phase is Phase.BIDDING and kept.to_act is Seat.N


def test_no_redeal_question_when_the_variant_is_off() -> None:
    state = apply(new_game(RuleSet(weak_hand_redeal=False), Seat.W), WEAK_EAST)
    assert state.phase is Phase.BIDDING


def test_throw_in_passes_the_deal_left() -> None:
    state = apply(new_game(RuleSet(all_pass="throw_in"), Seat.W), STRONG)
    assert MakeBid(PASS) in legal_actions(bid_all(state, "pass", "pass", "pass"))
    state = bid_all(state, "pass", "pass", "pass", "pass")
    assert state.phase is Phase.HAND_SCORED and state.dealer is Seat.N
    assert state.results[-1].kind == "thrown_in" and state.scores == (0, 0)


def test_cannot_act_out_of_phase_or_with_cards_not_held() -> None:
    state = apply(new_game(RuleSet(), Seat.W), STRONG)
    with pytest.raises(IllegalActionError, match="time to bid"):
        apply(state, Play(Card.from_text("AH")))
    state = bid_all(state, "6", "pass", "pass", "pass")
    with pytest.raises(IllegalActionError, match="Name a trump suit"):
        apply(state, NameTrump(None))
    state = apply(state, NameTrump(Suit.D))
    with pytest.raises(IllegalActionError, match="You do not hold the 5♥"):
        apply(state, Play(Card.from_text("5H")))
    state = apply(state, Play(Card.from_text("AS")))
    with pytest.raises(IllegalActionError, match=r"You must follow spades\."):
        apply(state, Play(Card.from_text("8H")))  # East holds QS and JS
    with pytest.raises(IllegalActionError, match="already dealt"):
        apply(state, STRONG)


def test_a_whole_hand_scores_and_the_deal_moves_left() -> None:
    state = apply(new_game(RuleSet(), Seat.W), STRONG)
    state = bid_all(state, "6", "pass", "pass", "pass")
    state = apply(state, NameTrump(Suit.D))
    while state.phase is Phase.PLAY:
        state = apply(state, legal_actions(state)[0])
    result = state.results[-1]
    assert state.phase is Phase.HAND_SCORED and state.dealer is Seat.N
    assert sum(result.tricks_won) == 8
    assert result.raw[0] + result.raw[1] == 10
    assert state.scores == result.points == result.score


def test_pass_to_partner_exchanges_all_at_once_and_views_hide_the_cards() -> None:
    state = apply(new_game(RuleSet(pass_to_partner=True), Seat.W), STRONG)
    assert state.phase is Phase.PASSING and state.to_act is Seat.N
    gifts = {Seat.N: "8C", Seat.E: "8D", Seat.S: "7D", Seat.W: "7C"}
    for seat in (Seat.N, Seat.E, Seat.S):
        state = apply(state, PassCard(Card.from_text(gifts[seat])))
        assert observe(state, Seat.S.partner).received is None
        assert observe(state, seat).passed == Card.from_text(gifts[seat])
    assert observe(state, Seat.W).passed is None
    state = apply(state, PassCard(Card.from_text(gifts[Seat.W])))
    assert state.phase is Phase.BIDDING
    assert state.hand is not None
    assert Card.from_text("7D") in state.hand.hand_of(Seat.N)  # from South
    assert Card.from_text("8C") in state.hand.hand_of(Seat.S)  # from North
    assert observe(state, Seat.N).received == Card.from_text("7D")


def test_kitty_declarer_takes_two_and_may_not_discard_the_specials() -> None:
    rules = RuleSet(kitty=True)
    deal = Deal(STRONG.hands, cards("7H 7S"))
    state = bid_all(apply(new_game(rules, Seat.W), deal), "pass", "pass", "7", "pass")
    assert state.phase is Phase.DISCARD and state.to_act is Seat.S
    assert state.hand is not None and len(state.hand.hand_of(Seat.S)) == 10
    assert observe(state, Seat.S).kitty == cards("7H 7S")
    assert observe(state, Seat.N).kitty == ()
    assert all(Card.from_text("5H") not in a.cards for a in legal_actions(state))
    with pytest.raises(IllegalActionError, match="may not discard the 5♥"):
        apply(state, Discard((Card.from_text("5H"), Card.from_text("7D"))))
    state = apply(state, Discard((Card.from_text("7H"), Card.from_text("7D"))))
    assert state.phase is Phase.TRUMP and len(state.hand.hand_of(Seat.S)) == 8
    assert observe(state, Seat.S).discards == cards("7H 7D")
    assert observe(state, Seat.E).discards == ()


def test_kaiser_bid_partner_sits_out_and_scores_forty() -> None:
    rules = RuleSet(kaiser_bid=True)
    state = apply(new_game(rules, Seat.W), STRONG)
    assert MakeBid(KAISER) in legal_actions(state)
    state = bid_all(state, "K", "pass", "pass", "pass")
    assert NameTrump(None) in legal_actions(state)
    state = apply(state, NameTrump(None))
    assert state.hand is not None and state.hand.out_of_play is Seat.S
    assert state.hand.current is not None
    assert state.hand.current.order == (Seat.N, Seat.E, Seat.W)
    while state.phase is Phase.PLAY:
        state = apply(state, legal_actions(state)[0])
    result = state.results[-1]
    assert result.points[Team.NS.value] in (40, -40)
    assert (result.points[0] == 40) == (result.tricks_won[0] == 8)


def test_kaiser_bid_only_with_the_variant() -> None:
    state = apply(new_game(RuleSet(), Seat.W), STRONG)
    with pytest.raises(IllegalActionError, match="Kaiser bid is not played"):
        apply(state, MakeBid(KAISER))


def test_min_bid_variant() -> None:
    state = apply(new_game(RuleSet(min_bid=7), Seat.W), STRONG)
    assert MakeBid(Bid(6)) not in legal_actions(state)
    assert min(a.bid.level for a in legal_actions(state) if not a.bid.is_pass) == 7
    with pytest.raises(IllegalActionError, match="from 7 to 12"):
        apply(state, MakeBid(Bid(6)))


def test_three_trick_rule() -> None:
    rules = RuleSet(three_trick_rule=True)
    assert raw_points(2, has_five=True, has_three=True, rules=rules) == -3
    assert raw_points(3, has_five=False, has_three=True, rules=rules) == 0
    assert raw_points(2, has_five=True, has_three=False, rules=rules) == 2
    assert raw_points(3, has_five=True, has_three=False, rules=rules) == 8


def test_target_tie_rules() -> None:
    rules = RuleSet()
    # both reach 52: the declarers win if they made it
    assert game_winner((50, 48), (55, 53), Team.EW, True, False, rules) is Team.EW
    # declarers failed: the higher score wins; equal: the declarers
    assert game_winner((60, 50), (52, 58), Team.NS, False, False, rules) is Team.EW
    assert game_winner((60, 50), (55, 55), Team.NS, False, False, rules) is Team.NS
    assert game_winner((40, 10), (52, 12), Team.NS, True, False, rules) is Team.NS
    assert game_winner((40, 10), (51, 12), Team.NS, True, False, rules) is None
    assert game_winner((0, 0), (62, 0), Team.NS, True, False, RuleSet(target=62)) is Team.NS


def test_steal_five_wins_and_minus_52() -> None:
    rules = RuleSet(defender_limit=47, steal_five_wins=True)
    assert game_winner((10, 47), (10, 47), Team.NS, False, True, rules) is Team.EW
    assert game_winner((10, 46), (10, 46), Team.NS, False, True, rules) is None
    sink = RuleSet(lose_at_minus_52=True)
    assert game_winner((-40, 0), (-52, 0), Team.NS, False, False, sink) is Team.EW
    assert game_winner((-40, 0), (-52, 0), Team.NS, False, False, RuleSet()) is None
    assert game_winner((-40, -50), (-52, -53), Team.NS, False, False, sink) is Team.NS
    assert game_winner((-40, -50), (-55, -55), Team.NS, False, False, sink) is Team.EW
    assert game_winner((-40, 45), (-52, 52), Team.NS, False, False, sink) is Team.EW


def test_game_over_refuses_more() -> None:
    from kaiser_desktop.rules.simulate import random_game

    state = random_game(RuleSet(), seed=3)
    assert state.is_over and state.winner is not None
    assert max(state.scores) >= 52
    with pytest.raises(IllegalActionError, match="game is over"):
        apply(state, STRONG)
