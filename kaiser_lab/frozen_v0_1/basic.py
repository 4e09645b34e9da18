"""The Basic computer player: sound rules of thumb, each with a reason a person understands.

Also the shared pieces other levels reuse: the auction (`bid_decision`), the kitty discard,
naming trump, passing to partner and the redeal.
"""

from __future__ import annotations

from kaiser_desktop.ai.base import Bot, Decision
from kaiser_desktop.rules import (
    Bid,
    Card,
    Discard,
    MakeBid,
    NameTrump,
    PassCard,
    Phase,
    Play,
    PlayerView,
    Suit,
    standing_bid,
)
from kaiser_desktop.rules.actions import AskRedeal
from kaiser_lab.frozen_v0_1.common import (
    FIVE,
    NO_TRUMP,
    THREE,
    Knowledge,
    beats,
    knowledge,
    name,
    suit_name,
    trick_winner,
    trump_int,
)
from kaiser_lab.frozen_v0_1.evaluate import ACE, KING, Evaluation, best_trump, evaluate

# --- before the play -------------------------------------------------------------------


def redeal_decision(view: PlayerView) -> Decision:
    return Decision(AskRedeal(True), "No ace, no face card, no 5♥ or 3♠: ask for a new deal.")


def pass_decision(view: PlayerView) -> Decision:
    """Give partner the weakest card, best a low singleton (it leaves a void to trump)."""
    hand = [c.index for c in view.hand]
    lengths = [sum(1 for c in hand if c >> 4 == s) for s in range(4)]
    main = best_trump(hand).trump
    options = [c for c in hand if c not in (FIVE, THREE)] or hand

    def cost(c: int) -> float:
        r = c & 15
        return r + (4 if c >> 4 == main else 0) - (2.5 if lengths[c >> 4] == 1 else 0)

    card = min(options, key=lambda c: (cost(c), c))
    why = "a singleton, so you can trump that suit" if lengths[card >> 4] == 1 else "your weakest"
    return Decision(PassCard(Card.from_index(card)), f"Pass {name(card)}: {why}.")


def bid_decision(
    view: PlayerView, plain: Evaluation, nt: Evaluation, margin: float = 0.0
) -> Decision:
    """Bid what the hand is worth: the cheapest legal bid the estimate covers, or pass.

    `margin` is added to the estimates (the Expert's model is better calibrated).
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
    value = plain.raw + push
    nt_value = nt.raw + push - 0.6  # a failed no-trump costs double
    pass_ok = any(b.is_pass for b in legal)
    kaiser = [b for b in legal if b.is_kaiser]
    if kaiser and plain.sure >= 8:
        return Decision(
            MakeBid(kaiser[0]), "Bid Kaiser: every trick in your hand is a sure winner."
        )
    partner_level = standing.level if standing is not None and standing_by == seat.partner else 0
    if partner_level and pass_ok and value < partner_level + 2.0:
        assert standing is not None
        return Decision(
            MakeBid(Bid(0)),
            f"Pass: your partner's bid of {standing.label} stands and your hand fits it.",
        )
    affordable = [
        b
        for b in legal
        if not b.is_pass
        and not b.is_kaiser
        and (b.level <= (nt_value if b.no_trump else value))
        and (not b.no_trump or nt.raw >= plain.raw)
    ]
    suit = plain.trump
    tricks = round(plain.tricks)
    extras = []
    if plain.five:
        extras.append("the 5♥")
    if plain.three:
        extras.append("the 3♠ to get rid of")
    extra = (", and " + " and ".join(extras)) if extras else ""
    if affordable:
        bid = min(affordable, key=lambda b: b.key)
        if bid.no_trump:
            why = f"Bid {bid.label}: about {round(nt.tricks)} tricks in top cards{extra}."
        else:
            why = f"Bid {bid.label}: about {tricks} tricks with {suit_name(suit)} as trump{extra}."
        return Decision(MakeBid(bid), why)
    if pass_ok:
        need = min((b.level for b in legal if not b.is_pass), default=view.rules.min_bid)
        return Decision(
            MakeBid(Bid(0)),
            f"Pass: your hand is worth about {max(0, int(value))} points, short of {need}.",
        )
    low = min((b for b in legal if not b.no_trump and not b.is_kaiser), key=lambda b: b.key)
    return Decision(
        MakeBid(low),
        f"Everyone passed, so the dealer must bid: {low.label} with {suit_name(suit)} as trump.",
    )


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
    return Decision(action, f"Discard {name(a)} and {name(b)}: your weakest cards.")


def trump_decision(view: PlayerView, ev: Evaluation | None = None) -> Decision:
    hand = [c.index for c in view.hand]
    kaiser = bool(view.contract and view.contract.is_kaiser)
    if ev is None:
        ev = best_trump(hand, allow_nt=kaiser)
    if ev.trump == NO_TRUMP:
        return Decision(NameTrump(None), "No trump: your top cards win in every suit.")
    count = sum(1 for c in hand if c >> 4 == ev.trump)
    tops = [name(c) for c in sorted(hand, reverse=True) if c >> 4 == ev.trump and c & 15 >= KING]
    with_tops = f" with {' and '.join(tops)}" if tops else ""
    return Decision(
        NameTrump(Suit(ev.trump)),
        f"Name {suit_name(ev.trump)} as trump: {count} of them{with_tops}.",
    )


# --- the play ---------------------------------------------------------------------------


class Table:
    """The trick in progress from one seat's point of view."""

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        self.k: Knowledge = knowledge(view)
        self.seat = view.seat.value
        self.partner = (self.seat + 2) & 3
        self.out = view.out_of_play.value if view.out_of_play is not None else -1
        self.trump = trump_int(view)
        trick = view.current
        assert trick is not None
        self.cards = [c.index for c in trick.cards]
        self.seats = [s.value for s in trick.order[: len(self.cards)]]
        self.after = [s.value for s in trick.order[len(self.cards) + 1 :]]
        self.legal = sorted(a.card.index for a in view.legal if isinstance(a, Play))
        self.declaring = view.declarer is not None and view.declarer.team == view.seat.team

    def opponent(self, s: int) -> bool:
        return (s & 1) != (self.seat & 1)

    def can_beat(self, s: int, card: int) -> bool:
        """Could seat `s` (still to play) beat `card`, as far as this seat knows?"""
        k = self.k
        suit = card >> 4
        held = [c for c in k.unseen if k.may_hold(s, c)]
        if any(c >> 4 == suit and c > card for c in held):
            return True
        if self.trump == NO_TRUMP or suit == self.trump:
            return False
        void = (k.voids[s] >> suit) & 1 or not any(c >> 4 == suit for c in held)
        return bool(void) and any(c >> 4 == self.trump for c in held)

    def secure(self, card: int, seats: list[int] | None = None) -> bool:
        """No opponent still to play can beat `card`."""
        todo = self.after if seats is None else seats
        return not any(self.opponent(s) and self.can_beat(s, card) for s in todo)


