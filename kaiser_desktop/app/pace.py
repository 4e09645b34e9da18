"""How fast the table moves. One factor scales every delay: 1 is normal, 0 is instant."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Pace:
    factor: float = 1.0
    # Measured against people following a game: each computer card ~1 s apart, and a
    # finished trick left long enough to see who won it and with what.
    bot_ms: int = 1000  # between a computer player's actions, so a person can follow them
    trick_pause_ms: int = 1800  # a finished trick stays on the table this long
    sweep_ms: int = 350  # the trick slides to the winner's pile
    move_ms: int = 280  # a card travelling to the table
    deal_ms: int = 1000  # the deal, one card at a time, until the last arrives
    notice_ms: int = 1600  # a redeal or a thrown-in hand is announced before the next deal
    summary_ms: int = 2500  # computer-only games: how long a hand's summary stays up
    grace_ms: int = 3000  # a person's bid or trump can be changed this long, in one click
    # A card played for the person (their only one) stays in sight this long before the next
    # card or the sweep: they did not choose it, so nothing drew their eye to it (issue 38).
    own_card_ms: int = 1800

    def ms(self, base: int) -> int:
        return max(0, round(base * self.factor))

    @property
    def bot(self) -> int:
        return self.ms(self.bot_ms)

    @property
    def trick_pause(self) -> int:
        return self.ms(self.trick_pause_ms)

    @property
    def sweep(self) -> int:
        return self.ms(self.sweep_ms)

    @property
    def move(self) -> int:
        return self.ms(self.move_ms)

    @property
    def deal(self) -> int:
        return self.ms(self.deal_ms)

    @property
    def notice(self) -> int:
        return self.ms(self.notice_ms)

    @property
    def summary(self) -> int:
        return self.ms(self.summary_ms)

    @property
    def own_card(self) -> int:
        """How long the person's automatic card rests before the table moves on: as long as
        a finished trick at normal speed, and never under 1.5 s at a speed people play at
        (at Fast, two tricks went by before the player saw their own card)."""
        if self.factor >= 0.5:
            return max(1500, self.ms(self.own_card_ms))
        return self.ms(self.own_card_ms)

    @property
    def grace(self) -> int:
        # At any speed a person plays at, at least a second and a half: enough to see the
        # wrong button and click again (the demo and test speeds are far quicker).
        return max(1500, self.ms(self.grace_ms)) if self.factor >= 0.5 else self.ms(self.grace_ms)


NORMAL = Pace()
INSTANT = Pace(factor=0.0)
