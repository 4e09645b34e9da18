"""Table codes: four everyday words and a number, easy to read over the phone.

`maple-river-lantern-otter-427`: four words of a list of 256 (8 bits each) and a number
from 100 to 999 (900 choices), drawn with `secrets`: 32 + 9.8 = 41.8 bits, so a stranger
cannot guess a table (the issue asks for at least 40). A code expires: with its table, or
after `LIFETIME` at the latest. Reading is forgiving: capitals, spaces, dots or hyphens in
any number, and stray spaces are all fine ("Maple River lantern otter 427").
"""

from __future__ import annotations

import math
import re
import secrets
from dataclasses import dataclass

WORD_COUNT = 4
LOWEST_NUMBER = 100
HIGHEST_NUMBER = 999
EXAMPLE = "maple-river-lantern-otter-427"
LIFETIME = 12 * 3600.0  # seconds: an evening's games, and then some


class TableCodeError(ValueError):
    """Text that is not a table code; `reason` is "words", "number" or "shape"."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


WORDS = (
    "acorn", "anchor", "apple", "apron", "arrow", "aspen", "attic", "autumn", "badge", "bagel",
    "baker", "banjo", "barn", "basket", "beach", "beaver", "bell", "berry", "birch", "biscuit",
    "bison", "blanket", "bloom", "boat", "bonnet", "boot", "bottle", "bread", "breeze", "brick",
    "bridge", "brook", "broom", "bucket", "buffalo", "butter", "button", "cabin", "cactus",
    "camel", "candle", "canoe", "canyon", "carrot", "castle", "cedar", "cello", "chair",
    "cherry", "chimney", "circus", "clover", "cobweb", "collar", "comet", "compass", "cookie",
    "copper", "corn", "cotton", "cowboy", "coyote", "cradle", "crayon", "creek", "cricket",
    "crown", "cupboard", "curtain", "daisy", "dinner", "dolphin", "donkey", "dragon", "drum",
    "eagle", "easel", "elbow", "elk", "ember", "engine", "falcon", "feather", "fence", "fern",
    "fiddle", "field", "finch", "fire", "flag", "flute", "forest", "fossil", "fountain", "fox",
    "garden", "gate", "ginger", "glacier", "glove", "goose", "granite", "grape", "gravel",
    "guitar", "hammer", "harbor", "harvest", "hazel", "hedge", "helmet", "heron", "hill",
    "honey", "horse", "igloo", "island", "ivory", "jacket", "jelly", "jigsaw", "juniper",
    "kayak", "kettle", "kite", "kitten", "ladder", "ladle", "lagoon", "lake", "lamp", "lantern",
    "lemon", "lettuce", "lily", "lion", "lobster", "locket", "lumber", "magnet", "mango",
    "maple", "marble", "meadow", "melon", "mitten", "moose", "mountain", "muffin", "museum",
    "napkin", "nest", "nickel", "noodle", "oak", "oatmeal", "ocean", "olive", "onion", "orange",
    "orchard", "otter", "owl", "paddle", "pancake", "panda", "paper", "parade", "parrot",
    "peach", "peanut", "pebble", "pelican", "pencil", "pepper", "piano", "pickle", "pillow",
    "pine", "planet", "plum", "pocket", "pony", "poppy", "potato", "prairie", "puffin",
    "pumpkin", "puzzle", "quilt", "rabbit", "radio", "raft", "rainbow", "raven", "ribbon",
    "river", "robin", "rocket", "saddle", "salmon", "sandal", "shovel", "silver", "skate",
    "sled", "slipper", "snow", "sparrow", "spoon", "spruce", "squirrel", "stable", "star",
    "steam", "stove", "sugar", "summer", "sunset", "swan", "sweater", "table", "teapot", "tent",
    "thimble", "thistle", "thunder", "tiger", "timber", "toast", "tomato", "tractor", "trail",
    "train", "tulip", "tunnel", "turkey", "turtle", "umbrella", "valley", "velvet", "violin",
    "wagon", "walnut", "walrus", "water", "whale", "wheat", "whistle", "willow", "window",
    "winter", "wolf", "wool", "yarn", "zebra",
)  # fmt: skip
_WORD_SET = frozenset(WORDS)


def entropy_bits() -> float:
    """The bits of chance in one code: each word and the number drawn independently."""
    numbers = HIGHEST_NUMBER - LOWEST_NUMBER + 1
    return WORD_COUNT * math.log2(len(WORDS)) + math.log2(numbers)


@dataclass(frozen=True, slots=True)
class TableCode:
    words: tuple[str, ...]
    number: int

    @property
    def text(self) -> str:
        return "-".join((*self.words, str(self.number)))

    @property
    def nameplate(self) -> str:
        """The code's public part, "maple-427": its first word and its number. The relay
        pairs apps by it (net/relay_wire.py); the other words stay secret (net/seal.py)."""
        return f"{self.words[0]}-{self.number}"

    def __str__(self) -> str:
        return self.text

    @classmethod
    def new(cls) -> TableCode:
        """A fresh code, from the operating system's source of randomness."""
        words = tuple(secrets.choice(WORDS) for _ in range(WORD_COUNT))
        number = LOWEST_NUMBER + secrets.randbelow(HIGHEST_NUMBER - LOWEST_NUMBER + 1)
        return cls(words, number)

    @classmethod
    def parse(cls, text: str) -> TableCode:
        """The code `text` names, as a person may type it; TableCodeError if it names none."""
        if len(text) > 200:
            raise TableCodeError("shape", "That is too long to be a table code.")
        parts = [p for p in re.split(r"[^0-9a-z]+", text.lower()) if p]
        if len(parts) != WORD_COUNT + 1:
            raise TableCodeError(
                "shape", f"A table code is {WORD_COUNT} words and a number, like {EXAMPLE}."
            )
        *words, number = parts
        unknown = [w for w in words if w not in _WORD_SET]
        if unknown:
            raise TableCodeError("words", f"{unknown[0]!r} is not one of the table code words.")
        if not number.isdigit() or not LOWEST_NUMBER <= int(number) <= HIGHEST_NUMBER:
            raise TableCodeError(
                "number",
                f"A table code ends with a number from {LOWEST_NUMBER} to {HIGHEST_NUMBER}.",
            )
        return cls(tuple(words), int(number))


@dataclass(frozen=True, slots=True)
class TableTicket:
    """A table's code and when it stops letting anyone in (seconds, like `time.time()`)."""

    code: TableCode
    expires_at: float

    @classmethod
    def issue(cls, now: float, lifetime: float = LIFETIME) -> TableTicket:
        return cls(TableCode.new(), now + lifetime)

    def expired(self, now: float) -> bool:
        return now >= self.expires_at

    def admits(self, typed: str, now: float) -> bool:
        """Whether `typed` is this table's code and the code is still good."""
        try:
            code = TableCode.parse(typed)
        except TableCodeError:
            return False
        return not self.expired(now) and secrets.compare_digest(code.text, self.code.text)
