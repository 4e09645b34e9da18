"""The Basic computer player: sound rules of thumb, each with a reason a person understands.

Also the shared pieces other levels reuse: the auction (`bid_decision`), the kitty discard,
naming trump, passing to partner and the redeal.
"""

from __future__ import annotations

from kaiser_desktop.ai.base import Bot, Decision
from kaiser_desktop.ai.reasons import QT_TRANSLATE_NOOP, Amount, Listing, card, reason, suit
from kaiser_desktop.rules import (
    Bid,
    Card,
    Discard,
    MakeBid,
    NameTrump,
    PassCard,
    Phase,
    PlayerView,
    Suit,
    standing_bid,
)
from kaiser_desktop.rules.actions import AskRedeal
from kaiser_lab.frozen_v0_3.basic_play import Table, play_decision
from kaiser_lab.frozen_v0_3.common import (
    FIVE,
    NO_TRUMP,
    THREE,
)
from kaiser_lab.frozen_v0_3.evaluate import ACE, KING, Evaluation, best_trump, evaluate
from kaiser_lab.frozen_v0_3.open_auction import open_auction_bid

__all__ = ["BasicBot", "Table", "basic_bid", "bid_decision", "play_decision"]

# --- before the play -------------------------------------------------------------------

# What else a hand brings to a bid, said after its trick count.
_EXTRAS = {
    (False, False): "",
    (True, False): QT_TRANSLATE_NOOP("Reasons", ", and the 5♥"),
    (False, True): QT_TRANSLATE_NOOP("Reasons", ", and the 3♠ to get rid of"),
    (True, True): QT_TRANSLATE_NOOP("Reasons", ", and the 5♥ and the 3♠ to get rid of"),
}

# The count misses about 0.6 of what a declarer's side takes (tools/check_bid_calibration.py),
# but adding it made Basic bid more and lose 0.48 points a deal to version 0.1's Basic
# (1,000 deal pairs), so Basic still bids only what it counts.
COUNT_BONUS = 0.0
# No trump when its count, less NT_RISK, covers the bid and is within NT_ALLOWANCE of the
# best suit's (asking it to beat the suit's outright gave no trump in 0.0% of 600 hands).
NT_ALLOWANCE, NT_RISK = 1.0, 0.0


def redeal_decision(view: PlayerView) -> Decision:
    why = QT_TRANSLATE_NOOP("Reasons", "No ace, no face card, no 5♥ or 3♠: ask for a new deal.")
    return Decision(AskRedeal(True), reason(why))


def pass_decision(view: PlayerView) -> Decision:
    """Give partner the weakest card, best a low singleton (it leaves a void to trump)."""
    hand = [c.index for c in view.hand]
    lengths = [sum(1 for c in hand if c >> 4 == s) for s in range(4)]
    main = best_trump(hand).trump
    options = [c for c in hand if c not in (FIVE, THREE)] or hand

    def cost(c: int) -> float:
        r = c & 15
        return r + (4 if c >> 4 == main else 0) - (2.5 if lengths[c >> 4] == 1 else 0)

    given = min(options, key=lambda c: (cost(c), c))
    why = (
        QT_TRANSLATE_NOOP("Reasons", "Pass {card}: a singleton, so you can trump that suit.")
        if lengths[given >> 4] == 1
        else QT_TRANSLATE_NOOP("Reasons", "Pass {card}: your weakest.")
    )
    return Decision(PassCard(card(given)), reason(why, card=card(given)))


def bid_decision(
    view: PlayerView, plain: Evaluation, nt: Evaluation, margin: float = 0.0
) -> Decision:
    """Bid plainly what the hand is worth: the highest bid the estimate covers, or pass.

    `margin` is added to the estimates.
    """
    legal = [a.bid for a in view.legal if isinstance(a, MakeBid)]
    standing = standing_bid(view.bids)
    seat = view.seat
    bidders = view.bidders
    standing_by = None
    if standing is not None:
        idx = max(i for i, b in enumerate(view.bids) if b == standing)
        standing_by = bidders[idx]
    team = seat.team.value
    push = margin
    # Defending at or above the limit scores nothing: take the contract more readily.
    if view.scores[team] >= view.rules.defender_limit:
        push += 0.7
    if standing_by is not None and standing_by.team != seat.team:
        push -= 0.4  # an opponent claims strength, so our side cards are worth less
    push += COUNT_BONUS
    value = plain.raw + push
    nt_value = nt.raw + push - NT_RISK  # a failed no-trump costs double
    pass_ok = any(b.is_pass for b in legal)
    kaiser = [b for b in legal if b.is_kaiser]
    if kaiser and plain.sure >= 8:
        why = QT_TRANSLATE_NOOP("Reasons", "Bid Kaiser: every trick in your hand is a sure winner.")
        return Decision(MakeBid(kaiser[0]), reason(why))
    partner_level = standing.level if standing is not None and standing_by == seat.partner else 0
    if partner_level and pass_ok and value < partner_level + 2.0:
        assert standing is not None
        why = QT_TRANSLATE_NOOP(
            "Reasons", "Pass: your partner's bid of {bid} stands and your hand fits it."
        )
        return Decision(MakeBid(Bid(0)), reason(why, bid=standing))
    affordable = [
        b
        for b in legal
        if not b.is_pass
        and not b.is_kaiser
        and (b.level <= (nt_value if b.no_trump else value))
        and (not b.no_trump or nt.raw >= plain.raw - NT_ALLOWANCE)
    ]
    trump = plain.trump
    tricks = round(plain.tricks)
    extra = reason(_EXTRAS[plain.five, plain.three])
    if affordable:
        bid = max(affordable, key=lambda b: b.key)
        if bid.no_trump:
            why = QT_TRANSLATE_NOOP(
                "Reasons",
                "Bid {bid}: about {tricks} in top cards{extra}; "
                "your side should take about {points}.",
            )
            said = reason(
                why, bid=bid, tricks=Amount(round(nt.tricks), "tricks"), extra=extra,
                points=Amount(int(nt_value), "points"),
            )  # fmt: skip
        else:
            why = QT_TRANSLATE_NOOP(
                "Reasons",
                "Bid {bid}: about {tricks} with {suit} as trump{extra}; "
                "your side should take about {points}.",
            )
            said = reason(
                why, bid=bid, tricks=Amount(tricks, "tricks"), suit=suit(trump), extra=extra,
                points=Amount(int(value), "points"),
            )  # fmt: skip
        return Decision(MakeBid(bid), said)
    if pass_ok:
        need = min((b.level for b in legal if not b.is_pass), default=view.rules.min_bid)
        why = QT_TRANSLATE_NOOP(
            "Reasons", "Pass: your hand is worth about {points}, short of {need}."
        )
        points = Amount(max(0, int(value)), "points")
        return Decision(MakeBid(Bid(0)), reason(why, points=points, need=need))
    low = min((b for b in legal if not b.no_trump and not b.is_kaiser), key=lambda b: b.key)
    why = QT_TRANSLATE_NOOP(
        "Reasons", "Everyone passed, so the dealer must bid: {bid} with {suit} as trump."
    )
    return Decision(MakeBid(low), reason(why, bid=low, suit=suit(trump)))


