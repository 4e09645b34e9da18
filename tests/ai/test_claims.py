"""Claims: every claim offered is tried against every layout of the hidden cards, and
every play of the rest; no claim is missed when all layouts agree (within the limits).

The layouts here are found independently of `claims.py`: every split of the unseen cards
into hands of the right sizes, kept when the tricks so far could have been played from it
(each seat followed suit whenever it held the suit led).
"""

from __future__ import annotations

import itertools
import random

import pytest

from kaiser_desktop.ai.claims import MAX_LAYOUTS, MAX_TRICKS, claim
from kaiser_desktop.rules import (
    SEATS,
    Deal,
    GameState,
    Phase,
    PlayerView,
    RuleSet,
    apply,
    legal_actions,
    make_pack,
    new_game,
    observe,
)
from kaiser_desktop.rules.fast import winning_index
from kaiser_desktop.rules.simulate import modest_choice


def end_positions(rules: RuleSet, seed: int, hands: int) -> list[GameState]:
    """Every state of the play with at most MAX_TRICKS tricks to finish, random games."""
    rng = random.Random(seed)
    out: list[GameState] = []
    for _ in range(hands):
        state = new_game(rules, SEATS[rng.randrange(4)])
        state = apply(state, Deal.shuffled(rules, rng, state.dealer))
        while state.phase not in (Phase.HAND_SCORED, Phase.GAME_OVER):
            hand = state.hand
            if (
                state.phase is Phase.PLAY
                and hand is not None
                and len(hand.tricks) >= 8 - MAX_TRICKS
            ):
                out.append(state)
            state = apply(state, modest_choice(rng, legal_actions(state)))
    return out


def consistent_layouts(view: PlayerView) -> list[list[int]]:
    """Every layout (a mask per seat) the seat cannot rule out from what it has seen."""
    me = view.seat.value
    played = {c.index for c in view.played_cards()}
    mine = {c.index for c in view.hand}
    hidden = sorted({c.index for c in make_pack(view.rules.kitty)} - played - mine)
    others = [s for s in range(4) if s != me]
    plays = [
        (s.value, c.index, t.cards[0].suit.value)
        for t in (*view.tricks, view.current)
        if t is not None
        for s, c in t.plays()
    ]
    result: list[list[int]] = []
    for split in _splits(hidden, [view.hand_sizes[s] for s in others]):
        masks = [0, 0, 0, 0]
        masks[me] = sum(1 << c for c in mine)
        for s, cards in zip(others, split, strict=True):
            masks[s] = sum(1 << c for c in cards)
        if view.passed is not None and view.received is not None:
            passed = view.passed.index
            if passed not in played and not masks[view.seat.partner.value] >> passed & 1:
                continue  # the partner still holds the card this seat gave it
        if _fits(masks, plays):
            result.append(masks)
    return result


def _splits(cards: list[int], sizes: list[int]) -> list[list[tuple[int, ...]]]:
    if not sizes:
        return [[]] if not cards else []
    out = []
    for first in itertools.combinations(cards, sizes[0]):
        rest = [c for c in cards if c not in first]
        for tail in _splits(rest, sizes[1:]):
            out.append([first, *tail])
    return out


def _fits(masks: list[int], plays: list[tuple[int, int, int]]) -> bool:
    """Could the tricks so far have been played from these hands (suit always followed)?
    `plays`: (seat, card, suit led) in playing order."""
    held = list(masks)
    for seat, card, _ in plays:
        held[seat] |= 1 << card
    for seat, card, led in plays:
        if card >> 4 != led and held[seat] >> (16 * led) & 0xFFFF:
            return False
        held[seat] &= ~(1 << card)
    return True


def wins_every_trick(masks: list[int], view: PlayerView, team: int) -> bool:
    """Brute force: every legal sequence of the rest of the hand gives `team` each trick."""
    trump = view.trump.value if view.trump is not None else -1
    out = view.out_of_play.value if view.out_of_play is not None else -1
    players = 3 if out >= 0 else 4
    cur = view.current
    assert cur is not None
    trick = [c.index for c in cur.cards]
    seats = [s.value for s, _ in cur.plays()]
    hands = list(masks)
    if out >= 0:
        hands[out] = 0

    def after(seat: int) -> int:
        nxt = (seat + 1) % 4
        return (nxt + 1) % 4 if nxt == out else nxt

    def go(turn: int) -> bool:
        if not trick and not any(hands):
            return True
        hand = hands[turn]
        if trick:
            hand = hand & (0xFFFF << (16 * (trick[0] >> 4))) or hand
        while hand:
            c = (hand & -hand).bit_length() - 1
            hand &= hand - 1
            hands[turn] &= ~(1 << c)
            trick.append(c)
            seats.append(turn)
            if len(trick) == players:
                won = seats[winning_index(trick, trump)]
                saved = (list(trick), list(seats))
                trick.clear()
                seats.clear()
                ok = won % 2 == team and go(won)
                trick.extend(saved[0])
                seats.extend(saved[1])
            else:
                ok = go(after(turn))
            trick.pop()
            seats.pop()
            hands[turn] |= 1 << c
            if not ok:
                return False
        return True

    return go(cur.order[len(cur.cards)].value)


@pytest.mark.parametrize(
    ("rules", "seed", "hands"),
    [(RuleSet(), 11, 16), (RuleSet(pass_to_partner=True), 12, 6)],
)
def test_every_claim_holds_against_every_layout(rules: RuleSet, seed: int, hands: int) -> None:
    offered = 0
    checked = 0
    for state in end_positions(rules, seed, hands):
        # The seat to play, and one that is not (a claim is about the side, not the turn).
        assert state.to_act is not None
        for seat in (state.to_act, state.to_act.after(1)):
            view = observe(state, seat)
            got = claim(view)
            team = seat.value & 1
            layouts = consistent_layouts(view)
            assert state.hand is not None
            truth = [sum(1 << c.index for c in h) for h in state.hand.hands]
            assert truth in layouts  # the brute force itself is sound
            if got is not None:
                offered += 1
                assert got.team == team
                assert got.tricks == 8 - len(view.tricks)
                for masks in layouts:
                    assert wins_every_trick(masks, view, team), (view, masks)
            elif len(layouts) <= MAX_LAYOUTS // 4:
                # Not claimed although few layouts: some layout must let the others score a trick.
                checked += 1
                assert not all(wins_every_trick(m, view, team) for m in layouts)
    print(f"{offered} claims offered, each tried; {checked} refusals confirmed")
    assert offered >= 10  # the random positions did offer claims to try
    assert checked >= 10
