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

# The end of the game is in game_over_wording.py; its sentences are found here too.
from kaiser_desktop.ui.game_over_wording import (
    cheer_text,
    final_score_html,
    games_won_text,
    how_it_ended,
    is_you,
    translate,
    winner_text,
)
from kaiser_desktop.ui.said_words import counts, suit_word, untranslated
from kaiser_desktop.ui.wording import (
    MINUS,
    bid_text,
    change_text,
    number_text,
    points_text,
    team_name,
)

KAISER_POINTS = 40  # RULES.md: a Kaiser bid scores ±40, never doubled
TRICKS_PER_HAND = 8


def _tricks(count: int) -> str:
    if count == 0:
        return translate("Summary", "no tricks")
    said = counts().tricks(count, str(count))
    return f"{count} trick{'' if count == 1 else 's'}" if untranslated(said) else said


def _count_terms(tricks: int, five: bool, three: bool, rules: RuleSet) -> tuple[str, int]:
    """The left side of the sum and its value: ("5 tricks + 5♥ − 3♠", 7)."""
    if rules.three_trick_rule and three and tricks < 3:
        text = translate("Summary", "{tricks} with the 3♠ (fewer than 3 tricks)")
        return text.format(tricks=_tricks(tricks)), -3
    terms, value = _tricks(tricks), tricks
    if five:
        if rules.three_trick_rule and tricks < 3:
            terms = translate(
                "Summary", "{tricks} (the 5♥ counts only with 3 tricks or more)"
            ).format(tricks=terms)
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
    change = change_text(scored)
    if bid.is_kaiser:
        if scored == (KAISER_POINTS if made else -KAISER_POINTS):
            text = (
                translate("Summary", "Kaiser needs all {total} tricks: made, {change}")
                if made
                else translate("Summary", "Kaiser needs all {total} tricks: failed, {change}")
            )
            return text.format(total=TRICKS_PER_HAND, change=change)
    elif bid.no_trump:
        if made and scored == 2 * raw:
            doubled = f"2 × {number_text(raw)} = {change}"
            text = translate(
                "Summary", "the bid was {bid}: made, and no trump counts double: {doubled}"
            )
            return text.format(bid=bid_text(bid), doubled=doubled)
        if not made and scored == -2 * bid.level:
            text = translate(
                "Summary", "the bid was {bid}: failed, and no trump counts double: {lost}"
            )
            return text.format(bid=bid_text(bid), lost=change)
    text = (
        translate("Summary", "the bid was {bid}: made, {change}")
        if made
        else translate("Summary", "the bid was {bid}: failed, {change}")
    )
    return text.format(bid=bid_text(bid), change=change)


def _defender_verdict(result: HandResult, team: Team, rules: RuleSet) -> tuple[str, bool]:
    """The team that did not bid: its points count, except near the end of the game.
    Also whether the verdict is a clause of its own (joined with "; ", not ", ")."""
    i = team.value
    scored, raw = result.points[i], result.raw[i]
    before = result.score[i] - scored
    limit = rules.defender_limit
    if before >= limit and raw > 0 and scored == 0:
        text = translate(
            "Summary", "but a team already on {limit} or more scores nothing unless it bid: 0"
        )
        return text.format(limit=limit), False
    if before >= limit and raw < 0 and scored == raw:
        text = translate("Summary", "a team already on {limit} or more still loses these: {change}")
        return text.format(limit=limit, change=change_text(scored)), True
    if rules.bid_out and raw > 0 and scored == 0:
        return translate("Summary", "but {target} can only be reached by winning a bid: 0").format(
            target=rules.target
        ), False
    return translate("Summary", "so {change}").format(change=change_text(scored)), False


def team_line(result: HandResult, team: Team, seating: Seating, rules: RuleSet) -> str:
    """One team's hand in a sentence: "East & West: 5 tricks + 5♥ − 3♠ = 7 points;
    the bid was 8: failed, −8." """
    assert result.declarer is not None
    name = team_name(team, seating)
    if team is not result.declarer.team:
        verdict, own_clause = _defender_verdict(result, team, rules)
        text = (
            translate("Summary", "{name}: {sum}; {verdict}.")
            if own_clause
            else translate("Summary", "{name}: {sum}, {verdict}.")
        )
        return text.format(name=name, sum=points_sum(result, team, rules), verdict=verdict)
    verdict = _declarer_verdict(result)
    if result.contract is not None and result.contract.is_kaiser:
        # A Kaiser bid is scored by tricks alone: the 5♥ and 3♠ do not change it.
        taken = result.tricks_won[team.value]
        said = counts().of_the_tricks(taken, TRICKS_PER_HAND)
        if untranslated(said) or "%n" in said:
            said = f"{taken} of the {TRICKS_PER_HAND} tricks"
        return translate("Summary", "{name}: {taken}; {verdict}.").format(
            name=name, taken=said, verdict=verdict
        )
    text = translate("Summary", "{name}: {sum}; {verdict}.")
    return text.format(name=name, sum=points_sum(result, team, rules), verdict=verdict)