def _low(cards: list[int], trump: int, avoid: tuple[int, ...] = (FIVE, THREE)) -> int:
    """The cheapest card to give up: low, not trump, not a 5♥/3♠ if avoidable."""
    pool = [c for c in cards if c not in avoid] or cards
    return min(pool, key=lambda c: ((c >> 4) == trump, c & 15, c))


def _shed(t: Table, avoid: tuple[int, ...] = (FIVE, THREE)) -> int:
    """A discard when not following: lowest card of the shortest side suit."""
    hand = t.k.mine
    pool = [c for c in t.legal if c not in avoid] or t.legal
    side = [c for c in pool if c >> 4 != t.trump] or pool

    def key(c: int) -> tuple[int, int, int]:
        length = sum(1 for x in hand if x >> 4 == c >> 4)
        master = int(not higher_than(t, c))
        return (master, c & 15, length)

    return min(side, key=key)


def higher_than(t: Table, card: int) -> list[int]:
    return [c for c in t.k.unseen if c >> 4 == card >> 4 and c > card]


def play_decision(view: PlayerView) -> Decision:
    t = Table(view)
    if len(t.legal) == 1:
        c = t.legal[0]
        return Decision(Play(Card.from_index(c)), f"Play {name(c)}: it is your only legal card.")
    if not t.cards:
        c, why = _lead(t)
    else:
        c, why = _follow(t)
    return Decision(Play(Card.from_index(c)), why)


def _follow(t: Table) -> tuple[int, str]:
    trump = t.trump
    bi = trick_winner(t.cards, trump)
    best, best_seat = t.cards[bi], t.seats[bi]
    led = t.cards[0] >> 4
    following = t.legal[0] >> 4 == led
    opp_after = [s for s in t.after if t.opponent(s)]
    partner_after = t.partner in t.after and t.partner != t.out
    five_in = FIVE in t.cards
    if best_seat == t.partner:
        if t.secure(best):
            if FIVE in t.legal:
                return FIVE, "Your partner is winning this trick: give them the 5♥."
            c = _low(t.legal, trump) if following else _shed(t)
            high = max(t.legal, key=lambda x: x & 15)
            if following and high & 15 >= KING and c != high:
                return c, f"Your partner is winning this trick; keep {name(high)}."
            return c, "Your partner is winning this trick: play low."
        winners = [c for c in t.legal if beats(c, best, trump) and t.secure(c)]
        if winners and (five_in or FIVE in t.k.mine or not opp_after):
            c = min(winners, key=lambda x: ((x >> 4) == trump, x & 15))
            return c, f"Take over with {name(c)}: your partner's card could be beaten."
        c = _low(t.legal, trump) if following else _shed(t)
        return c, "Your partner is winning for now: play low."
    winners = [c for c in t.legal if beats(c, best, trump)]
    sure = [c for c in winners if t.secure(c)]
    if sure:
        c = min(sure, key=lambda x: ((x >> 4) == trump, x & 15, x))
        if five_in:
            return c, f"Win the 5♥ with {name(c)}."
        if (c >> 4) == trump and led != trump:
            return c, f"Trump with {name(c)}: the opponents are winning this trick."
        return c, f"Win the trick with {name(c)}, your cheapest card that holds."
    if winners and not partner_after:
        # Third or last hand: make them pay for the trick with the cheapest card that wins now.
        c = min(winners, key=lambda x: ((x >> 4) == trump, x & 15, x))
        return c, f"Play {name(c)} to force out their higher card."
    # Cannot win: dump the 3♠ if the opponents take this trick, else give up the cheapest card.
    if THREE in t.legal and (not partner_after or not t.can_beat(t.partner, best)):
        return THREE, "Dump the 3♠ on the opponents' trick."
    c = _low(t.legal, trump) if following else _shed(t)
    if FIVE in t.k.mine and c != FIVE:
        return c, f"You cannot win this trick: play {name(c)} and keep the 5♥ safe."
    return c, f"You cannot win this trick: play your cheapest card, {name(c)}."


