"""What the play so far says about who holds what: a weight for a sampled layout.

Voids are certain and `Knowledge` keeps them. Much else a player shows is only likely: a
player last to a trick their partner has won who keeps the 5♥ back probably has no 5♥ to
give; one who lets the opponents' card stand (the 5♥ with it, all the more) while holding
a card that beats it probably held none; one who trumps the partner's winning card
probably had nothing else to play; one who gives the opponents the 5♥ probably had no
other card to play; one out of the suit led who throws a card seldom keeps a lower one of
its suit; a player other than the declarer who leads a side suit's lower card seldom
holds its ace. `play_weight` multiplies, over every card the other three have played, how
likely that card was from the hand the layout gives them then (1.0 where the play says
nothing; where it says several things, the least likely reading counts). The factors are
soft, so a player who plays otherwise (a person, or a deep plan) only makes a layout less
likely, never impossible.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from kaiser_desktop.ai.bidding import best_choice
from kaiser_desktop.ai.common import FIVE, THREE, beats, played_by_seat, trump_int
from kaiser_desktop.ai.evaluate import ACE
from kaiser_desktop.ai.solver import mask_of
from kaiser_desktop.ai.solver_bounds import SUIT_MASK
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
DISCARDED_HIGH = 0.25  # showed out and threw a card with a lower one of its suit in hand
UNDERLED_ACE = 0.1  # not the declarer, led a side suit's lower card holding its ace
# Let the opponents' card stand while holding one that beats it (a higher card of the suit
# led, or a trump when out of it), by the place played to the trick: second, third, last
# (Expert self-play, 400 deals: 24%, 10% and 13% of the times it could).
LET_TRICK_GO = (0.25, 0.1, 0.15)
# Out of the suit led, trumped the partner's winning card while holding a plain card to
# throw (the same deals: 31% of the times third to the trick, 18% last).
RUFFED_PARTNER = 0.25
NAMED_OTHER_TRUMP = 0.25  # the declarer named a suit their hand is not best played in

Weigh = Callable[[list[list[int]]], float]


ANY = (1 << 64) - 1  # every card's bit (a card's index is its bit)


@dataclass(frozen=True, slots=True)
class _Play:
    """One card another player played, read once: the seat's hand then is its cards now
    (from the layout) and `since`; the first of `checks` whose cards that hand held
    gives the play's likelihood (none: 1.0)."""

    seat: int
    since: int  # this seat's cards from this one on, as bits
    checks: tuple[tuple[int, float], ...]


def _checks(
    seat: int, card: int, before: list[int], before_seats: list[int], last: bool, trump: int
) -> list[tuple[int, float]]:
    """What would have made `card` an unlikely play, as (cards held then, likelihood), in
    any order."""
    led = before[0] >> 4
    # The cards that were legal besides this one: the led suit's if it followed suit, any
    # card if it did not (its hand then held none of the led suit).
    scope = (SUIT_MASK[led] if card >> 4 == led else ANY) & ~(1 << card)
    win = winning_index(before, trump)
    best = before[win]
    wins = beats(card, best, trump)
    plain = card not in (FIVE, THREE)
    suit = card >> 4
    # Lower cards of the played card's suit, never the 5♥ or 3♠ (kept for their points).
    lower = mask_of([c for c in range(suit * 16, card) if c not in (FIVE, THREE)]) & scope
    high: list[tuple[int, float]] = []  # a card thrown high, with a lower one of its suit
    if plain and suit == led and not wins:
        high = [(lower, FOLLOWED_HIGH)]
    elif plain and suit not in (led, trump):  # a discard: out of the suit led, not a trump
        high = [(lower, DISCARDED_HIGH)]
    winners = mask_of([c for c in range(64) if (scope >> c) & 1 and beats(c, best, trump)])
    five, three = (1 << FIVE) & scope, (1 << THREE) & scope
    if (before_seats[win] & 1) == (seat & 1):  # the partner was winning
        ruffed: list[tuple[int, float]] = []
        if plain and suit == trump != led:
            ruffed = [(scope & ~SUIT_MASK[trump] & ~(1 << THREE), RUFFED_PARTNER)]
        if last and card != FIVE:
            return (
                [(five, KEPT_FIVE_FROM_PARTNER)]
                + ([(scope, GAVE_THREE_TO_PARTNER)] if card == THREE else [])
                + ruffed
                + high
            )
        return ruffed + high
    if wins:
        return [(lower & winners, WON_HIGH)] if last and plain else []
    checks = high
    if card == FIVE:
        return checks + ([(scope, GAVE_FIVE_AWAY)] if last else [])
    if card != THREE and THREE not in before:  # (nobody wants a trick with the 3♠ in it)
        checks.append((winners, LET_TRICK_GO[len(before) - 1]))
    if last:
        if not (trump == THREE >> 4 and best >> 4 != trump):  # (the 3♠, a trump, would win)
            checks.append((three, KEPT_THREE_FROM_OPPONENTS))
        if FIVE in before:
            checks.append((winners, LET_FIVE_GO))
    return checks


def _lead_checks(card: int, trump: int) -> list[tuple[int, float]]:
    """A lead below the ace of a side suit: the leader seldom held the ace (Expert self-play:
    none of 388 leads by defenders or the declarer's partner; at random, 7-9% would be)."""
    suit = card >> 4
    ace = suit * 16 + ACE
    if suit == trump or card in (ace, FIVE, THREE):
        return []
    return [(1 << ace, UNDERLED_ACE)]


def _plays(view: PlayerView, trump: int) -> list[_Play]:
    tricks = [*view.tricks, *([view.current] if view.current is not None else [])]
    seen: list[tuple[int, int, list[int], list[int], bool]] = []
    for trick in tricks:
        cards = [c.index for c in trick.cards]
        seats = [s.value for s, _ in trick.plays()]
        for i, (seat, card) in enumerate(zip(seats, cards, strict=True)):
            last = i == len(trick.order) - 1
            seen.append((seat, card, cards[:i], seats[:i], last))
    me = view.seat.value
    declarer = view.declarer.value if view.declarer is not None else -1
    out: list[_Play] = []
    for n, (seat, card, before, before_seats, last) in enumerate(seen):
        if seat == me:
            continue
        if before:
            found = _checks(seat, card, before, before_seats, last, trump)
        else:
            found = _lead_checks(card, trump) if seat != declarer else []
        # Least likely first: the first reading the hand fits is the one that counts.
        checks = tuple(sorted(((m, f) for m, f in found if m), key=lambda check: check[1]))
        if checks:
            since = mask_of([c for s, c, *_ in seen[n:] if s == seat])
            out.append(_Play(seat, since, checks))
    return out


def play_weight(view: PlayerView) -> Weigh | None:
    """A layout's likelihood given the other players' cards so far (None: nothing to weigh)."""
    plays = _plays(view, trump_int(view))
    if not plays:
        return None

    def weigh(hands: list[list[int]]) -> float:
        held = [mask_of(h) for h in hands[:4]]
        w = 1.0
        for p in plays:
            then = held[p.seat] | p.since
            for cards, likelihood in p.checks:
                if then & cards:
                    w *= likelihood
                    break
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
    played = played_by_seat(view)[seat]

    named: dict[int, float] = {}  # the declarer's dealt hand, as bits -> its weight

    def weigh(hands: list[list[int]]) -> float:
        key = mask_of(hands[seat])
        w = named.get(key)
        if w is None:
            best = best_choice(hands[seat] + played, allow_nt=False)[0]
            w = named[key] = 1.0 if best == trump else NAMED_OTHER_TRUMP
        return w

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
