"""kaiser-record/1: writing, reading, round trips, and the referee on bad records."""

from __future__ import annotations

import copy
import io
import json
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kaiser_desktop.rules import RecordError, RuleSet, record
from kaiser_desktop.rules.referee import main as referee_main
from kaiser_desktop.rules.simulate import random_game

SPEC_EXAMPLE_LINE = (
    '{"hand": 1, "dealer": "W", "declarer": "S", "contract": "8", "trump": "D", '
    '"raw": {"NS": 7, "EW": 3}, "points": {"NS": -8, "EW": 3}, "score": {"NS": -8, "EW": 3}}'
)


def finished_record(rules: RuleSet | None = None, seed: int = 3) -> dict[str, Any]:
    state = random_game(rules or RuleSet(), seed)
    assert state.is_over
    return record.to_json(state)


def referee(data: object | str) -> tuple[int, str, str]:
    text = data if isinstance(data, str) else json.dumps(data)
    out, err = io.StringIO(), io.StringIO()
    code = referee_main(["replay", "-"], io.StringIO(text), out, err)
    return code, out.getvalue(), err.getvalue()


def test_written_record_has_the_documented_shape() -> None:
    data = finished_record(RuleSet(kitty=True, pass_to_partner=True))
    assert data["format"] == "kaiser-record/1"
    assert data["rules"] == {"pass_to_partner": True, "kitty": True}
    played = [h for h in data["hands"] if "tricks" in h]
    hand = played[0]
    assert set(hand["deal"]) == {"N", "E", "S", "W"}
    assert all(len(cards) == 8 for cards in hand["deal"].values())
    assert len(hand["kitty"]) == 2 and len(hand["discards"]) == 2
    assert set(hand["passes"]) == {"N", "E", "S", "W"}
    assert len(hand["bids"]) == 4 and hand["trump"] in ("S", "H", "D", "C", "NT")
    assert len(hand["tricks"]) == 8 and all(len(t) == 4 for t in hand["tricks"])


def test_round_trip_is_stable_for_finished_and_unfinished_games() -> None:
    for cap in (1, 3, 15, 40, 200, 100_000):
        state = random_game(RuleSet(kaiser_bid=True), seed=9, max_actions=cap)
        text = record.dumps(state)
        again = record.loads(text)
        assert again == state
        assert record.dumps(again) == text


def test_referee_prints_each_hand_and_the_winner() -> None:
    data = finished_record()
    code, out, err = referee(data)
    assert code == 0 and err == ""
    lines = [json.loads(line) for line in out.splitlines()]
    state = record.from_json(data)
    assert len(lines) == len(state.results) + 1
    assert lines[-1] == {"winner": state.winner.text, "score": lines[-2]["score"]}
    running = {"NS": 0, "EW": 0}
    for line in lines[:-1]:
        assert set(line) == {
            "hand", "dealer", "declarer", "contract", "trump", "raw", "points", "score"
        }  # fmt: skip
        running = {t: running[t] + line["points"][t] for t in running}
        assert line["score"] == running


def test_referee_line_format_matches_the_spec_example() -> None:
    from kaiser_desktop.rules import Bid, HandResult, Seat, Suit

    result = HandResult(
        number=1, dealer=Seat.W, kind="played", redeal_by=None, declarer=Seat.S,
        contract=Bid(8), trump=Suit.D, raw=(7, 3), points=(-8, 3), score=(-8, 3), made=False,
        tricks_won=(5, 3), five_taken_by=None, three_taken_by=None,
    )  # fmt: skip
    assert json.dumps(record.result_line(result)) == SPEC_EXAMPLE_LINE


def test_unfinished_game_reports_in_progress() -> None:
    data = finished_record()
    data["hands"][-1]["tricks"] = data["hands"][-1]["tricks"][:3]
    data["hands"][-1]["tricks"][-1] = data["hands"][-1]["tricks"][-1][:2]
    code, out, _ = referee(data)
    assert code == 0
    assert json.loads(out.splitlines()[-1])["in_progress"] is True


