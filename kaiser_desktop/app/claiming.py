"""Claims: "the rest of the tricks are yours — finish the hand?"

With at most `claims.MAX_TRICKS` tricks to go, the person's view is checked off the GUI
thread (`ClaimRunner`) at each of their turns; when the rest is certain for their side
whatever anyone plays, in every layout of the hidden cards they cannot rule out,
`claim_offered(seat, tricks)` lets the table offer it. An opponent (a computer player) is
checked the same way, from its own view only, before it is asked for its card: if its side
is certain of the rest it claims, and the table waits for the person to accept (the cards
are then played out) or to play on (the opponent is not asked again this hand).

An accepted claim is played out quickly through the controller's normal path: since any card
wins, each seat plays its lowest legal card (`lowest_card`), a card every little while.

`Claiming` is a part owned by the game controller: it keeps the claim on offer (stamped with
the controller's serial, so it lapses when the game moves), whether one is being played out,
and the hand in which the person said "play on"; and it says from a state and a seating
whether a turn is worth checking. The controller asks the runner, paces the cards and emits
`claim_offered` / `claim_withdrawn`.
"""

from __future__ import annotations

from kaiser_desktop.ai.claims import MAX_TRICKS, Claim
from kaiser_desktop.app.review_runner import ClaimRunner
from kaiser_desktop.app.seating import Seating
from kaiser_desktop.rules import GameState, Phase, Play, PlayerView, Seat

CLAIM_CARD_MS = 260  # between the cards of a claim played out (at normal pace)


class Claiming:
    def __init__(self, enabled: bool, runner: ClaimRunner) -> None:
        self.enabled = enabled
        self.runner = runner  # checks a view off the GUI thread: ready(serial, Claim | None)
        self.playing_out = False  # an accepted claim is being played out
        self._offer: tuple[int, Seat, Claim] | None = None  # (serial, claiming seat, claim)
        self._no_claims_hand = 0  # the hand in which the person said "play on"

    def offered(self, serial: int) -> tuple[Seat, Claim] | None:
        """The claim on offer at `serial` (to the person, or by an opponent), if any."""
        offer = self._offer
        if offer is None or offer[0] != serial:
            return None
        return offer[1], offer[2]

    def worth_checking(self, state: GameState, seating: Seating) -> bool:
        """Claims are on, a person is at the table, and few enough tricks are left in a hand
        in which the person has not said "play on"."""
        hand = state.hand
        return not (
            not self.enabled
            or not seating.humans
            or state.phase is not Phase.PLAY
            or hand is None
            or len(hand.tricks) < 8 - MAX_TRICKS
            or hand.number == self._no_claims_hand
        )

    def offer(self, serial: int, seat: Seat, found: Claim) -> None:
        self._offer = (serial, seat, found)

    def withdraw(self) -> None:
        """The claim on offer is gone (accepted: the controller then plays it out)."""
        self._offer = None

    def refuse(self, state: GameState) -> None:
        """Play on: no claim is offered again this hand."""
        hand = state.hand
        self._no_claims_hand = hand.number if hand is not None else 0
        self._offer = None

    def end(self) -> bool:
        """Nothing claimed or offered any more; True if a claim was on offer."""
        was_offered = self._offer is not None
        self.playing_out = False
        self._offer = None
        return was_offered


def lowest_card(view: PlayerView) -> Play:
    """Any card wins the rest of a claim: the lowest, the same way every time."""
    legal = [a for a in view.legal if isinstance(a, Play)]
    return min(legal, key=lambda a: (a.card.rank.value, a.card.suit.value))
