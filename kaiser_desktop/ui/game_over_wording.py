"""The words at the end of the game: the winner, the final score, a word of cheer (no
widgets here; the hand summary is in summary_wording.py)."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QCoreApplication

from kaiser_desktop.app.seating import Seating
from kaiser_desktop.rules import RuleSet, Seat, Team
from kaiser_desktop.ui.said_words import counts, untranslated
from kaiser_desktop.ui.wording import MINUS, number_text, team_name


def translate(context: str, text: str, disambiguation: str | None = None) -> str:
    """`text` in the player's language. A sentence whose subject is the person ("You",
    "You & Pat") is a message of its own, told apart by "you": French says « vous avez »."""
    return QCoreApplication.translate(context, text, disambiguation)


def is_you(team: Team, seating: Seating) -> bool:
    return seating.is_human(Seat.S) and team is Team.NS


# --- game over --------------------------------------------------------------------------------


def _score_line(team: Team, scores: tuple[int, int]) -> str:
    mine, theirs = scores[team.value], scores[team.other.value]
    return translate("Summary", "{mine} to {theirs}").format(
        mine=number_text(mine), theirs=number_text(theirs)
    )


def winner_text(team: Team, scores: tuple[int, int], seating: Seating) -> str:
    """The big line at the end: "You win, 54 to 38!" or "East & West win, 54 to 38." """
    score = _score_line(team, scores)
    if is_you(team, seating):
        return translate("Summary", "You win, {score}!").format(score=score)
    return translate("Summary", "{team} win, {score}.").format(
        team=team_name(team, seating), score=score
    )


def cheer_text(team: Team, seating: Seating) -> str:
    """A word of celebration, or of consolation, for the person at the table."""
    if not seating.is_human(Seat.S):
        return translate("Summary", "Good game!")
    if team is Team.NS:
        return translate("Summary", "Congratulations to you and {partner}. Well played!").format(
            partner=seating.name(Seat.N)
        )
    return translate("Summary", "Well played all the same. Better luck next game!")


def how_it_ended(team: Team, scores: tuple[int, int], seating: Seating, rules: RuleSet) -> str:
    """Why the game ended, when it was not by reaching the target."""
    if scores[team.value] >= rules.target:
        text = (
            translate("Summary", "{team} reached {target} points first.", "you")
            if is_you(team, seating)
            else translate("Summary", "{team} reached {target} points first.")
        )
        return text.format(team=team_name(team, seating), target=rules.target)
    loser = team.other
    if rules.lose_at_minus_52 and scores[loser.value] <= -52:
        text = (
            translate("Summary", "{team} fell to {minus}52 or below, which loses the game.", "you")
            if is_you(loser, seating)
            else translate("Summary", "{team} fell to {minus}52 or below, which loses the game.")
        )
        return text.format(team=team_name(loser, seating), minus=MINUS)
    if rules.steal_five_wins:
        text = (
            translate(
                "Summary",
                "{team} took the 5♥ while on {limit} or more, which wins the game at once.",
                "you",
            )
            if is_you(team, seating)
            else translate(
                "Summary",
                "{team} took the 5♥ while on {limit} or more, which wins the game at once.",
            )
        )
        return text.format(team=team_name(team, seating), limit=rules.defender_limit)
    return ""


def final_score_html(team: Team, scores: tuple[int, int], seating: Seating) -> str:
    final = translate("Summary", "Final score")
    rows = [
        "<table align='center' cellspacing='0' cellpadding='5'>",
        f"<tr><th></th><th align='right'>{escape(final)}</th></tr>",
    ]
    for side in (team, team.other):
        rows.append(
            f"<tr><td><b>{escape(team_name(side, seating))}</b></td>"
            f"<td align='right'><b>{number_text(scores[side.value])}</b></td></tr>"
        )
    rows.append("</table>")
    return "".join(rows)


def games_won_text(won: int, played: int) -> str:
    """From the statistics: "You have won 7 of your 12 games." """
    if played <= 0:
        return ""
    if played == 1:  # not "1 of your 1 game"
        if won:
            return translate("Summary", "You have won your first game.")
        return translate("Summary", "That was your first game.")
    said = counts().games_won(won, played)
    if untranslated(said):
        games = "game" if played == 1 else "games"
        return f"You have won {won} of your {played} {games}."
    return said
