"""Who sits where: which seats a person plays, and what everyone is called."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

from kaiser_desktop.app.i18n import translate
from kaiser_desktop.rules import Seat

# What South is called until the player gives a name (Settings stores it in English).
ENGLISH_YOU = "You"


def _default_labels() -> dict[Seat, str]:
    return Seating.from_names({}).labels


def _default_short() -> dict[Seat, str]:
    # Opponents are named by their side of the table in sentences, which is what a player
    # sees first; the table labels carry their names too.
    return Seating.from_names({}).short


def _default_given() -> dict[Seat, str]:
    return Seating.from_names({}).given


def _seat_label(seat: Seat, name: str) -> str:
    if seat is Seat.N:
        return translate("Seating", "{name} (partner)").format(name=name)
    if seat is Seat.W:
        return translate("Seating", "West: {name}").format(name=name)
    return translate("Seating", "East: {name}").format(name=name)


@dataclass(frozen=True)
class Seating:
    """The person plays `humans` (South by default); every other seat is a computer player."""

    humans: frozenset[Seat] = frozenset({Seat.S})
    labels: dict[Seat, str] = field(default_factory=_default_labels)
    short: dict[Seat, str] = field(default_factory=_default_short)
    # The bare names ("Pat", "Sam"), for another computer's screen (family play); South's
    # is empty until the player gives one.
    given: dict[Seat, str] = field(default_factory=_default_given)

    @classmethod
    def all_computers(cls) -> Seating:
        return cls(humans=frozenset())

    @classmethod
    def from_names(cls, names: Mapping[Seat, str], *, watch: bool = False) -> Seating:
        """The table labels from the player's chosen names (Settings → Players).

        Sentences keep "You", "West" and "East" (the verbs are written for them); the
        partner is called by name, as a family would. Said in the language of the moment:
        the window makes a new Seating when the language changes."""
        partner = names.get(Seat.N) or "Pat"
        you = translate("Seating", "You")
        south = names.get(Seat.S)
        labels = {
            Seat.S: south if south and south != ENGLISH_YOU else you,
            Seat.N: _seat_label(Seat.N, partner),
            Seat.W: _seat_label(Seat.W, names.get(Seat.W) or "Sam"),
            Seat.E: _seat_label(Seat.E, names.get(Seat.E) or "Alex"),
        }
        short = {
            Seat.S: you,
            Seat.N: partner,
            Seat.W: translate("Seating", "West"),
            Seat.E: translate("Seating", "East"),
        }
        humans: frozenset[Seat] = frozenset() if watch else frozenset({Seat.S})
        given = {
            Seat.S: south if south and south != ENGLISH_YOU else "",
            Seat.N: partner,
            Seat.W: names.get(Seat.W) or "Sam",
            Seat.E: names.get(Seat.E) or "Alex",
        }
        return cls(humans=humans, labels=labels, short=short, given=given)

    def with_people(self, names: Mapping[Seat, str], standing_in: Collection[Seat] = ()) -> Seating:
        """The same table with people at other computers at some seats, each called by the
        name they gave (family play): "West: Grandma", and "Grandma" in sentences. While a
        computer plays for someone whose connection dropped (`standing_in`), their plate
        says so for as long as it lasts: "Grandma (computer for now)"."""
        labels, short, given = dict(self.labels), dict(self.short), dict(self.given)
        for seat, name in names.items():
            if seat is Seat.S:
                continue  # South is always the person at this computer
            labels[seat] = _seat_label(seat, name)
            if seat in standing_in:
                labels[seat] = translate("Seating", "{name} (computer for now)").format(name=name)
            short[seat] = given[seat] = name
        return Seating(humans=self.humans, labels=labels, short=short, given=given)

    def given_name(self, seat: Seat) -> str:
        """The bare name of whoever sits at `seat` ("Pat"; "" for an unnamed South)."""
        return self.given.get(seat, "")

    def is_human(self, seat: Seat) -> bool:
        return seat in self.humans

    def label(self, seat: Seat) -> str:
        """The name shown at the table: "West: Sam"."""
        return self.labels[seat]

    def name(self, seat: Seat) -> str:
        """The name used in sentences: "West", "Pat", "You"."""
        return self.short[seat]

    def team_name(self, ns: bool) -> str:
        if ns:
            return translate("Seating", "You and {partner}").format(partner=self.short[Seat.N])
        return translate("Seating", "West and East")
