"""Sentences the table says to the player, built from rules values (no widgets here)."""

from __future__ import annotations

from html import escape

from kaiser_desktop.app.seating import Seating
from kaiser_desktop.rules import (
    AskRedeal,
    Bid,
    Discard,
    HandResult,
    MakeBid,
    NameTrump,
    PassCard,
    Play,
    PlayerView,
    RuleSet,
    Seat,
    SeatAction,
    Suit,
    Team,
    standing_bid,
)

SUIT_NAMES = {Suit.S: "Spades", Suit.H: "Hearts", Suit.D: "Diamonds", Suit.C: "Clubs"}


def trump_text(suit: Suit | None) -> str:
    return "No trump" if suit is None else f"{suit.symbol} {SUIT_NAMES[suit]}"


def contract_text(bid: Bid, trump: Suit | None, trump_named: bool) -> str:
    """"8 ♥", "8 no trump", "Kaiser ♠", or just "8" before trump is named."""
    if bid.no_trump:
        return bid.label
    if not trump_named:
        return bid.label
    return f"{bid.label} {trump.symbol if trump else 'no trump'}"


def team_name(team: Team, seating: Seating) -> str:
    first, second = team.seats
    if seating.is_human(Seat.S) and team is Team.NS:
        return "You & " + seating.name(Seat.N)
    return f"{seating.name(first)} & {seating.name(second)}"


def redeal_prompt() -> str:
    return "Your hand has no ace, no face card, no 5♥ and no 3♠. Ask for a new deal?"


def bidding_prompt(view: PlayerView, seating: Seating) -> str:
    standing = standing_bid(view.bids)
    is_dealer = view.seat == view.dealer
    if standing is None:
        if is_dealer and not any(a for a in view.legal if getattr(a, "bid", None) == Bid(0)):
            return "Everyone passed: as dealer you must bid."
        if is_dealer:
            return "Everyone passed. You are the dealer: bid, or pass to throw the hand in."
        return f"Your bid. Bids start at {view.rules.min_bid}. Bid or pass."
    holder = view.bidders[max(i for i, b in enumerate(view.bids) if b == standing)]
    said = f"{seating.name(holder)} bid {standing.label}."
    if is_dealer:
        return f"{said} As dealer you may equal it to take the contract, bid higher, or pass."
    return f"{said} Bid higher or pass."


def wait_text(seat: Seat, verb: str, seating: Seating) -> str:
    return f"{seating.name(seat)} is thinking about what to {verb}…"


def result_headline(result: HandResult, seating: Seating) -> str:
    if result.kind == "redeal":
        who = seating.name(result.redeal_by) if result.redeal_by else "A player"
        return f"{who} asked for a new deal (a hand with no ace, face card, 5♥ or 3♠)."
    if result.kind == "thrown_in":
        return "Everyone passed: the hand is thrown in and the deal moves on."
    assert result.declarer is not None and result.contract is not None
    team = result.declarer.team
    who = team_name(team, seating)
    raw = result.raw[team.value]
    bid = result.contract
    if bid.is_kaiser:
        return f"{who} {'made' if result.made else 'failed'} the Kaiser bid."
    if result.made:
        extra = raw - bid.level
        over = f", {extra} over" if extra > 0 else ""
        return f"{who} made the contract of {bid.label}: {raw} points{over}."
    return f"{who} bid {bid.label} and took {raw}: failed by {bid.level - raw}."