def trump_line(result: HandResult, seating: Seating) -> str:
    """The trump (the headline already says the bid): "East named hearts (♥) as trump." """
    assert result.declarer is not None and result.contract is not None
    who, trump = seating.name(result.declarer), result.trump
    you = result.declarer is Seat.S
    if result.contract.is_kaiser:
        if trump is None:
            text = (
                translate(
                    "Summary",
                    "{who} played alone, with no trump, and had to win all {total} tricks.",
                    "you",
                )
                if you
                else translate(
                    "Summary",
                    "{who} played alone, with no trump, and had to win all {total} tricks.",
                )
            )
            return text.format(who=who, total=TRICKS_PER_HAND)
        text = (
            translate(
                "Summary",
                "{who} played alone, with {suit} ({symbol}) as trump, and had to win all {total} "
                "tricks.",
                "you",
            )
            if you
            else translate(
                "Summary",
                "{who} played alone, with {suit} ({symbol}) as trump, and had to win all {total} "
                "tricks.",
            )
        )
        return text.format(
            who=who, suit=suit_word(trump), symbol=trump.symbol, total=TRICKS_PER_HAND
        )
    if trump is None:
        return translate("Summary", "There was no trump.")
    text = (
        translate("Summary", "{who} named {suit} ({symbol}) as trump.", "you")
        if you
        else translate("Summary", "{who} named {suit} ({symbol}) as trump.")
    )
    return text.format(who=who, suit=suit_word(trump), symbol=trump.symbol)


def result_headline(result: HandResult, seating: Seating) -> str:
    if result.kind == "redeal":
        by = result.redeal_by
        who = seating.name(by) if by else translate("Summary", "A player")
        text = (
            translate(
                "Summary",
                "{who} asked for a new deal: no ace, no face card, no 5♥ and no 3♠.",
                "you",
            )
            if by is Seat.S
            else translate(
                "Summary", "{who} asked for a new deal: no ace, no face card, no 5♥ and no 3♠."
            )
        )
        return text.format(who=who)
    if result.kind == "thrown_in":
        return translate(
            "Summary", "Everyone passed, so this hand is not played. The next player deals."
        )
    assert result.declarer is not None and result.contract is not None
    if result.contract.is_kaiser:
        you, who = result.declarer is Seat.S, seating.name(result.declarer)
        if result.made:
            return (
                translate("Summary", "{who} bid Kaiser and took every trick!", "you")
                if you
                else translate("Summary", "{who} bid Kaiser and took every trick!")
            ).format(who=who)
        return (
            translate("Summary", "{who} bid Kaiser and did not take every trick.", "you")
            if you
            else translate("Summary", "{who} bid Kaiser and did not take every trick.")
        ).format(who=who)
    team = result.declarer.team
    you, who = is_you(team, seating), team_name(team, seating)
    if result.made:
        text = (
            translate("Summary", "{team} bid {bid} and made it.", "you")
            if you
            else translate("Summary", "{team} bid {bid} and made it.")
        )
    else:
        text = (
            translate("Summary", "{team} bid {bid} and did not make it.", "you")
            if you
            else translate("Summary", "{team} bid {bid} and did not make it.")
        )
    return text.format(team=who, bid=bid_text(result.contract))


def _missing_cards(result: HandResult) -> str:
    """Under a Kaiser bid the partner's cards are out of play: say where a 5♥/3♠ went."""
    if result.contract is None or not result.contract.is_kaiser:
        return ""
    five, three = result.five_taken_by is None, result.three_taken_by is None
    if five and three:
        text = translate(
            "Summary",
            "The 5♥ and the 3♠ stayed in the hand that was out of play: nobody scores it.",
        )
    elif five:
        text = translate(
            "Summary", "The 5♥ stayed in the hand that was out of play: nobody scores it."
        )
    elif three:
        text = translate(
            "Summary", "The 3♠ stayed in the hand that was out of play: nobody scores it."
        )
    else:
        return ""
    return f"<p>{escape(text)}</p>"


def _totals_table(result: HandResult, seating: Seating) -> str:
    this_hand, total = translate("Summary", "This hand"), translate("Summary", "Total")
    rows = [
        "<table cellspacing='0' cellpadding='5' style='margin-top:4px'>",
        f"<tr><th></th><th align='right'>{escape(this_hand)}</th>"
        f"<th align='right'>{escape(total)}</th></tr>",
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
    goal = translate("Summary", "First to {target} points wins.").format(target=rules.target)
    goal = f"<p>{escape(goal)}</p>"
    return headline + hand_details_html(result, seating, rules) + goal


__all__ = [
    "cheer_text", "final_score_html", "games_won_text", "how_it_ended", "summary_html",
    "winner_text",
]  # fmt: skip