def _lead(t: Table) -> tuple[int, str]:
    trump = t.trump
    k = t.k
    hand = t.legal
    opps = [s for s in range(4) if t.opponent(s) and s != t.out]
    # 1. The 5♥ when no opponent can beat it: partner (or nobody) holds every higher heart.
    if FIVE in hand and t.secure(FIVE, opps):
        return FIVE, "Lead the 5♥: no opponent can win it."
    # 2. Declarers draw trumps with the top trump while the opponents may hold some.
    if trump != NO_TRUMP and t.declaring:
        opp_trumps = [
            c for c in k.unseen if c >> 4 == trump and any(k.may_hold(s, c) for s in opps)
        ]
        mine = [c for c in hand if c >> 4 == trump]
        if opp_trumps and mine and not higher_than(t, max(mine)):
            c = max(mine)
            return c, f"Lead {name(c)} to draw the opponents' trumps."
    # 3. Protect the 5♥: lead a high heart to clear the way.
    if FIVE in hand:
        hearts = [c for c in hand if c >> 4 == 1 and c != FIVE]
        if hearts and (t.secure(max(hearts), opps) or len(hearts) >= 2):
            c = max(hearts)
            above = higher_than(t, c)
            if above:
                return c, (f"Lead {name(c)} to draw out {name(max(above))} and protect the 5♥.")
            return c, f"Lead {name(c)}: it wins, and keeps the 5♥ safe."
    # 4. Cash a side card nobody can beat.
    masters = [c for c in hand if c >> 4 != trump and c not in (FIVE, THREE) and t.secure(c, opps)]
    if masters:
        c = max(masters, key=lambda x: (x & 15, x))
        return c, f"Lead {name(c)}: no one can beat it."
    # 5. A suit partner can trump.
    p = t.partner
    if p != t.out and trump != NO_TRUMP and (k.voids[p] >> trump) & 1 == 0:
        ruffable = [
            c for c in hand if c >> 4 != trump and (k.voids[p] >> (c >> 4)) & 1 and c != FIVE
        ]
        if ruffable:
            c = min(ruffable, key=lambda x: (x == THREE, x & 15))
            return (
                c,
                f"Lead {name(c)}: your partner is out of {suit_name(c >> 4)} and can trump it.",
            )

    # 6. Low from the longest side suit, not away from a lone king.
    def key(c: int) -> tuple[int, int, int, int]:
        s = c >> 4
        suit = [x for x in hand if x >> 4 == s]
        length = len(suit)
        guarded_king = int(
            any(x & 15 == KING for x in suit) and not any(x & 15 == ACE for x in suit)
        )
        return (int(c in (FIVE, THREE)), int(s == trump), guarded_king, -length)

    c = min(hand, key=lambda x: (*key(x), x & 15))
    if c == THREE:
        return c, "Lead the 3♠: every other card is worth more to keep."
    if c == FIVE:
        return c, "Lead the 5♥: you have nothing safer."
    if c >> 4 == trump:
        if all(x >> 4 == trump for x in hand):
            return c, f"Lead {name(c)}: you have only trumps left."
        return c, f"Lead {name(c)}: your other suits are better kept."
    return c, f"Lead {name(c)}, a low card from your longest suit."


class BasicBot(Bot):
    """Rules of thumb: count sure tricks to bid, cheapest winning card, care of the 5♥/3♠."""

    level = "basic-v0.1"

    def decide(self, view: PlayerView) -> Decision:
        if not view.legal:
            raise ValueError("It is not this seat's turn.")
        phase = view.phase
        if phase is Phase.REDEAL:
            return redeal_decision(view)
        if phase is Phase.PASSING:
            return pass_decision(view)
        if phase is Phase.BIDDING:
            return basic_bid(view)
        if phase is Phase.DISCARD:
            return discard_decision(view)
        if phase is Phase.TRUMP:
            return trump_decision(view)
        return play_decision(view)