def summary_html(result: HandResult, seating: Seating, rules: RuleSet) -> str:
    """The hand summary as a small HTML table a person reads at a glance."""
    rows = []
    headline = escape(result_headline(result, seating))
    if result.kind == "played":
        assert result.declarer is not None and result.contract is not None
        rows.append(
            f"<p>Contract: <b>{escape(result.contract.label)}</b> by "
            f"{escape(seating.name(result.declarer))}, trump "
            f"{escape(trump_text(result.trump))}.</p>"
        )
        five = _taker(result.five_taken_by, seating)
        three = _taker(result.three_taken_by, seating)
        rows.append(f"<p>5♥ (+5) taken by <b>{five}</b> · 3♠ (−3) taken by <b>{three}</b></p>")
    table = [
        "<table cellspacing='0' cellpadding='6' style='margin-top:6px'>",
        "<tr><th></th><th align='right'>Tricks</th><th align='right'>Points taken</th>"
        "<th align='right'>Scored</th><th align='right'>Total</th></tr>",
    ]
    for team in (Team.NS, Team.EW):
        i = team.value
        scored = result.points[i]
        table.append(
            f"<tr><td><b>{escape(team_name(team, seating))}</b></td>"
            f"<td align='right'>{result.tricks_won[i]}</td>"
            f"<td align='right'>{result.raw[i]}</td>"
            f"<td align='right'><b>{scored:+d}</b></td>"
            f"<td align='right'><b>{result.score[i]}</b></td></tr>"
        )
    table.append("</table>")
    note = f"<p>First team to {rules.target} wins.</p>"
    return f"<p style='font-size:large'><b>{headline}</b></p>{''.join(rows)}{''.join(table)}{note}"


def _taker(team: Team | None, seating: Seating) -> str:
    return escape(team_name(team, seating)) if team is not None else "nobody"


def winner_text(team: Team, scores: tuple[int, int], seating: Seating) -> str:
    names = team_name(team, seating)
    score = f"{scores[0]} to {scores[1]}" if team is Team.NS else f"{scores[1]} to {scores[0]}"
    if seating.is_human(Seat.S):
        verdict = "You win!" if team is Team.NS else f"{names} win this time."
        return f"{verdict} Final score {score}."
    return f"{names} win, {score}."


# --- hints and "Why?" ------------------------------------------------------------------------


def suggestion_text(action: SeatAction, seating: Seating) -> str:
    """What a hint suggests, as an instruction to the person: "play the K♥"."""
    if isinstance(action, Play):
        return f"play the {action.card.label}"
    if isinstance(action, MakeBid):
        return "pass" if action.bid.is_pass else f"bid {action.bid.label}"
    if isinstance(action, NameTrump):
        return f"name {trump_text(action.suit)} as trump" if action.suit else "play no trump"
    if isinstance(action, PassCard):
        return f"pass the {action.card.label} to {seating.name(Seat.N)}"
    if isinstance(action, Discard):
        first, second = action.cards
        return f"discard the {first.label} and the {second.label}"
    if isinstance(action, AskRedeal):
        return "ask for a new deal" if action.ask else "keep this hand"
    return "wait"


def hint_text(action: SeatAction, reason: str, seating: Seating) -> str:
    """The hint in plain words: "Hint: play the K♥. <reason>"."""
    text = f"Hint: {suggestion_text(action, seating)}."
    reason = reason.strip()
    return f"{text} {reason}" if reason else text


def did_text(seat: Seat, action: SeatAction, seating: Seating) -> str:
    """What a computer player did, in the past tense: "West played the K♥"."""
    name = seating.name(seat)
    if isinstance(action, Play):
        return f"{name} played the {action.card.label}"
    if isinstance(action, MakeBid):
        return f"{name} passed" if action.bid.is_pass else f"{name} bid {action.bid.label}"
    if isinstance(action, NameTrump):
        if action.suit is None:
            return f"{name} chose no trump"
        return f"{name} named {trump_text(action.suit)} as trump"
    if isinstance(action, AskRedeal):
        return f"{name} asked for a new deal" if action.ask else f"{name} kept the hand"
    return f"{name} made a move"


def why_text(seat: Seat, action: SeatAction, reason: str, seating: Seating) -> str:
    """ "West played the K♥: “<reason>”". The reason is quoted: it is the computer
    player's own thought, written to itself ("you cannot win this trick")."""
    reason = reason.strip()
    if not reason:
        return f"{did_text(seat, action, seating)}."
    return f"{did_text(seat, action, seating)}: “{reason}”"


def deal_number_text(number: int | None) -> str:
    """The line under a hand's summary that lets a player note the deal."""
    if number is None:
        return ""
    return f"Deal number {number}. To play these cards again: Game → Replay a deal by number."
