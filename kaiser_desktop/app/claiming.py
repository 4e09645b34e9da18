"""The game controller's claims: "the rest of the tricks are yours — finish the hand?"

With at most `claims.MAX_TRICKS` tricks to go, the person's view is checked off the GUI
thread (`ClaimRunner`) at each of their turns; when the rest is certain for their side
whatever anyone plays, in every layout of the hidden cards they cannot rule out,
`claim_offered(seat, tricks)` lets the table offer it. An opponent (a computer player) is
checked the same way, from its own view only, before it is asked for its card: if its side
is certain of the rest it claims, and the table waits for the person to accept (the cards
are then played out) or to play on (the opponent is not asked again this hand).

An accepted claim is played out quickly through the normal path (`_commit`): since any card
wins, each seat plays its lowest legal card, a card every little while.

A part of `GameController` (it is mixed in), kept in its own module so the controller's
flow stays readable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kaiser_desktop.ai.claims import MAX_TRICKS, Claim
from kaiser_desktop.app.pending_step import MANUAL
from kaiser_desktop.app.review_runner import ClaimRunner
from kaiser_desktop.rules import Phase, Play, Seat, apply, observe

if TYPE_CHECKING:
    from kaiser_desktop.app.controller import GameController

CLAIM_CARD_MS = 260  # between the cards of a claim played out (at normal pace)


class Claiming:
    def _init_claims(self: GameController, enabled: bool) -> None:
        self.claims_enabled = enabled
        self.claims = ClaimRunner(self)
        self.claims.ready.connect(self._on_claim_checked)
        self._claiming = False  # an accepted claim is being played out
        self._offer: tuple[int, Seat, Claim] | None = None  # (serial, claiming seat, claim)
        self._no_claims_hand = 0  # the hand in which the person said "play on"

    @property
    def claiming(self: GameController) -> bool:
        return self._claiming

    @property
    def offered_claim(self: GameController) -> tuple[Seat, Claim] | None:
        """The claim on offer now (to the person, or by an opponent), if any."""
        offer = self._offer
        if offer is None or offer[0] != self.serial:
            return None
        return offer[1], offer[2]

    def _claim_turn(self: GameController, seat: Seat) -> bool:
        """At a turn: play a claimed card, or look for a claim. True when the turn is
        taken care of here (the caller then neither asks a bot nor plays an only card)."""
        if self._claiming:
            self._next.schedule(self.pace.ms(CLAIM_CARD_MS), self._play_claimed_card)
            return True
        state = self._state
        hand = state.hand
        if (
            not self.claims_enabled
            or not self.seating.humans
            or state.phase is not Phase.PLAY
            or hand is None
            or len(hand.tricks) < 8 - MAX_TRICKS
            or hand.number == self._no_claims_hand
        ):
            return False
        human_side = any(self.seating.is_human(s) for s in (seat, seat.partner))
        if self.seating.is_human(seat):
            self.claims.request(observe(state, seat), self.serial)
            return False  # the person may play on while the check runs
        if human_side:
            return False  # the person's partner leaves the claiming to them
        self._thinking = True  # the bot is asked once the check has answered
        self.claims.request(observe(state, seat), self.serial)
        return True

    def _on_claim_checked(self: GameController, serial: int, found: Claim | None) -> None:
        if serial != self.serial:
            return  # about a state that is gone
        seat = self._state.to_act
        if seat is None:
            return
        if self.seating.is_human(seat):
            if found is not None and self.waiting_for_human() == seat:
                self._offer = (serial, seat, found)
                self.claim_offered.emit(seat, found.tricks)
            return
        self._thinking = False
        if found is None:
            self._ask_bot(seat)
            return
        self._offer = (serial, seat, found)
        # The table waits for the person: "play on" runs this step (the bot is asked).
        self._next.schedule(MANUAL, lambda: self._ask_bot(seat), kind="claim")
        self.claim_offered.emit(seat, found.tricks)

    def accept_claim(self: GameController) -> bool:
        """The person accepts the claim on offer (theirs or an opponent's): play it out."""
        if self.offered_claim is None:
            return False
        self._offer = None
        if self._next.kind == "claim":
            self._next.drop()
        self._set_undo([*self._undo, self._state])  # Undo takes the claim back
        self._claiming = True
        self.claim_withdrawn.emit()
        self._play_claimed_card()
        return True

    def refuse_claim(self: GameController) -> bool:
        """Play on: no claim is offered again this hand."""
        if self.offered_claim is None:
            return False
        hand = self._state.hand
        self._no_claims_hand = hand.number if hand is not None else 0
        self._offer = None
        self.claim_withdrawn.emit()
        if self._next.kind == "claim":
            self._next.run_now()  # the opponent is asked for its card after all
        return True

    def _play_claimed_card(self: GameController) -> None:
        state = self._state
        seat = state.to_act
        if not self._claiming or seat is None or state.phase is not Phase.PLAY:
            self._claiming = False
            return
        legal = [a for a in observe(state, seat).legal if isinstance(a, Play)]
        # Any card wins the rest: the lowest, the same way every time.
        action = min(legal, key=lambda a: (a.card.rank.value, a.card.suit.value))
        self._commit(seat, action, apply(state, action))

    def _end_claims(self: GameController) -> None:
        """A new deal, a new game, an undo: nothing claimed or offered any more."""
        was_offered = self._offer is not None
        self._claiming = False
        self._offer = None
        if was_offered:
            self.claim_withdrawn.emit()
