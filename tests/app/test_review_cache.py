"""The session's hand reviews are kept up to a bound, the most recently asked for first.

The cache had no bound: every hand reviewed in a long session stayed in memory (issue 29,
point 2). The reviews themselves are replaced by a cheap stand-in here: what is tested is
what the runner keeps, not the review.
"""

from __future__ import annotations

from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from kaiser_desktop.app import review_runner
from kaiser_desktop.app.review_runner import KEPT_REVIEWS, ReviewRunner
from kaiser_desktop.rules import GameState, Seat
from kaiser_lab.review_bench import played_game

GAME = played_game(5, seed=4)


def played_numbers(state: GameState) -> list[int]:
    return [r.number for r in state.results if r.kind == "played"]


@pytest.fixture
def runner(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> ReviewRunner:
    made: list[tuple[int, Seat]] = []

    def stand_in(start: GameState, actions: list[Any], viewer: Seat, **_: Any) -> object:
        made.append((start.hand.number if start.hand else -1, viewer))
        return ("review", len(made))

    monkeypatch.setattr(review_runner, "review_hand", stand_in)
    return ReviewRunner()


def test_no_more_than_the_bound_are_kept_and_the_latest_are(
    runner: ReviewRunner, qtbot: QtBot
) -> None:
    keys = [(n, seat) for n in played_numbers(GAME) for seat in Seat]
    assert len(keys) > KEPT_REVIEWS  # 5 hands x 4 viewers
    for number, seat in keys:
        with qtbot.waitSignal(runner.ready, timeout=5000):
            runner.request(GAME, number, seat)
    kept = [key for key in keys if runner.cached(GAME, *key) is not None]
    assert kept == keys[-KEPT_REVIEWS:]  # were all 20


def test_asking_again_answers_at_once_and_keeps_it_longer(
    runner: ReviewRunner, qtbot: QtBot
) -> None:
    keys = [(n, seat) for n in played_numbers(GAME) for seat in Seat][: KEPT_REVIEWS + 1]
    for number, seat in keys[:KEPT_REVIEWS]:
        with qtbot.waitSignal(runner.ready, timeout=5000):
            runner.request(GAME, number, seat)
    first = keys[0]
    answers: list[object] = []
    runner.ready.connect(lambda number, review: answers.append(review))
    runner.request(GAME, *first)  # from the cache: no worker, no waiting
    assert answers == [runner.cached(GAME, *first)] and answers[0] is not None
    with qtbot.waitSignal(runner.ready, timeout=5000):
        runner.request(GAME, *keys[KEPT_REVIEWS])  # one more: the oldest asked for goes
    assert runner.cached(GAME, *first) is not None  # asked for again, so not the oldest
    assert runner.cached(GAME, *keys[1]) is None