def basic_bid(view: PlayerView) -> Decision:
    hand = [c.index for c in view.hand]
    return bid_decision(view, best_trump(hand), evaluate(hand, NO_TRUMP))


def discard_decision(view: PlayerView, trump: int | None = None) -> Decision:
    """Kitty: throw two low cards from short side suits (keeping the 5♥ and 3♠, as required)."""
    hand = [c.index for c in view.hand]
    if trump is None:
        trump = best_trump(hand, allow_nt=bool(view.contract and view.contract.is_kaiser)).trump
    if view.contract is not None and view.contract.no_trump:
        trump = NO_TRUMP
    lengths = [sum(1 for c in hand if c >> 4 == s) for s in range(4)]
    options = [c for c in hand if c not in (FIVE, THREE)]

    def keep(c: int) -> float:
        r = c & 15
        return r + 0.6 * lengths[c >> 4] + (12 if c >> 4 == trump else 0) + (6 if r == ACE else 0)

    a, b = sorted(options, key=lambda c: (keep(c), c))[:2]
    pair = (Card.from_index(a), Card.from_index(b))
    legal = [x for x in view.legal if isinstance(x, Discard)]
    action = next((x for x in legal if set(x.cards) == set(pair)), legal[0])
    why = QT_TRANSLATE_NOOP("Reasons", "Discard {first} and {second}: your weakest cards.")
    return Decision(action, reason(why, first=card(a), second=card(b)))


def trump_decision(view: PlayerView, ev: Evaluation | None = None) -> Decision:
    hand = [c.index for c in view.hand]
    kaiser = bool(view.contract and view.contract.is_kaiser)
    if ev is None:
        ev = best_trump(hand, allow_nt=kaiser)
    if ev.trump == NO_TRUMP:
        # Only what is certain: with no trumps, an ace led cannot be beaten; the rest of the
        # hand is the bot's estimate, and said as one ("worth more"), never as "wins".
        aces = [card(c) for c in sorted(hand, reverse=True) if c & 15 == ACE]
        if not aces:
            why = QT_TRANSLATE_NOOP("Reasons", "No trump: your hand is worth more without trumps.")
            return Decision(NameTrump(None), reason(why))
        why = QT_TRANSLATE_NOOP(
            "Reasons",
            "No trump: your hand is worth more without trumps, and then no one can beat "
            "{aces} when led.",
        )
        return Decision(NameTrump(None), reason(why, aces=Listing(tuple(aces))))
    count = sum(1 for c in hand if c >> 4 == ev.trump)
    tops = [card(c) for c in sorted(hand, reverse=True) if c >> 4 == ev.trump and c & 15 >= KING]
    if not tops:
        why = QT_TRANSLATE_NOOP("Reasons", "Name {suit} as trump: {count} of them.")
        return Decision(NameTrump(Suit(ev.trump)), reason(why, suit=suit(ev.trump), count=count))
    why = QT_TRANSLATE_NOOP("Reasons", "Name {suit} as trump: {count} of them with {tops}.")
    said = reason(why, suit=suit(ev.trump), count=count, tops=Listing(tuple(tops)))
    return Decision(NameTrump(Suit(ev.trump)), said)


class BasicBot(Bot):
    """Rules of thumb: count sure tricks to bid, cheapest winning card, care of the 5♥/3♠."""

    level = "basic"

    def decide(self, view: PlayerView) -> Decision:
        if not view.legal:
            raise ValueError("It is not this seat's turn.")
        phase = view.phase
        if phase is Phase.REDEAL:
            return redeal_decision(view)
        if phase is Phase.PASSING:
            return pass_decision(view)
        if phase is Phase.BIDDING:
            return open_auction_bid(view, basic_bid)
        if phase is Phase.DISCARD:
            return discard_decision(view)
        if phase is Phase.TRUMP:
            return trump_decision(view)
        return play_decision(view)
