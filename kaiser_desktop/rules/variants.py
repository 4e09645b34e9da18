"""The rule set: RULES.md's standard profile and its variants, as one frozen value."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Literal

from kaiser_desktop.rules.errors import RulesError

AllPass = Literal["dealer_must_bid", "throw_in"]
Auction = Literal["one_round", "open"]
FirstDealer = Literal["random", "first_jack"]


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Every variant key of RULES.md; the defaults are the standard profile."""

    min_bid: int = 6
    all_pass: AllPass = "dealer_must_bid"
    weak_hand_redeal: bool = True
    defender_limit: int = 45
    steal_five_wins: bool = False
    three_trick_rule: bool = False
    kaiser_bid: bool = False
    lose_at_minus_52: bool = False
    pass_to_partner: bool = False
    kitty: bool = False
    target: int = 52
    auction: Auction = "one_round"
    first_dealer: FirstDealer = "random"
    bid_out: bool = False

    def __post_init__(self) -> None:
        if self.min_bid not in (5, 6, 7):
            raise RulesError(f"min_bid must be 5, 6 or 7, not {self.min_bid!r}.")
        if self.all_pass not in ("dealer_must_bid", "throw_in"):
            raise RulesError(f"all_pass must be dealer_must_bid or throw_in, not {self.all_pass!r}")
        if self.defender_limit not in (45, 47):
            raise RulesError(f"defender_limit must be 45 or 47, not {self.defender_limit!r}.")
        if self.auction not in ("one_round", "open"):
            raise RulesError(f"auction must be one_round or open, not {self.auction!r}.")
        if self.first_dealer not in ("random", "first_jack"):
            raise RulesError(
                f"first_dealer must be random or first_jack, not {self.first_dealer!r}."
            )
        if isinstance(self.target, bool) or not isinstance(self.target, int) or self.target < 1:
            raise RulesError(f"target must be a positive whole number, not {self.target!r}.")

    @property
    def pack_size(self) -> int:
        return 34 if self.kitty else 32

    def to_json(self) -> dict[str, Any]:
        """Only the keys that differ from the standard profile (`{}` is standard), in the
        exact JSON types of RULES.md: numbers, true/false for on/off, words."""
        standard = RuleSet()
        out: dict[str, Any] = {}
        for field in fields(self):
            value = getattr(self, field.name)
            if value != getattr(standard, field.name):
                out[field.name] = value
        return out

    @classmethod
    def from_json(cls, data: object) -> RuleSet:
        """Read `rules` of a record. Booleans may be written true/false or "on"/"off"."""
        if not isinstance(data, dict):
            raise RulesError("rules must be an object.")
        known = {field.name: field for field in fields(cls)}
        values: dict[str, Any] = {}
        for key, value in data.items():
            if key not in known:
                raise RulesError(f"unknown rule {key!r}.")
            default = getattr(cls(), key)
            if isinstance(default, bool):
                values[key] = _read_on_off(key, value)
            elif isinstance(default, int):
                if isinstance(value, bool) or not isinstance(value, int):
                    raise RulesError(f"rule {key} must be a whole number, not {value!r}.")
                values[key] = value
            else:
                if not isinstance(value, str):
                    raise RulesError(f"rule {key} must be a word, not {value!r}.")
                values[key] = value
        return cls(**values)

    def with_changes(self, **changes: Any) -> RuleSet:
        return replace(self, **changes)


def _read_on_off(key: str, value: object) -> bool:
    if isinstance(value, bool):
        return value
    if value in ("on", "off"):
        return value == "on"
    raise RulesError(f"rule {key} must be on or off, not {value!r}.")


STANDARD = RuleSet()
TOURNAMENT = RuleSet(min_bid=7)
# The "bid-out" game of two other public Kaiser programs: won only by bidding.
BID_OUT_47 = RuleSet(defender_limit=47, lose_at_minus_52=True, bid_out=True)
# Seed 004's kitchen table: minimum 6, bidding round and round, the first jack deals.
OPEN_TABLE = RuleSet(auction="open", first_dealer="first_jack")
