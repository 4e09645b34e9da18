"""The words after a hand and at game over, for hand-built results (RULES.md's examples)."""

from __future__ import annotations

import re

from kaiser_desktop.app.seating import Seating
from kaiser_desktop.rules import KAISER, Bid, HandResult, RuleSet, Seat, Suit, Team
from kaiser_desktop.ui.summary_wording import (
    cheer_text,
    how_it_ended,
    result_headline,
    summary_html,
    team_line,
    trump_line,
    winner_text,
)
from kaiser_desktop.ui.wording import MINUS, change_text, number_text, points_text

SEATING = Seating()  # You (South) & Pat (North) against East & West
NS, EW = Team.NS, Team.EW


def hand(
    declarer: Seat,
    bid: Bid,
    trump: Suit | None,
    tricks: tuple[int, int],
    five: Team | None,
    three: Team | None,
    raw: tuple[int, int],
    points: tuple[int, int],
    before: tuple[int, int] = (10, 20),
) -> HandResult:
    made = points[declarer.team.value] > 0
    score = (before[0] + points[0], before[1] + points[1])
    return HandResult(
        4, Seat.N, "played", None, declarer, bid, trump, raw, points, score, made,
        tricks, five, three,
    )  # fmt: skip


def plain(html: str) -> str:
    text = re.sub(r"<[^>]+>", " ", html).replace("&amp;", "&").replace("&#x27;", "'")
    return re.sub(r"\s+", " ", text).strip()


def lines(result: HandResult, rules: RuleSet | None = None) -> list[str]:
    rules = rules or RuleSet()
    assert result.declarer is not None
    first = result.declarer.team
    return [
        result_headline(result, SEATING),
        trump_line(result, SEATING),
        team_line(result, first, SEATING, rules),
        team_line(result, first.other, SEATING, rules),
    ]


def test_failed_bid_counts_tricks_and_points_apart() -> None:
    # RULES.md example 2: five tricks with the 5♥ and the 3♠ are 7 points, short of 8.
    result = hand(Seat.E, Bid(8), Suit.H, (3, 5), EW, EW, (3, 7), (3, -8))
    assert lines(result) == [
        "East & West bid 8 and did not make it.",
        "East named hearts (♥) as trump.",
        "East & West: 5 tricks + 5♥ − 3♠ = 7 points; the bid was 8: failed, −8.",
        "You & Pat: 3 tricks = 3 points, so +3.",
    ]


def test_made_bid_with_the_five_and_the_other_side_with_the_three() -> None:
    # RULES.md example 3: 7 tricks with the 5♥ are 12; the last trick with the 3♠ is −2.
    result = hand(Seat.S, Bid(9), Suit.S, (7, 1), NS, EW, (12, -2), (12, -2))
    assert lines(result) == [
        "You & Pat bid 9 and made it.",
        "You named spades (♠) as trump.",
        "You & Pat: 7 tricks + 5♥ = 12 points; the bid was 9: made, +12.",
        "East & West: 1 trick − 3♠ = −2 points, so −2.",
    ]


def test_no_trump_made_says_it_counts_double() -> None:
    result = hand(Seat.W, Bid(7, True), None, (1, 7), EW, EW, (1, 9), (1, 18))
    assert lines(result) == [
        "East & West bid 7 no trump and made it.",
        "There was no trump.",
        "East & West: 7 tricks + 5♥ − 3♠ = 9 points; the bid was 7 no trump: made, "
        "and no trump counts double: 2 × 9 = +18.",
        "You & Pat: 1 trick = 1 point, so +1.",
    ]


def test_no_trump_failed_loses_double_the_bid() -> None:
    result = hand(Seat.W, Bid(7, True), None, (3, 5), NS, EW, (8, 2), (8, -14))
    assert lines(result)[2:] == [
        "East & West: 5 tricks − 3♠ = 2 points; the bid was 7 no trump: failed, "
        "and no trump counts double: −14.",
        "You & Pat: 3 tricks + 5♥ = 8 points, so +8.",
    ]


def test_defenders_on_45_or_more_score_nothing_but_still_lose_the_three() -> None:
    # RULES.md example 5: on 47 with 4 points: +0; on 47 with −2: −2.
    kept = hand(Seat.E, Bid(6), Suit.C, (4, 4), EW, EW, (4, 6), (0, 6), before=(47, 20))
    assert lines(kept)[3] == (
        "You & Pat: 4 tricks = 4 points, but a team already on 45 or more scores nothing "
        "unless it bid: 0."
    )
    lost = hand(Seat.E, Bid(6), Suit.C, (1, 7), EW, NS, (-2, 12), (-2, 12), before=(47, 20))
    assert lines(lost)[3] == (
        "You & Pat: 1 trick − 3♠ = −2 points; a team already on 45 or more still loses these: −2."
    )


def test_bid_out_says_why_the_defenders_score_nothing() -> None:
    rules = RuleSet(bid_out=True)
    # East bids 6 and makes it; North-South, on 40, take 4 points: 44 is short of 52, +4.
    counted = hand(Seat.E, Bid(6), Suit.C, (4, 4), EW, EW, (4, 6), (4, 6), before=(40, 20))
    assert lines(counted, rules)[3] == "You & Pat: 4 tricks = 4 points, so +4."
    # Playing to 48, North-South on 44 would reach it with those 4 points: they score 0.
    short = RuleSet(bid_out=True, target=48, defender_limit=47)
    zero = hand(Seat.E, Bid(6), Suit.C, (4, 4), EW, EW, (4, 6), (0, 6), before=(44, 20))
    assert lines(zero, short)[3] == (
        "You & Pat: 4 tricks = 4 points, but 48 can only be reached by winning a bid: 0."
    )


