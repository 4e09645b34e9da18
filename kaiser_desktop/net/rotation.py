"""Turning the table so that a joining person sits at the bottom (South) of their screen.

The host's seats are the game's; a client shows its own seat as South, as the app always
has. Every seat in what the client receives (its `PlayerView`, the scored hands, a seat's
status or quick message) is turned by the client's offset: `offset_for(Seat.E)` is 1, so
East shows as South, South as West, and so on clockwise. An odd offset swaps the teams
(the client's own team is always North–South on its screen), so every pair held by team
(scores, points, tricks won) swaps with them. Actions carry no seat and are never turned.

Turning by `k` then by `-k` gives back the very value; turning by 0 changes nothing.
"""

from __future__ import annotations

from typing import TypeVar

from kaiser_desktop.rules import record
from kaiser_desktop.rules.cards import SEATS, TEAMS, Seat, Team
from kaiser_desktop.rules.state import GameState, HandResult, Trick, evolve
from kaiser_desktop.rules.view import PlayerView

T = TypeVar("T")


def offset_for(seat: Seat) -> int:
    """The turn that brings `seat` to South."""
    return (Seat.S.value - seat.value) % 4


def rotate_seat(seat: Seat, offset: int) -> Seat:
    return SEATS[(seat.value + offset) % 4]


def rotate_optional_seat(seat: Seat | None, offset: int) -> Seat | None:
    return None if seat is None else rotate_seat(seat, offset)


def rotate_team(team: Team, offset: int) -> Team:
    return TEAMS[(team.value + offset) % 2]


def rotate_optional_team(team: Team | None, offset: int) -> Team | None:
    return None if team is None else rotate_team(team, offset)


def rotate_pair(pair: tuple[int, int], offset: int) -> tuple[int, int]:
    """A pair indexed by team value (NS, EW), turned with the teams."""
    return (pair[1], pair[0]) if offset % 2 else pair


def rotate_by_seat(values: tuple[T, T, T, T], offset: int) -> tuple[T, T, T, T]:
    """Four values indexed by seat value, each moved to its seat's turned place."""
    out = [values[0]] * 4
    for seat in SEATS:
        out[rotate_seat(seat, offset).value] = values[seat.value]
    return out[0], out[1], out[2], out[3]


def rotate_trick(trick: Trick, offset: int) -> Trick:
    return Trick(tuple(rotate_seat(s, offset) for s in trick.order), trick.cards)


def rotate_result(result: HandResult, offset: int) -> HandResult:
    if offset % 4 == 0:
        return result
    return evolve(
        result,
        dealer=rotate_seat(result.dealer, offset),
        redeal_by=rotate_optional_seat(result.redeal_by, offset),
        declarer=rotate_optional_seat(result.declarer, offset),
        raw=rotate_pair(result.raw, offset),
        points=rotate_pair(result.points, offset),
        score=rotate_pair(result.score, offset),
        tricks_won=rotate_pair(result.tricks_won, offset),
        five_taken_by=rotate_optional_team(result.five_taken_by, offset),
        three_taken_by=rotate_optional_team(result.three_taken_by, offset),
    )


def rotate_results(results: tuple[HandResult, ...], offset: int) -> tuple[HandResult, ...]:
    return tuple(rotate_result(r, offset) for r in results)


def rotate_view(view: PlayerView, offset: int) -> PlayerView:
    """The view with every seat and team turned by `offset`; its cards, bids and legal
    actions are the same (they name no seat)."""
    if offset % 4 == 0:
        return view
    return PlayerView(
        seat=rotate_seat(view.seat, offset),
        rules=view.rules,
        phase=view.phase,
        to_act=rotate_optional_seat(view.to_act, offset),
        dealer=rotate_seat(view.dealer, offset),
        hand_number=view.hand_number,
        scores=rotate_pair(view.scores, offset),
        results=rotate_results(tuple(view.results), offset),
        hand=view.hand,
        dealt=view.dealt,
        hand_sizes=rotate_by_seat(view.hand_sizes, offset),
        kept_weak_hands=tuple(rotate_seat(s, offset) for s in view.kept_weak_hands),
        passed=view.passed,
        received=view.received,
        passes_made=rotate_by_seat(view.passes_made, offset),
        bids=view.bids,
        declarer=rotate_optional_seat(view.declarer, offset),
        contract=view.contract,
        kitty=view.kitty,
        discards=view.discards,
        trump=view.trump,
        trump_named=view.trump_named,
        tricks=tuple(rotate_trick(t, offset) for t in view.tricks),
        current=None if view.current is None else rotate_trick(view.current, offset),
        out_of_play=rotate_optional_seat(view.out_of_play, offset),
        legal=view.legal,
    )


def rotate_game(game: GameState, offset: int) -> GameState:
    """A recorded game with every seat turned by `offset` (a hand's record, turned so the
    joining person's seat is South for their review). The record names seats only as the
    dealer, the deal, the passes and who asked for a redeal; the rest follows from them."""
    if offset % 4 == 0:
        return game
    data = record.to_json(game)
    for hand in data["hands"]:
        for key in ("dealer", "redeal"):
            if key in hand:
                hand[key] = _turned(hand[key], offset)
        for key in ("deal", "passes"):
            if key in hand:
                hand[key] = {
                    (_turned(k, offset) if k in _SEAT_TEXTS else k): v for k, v in hand[key].items()
                }
    return record.from_json(data)


_SEAT_TEXTS = frozenset(s.text for s in SEATS)


def _turned(text: str, offset: int) -> str:
    return rotate_seat(Seat.from_text(text), offset).text
