"""Bids: pass, a number (plain or no trump), or the Kaiser bid."""

from __future__ import annotations

from dataclasses import dataclass

from kaiser_desktop.rules.errors import NotationError

MAX_LEVEL = 12
KAISER_LEVEL = 13  # ranks above "12 no"


@dataclass(frozen=True, slots=True, order=False)
class Bid:
    """`Bid.from_text("8NT").text == "8NT"`; level 0 is a pass."""

    level: int
    no_trump: bool = False

    @property
    def is_pass(self) -> bool:
        return self.level == 0

    @property
    def is_kaiser(self) -> bool:
        return self.level == KAISER_LEVEL

    @property
    def key(self) -> int:
        """Bidding order: 6 < 6NT < 7 < ... < 12NT < K. A pass is below every bid."""
        if self.is_kaiser:
            return 2 * KAISER_LEVEL
        return 2 * self.level + (1 if self.no_trump else 0)

    @property
    def text(self) -> str:
        if self.is_pass:
            return "pass"
        if self.is_kaiser:
            return "K"
        return f"{self.level}NT" if self.no_trump else str(self.level)

    @property
    def label(self) -> str:
        """How a player says it: 'Pass', '8', '8 no trump', 'Kaiser'."""
        if self.is_pass:
            return "Pass"
        if self.is_kaiser:
            return "Kaiser"
        return f"{self.level} no trump" if self.no_trump else str(self.level)

    @classmethod
    def from_text(cls, text: object) -> Bid:
        if isinstance(text, str):
            if text == "pass":
                return PASS
            if text == "K":
                return KAISER
            body, no_trump = (text[:-2], True) if text.endswith("NT") else (text, False)
            if body.isdigit() and str(int(body)) == body and 1 <= int(body) <= MAX_LEVEL:
                return cls(int(body), no_trump)
        raise NotationError(f"{text!r} is not a bid.")

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Bid.from_text({self.text!r})"


PASS = Bid(0)
KAISER = Bid(KAISER_LEVEL)
