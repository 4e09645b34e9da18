"""The words after a hand and at the end of the game (no widgets here).

Tricks and points are kept apart: "5 tricks + 5♥ − 3♠ = 7 points", then what the bid made of
those points. Every number said is worked out again here and checked against the rules'
own result; if a variant ever scores differently, the sentence falls back to the plain
figure rather than explain a sum that does not add up.
"""

from __future__ import annotations

from html import escape

from kaiser_desktop.app.seating import Seating
from kaiser_desktop.rules import HandResult, RuleSet, Seat, Team
from kaiser_desktop.ui.wording import MINUS, change_text, number_text, points_text, team_name

KAISER_POINTS = 40  # RULES.md: a Kaiser bid scores ±40, never doubled
TRICKS_PER_HAND = 8


def _tricks(count: int) -> str:
    return "no tricks" if count == 0 else f"{count} trick{'' if count == 1 else 's'}"


def _count_terms(tricks: int, five: bool, three: bool, rules: RuleSet) -> tuple[str, int]:
    """The left side of the sum and its value: ("5 tricks + 5♥ − 3♠", 7)."""
    if rules.three_trick_rule and three and tricks < 3:
        return f"{_tricks(tricks)} with the 3♠ (fewer than 3 tricks)", -3
    terms, value = _tricks(tricks), tricks
    if five:
        if rules.three_trick_rule and tricks < 3:
            terms += " (the 5♥ counts only with 3 tricks or more)"
        else:
            terms, value = terms + " + 5♥", value + 5
    if three:
        terms, value = f"{terms} {MINUS} 3♠", value - 3
    return terms, value


def points_sum(result: HandResult, team: Team, rules: RuleSet) -> str:
    """ "5 tricks + 5♥ − 3♠ = 7 points" (or just "7 points" if the sum would not match)."""
    i = team.value
    raw = result.raw[i]
    terms, value = _count_terms(
        result.tricks_won[i], result.five_taken_by is team, result.three_taken_by is team, rules
    )
    return f"{terms} = {points_text(raw)}" if value == raw else points_text(raw)


def _declarer_verdict(result: HandResult) -> str:
    """What the bid made of the points: "the bid was 8: failed, −8"."""
    assert result.contract is not None and result.declarer is not None
    bid, made = result.contract, bool(result.made)
    i = result.declarer.team.value
    scored, raw = result.points[i], result.raw[i]
    word = "made" if made else "failed"
    if bid.is_kaiser:
        if scored == (KAISER_POINTS if made else -KAISER_POINTS):
            return f"Kaiser needs all {TRICKS_PER_HAND} tricks: {word}, {change_text(scored)}"
    elif bid.no_trump:
        if made and scored == 2 * raw:
            doubled = f"2 × {number_text(raw)} = {change_text(scored)}"
            return f"the bid was {bid.label}: made, and no trump counts double: {doubled}"
        if not made and scored == -2 * bid.level:
            lost = change_text(scored)
            return f"the bid was {bid.label}: failed, and no trump counts double: {lost}"
    return f"the bid was {bid.label}: {word}, {change_text(scored)}"


def _defender_verdict(result: HandResult, team: Team, rules: RuleSet) -> str:
    """The team that did not bid: its points count, except near the end of the game."""
    i = team.value
    scored, raw = result.points[i], result.raw[i]
    before = result.score[i] - scored
    limit = rules.defender_limit
    if before >= limit and raw > 0 and scored == 0:
        return f"but a team already on {limit} or more scores nothing unless it bid: 0"
    if before >= limit and raw < 0 and scored == raw:
        return f"a team already on {limit} or more still loses these: {change_text(scored)}"
    if rules.bid_out and raw > 0 and scored == 0:
        return f"but {rules.target} can only be reached by winning a bid: 0"
    return f"so {change_text(scored)}"


def team_line(result: HandResult, team: Team, seating: Seating, rules: RuleSet) -> str:
    """One team's hand in a sentence: "East & West: 5 tricks + 5♥ − 3♠ = 7 points;
    the bid was 8: failed, −8." """
    assert result.declarer is not None
    name = team_name(team, seating)
    if team is not result.declarer.team:
        verdict = _defender_verdict(result, team, rules)
        joiner = "; " if verdict.startswith("a team") else ", "
        return f"{name}: {points_sum(result, team, rules)}{joiner}{verdict}."
    verdict = _declarer_verdict(result)
    if result.contract is not None and result.contract.is_kaiser:
        # A Kaiser bid is scored by tricks alone: the 5♥ and 3♠ do not change it.
        taken = result.tricks_won[team.value]
        return f"{name}: {taken} of the {TRICKS_PER_HAND} tricks; {verdict}."
    return f"{name}: {points_sum(result, team, rules)}; {verdict}."


def trump_line(result: HandResult, seating: Seating) -> str:
    """The trump (the headline already says the bid): "East named hearts (♥) as trump." """
    assert result.declarer is not None and result.contract is not None
    who, trump = seating.name(result.declarer), result.trump
    if result.contract.is_kaiser:
        named = f"with {trump.plural} ({trump.symbol}) as trump" if trump else "with no trump"
        return f"{who} played alone, {named}, and had to win all {TRICKS_PER_HAND} tricks."
    if trump is None:
        return "There was no trump."
    return f"{who} named {trump.plural} ({trump.symbol}) as trump."


