"""What the play so far says about who holds what: a weight for a sampled layout.

Voids are certain and `Knowledge` keeps them. Much else a player shows is only likely: a
player last to a trick their partner has won who keeps the 5♥ back probably has no 5♥ to
give; one who lets the opponents take the 5♥ while holding a card that would have won it
probably held none; one who gives the opponents the 5♥ probably had no other card to
play. `play_weight` multiplies, over every card the other three have played, how likely
that card was from the hand the layout gives them then (1.0 where the play says nothing).
The factors are soft, so a player who plays otherwise (a person, or a deep plan) only
makes a layout less likely, never impossible.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from kaiser_desktop.ai.bidding import best_choice
from kaiser_desktop.ai.common import FIVE, THREE, trump_int
from kaiser_desktop.rules import PlayerView
from kaiser_desktop.rules.fast import winning_index

# How likely a play is, from a hand where it is not what players nearly always do.
KEPT_FIVE_FROM_PARTNER = 0.1  # last to a trick the partner has won, the 5♥ kept back
KEPT_THREE_FROM_OPPONENTS = 0.25  # last to the opponents' trick, let it go, 3♠ kept back
LET_FIVE_GO = 0.1  # last, the opponents take the 5♥ though a card in hand would win it
GAVE_FIVE_AWAY = 0.2  # the 5♥ to the opponents' trick with another card to play
GAVE_THREE_TO_PARTNER = 0.2  # the 3♠ to the partner's trick with another card to play
FOLLOWED_HIGH = 0.25  # followed suit, not winning, with a lower card of the suit in hand
WON_HIGH = 0.3  # last, won the trick while a lower card of the same suit would have too
NAMED_OTHER_TRUMP = 0.25  # the declarer named a suit their hand is not best played in

Weigh = Callable[[list[list[int]]], float]


@dataclass(frozen=True, slots=True)
class _Play:
    """One card another player played, with what they could see then."""

    seat: int
    card: int
    before: tuple[int, ...]  # the trick's cards before it, the led card first
    before_seats: tuple[int, ...]
    last: bool  # the last card of its trick
    played_since: tuple[int, ...]  # this seat's cards from this one on (in hand then)


def _plays(view: PlayerView) -> list[_Play]:
    tricks = [*view.tricks, *([view.current] if view.current is not None else [])]
    seen: list[tuple[int, int, tuple[int, ...], tuple[int, ...], bool]] = []
    for trick in tricks:
        cards = [c.index for c in trick.cards]
        seats = [s.value for s, _ in trick.plays()]
        for i, (seat, card) in enumerate(zip(seats, cards, strict=True)):
            last = i == len(trick.order) - 1
            seen.append((seat, card, tuple(cards[:i]), tuple(seats[:i]), last))
    me = view.seat.value
    out: list[_Play] = []
    for n, (seat, card, before, before_seats, last) in enumerate(seen):
        if seat == me or not before:
            continue  # leads say too little to weigh here
        since = tuple(c for s, c, *_ in seen[n:] if s == seat)
        out.append(_Play(seat, card, before, before_seats, last, since))
    return out


def _likelihood(p: _Play, held: list[int], trump: int) -> float:
    """How likely `p.card` was from `held` (the seat's hand then, `p.card` among it)."""
    led = p.before[0] >> 4
    legal = [c for c in held if c >> 4 == led] or held
    if len(legal) < 2:
        return 1.0
    win = winning_index(list(p.before), trump)
    best = p.before[win]
    partner_winning = (p.before_seats[win] & 1) == (p.seat & 1)

    def beats_best(c: int) -> bool:
        return (c >> 4 == best >> 4 and c > best) or (c >> 4 == trump and best >> 4 != trump)

    wins = beats_best(p.card)
    plain = p.card not in (FIVE, THREE)
    # Lower cards of the played card's suit, never the 5♥ or 3♠ (kept for their points).
    lower = [c for c in legal if c >> 4 == p.card >> 4 and c < p.card and c not in (FIVE, THREE)]
    if partner_winning:
        if p.last and p.card != FIVE and FIVE in legal:
            return KEPT_FIVE_FROM_PARTNER
        if p.last and p.card == THREE:
            return GAVE_THREE_TO_PARTNER
        if plain and p.card >> 4 == led and not wins and lower:
            return FOLLOWED_HIGH
        return 1.0
    if wins:
        if p.last and plain and any(beats_best(c) for c in lower):
            return WON_HIGH
        return 1.0
    if plain and p.card >> 4 == led and lower:
        return FOLLOWED_HIGH
    if p.card == FIVE:
        return GAVE_FIVE_AWAY if p.last else 1.0
    if not p.last:
        return 1.0
    if THREE in legal and p.card != THREE and not (trump == THREE >> 4 and best >> 4 != trump):
        return KEPT_THREE_FROM_OPPONENTS  # (unless the 3♠, a trump, would have won it)
    if FIVE in p.before and any(beats_best(c) for c in legal):
        return LET_FIVE_GO
    return 1.0


def play_weight(view: PlayerView) -> Weigh | None:
    """A layout's likelihood given the other players' cards so far (None: nothing to weigh)."""
    trump = trump_int(view)
    plays = _plays(view)
    if not plays:
        return None

    def weigh(hands: list[list[int]]) -> float:
        w = 1.0
        for p in plays:
            w *= _likelihood(p, [*hands[p.seat], *p.played_since], trump)
        return w

    return weigh


def trump_weight(view: PlayerView) -> Weigh | None:
    """A layout's likelihood given the trump another player named as declarer: players
    name the suit their hand is best played in (as the bidding model reckons it)."""
    if (
        view.declarer is None
        or view.declarer == view.seat
        or view.trump is None
        or view.contract is None
        or view.contract.no_trump
        or view.rules.kitty
    ):
        return None
    seat, trump = view.declarer.value, view.trump.value
    played = [
        c.index
        for t in [*view.tricks, *([view.current] if view.current is not None else [])]
        for s, c in t.plays()
        if s.value == seat
    ]

    def weigh(hands: list[list[int]]) -> float:
        dealt = hands[seat] + played
        return 1.0 if best_choice(dealt, allow_nt=False)[0] == trump else NAMED_OTHER_TRUMP

    return weigh


def layout_weight(view: PlayerView) -> Weigh | None:
    """Both weights together (None: neither has anything to say)."""
    parts = [w for w in (trump_weight(view), play_weight(view)) if w is not None]
    if not parts:
        return None
    if len(parts) == 1:
        return parts[0]
    first, second = parts
    return lambda hands: first(hands) * second(hands)
