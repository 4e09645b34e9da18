"""The Basic player's card play: rules of thumb for leading and following, each with a
reason a person understands (basic.py has the rest of the Basic player)."""

from __future__ import annotations

from kaiser_desktop.ai.base import Decision
from kaiser_desktop.ai.reasons import QT_TRANSLATE_NOOP, card, reason, suit
from kaiser_desktop.rules import Play, PlayerView
from kaiser_lab.frozen_v0_3.common import (
    FIVE,
    NO_TRUMP,
    THREE,
    Knowledge,
    beats,
    knowledge,
    trick_winner,
    trump_int,
)
from kaiser_lab.frozen_v0_3.evaluate import ACE, KING


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
        """No opponent still to play can beat `card`, as the Basic player reckons: an
        opponent not yet seen void in the suit is taken to follow it (a reason may say
        this only as "no opponent can follow with a higher one"; see `certain`)."""
        todo = self.after if seats is None else seats
        return not any(self.opponent(s) and self.can_beat(s, card) for s in todo)

    def certain(self, card: int, seats: list[int] | None = None) -> bool:
        """No opponent among `seats` can beat `card`, whatever the hidden cards are: none
        may hold a higher card of its suit, and none may trump it (no trump, the card is a
        trump, the opponent can hold no trump, or it surely holds the suit and must follow)."""
        k, suit = self.k, card >> 4
        for s in self.after if seats is None else seats:
            if not self.opponent(s) or s == self.out or k.sizes[s] == 0:
                continue
            held = [c for c in k.unseen if k.may_hold(s, c)]
            if any(c >> 4 == suit and c > card for c in held):
                return False
            if self.trump in (NO_TRUMP, suit) or not any(c >> 4 == self.trump for c in held):
                continue
            if not self.must_hold(s, suit):
                return False
        return True

    def must_hold(self, s: int, suit: int) -> bool:
        """Seat `s` surely holds a card of `suit`: one such card can be nowhere else."""
        k = self.k
        for c in k.unseen:
            if c >> 4 != suit:
                continue
            if c in k.known[s]:
                return True
            if any(c in kn for kn in k.known):
                continue  # known to be with someone else
            holders = [x for x in range(5) if x != k.seat and k.sizes[x] > 0 and k.may_hold(x, c)]
            if holders == [s]:
                return True
        return False


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
        why = QT_TRANSLATE_NOOP("Reasons", "Play {card}: it is your only legal card.")
        return Decision(Play(card(c)), reason(why, card=card(c)))
    if not t.cards:
        c, why = _lead(t)
    else:
        c, why = _follow(t)
    return Decision(Play(card(c)), why)


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
                why = QT_TRANSLATE_NOOP(
                    "Reasons", "Your partner is winning this trick: give them the 5♥."
                )
                return FIVE, reason(why)
            c = _low(t.legal, trump) if following else _shed(t)
            high = max(t.legal, key=lambda x: x & 15)
            if following and high & 15 >= KING and c != high:
                why = QT_TRANSLATE_NOOP(
                    "Reasons", "Your partner is winning this trick; keep {card}."
                )
                return c, reason(why, card=card(high))
            return c, reason(
                QT_TRANSLATE_NOOP("Reasons", "Your partner is winning this trick: play low.")
            )
        winners = [c for c in t.legal if beats(c, best, trump) and t.secure(c)]
        if winners and (five_in or FIVE in t.k.mine or not opp_after):
            c = min(winners, key=lambda x: ((x >> 4) == trump, x & 15))
            why = QT_TRANSLATE_NOOP(
                "Reasons", "Take over with {card}: your partner's card could be beaten."
            )
            return c, reason(why, card=card(c))
        c = _low(t.legal, trump) if following else _shed(t)
        return c, reason(QT_TRANSLATE_NOOP("Reasons", "Your partner is winning for now: play low."))
    winners = [c for c in t.legal if beats(c, best, trump)]
    sure = [c for c in winners if t.secure(c)]
    if sure:
        c = _low(sure, trump, avoid=())  # the cheapest that wins, 5♥ and 3♠ included
        if five_in:
            return c, reason(QT_TRANSLATE_NOOP("Reasons", "Win the 5♥ with {card}."), card=card(c))
        if (c >> 4) == trump and led != trump:
            why = QT_TRANSLATE_NOOP(
                "Reasons", "Trump with {card}: the opponents are winning this trick."
            )
            return c, reason(why, card=card(c))
        if t.certain(c):
            why = QT_TRANSLATE_NOOP(
                "Reasons", "Win the trick with {card}, your cheapest card that holds."
            )
        else:  # an opponent after may be out of the suit and trump it
            why = QT_TRANSLATE_NOOP(
                "Reasons",
                "Play {card}, your cheapest winning card: no opponent after you can follow "
                "with a higher one.",
            )
        return c, reason(why, card=card(c))
    if winners and not partner_after:
        # Third or last hand: make them pay for the trick with the cheapest card that wins now.
        c = _low(winners, trump, avoid=())
        why = QT_TRANSLATE_NOOP("Reasons", "Play {card} to force out their higher card.")
        return c, reason(why, card=card(c))
    # Cannot win: dump the 3♠ if the opponents take this trick, else give up the cheapest card.
    if THREE in t.legal and (not partner_after or not t.can_beat(t.partner, best)):
        return THREE, reason(QT_TRANSLATE_NOOP("Reasons", "Dump the 3♠ on the opponents' trick."))
    c = _low(t.legal, trump) if following else _shed(t)
    if FIVE in t.k.mine and c != FIVE:
        why = QT_TRANSLATE_NOOP(
            "Reasons", "You cannot win this trick: play {card} and keep the 5♥ safe."
        )
        return c, reason(why, card=card(c))
    why = QT_TRANSLATE_NOOP(
        "Reasons", "You cannot win this trick: play your cheapest card, {card}."
    )
    return c, reason(why, card=card(c))


