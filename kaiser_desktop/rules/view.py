"""A player's view: what one seat can see, and nothing else.

Computer players are handed a `PlayerView`, never a `GameState`; the type holds no other
seat's cards, so a bot cannot peek even by accident.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kaiser_desktop.rules.actions import SeatAction
from kaiser_desktop.rules.bids import Bid
from kaiser_desktop.rules.cards import Card, Seat, Suit
from kaiser_desktop.rules.engine import legal_actions
from kaiser_desktop.rules.state import GameState, HandResult, Phase, Trick
from kaiser_desktop.rules.variants import RuleSet


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: Seat
    rules: RuleSet
    phase: Phase
    to_act: Seat | None
    dealer: Seat
    hand_number: int
    scores: tuple[int, int]
    results: Sequence[HandResult]  # a History: every hand so far
    hand: tuple[Card, ...]  # this seat's own cards now
    dealt: tuple[Card, ...]  # this seat's cards as dealt
    hand_sizes: tuple[int, int, int, int]  # by seat value
    kept_weak_hands: tuple[Seat, ...]
    passed: Card | None  # the card this seat gave its partner
    received: Card | None  # the card it got back, once the exchange is done
    passes_made: tuple[bool, bool, bool, bool]  # who has chosen a card (not which)
    bids: tuple[Bid, ...]
    declarer: Seat | None
    contract: Bid | None
    kitty: tuple[Card, ...]  # only the declarer sees the kitty, once taken
    discards: tuple[Card, ...]  # only the declarer knows them
    trump: Suit | None
    trump_named: bool
    tricks: tuple[Trick, ...]
    current: Trick | None
    out_of_play: Seat | None
    legal: tuple[SeatAction, ...]  # empty unless this seat is to act

    @property
    def my_turn(self) -> bool:
        return self.to_act == self.seat and bool(self.legal)

    @property
    def bidders(self) -> tuple[Seat, ...]:
        """The seat of each call (`bidders[i]` made `bids[i]`): at least one round of four."""
        return tuple(self.dealer.after(1 + i % 4) for i in range(max(4, len(self.bids))))

    def played_cards(self) -> tuple[Card, ...]:
        done = tuple(c for t in self.tricks for c in t.cards)
        return done + (self.current.cards if self.current else ())


def observe(state: GameState, seat: Seat) -> PlayerView:
    """What `seat` can see of `state`."""
    hand = state.hand
    empty: tuple[Card, ...] = ()
    if hand is None:
        return PlayerView(
            seat=seat, rules=state.rules, phase=state.phase, to_act=None, dealer=state.dealer,
            hand_number=len(state.results) + 1, scores=state.scores, results=state.results,
            hand=empty, dealt=empty, hand_sizes=(0, 0, 0, 0), kept_weak_hands=(), passed=None,
            received=None, passes_made=(False, False, False, False), bids=(), declarer=None,
            contract=None, kitty=empty, discards=empty, trump=None, trump_named=False,
            tricks=(), current=None, out_of_play=None, legal=(),
        )  # fmt: skip
    # The exchange happens the moment the fourth card is chosen.
    exchanged = all(p is not None for p in hand.passes)
    is_declarer = hand.declarer == seat
    kitty_taken = is_declarer and state.rules.kitty and state.phase is not Phase.BIDDING
    sizes = tuple(len(h) for h in hand.hands)
    return PlayerView(
        seat=seat,
        rules=state.rules,
        phase=state.phase,
        to_act=state.to_act,
        dealer=hand.dealer,
        hand_number=hand.number,
        scores=state.scores,
        results=state.results,
        hand=hand.hand_of(seat),
        dealt=hand.deal.hand_of(seat),
        hand_sizes=(sizes[0], sizes[1], sizes[2], sizes[3]),
        kept_weak_hands=hand.kept_weak_hands,
        passed=hand.passes[seat.value],
        received=hand.passes[seat.partner.value] if exchanged else None,
        passes_made=(
            hand.passes[0] is not None,
            hand.passes[1] is not None,
            hand.passes[2] is not None,
            hand.passes[3] is not None,
        ),
        bids=hand.bids,
        declarer=hand.declarer,
        contract=hand.contract,
        kitty=hand.deal.kitty if kitty_taken else (),
        discards=hand.discards if is_declarer else (),
        trump=hand.trump,
        trump_named=hand.trump_named,
        tricks=hand.tricks,
        current=hand.current,
        out_of_play=hand.out_of_play,
        legal=tuple(legal_actions(state)) if state.to_act == seat else (),
    )
