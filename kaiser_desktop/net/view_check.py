"""Whether a view from the host could be a real moment of a real game: the joining app's
distrust of the host.

The wire's parser (`seat_view`) already refuses what is not a view at all (a word that is
not a card, a number out of range). What it cannot see is a view whose parts contradict
each other: the same card twice, hand sizes that do not add up to the pack, a trick of five
cards, a step that goes backwards, results with a gap. A host that sends one is lying or
broken; `view_problem` says what is wrong (for the log), and the joining app leaves the
table rather than show an impossible one. Plain functions of frozen values; no Qt.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from kaiser_desktop.net.seat_view import ViewAction
from kaiser_desktop.rules.actions import Discard, MakeBid, NameTrump, PassCard, Play
from kaiser_desktop.rules.cards import Card, Seat, make_pack
from kaiser_desktop.rules.state import HandResult, Phase
from kaiser_desktop.rules.view import PlayerView

HAND_SIZE = 8
MAX_NAME = 40  # characters of a person's name shown; the rest is dropped
MAX_TRICKS = 8


def results_problem(results: Sequence[HandResult], scores: tuple[int, int]) -> str | None:
    """What is wrong with a game's scored hands (numbered 1, 2, ... without a gap, the
    scores those of the last one); None if nothing."""
    for i, result in enumerate(results):
        if result.number != i + 1:
            return f"result {i} is numbered {result.number}"
        if result.kind == "redeal" and result.redeal_by is None:
            return f"result {i} is a redeal asked by nobody"
        if result.kind == "played" and (result.declarer is None or result.contract is None):
            return f"result {i} is a hand played without a contract"
    expected = results[-1].score if results else (0, 0)
    if tuple(scores) != tuple(expected):
        return f"scores {scores} after results ending at {expected}"
    return None


def view_problem(view: PlayerView) -> str | None:
    """What makes `view` impossible on its own; None if it could be a real moment."""
    problem = results_problem(view.results, view.scores)
    if problem is not None:
        return problem
    if view.phase is Phase.DEAL:
        if view.hand or view.dealt or view.tricks or view.current or view.bids or view.legal:
            return "cards or calls before the deal"
        if any(view.hand_sizes) or view.declarer is not None or view.contract is not None:
            return "cards or calls before the deal"
        if view.hand_number != len(view.results) + 1:
            return f"hand {view.hand_number} waiting to deal after {len(view.results)}"
        return None
    scored = view.phase in (Phase.HAND_SCORED, Phase.GAME_OVER)
    if view.hand_number != len(view.results) + (0 if scored else 1):
        return f"hand {view.hand_number} with {len(view.results)} scored"
    if scored and not view.results:
        return "a hand scored with no result"
    if view.phase is Phase.GAME_OVER and view.to_act is not None:
        return "a seat to act after the game"
    if len(view.dealt) != HAND_SIZE or len(set(view.dealt)) != HAND_SIZE:
        return "a hand dealt that is not eight cards"
    if view.hand_sizes[view.seat.value] != len(view.hand):
        return "the seat's own hand size is not its hand's"
    played = list(view.played_cards())
    seen = [*view.hand, *played, *view.discards]
    if len(set(seen)) != len(seen):
        return "a card is in two places"
    pack = set(make_pack(view.rules.kitty))
    if not set(seen) | set(view.kitty) | set(view.dealt) <= pack:
        return "a card not in this game's pack"
    # The kitty waits aside, is in the declarer's hand while discarding, then lies discarded.
    away = 2 if view.rules.kitty and view.phase is not Phase.DISCARD else 0
    if sum(view.hand_sizes) + len(played) + away != len(pack):
        return f"hand sizes {view.hand_sizes} and {len(played)} played do not add up"
    if len(view.tricks) > MAX_TRICKS:
        return "more than eight tricks"
    players = 3 if view.out_of_play is not None else 4
    for trick in view.tricks:
        if len(trick.order) != players or len(trick.cards) != players:
            return "a finished trick that is not whole"
    if view.current is not None and len(view.current.cards) >= len(view.current.order):
        return "a trick in progress that is already whole"
    if view.out_of_play is not None and view.out_of_play == view.to_act:
        return "the seat sitting out is to act"
    if (view.declarer is None) != (view.contract is None):
        return "a declarer without a contract, or a contract without a declarer"
    if view.trump_named and view.contract is None:
        return "trump named with no contract"
    if (played or view.phase is Phase.PLAY) and view.contract is None:
        return "cards played with no contract"
    return legal_problem(view)


def legal_problem(view: PlayerView) -> str | None:
    """The moves offered must be this seat's, and made of its own cards."""
    if not view.legal:
        return None
    if view.to_act != view.seat:
        return "moves offered to a seat not to act"
    hand = set(view.hand)
    for action in view.legal:
        if isinstance(action, (Play, PassCard)) and action.card not in hand:
            return "a move with a card not held"
        if isinstance(action, Discard) and not set(action.cards) <= hand:
            return "a discard of cards not held"
        if isinstance(action, NameTrump) and view.phase is not Phase.TRUMP:
            return "trump offered outside naming trump"
    return None