def test_redeal_and_throw_in_lines_have_nulls() -> None:
    state = None
    for seed in range(200):
        state = random_game(RuleSet(all_pass="throw_in"), seed)
        kinds = {r.kind for r in state.results}
        if {"redeal", "thrown_in"} <= kinds:
            break
    assert state is not None
    code, out, _ = referee(record.to_json(state))
    assert code == 0
    lines = [json.loads(x) for x in out.splitlines()[:-1]]
    unplayed = [x for x, r in zip(lines, state.results, strict=True) if r.kind != "played"]
    assert unplayed
    for line in unplayed:
        assert line["declarer"] is None and line["contract"] is None and line["trump"] is None
        assert line["raw"] == {"NS": 0, "EW": 0} and line["points"] == {"NS": 0, "EW": 0}


def first_played(data: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    for i, hand in enumerate(data["hands"]):
        if len(hand.get("tricks", [])) == 8:
            return i, hand
    raise AssertionError("no played hand")


def mutate(change) -> tuple[int, str, str]:
    data = copy.deepcopy(finished_record())
    change(data)
    return referee(data)


def set_bid(data: dict[str, Any], index: int, text: str) -> None:
    _, hand = first_played(data)
    hand["bids"][index] = text


def bad_card(data: dict[str, Any]) -> None:
    _i, hand = first_played(data)
    # Play a card the leader does not hold: one from the next seat's hand.
    leader_card = hand["tricks"][0][0]
    holder = next(s for s, cards in hand["deal"].items() if leader_card in cards)
    other = next(s for s in "NESW" if s != holder)
    hand["tricks"][0][0] = next(c for c in hand["deal"][other] if c not in hand["tricks"][0])


def not_following(data: dict[str, Any]) -> None:
    from kaiser_desktop.rules import Card

    for hand in data["hands"]:
        for t, trick in enumerate(hand.get("tricks", [])):
            led = Card.from_text(trick[0]).suit
            second = trick[1]
            holder = next(s for s, cards in hand["deal"].items() if second in cards)
            later = {c for tr in hand["tricks"][t:] for c in tr}
            offsuit = [
                c for c in hand["deal"][holder]
                if c in later and Card.from_text(c).suit != led and c != second
            ]  # fmt: skip
            follows = [
                c for c in hand["deal"][holder]
                if c in later and Card.from_text(c).suit == led
            ]  # fmt: skip
            if offsuit and follows and Card.from_text(second).suit == led:
                trick[1] = offsuit[0]
                return
    raise AssertionError("no position to break")


def duplicate_card(data: dict[str, Any]) -> None:
    deal = data["hands"][0]["deal"]
    deal["N"][0] = deal["E"][0]


def after_game_over(data: dict[str, Any]) -> None:
    data["hands"].append(copy.deepcopy(data["hands"][-1]))


def extra_trick(data: dict[str, Any]) -> None:
    _, hand = first_played(data)
    hand["tricks"].append(hand["tricks"][0])


def wrong_dealer(data: dict[str, Any]) -> None:
    data["hands"][1]["dealer"] = {"N": "E", "E": "S", "S": "W", "W": "N"}[
        data["hands"][1]["dealer"]
    ]


def too_many_bids(data: dict[str, Any]) -> None:
    _, hand = first_played(data)
    hand["bids"].append("pass")


BAD_RECORDS = {
    "bid not outranking": (lambda d: set_bid(d, 1, "6") or set_bid(d, 0, "8"), "does not outrank"),
    "bid out of turn": (too_many_bids, "bidding is already over"),
    "not a bid": (lambda d: set_bid(d, 0, "seven"), "is not a bid"),
    "card not held": (bad_card, "do not hold"),
    "not following suit": (not_following, "must follow"),
    "duplicated card": (duplicate_card, "dealt twice"),
    "wrong dealer": (wrong_dealer, "dealer must be"),
    "after game over": (after_game_over, "already over"),
    "ninth trick": (extra_trick, "already over"),
    "unknown top-level key": (lambda d: d.update(colour="red"), "unknown key"),
    "unknown hand key": (lambda d: d["hands"][0].update(notes="x"), "unknown key"),
    "wrong format": (lambda d: d.update(format="kaiser-record/2"), "format"),
    "rules of wrong type": (lambda d: d.update(rules={"min_bid": "six"}), "min_bid"),
    "hands not a list": (lambda d: d.update(hands={}), '"hands" must be a list'),
    "deal not an object": (lambda d: d["hands"][0].update(deal=[]), '"deal" must be'),
    "tricks of wrong type": (lambda d: first_played(d)[1].update(tricks="AH"), "must be a list"),
    "passes without the variant": (lambda d: d["hands"][0].update(passes={}), "passing"),
}


@pytest.mark.parametrize("name", list(BAD_RECORDS))
def test_referee_refuses_each_kind_of_mistake(name: str) -> None:
    change, expected = BAD_RECORDS[name]
    code, out, err = mutate(change)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and expected in err, err
    assert "Traceback" not in err and not err.startswith("internal error")


def test_referee_names_hand_action_and_seat() -> None:
    code, _, err = mutate(lambda d: set_bid(d, 1, "6") or set_bid(d, 0, "8"))
    i, _ = first_played(finished_record())
    assert code == 2
    assert err.startswith(f"hand {i + 1}, bid 2 (")
    assert '"6" does not outrank "8"' in err


def test_redeal_by_a_strong_hand_is_refused() -> None:
    from kaiser_desktop.rules import Card, is_weak_hand

    data = finished_record()
    _, hand = first_played(data)
    assert not is_weak_hand(tuple(Card.from_text(c) for c in hand["deal"]["N"]))
    hand["redeal"] = "N"
    for key in ("bids", "trump", "tricks"):
        hand.pop(key, None)
    code, _, err = referee(data)
    assert code == 2 and "may not be thrown back" in err


@pytest.mark.parametrize(
    "text", ['{"format": "kaiser-record/1", "hands": [', "", "[]", "null", "{}", '"x"', "[" * 5000]
)
def test_referee_on_broken_documents(text: str) -> None:
    code, out, err = referee(text)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert not err.startswith("internal error")


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.sampled_from(["AH", "3S", "8", "N", "x"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=6,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path_seed=st.integers(0, 10**9), value=JSON_VALUES)
def test_referee_never_crashes_on_mutated_records(path_seed: int, value: object) -> None:
    import random

    data = finished_record(RuleSet(kitty=True, pass_to_partner=True), seed=2)
    rng = random.Random(path_seed)
    node: Any = data
    while isinstance(node, (dict, list)) and node and rng.random() < 0.85:
        key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
        child = node[key]
        if not isinstance(child, (dict, list)) or rng.random() < 0.3:
            node[key] = value
            break
        node = child
    code, out, err = referee(data)
    assert code in (0, 2)
    if code == 2:
        assert out == "" and err.count("\n") == 1
        assert not err.startswith("internal error"), err


def test_replay_command_line(tmp_path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(finished_record()), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "kaiser_desktop.rules", "replay", str(path)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "winner" in done.stdout.splitlines()[-1]
    missing = subprocess.run(
        [sys.executable, "-m", "kaiser_desktop.rules", "replay", str(tmp_path / "nope.json")],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert missing.returncode == 2 and missing.stdout == ""
    assert missing.stderr.startswith("cannot read") and "Traceback" not in missing.stderr
    piped = subprocess.run(
        [sys.executable, "-m", "kaiser_desktop.rules", "replay", "-"],
        input="{oops", capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert piped.returncode == 2 and "not valid JSON" in piped.stderr


def test_record_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        record.loads("{}")
    with pytest.raises(RecordError):
        record.from_json({"format": "kaiser-record/1", "hands": []})


def test_last_hand_actions_rebuild_the_state() -> None:
    from kaiser_desktop.rules import apply

    for cap in (1, 30, 120, 100_000):
        state = random_game(RuleSet(pass_to_partner=True, kitty=True), seed=4, max_actions=cap)
        start, actions = record.last_hand_actions(state)
        assert start.awaiting_deal or start.hand is None
        for action in actions:
            start = apply(start, action)
        assert start == state