def result_headline(result: HandResult, seating: Seating) -> str:
    if result.kind == "redeal":
        who = seating.name(result.redeal_by) if result.redeal_by else "A player"
        return f"{who} asked for a new deal: no ace, no face card, no 5♥ and no 3♠."
    if result.kind == "thrown_in":
        return "Everyone passed, so this hand is not played. The next player deals."
    assert result.declarer is not None and result.contract is not None
    who = team_name(result.declarer.team, seating)
    if result.contract.is_kaiser:
        if result.made:
            return f"{seating.name(result.declarer)} bid Kaiser and took every trick!"
        return f"{seating.name(result.declarer)} bid Kaiser and did not take every trick."
    verdict = "made it" if result.made else "did not make it"
    return f"{who} bid {result.contract.label} and {verdict}."


def _missing_cards(result: HandResult) -> str:
    """Under a Kaiser bid the partner's cards are out of play: say where a 5♥/3♠ went."""
    if result.contract is None or not result.contract.is_kaiser:
        return ""
    gone = [card for card, team in (("5♥", result.five_taken_by), ("3♠", result.three_taken_by))
            if team is None]
    if not gone:
        return ""
    cards = " and the ".join(gone)
    return f"<p>The {cards} stayed in the hand that was out of play: nobody scores it.</p>"


def _totals_table(result: HandResult, seating: Seating) -> str:
    rows = [
        "<table cellspacing='0' cellpadding='5' style='margin-top:4px'>",
        "<tr><th></th><th align='right'>This hand</th><th align='right'>Total</th></tr>",
    ]
    for team in (Team.NS, Team.EW):
        i = team.value
        rows.append(
            f"<tr><td><b>{escape(team_name(team, seating))}</b></td>"
            f"<td align='right'>{change_text(result.points[i])}</td>"
            f"<td align='right'><b>{number_text(result.score[i])}</b></td></tr>"
        )
    rows.append("</table>")
    return "".join(rows)


def hand_details_html(
    result: HandResult, seating: Seating, rules: RuleSet, *, full: bool = True
) -> str:
    """Each team's sum (the bidders first); `full` adds the trump and the running totals
    (the game-over panel leaves them out: it shows the final score instead)."""
    assert result.declarer is not None
    declaring = result.declarer.team
    lines = [f"<p>{escape(trump_line(result, seating))}</p>"] if full else []
    for team in (declaring, declaring.other):
        lines.append(f"<p>{escape(team_line(result, team, seating, rules))}</p>")
    lines.append(_missing_cards(result))
    if full:
        lines.append(_totals_table(result, seating))
    return "".join(lines)


def summary_html(
    result: HandResult, seating: Seating, rules: RuleSet, *, compact: bool = False
) -> str:
    """The hand summary a person reads at a glance: headline, the sums, the totals.
    `compact` (for a small window): without the trump line and the target."""
    headline = f"<p style='font-size:large'><b>{escape(result_headline(result, seating))}</b></p>"
    if result.kind != "played":
        return headline
    if compact:
        sums = hand_details_html(result, seating, rules, full=False)
        return headline + sums + _totals_table(result, seating)
    goal = f"<p>First to {rules.target} points wins.</p>"
    return headline + hand_details_html(result, seating, rules) + goal


# --- game over --------------------------------------------------------------------------------


def _score_line(team: Team, scores: tuple[int, int]) -> str:
    mine, theirs = scores[team.value], scores[team.other.value]
    return f"{number_text(mine)} to {number_text(theirs)}"


def winner_text(team: Team, scores: tuple[int, int], seating: Seating) -> str:
    """The big line at the end: "You win, 54 to 38!" or "East & West win, 54 to 38." """
    score = _score_line(team, scores)
    if seating.is_human(Seat.S) and team is Team.NS:
        return f"You win, {score}!"
    return f"{team_name(team, seating)} win, {score}."


def cheer_text(team: Team, seating: Seating) -> str:
    """A word of celebration, or of consolation, for the person at the table."""
    if not seating.is_human(Seat.S):
        return "Good game!"
    if team is Team.NS:
        return f"Congratulations to you and {seating.name(Seat.N)}. Well played!"
    return "Well played all the same. Better luck next game!"


def how_it_ended(team: Team, scores: tuple[int, int], seating: Seating, rules: RuleSet) -> str:
    """Why the game ended, when it was not by reaching the target."""
    if scores[team.value] >= rules.target:
        return f"{team_name(team, seating)} reached {rules.target} points first."
    loser = team.other
    if rules.lose_at_minus_52 and scores[loser.value] <= -52:
        return f"{team_name(loser, seating)} fell to {MINUS}52 or below, which loses the game."
    if rules.steal_five_wins:
        return (
            f"{team_name(team, seating)} took the 5♥ while on {rules.defender_limit} or more, "
            "which wins the game at once."
        )
    return ""


def final_score_html(team: Team, scores: tuple[int, int], seating: Seating) -> str:
    rows = [
        "<table align='center' cellspacing='0' cellpadding='5'>",
        "<tr><th></th><th align='right'>Final score</th></tr>",
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
    games = "game" if played == 1 else "games"
    return f"You have won {won} of your {played} {games}."