def _plays(view: PlayerView) -> list[tuple[Seat, Card]]:
    plays = [p for t in view.tricks for p in t.plays()]
    if view.current is not None:
        plays += view.current.plays()
    return plays


def follow_problem(before: PlayerView, after: PlayerView) -> str | None:
    """What makes `after` impossible as a later view than `before` of the same seat."""
    if after.seat != before.seat:
        return "a view of another seat"
    if not after.results and after.hand_number == 1 and before.results:
        return None  # the host started a new game
    if len(after.results) < len(before.results):
        return "scored hands went back"
    if list(after.results[: len(before.results)]) != list(before.results):
        return "a scored hand changed"
    if after.hand_number < before.hand_number:
        return "the hand number went back"
    same_hand = (
        before.phase is not Phase.DEAL
        and after.phase is not Phase.DEAL
        and after.hand_number == before.hand_number
        and after.dealt == before.dealt
    )
    if not same_hand:
        return None
    if after.bids[: len(before.bids)] != before.bids:
        return "the calls went back"
    old, new = _plays(before), _plays(after)
    if new[: len(old)] != old:
        return "the cards played went back"
    if len(after.kept_weak_hands) < len(before.kept_weak_hands):
        return "a kept hand was taken back"
    return None


def action_problem(before: PlayerView, action: ViewAction, after: PlayerView) -> str | None:
    """What makes `action` impossible as the step from `before` to `after`."""
    if before.phase is Phase.DEAL or after.phase is Phase.DEAL:
        return "an action around a deal"
    if action.seat != before.to_act:
        return f"an action of {action.seat.text}, with {before.to_act} to act"
    move = action.action
    if isinstance(move, Play):
        plays = _plays(after)
        if len(plays) != len(_plays(before)) + 1 or plays[-1] != (action.seat, move.card):
            return "a card played that is not the one on the table"
    elif isinstance(move, MakeBid):
        if after.bids != (*before.bids, move.bid):
            return "a call that is not the one made"
    elif action.kind == "play" or action.kind == "bid":
        return "a card or a call without its value"
    return None


def step_problem(before: int | None, after: int, same_view: bool) -> str | None:
    """A view's step must move forward (the host counts every state it sends); the same
    step again only with the same view (sent again)."""
    if before is not None and (after < before or (after == before and not same_view)):
        return f"step {after} after step {before}"
    return None


# --- what people typed, shown to other people --------------------------------------------


def clean_text(text: str, limit: int = MAX_NAME) -> str:
    """`text` without control or format characters (bidi overrides and isolates, zero-width
    marks: every Unicode category C*), runs of spaces made one, cut to `limit` characters."""
    kept = "".join(
        " " if ch.isspace() else ch
        for ch in text
        if not unicodedata.category(ch).startswith("C") or ch.isspace()
    )
    return " ".join(kept.split())[:limit].strip()
