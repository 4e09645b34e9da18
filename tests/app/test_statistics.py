"""Statistics from North–South's side: hands, games, comebacks, practice, persistence."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from kaiser_desktop.app.statistics import FILE_NAME, Statistics, comeback
from kaiser_desktop.rules import STANDARD, Bid, GameState, HandResult, Seat, Suit, Team
from kaiser_desktop.rules.simulate import random_game


def hand(
    number: int,
    declarer: Seat | None,
    points: tuple[int, int],
    score: tuple[int, int],
    made: bool | None = True,
    kind: str = "played",
) -> HandResult:
    return HandResult(
        number=number,
        dealer=Seat.W,
        kind=kind,
        redeal_by=Seat.E if kind == "redeal" else None,
        declarer=declarer,
        contract=Bid(7) if declarer else None,
        trump=Suit.H if declarer else None,
        raw=points,
        points=points,
        score=score,
        made=made if declarer else None,
        tricks_won=(4, 4),
        five_taken_by=None,
        three_taken_by=None,
    )


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / FILE_NAME


def finished(results: tuple[HandResult, ...], winner: Team) -> GameState:
    base = random_game(STANDARD, seed=5)
    return replace(base, results=results, winner=winner, scores=results[-1].score)


def test_hands_count_as_they_are_played(path: Path) -> None:
    stats = Statistics(path)
    stats.record_hand(hand(1, Seat.N, (8, 2), (8, 2), made=True))
    stats.record_hand(hand(2, Seat.E, (-6, 7), (2, 9), made=True))
    stats.record_hand(hand(3, None, (0, 0), (2, 9), kind="redeal"))
    stats.record_hand(hand(4, Seat.S, (-9, 3), (-7, 12), made=False))
    assert stats.contracts_bid == 2
    assert stats.contracts_made == 1
    assert stats.average_points == pytest.approx((8 - 6 - 9) / 3)  # the redeal is not a hand
    assert stats.games_played == 0


def test_a_hand_replayed_after_undo_counts_once(path: Path) -> None:
    stats = Statistics(path)
    stats.record_hand(hand(1, Seat.N, (-8, 3), (-8, 3), made=False))
    stats.record_hand(hand(1, Seat.N, (9, 1), (9, 1), made=True))
    assert stats.contracts_bid == 1 and stats.contracts_made == 1
    assert stats.average_points == 9


def test_won_game_with_a_comeback(path: Path) -> None:
    results = (
        hand(1, Seat.E, (2, 8), (2, 8)),
        hand(2, Seat.W, (-3, 30), (-1, 38)),  # 39 behind
        hand(3, Seat.N, (24, -4), (23, 34), made=True),
        hand(4, Seat.S, (30, 0), (53, 34), made=True),
    )
    assert comeback(results) == 39
    stats = Statistics(path)
    for result in results:
        stats.record_hand(result)
    stats.record_game(finished(results, Team.NS), used_undo=False)
    assert (stats.games_played, stats.games_won) == (1, 1)
    assert stats.best_comeback == 39
    assert stats.contracts_bid == 2 and stats.contracts_made == 2
    assert stats.average_points == pytest.approx((2 - 3 + 24 + 30) / 4)
    assert (stats.practice_played, stats.practice_won) == (0, 0)


def test_lost_game_has_no_comeback(path: Path) -> None:
    results = (hand(1, Seat.E, (0, 52), (0, 52)),)
    stats = Statistics(path)
    stats.record_game(finished(results, Team.EW), used_undo=False)
    assert (stats.games_played, stats.games_won, stats.best_comeback) == (1, 0, 0)


def test_undo_makes_it_practice(path: Path) -> None:
    results = (
        hand(1, Seat.W, (0, 20), (0, 20)),
        hand(2, Seat.N, (60, 0), (60, 20), made=True),
    )
    stats = Statistics(path)
    for result in results:
        stats.record_hand(result)
    stats.record_game(finished(results, Team.NS), used_undo=True)
    assert (stats.games_played, stats.games_won) == (0, 0)
    assert (stats.practice_played, stats.practice_won) == (1, 1)
    assert stats.best_comeback == 0
    assert stats.contracts_bid == 0  # practice hands stay out of the real record
    assert stats.average_points is None


def test_random_games_agree_with_their_results(path: Path) -> None:
    stats = Statistics(path)
    bid = made = points = hands = wins = 0
    for seed in range(3):
        game = random_game(STANDARD, seed=seed)
        for result in game.results:
            stats.record_hand(result)
            if result.kind == "played":
                hands += 1
                points += result.points[0]
                if result.declarer is not None and result.declarer.team is Team.NS:
                    bid += 1
                    made += bool(result.made)
        stats.record_game(game, used_undo=False)
        wins += game.winner is Team.NS
    assert (stats.games_played, stats.games_won) == (3, wins)
    assert (stats.contracts_bid, stats.contracts_made) == (bid, made)
    assert stats.average_points == pytest.approx(points / hands)


def test_survives_reload_including_the_game_in_progress(path: Path) -> None:
    stats = Statistics(path)
    results = (hand(1, Seat.N, (10, 0), (10, 0)), hand(2, Seat.S, (45, 0), (55, 0)))
    stats.record_game(finished(results, Team.NS), used_undo=False)
    stats.record_hand(hand(1, Seat.S, (7, 3), (7, 3), made=True))  # next game, hand 1
    again = Statistics(path)
    assert (again.games_played, again.games_won) == (1, 1)
    assert again.contracts_bid == 3 and again.contracts_made == 3
    assert again.average_points == pytest.approx((10 + 45 + 7) / 3)
    assert again.message is None


def test_abandoned_game_hands_still_count(path: Path) -> None:
    stats = Statistics(path)
    stats.record_hand(hand(1, Seat.N, (8, 2), (8, 2)))
    stats.abandon_game()
    stats.record_hand(hand(1, Seat.E, (3, 7), (3, 7)))  # the new game's hand 1
    assert stats.contracts_bid == 1
    assert stats.average_points == pytest.approx((8 + 3) / 2)


def test_reset(path: Path) -> None:
    stats = Statistics(path)
    results = (hand(1, Seat.N, (52, 0), (52, 0)),)
    stats.record_game(finished(results, Team.NS), used_undo=False)
    stats.record_game(finished(results, Team.NS), used_undo=True)
    stats.reset()
    for s in (stats, Statistics(path)):
        assert (s.games_played, s.games_won, s.practice_played, s.best_comeback) == (0, 0, 0, 0)
        assert s.average_points is None and s.contracts_bid == 0


@pytest.mark.parametrize(
    "content", [b"", b"{{", b"\xff\xfe\x00", json.dumps({"format": "other"}).encode()]
)
def test_damaged_file_is_set_aside(path: Path, content: bytes) -> None:
    path.write_bytes(content)
    stats = Statistics(path)
    assert stats.games_played == 0
    assert stats.message is not None and "\n" not in stats.message
    kept = list(path.parent.glob("statistics.corrupt-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == content
    stats.record_hand(hand(1, Seat.N, (8, 2), (8, 2)))
    assert Statistics(path).contracts_bid == 1


def test_written_atomically_no_temp_files(path: Path) -> None:
    stats = Statistics(path)
    for n in range(1, 6):
        stats.record_hand(hand(n, Seat.N, (8, 2), (8 * n, 2 * n)))
    assert [p.name for p in path.parent.iterdir()] == [FILE_NAME]
    assert json.loads(path.read_text(encoding="utf-8"))["format"].startswith("kaiser-desktop")
