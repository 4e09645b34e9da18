"""A remote seat's action is checked by the rules and refused with a reason, never applied."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from kaiser_desktop.net.protocol import ACTION_REFUSALS, ActionMessage
from kaiser_desktop.net.referee_gate import Accepted, Refusal, check_action
from kaiser_desktop.rules import (
    SEATS,
    Card,
    GameState,
    IllegalActionError,
    Phase,
    RuleSet,
    Seat,
    apply,
    legal_actions,
    make_pack,
)
from kaiser_desktop.rules.actions import (
    AskRedeal,
    Discard,
    MakeBid,
    NameTrump,
    PassCard,
    Play,
    SeatAction,
)
from kaiser_desktop.rules.auction import all_bids, standing_bid
from kaiser_desktop.rules.bids import KAISER, PASS, Bid
from kaiser_desktop.rules.cards import FIVE_OF_HEARTS, SUITS, THREE_OF_SPADES
from kaiser_desktop.rules.simulate import random_states

NET = Path(__file__).resolve().parents[2] / "kaiser_desktop" / "net"


def states(rules: RuleSet, seeds: range = range(3)) -> list[GameState]:
    return [s for seed in seeds for s in random_states(rules, seed=seed)]


def first(rules: RuleSet, test: object) -> GameState:
    found = [s for s in states(rules) if test(s)]
    assert found, "no such state in the random games"
    return found[0]


def check(state: GameState, action: SeatAction, seat: Seat | None = None, step: int = 7) -> object:
    assert state.to_act is not None or seat is not None
    return check_action(state, seat or state.to_act, ActionMessage.of(step, action), 7)


def test_a_legal_action_is_accepted_and_the_state_is_left_as_it_was() -> None:
    state = first(RuleSet(), lambda s: s.phase is Phase.PLAY)
    action = legal_actions(state)[0]
    before = legal_actions(state)
    assert check(state, action) == Accepted(action)
    assert legal_actions(state) == before and state.phase is Phase.PLAY


def test_an_answer_to_an_old_view_is_stale() -> None:
    state = first(RuleSet(), lambda s: s.phase is Phase.PLAY)
    assert check(state, legal_actions(state)[0], step=6) == Refusal("stale")


def test_out_of_turn() -> None:
    state = first(RuleSet(), lambda s: s.phase is Phase.PLAY)
    assert state.to_act is not None
    other = state.to_act.left
    card = state.hand.hand_of(other)[0]
    assert check(state, Play(card), seat=other) == Refusal("not_your_turn")
    waiting = first(RuleSet(), lambda s: s.phase is Phase.HAND_SCORED)
    assert check(waiting, MakeBid(PASS), seat=Seat.N) == Refusal("not_your_turn")


def test_a_card_not_in_hand() -> None:
    state = first(RuleSet(), lambda s: s.phase is Phase.PLAY)
    assert state.to_act is not None and state.hand is not None
    stranger = state.hand.hand_of(state.to_act.partner)[0]
    verdict = check(state, Play(stranger))
    assert isinstance(verdict, Refusal) and verdict.reason == "not_held"
    assert verdict.said == f"You do not hold the {stranger.label}."


def must_follow_case(state: GameState) -> bool:
    if state.phase is not Phase.PLAY or state.hand is None or state.to_act is None:
        return False
    trick = state.hand.current
    held = state.hand.hand_of(state.to_act)
    if trick is None or not trick.cards:
        return False
    led = trick.cards[0].suit
    return any(c.suit == led for c in held) and any(c.suit != led for c in held)


def test_an_illegal_card_must_follow_suit() -> None:
    state = first(RuleSet(), must_follow_case)
    assert state.hand is not None and state.to_act is not None and state.hand.current
    led = state.hand.current.cards[0].suit
    off = next(c for c in state.hand.hand_of(state.to_act) if c.suit != led)
    verdict = check(state, Play(off))
    assert isinstance(verdict, Refusal) and verdict.reason == "must_follow"
    assert verdict.said == f"You must follow {led.plural}."


def test_a_bid_below_the_standing_bid() -> None:
    state = first(
        RuleSet(),
        lambda s: (
            s.phase is Phase.BIDDING
            and s.hand is not None
            and standing_bid(s.hand.bids) is not None
            and standing_bid(s.hand.bids).level > 6
            and len(s.hand.bids) < 3
        ),
    )
    verdict = check(state, MakeBid(Bid(6)))
    assert isinstance(verdict, Refusal) and verdict.reason == "bid_too_low"
    assert "does not outrank" in verdict.said


def test_bids_the_rules_do_not_have_and_a_dealer_who_must_bid() -> None:
    state = first(RuleSet(), lambda s: s.phase is Phase.BIDDING)
    assert check(state, MakeBid(KAISER)) == Refusal(
        "bid_not_allowed", "The Kaiser bid is not played under these rules."
    )
    forced = first(
        RuleSet(),
        lambda s: (
            s.phase is Phase.BIDDING
            and s.hand is not None
            and len(s.hand.bids) == 3
            and all(b.is_pass for b in s.hand.bids)
        ),
    )
    verdict = check(forced, MakeBid(PASS))
    assert isinstance(verdict, Refusal) and verdict.reason == "dealer_must_bid"


def test_an_unknown_action() -> None:
    state = first(RuleSet(), lambda s: s.phase is Phase.PLAY)
    seat = state.to_act
    assert seat is not None
    for kind, value in [("dance", "5H"), ("play", "ZZ"), ("play", "1H"), ("bid", "13"),
                        ("trump", "X"), ("discard", ("5H",)), ("redeal", "maybe")]:  # fmt: skip
        verdict = check_action(state, seat, ActionMessage(7, kind, value), 7)
        assert isinstance(verdict, Refusal) and verdict.reason == "unknown_action", (kind, value)


def test_an_action_of_another_phase() -> None:
    bidding = first(RuleSet(), lambda s: s.phase is Phase.BIDDING)
    held = bidding.hand.hand_of(bidding.to_act)[0]
    assert check(bidding, Play(held)) == Refusal("wrong_phase")
    assert check(bidding, NameTrump(SUITS[0])) == Refusal("wrong_phase")
    playing = first(RuleSet(), lambda s: s.phase is Phase.PLAY)
    assert check(playing, MakeBid(Bid(7))) == Refusal("wrong_phase")


def test_no_trump_named_after_a_suit_bid() -> None:
    state = first(RuleSet(), lambda s: s.phase is Phase.TRUMP)
    verdict = check(state, NameTrump(None))
    assert isinstance(verdict, Refusal) and verdict.reason == "name_a_suit"


def test_discards_refused_with_their_reasons() -> None:
    state = first(RuleSet(kitty=True), lambda s: s.phase is Phase.DISCARD)
    assert state.hand is not None and state.to_act is not None
    held = state.hand.hand_of(state.to_act)
    plain = [c for c in held if c not in (FIVE_OF_HEARTS, THREE_OF_SPADES)]
    stranger = state.hand.hand_of(state.to_act.left)[0]
    message = ActionMessage(7, "discard", (plain[0].text, plain[0].text))
    assert check_action(state, state.to_act, message, 7).reason == "discard_two"
    assert check(state, Discard((plain[0], stranger))).reason == "not_held"
    honour = first(
        RuleSet(kitty=True),
        lambda s: (
            s.phase is Phase.DISCARD
            and bool({FIVE_OF_HEARTS, THREE_OF_SPADES} & set(s.hand.hand_of(s.to_act)))
        ),
    )
    held = honour.hand.hand_of(honour.to_act)
    high = next(c for c in held if c in (FIVE_OF_HEARTS, THREE_OF_SPADES))
    other = next(c for c in held if c != high)
    assert check(honour, Discard((high, other))).reason == "keep_honours"


def every_seat_action(state: GameState) -> list[SeatAction]:
    pack = make_pack(state.rules.kitty)
    rng = random.Random(len(pack))
    cards = list(pack)
    return [
        AskRedeal(True), AskRedeal(False),
        *(Play(c) for c in cards), *(PassCard(c) for c in cards),
        *(MakeBid(b) for b in [PASS, KAISER, *all_bids(RuleSet(min_bid=5))]),
        *(NameTrump(s) for s in (*SUITS, None)),
        *(Discard((rng.choice(cards), rng.choice(cards))) for _ in range(12)),
    ]  # fmt: skip


@pytest.mark.parametrize(
    "rules", [RuleSet(), RuleSet(kitty=True, pass_to_partner=True, kaiser_bid=True)]
)
def test_the_gate_agrees_with_the_referee_on_every_action_of_every_seat(rules: RuleSet) -> None:
    """Accepted exactly when the rules allow it; every refusal is one the engine makes too."""
    reasons: set[str] = set()
    for state in states(rules, range(2))[::3]:
        for seat in SEATS:
            for action in every_seat_action(state):
                verdict = check_action(state, seat, ActionMessage.of(1, action), 1)
                allowed = seat == state.to_act and action in legal_actions(state)
                assert isinstance(verdict, Accepted) == allowed
                if isinstance(verdict, Accepted):
                    assert verdict.action == action
                    continue
                assert verdict.reason in ACTION_REFUSALS
                reasons.add(verdict.reason)
                if seat == state.to_act and not state.is_over:
                    with pytest.raises(IllegalActionError):
                        apply(state, action)
    assert {"not_your_turn", "wrong_phase", "not_held", "must_follow"} <= reasons


def test_nothing_in_net_calls_the_engines_apply() -> None:
    """The controller stays the one caller of rules.apply: net does not even import it."""
    offences = []
    for path in sorted(NET.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                offences += [f"{path.name}: {a.name}" for a in node.names if a.name == "apply"]
            if isinstance(node, ast.Attribute) and node.attr == "apply":
                offences.append(f"{path.name}: .apply")
    assert offences == []


def test_card_of_a_bid_value_is_refused_not_crashed() -> None:
    state = first(RuleSet(), lambda s: s.phase is Phase.BIDDING)
    verdict = check_action(state, state.to_act, ActionMessage(7, "bid", "5H"), 7)
    assert verdict == Refusal("unknown_action", "'5H' is not a bid.")
    assert Card.from_text("5H") == FIVE_OF_HEARTS