def _lead(t: Table) -> tuple[int, str]:
    trump = t.trump
    k = t.k
    hand = t.legal
    opps = [s for s in range(4) if t.opponent(s) and s != t.out]
    # 1. The 5♥ when no opponent can beat it: partner (or nobody) holds every higher heart.
    if FIVE in hand and t.secure(FIVE, opps):
        if t.certain(FIVE, opps):
            return FIVE, reason(
                QT_TRANSLATE_NOOP("Reasons", "Lead the 5♥: no opponent can win it.")
            )
        why = QT_TRANSLATE_NOOP(
            "Reasons", "Lead the 5♥: no opponent can follow with a higher heart."
        )
        return FIVE, reason(why)
    # 2. Declarers draw trumps with the top trump while the opponents may hold some.
    if trump != NO_TRUMP and t.declaring:
        opp_trumps = [
            c for c in k.unseen if c >> 4 == trump and any(k.may_hold(s, c) for s in opps)
        ]
        mine = [c for c in hand if c >> 4 == trump]
        if opp_trumps and mine and not higher_than(t, max(mine)):
            c = max(mine)
            why = QT_TRANSLATE_NOOP("Reasons", "Lead {card} to draw the opponents' trumps.")
            return c, reason(why, card=card(c))
    # 3. Protect the 5♥: lead a high heart to clear the way.
    if FIVE in hand:
        hearts = [c for c in hand if c >> 4 == 1 and c != FIVE]
        if hearts and (t.secure(max(hearts), opps) or len(hearts) >= 2):
            c = max(hearts)
            above = higher_than(t, c)
            if above:
                why = QT_TRANSLATE_NOOP(
                    "Reasons", "Lead {card} to draw out {higher} and protect the 5♥."
                )
                return c, reason(why, card=card(c), higher=card(max(above)))
            if t.certain(c, opps):
                why = QT_TRANSLATE_NOOP("Reasons", "Lead {card}: it wins, and keeps the 5♥ safe.")
            else:
                why = QT_TRANSLATE_NOOP(
                    "Reasons", "Lead {card}: no higher heart is left, and it keeps the 5♥ safe."
                )
            return c, reason(why, card=card(c))
    # 4. Cash a side card no opponent can follow higher (it may still be trumped).
    masters = [c for c in hand if c >> 4 != trump and c not in (FIVE, THREE) and t.secure(c, opps)]
    if masters:
        c = max(masters, key=lambda x: (x & 15, x))
        if not t.certain(c, opps):  # trumps are out with an opponent who may be void
            why = QT_TRANSLATE_NOOP(
                "Reasons", "Lead {card}: no opponent can follow with a higher card in {suit}."
            )
            return c, reason(why, card=card(c), suit=suit(c >> 4))
        why = QT_TRANSLATE_NOOP("Reasons", "Lead {card}: no opponent can beat it.")
        return c, reason(why, card=card(c))
    # 5. A suit partner can trump.
    p = t.partner
    if p != t.out and trump != NO_TRUMP and (k.voids[p] >> trump) & 1 == 0:
        ruffable = [
            c for c in hand if c >> 4 != trump and (k.voids[p] >> (c >> 4)) & 1 and c != FIVE
        ]
        if ruffable:
            c = min(ruffable, key=lambda x: (x == THREE, x & 15))
            why = QT_TRANSLATE_NOOP(
                "Reasons", "Lead {card}: your partner is out of {suit} and may trump it."
            )
            return c, reason(why, card=card(c), suit=suit(c >> 4))

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
        return c, reason(
            QT_TRANSLATE_NOOP("Reasons", "Lead the 3♠: every other card is worth more to keep.")
        )
    if c == FIVE:
        return c, reason(QT_TRANSLATE_NOOP("Reasons", "Lead the 5♥: you have nothing safer."))
    if c >> 4 == trump:
        if all(x >> 4 == trump for x in hand):
            why = QT_TRANSLATE_NOOP("Reasons", "Lead {card}: you have only trumps left.")
            return c, reason(why, card=card(c))
        why = QT_TRANSLATE_NOOP("Reasons", "Lead {card}: your other suits are better kept.")
        return c, reason(why, card=card(c))
    # "Low" only where it is true: a jack led from J-10-9 is the suit's top card, not low.
    why = QT_TRANSLATE_NOOP("Reasons", "Lead {card}, the lowest card of your longest suit.")
    return c, reason(why, card=card(c))
