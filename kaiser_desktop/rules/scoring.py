"""Scoring a hand and deciding the game: plain functions on numbers, shared by every path."""

from __future__ import annotations

from kaiser_desktop.rules.bids import Bid
from kaiser_desktop.rules.cards import Team
from kaiser_desktop.rules.variants import RuleSet

KAISER_POINTS = 40
MINUS_LIMIT = -52


def raw_points(tricks: int, has_five: bool, has_three: bool, rules: RuleSet) -> int:
    """Tricks, +5 for a captured 5♥, −3 for a captured 3♠ (with the three-trick rule's limits)."""
    if rules.three_trick_rule:
        if has_three and tricks < 3:
            return -3
        five = 5 if has_five and tricks >= 3 else 0
    else:
        five = 5 if has_five else 0
    return tricks + five - (3 if has_three else 0)


def declarer_points(contract: Bid, raw: int, kaiser_made: bool) -> int:
    """What the declaring team scores: its raw points if it made the bid, else minus the bid."""
    if contract.is_kaiser:
        return KAISER_POINTS if kaiser_made else -KAISER_POINTS
    factor = 2 if contract.no_trump else 1
    return factor * raw if raw >= contract.level else -factor * contract.level


def defender_points(raw: int, score_before: int, rules: RuleSet) -> int:
    """Defenders below the limit score their raw points; at or above it they can only lose.

    With `bid_out`, points that would take the defenders to the target score 0 instead: the
    game is won only by bidding (negative points still count)."""
    points = raw if score_before < rules.defender_limit else min(raw, 0)
    if rules.bid_out and points > 0 and score_before + points >= rules.target:
        return 0
    return points


def contract_made(contract: Bid, raw: int, kaiser_made: bool) -> bool:
    return kaiser_made if contract.is_kaiser else raw >= contract.level


def game_winner(
    before: tuple[int, int],
    after: tuple[int, int],
    declaring: Team,
    made: bool,
    defenders_took_five: bool,
    rules: RuleSet,
) -> Team | None:
    """The team that has won once a hand is scored, or None while the game goes on."""
    defending = declaring.other
    if (
        rules.steal_five_wins
        and defenders_took_five
        and before[defending.value] >= rules.defender_limit
    ):
        return defending
    reached = [team for team in (Team.NS, Team.EW) if after[team.value] >= rules.target]
    if len(reached) == 1:
        return reached[0]
    if len(reached) == 2:
        return _tie_break(after, declaring, made)
    if rules.lose_at_minus_52:
        sunk = [team for team in (Team.NS, Team.EW) if after[team.value] <= MINUS_LIMIT]
        if len(sunk) == 1:
            return sunk[0].other
        if len(sunk) == 2:
            if after[0] != after[1]:
                return Team.NS if after[0] > after[1] else Team.EW
            return defending  # equal: the declaring team loses
    return None


def _tie_break(after: tuple[int, int], declaring: Team, made: bool) -> Team:
    """Both reached the target: the declarers if they made it, else the higher score."""
    if made or after[0] == after[1]:
        return declaring
    return Team.NS if after[0] > after[1] else Team.EW