def test_three_trick_rule_is_explained_in_the_sum() -> None:
    rules = RuleSet(three_trick_rule=True)
    result = hand(Seat.N, Bid(7), Suit.D, (6, 2), NS, EW, (11, -3), (11, -3))
    assert lines(result, rules)[3] == (
        "East & West: 2 tricks with the 3♠ (fewer than 3 tricks) = −3 points, so −3."
    )
    short = hand(Seat.N, Bid(7), Suit.D, (6, 2), EW, NS, (3, 2), (-7, 2))
    assert lines(short, rules)[2:] == [
        "You & Pat: 6 tricks − 3♠ = 3 points; the bid was 7: failed, −7.",
        "East & West: 2 tricks (the 5♥ counts only with 3 tricks or more) = 2 points, so +2.",
    ]


def test_kaiser_bid_is_scored_by_tricks_and_says_what_was_out_of_play() -> None:
    rules = RuleSet(kaiser_bid=True)
    made = hand(Seat.N, KAISER, Suit.D, (8, 0), None, NS, (5, 0), (40, 0))
    assert lines(made, rules) == [
        "Pat bid Kaiser and took every trick!",
        "Pat played alone, with diamonds (♦) as trump, and had to win all 8 tricks.",
        "You & Pat: 8 of the 8 tricks; Kaiser needs all 8 tricks: made, +40.",
        "East & West: no tricks = 0 points, so 0.",
    ]
    assert "The 5♥ stayed in the hand that was out of play: nobody scores it." in plain(
        summary_html(made, SEATING, rules)
    )
    failed = hand(Seat.E, KAISER, None, (1, 7), NS, EW, (6, 4), (6, -40))
    assert lines(failed, rules)[0] == "East bid Kaiser and did not take every trick."
    assert lines(failed, rules)[1] == (
        "East played alone, with no trump, and had to win all 8 tricks."
    )
    assert lines(failed, rules)[2] == (
        "East & West: 7 of the 8 tricks; Kaiser needs all 8 tricks: failed, −40."
    )


def test_a_sum_the_rules_did_not_make_falls_back_to_the_plain_figure() -> None:
    # A variant this text does not know must never be explained with a wrong sum.
    odd = hand(Seat.E, Bid(8), Suit.H, (3, 5), EW, EW, (3, 9), (3, 9))
    assert lines(odd)[2] == "East & West: 9 points; the bid was 8: made, +9."


def test_summary_has_totals_with_one_minus_sign_and_the_target() -> None:
    result = hand(Seat.E, Bid(8), Suit.H, (3, 5), EW, EW, (3, 7), (3, -8), before=(10, 2))
    text = plain(summary_html(result, SEATING, RuleSet()))
    assert "You & Pat +3 13" in text and "East & West −8 −6" in text
    assert text.endswith("First to 52 points wins.")
    assert "-" not in text.replace("−", "")  # no hyphen posing as a minus
    assert "trump No trump" not in text


def test_redeal_and_thrown_in_say_what_happened() -> None:
    redeal = HandResult(
        2, Seat.W, "redeal", Seat.E, None, None, None, (0, 0), (0, 0), (0, 0), None,
        (0, 0), None, None,
    )  # fmt: skip
    assert result_headline(redeal, SEATING) == (
        "East asked for a new deal: no ace, no face card, no 5♥ and no 3♠."
    )
    thrown = HandResult(
        2, Seat.W, "thrown_in", None, None, None, None, (0, 0), (0, 0), (0, 0), None,
        (0, 0), None, None,
    )  # fmt: skip
    assert result_headline(thrown, SEATING) == (
        "Everyone passed, so this hand is not played. The next player deals."
    )


def test_game_over_for_a_win_and_for_a_loss() -> None:
    assert winner_text(NS, (54, 38), SEATING) == "You win, 54 to 38!"
    assert cheer_text(NS, SEATING) == "Congratulations to you and Pat. Well played!"
    assert winner_text(EW, (-6, 52), SEATING) == "East & West win, 52 to −6."
    assert cheer_text(EW, SEATING) == "Well played all the same. Better luck next game!"
    assert how_it_ended(EW, (-6, 52), SEATING, RuleSet()) == (
        "East & West reached 52 points first."
    )
    steal = RuleSet(defender_limit=47, steal_five_wins=True)
    assert how_it_ended(NS, (49, 30), SEATING, steal) == (
        "You & Pat took the 5♥ while on 47 or more, which wins the game at once."
    )
    sunk = RuleSet(lose_at_minus_52=True)
    assert how_it_ended(NS, (20, -55), SEATING, sunk) == (
        "East & West fell to −52 or below, which loses the game."
    )
    watching = Seating.all_computers()
    assert not winner_text(NS, (54, 38), watching).startswith("You win")  # nobody is "you"


def test_one_minus_sign_helpers() -> None:
    assert MINUS == "\u2212"
    assert [number_text(n) for n in (-3, 0, 12)] == ["−3", "0", "12"]
    assert [change_text(n) for n in (-8, 0, 9)] == ["−8", "0", "+9"]
    assert [points_text(n) for n in (1, -1, 7)] == ["1 point", "−1 point", "7 points"]
