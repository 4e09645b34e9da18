"""Table codes: four everyday words and a number, easy to read over the phone.

`maple-river-lantern-otter-427`: four words of a list of 256 (8 bits each) and a number
from 100 to 999 (900 choices), drawn with `secrets`: 32 + 9.8 = 41.8 bits, so a stranger
cannot guess a table (the issue asks for at least 40). A code expires: with its table, or
after `LIFETIME` at the latest. Reading is forgiving: capitals, spaces, dots or hyphens in
any number, and stray spaces are all fine ("Maple River lantern otter 427").

The words also have a French list, index for index with the English one (`FRENCH_WORDS`:
"érable" is "maple"), so a code read in French ("érable-rivière-lanterne-loutre-427") is
the same code: `parse` takes words of either list, mixed, with or without their accents.
The code's own text (`TableCode.text`, what the protocol and the relay use) is always the
English one; `spoken(language)` is how the app shows it to a person.
"""

from __future__ import annotations

import math
import re
import secrets
import unicodedata
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

# The same words in French, index for index (a near word where the French one is long:
# "alto" for cello, "courge" for pumpkin): everyday, at most 9 letters, no hyphens; each
# unique once its accents are taken off, and none an English word of the list at another
# place (tests/net/test_net_table_code.py checks both).
FRENCH_WORDS = (
    "gland", "ancre", "pomme", "tablier", "flèche", "tremble", "grenier", "automne",
    "badge", "bagel", "boulanger", "banjo", "grange", "panier", "plage", "castor", "cloche",
    "baie", "bouleau", "biscuit", "bison", "couverte", "fleur", "bateau", "bonnet", "botte",
    "bouteille", "pain", "brise", "brique", "pont", "ruisseau", "balai", "seau", "buffle",
    "beurre", "bouton", "cabane", "cactus", "chameau", "bougie", "canot", "canyon",
    "carotte", "château", "cèdre", "alto", "chaise", "cerise", "cheminée", "cirque",
    "trèfle", "toile", "collier", "comète", "boussole", "galette", "cuivre", "maïs", "coton",
    "cowboy", "coyote", "berceau", "crayon", "crique", "grillon", "couronne", "armoire",
    "rideau", "muguet", "souper", "dauphin", "âne", "dragon", "tambour", "aigle",
    "chevalet", "coude", "wapiti", "braise", "moteur", "faucon", "plume", "clôture",
    "fougère", "archet", "champ", "pinson", "feu", "drapeau", "flûte", "forêt", "fossile",
    "fontaine", "renard", "jardin", "portail", "gingembre", "glacier", "gant", "oie",
    "granit", "raisin", "gravier", "guitare", "marteau", "port", "récolte", "noisette",
    "haie", "casque", "héron", "colline", "miel", "cheval", "igloo", "île", "ivoire",
    "veste", "gelée", "scie", "genièvre", "kayak", "chaudron", "milan", "chaton",
    "échelle", "louche", "lagune", "lac", "lampe", "lanterne", "citron", "laitue", "lys",
    "lion", "homard", "médaillon", "bois", "aimant", "mangue", "érable", "marbre", "pré",
    "melon", "mitaine", "orignal", "montagne", "muffin", "musée", "serviette", "nid",
    "nickel", "nouille", "chêne", "gruau", "océan", "olive", "oignon", "orange", "verger",
    "loutre", "hibou", "pagaie", "crêpe", "panda", "papier", "défilé", "perroquet", "pêche",
    "arachide", "caillou", "pélican", "stylo", "poivre", "piano", "cornichon", "oreiller",
    "pin", "planète", "prune", "poche", "poney", "pavot", "patate", "prairie",
    "pingouin", "courge", "énigme", "édredon", "lapin", "radio", "radeau", "aurore",
    "corbeau", "ruban", "rivière", "merle", "fusée", "selle", "saumon", "sandale", "pelle",
    "argent", "patin", "traîneau", "pantoufle", "neige", "moineau", "cuillère", "épinette",
    "écureuil", "écurie", "étoile", "vapeur", "poêle", "sucre", "été", "couchant", "cygne",
    "chandail", "table", "théière", "tente", "dé", "chardon", "tonnerre", "tigre", "poutre",
    "rôtie", "tomate", "tracteur", "sentier", "train", "tulipe", "tunnel", "dinde",
    "tortue", "parapluie", "vallée", "velours", "violon", "wagon", "noix", "morse", "eau",
    "baleine", "blé", "sifflet", "saule", "fenêtre", "hiver", "loup", "laine", "pelote",
    "zèbre",
)  # fmt: skip
LISTS = {"en": WORDS, "fr": FRENCH_WORDS}


def plain(text: str) -> str:
    """`text` in small letters without accents, as anyone may type it: "Érable" → "erable"."""
    text = text.lower().replace("œ", "oe").replace("æ", "ae")
    return "".join(
        ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch)
    )


def _index() -> dict[str, str]:
    """Every word as typed (either list, without accents) → the English word it stands for."""
    index: dict[str, str] = {}
    for words in LISTS.values():
        for english, word in zip(WORDS, words, strict=True):
            index[plain(word)] = english
    return index


_ENGLISH_OF = _index()
_PLACE = {word: place for place, word in enumerate(WORDS)}


def language_of(language: str) -> str:
    """The list for a language code ("fr", "fr_CA", "fr-CA"): "fr" or "en" (any other)."""
    return "fr" if plain(language).startswith("fr") else "en"


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

    def words_in(self, language: str) -> tuple[str, ...]:
        """The code's words in `language` ("fr", "fr_CA"; English for any other)."""
        words = LISTS[language_of(language)]
        return tuple(words[_PLACE[word]] for word in self.words)

    def spoken(self, language: str) -> str:
        """The code as the app shows it to a person reading `language`:
        "érable-rivière-lanterne-loutre-427" in French. It parses to this same code."""
        return "-".join((*self.words_in(language), str(self.number)))

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
        parts = [p for p in re.split(r"[^0-9a-z]+", plain(text)) if p]
        if len(parts) != WORD_COUNT + 1:
            raise TableCodeError(
                "shape", f"A table code is {WORD_COUNT} words and a number, like {EXAMPLE}."
            )
        *words, number = parts
        unknown = [w for w in words if w not in _ENGLISH_OF]
        if unknown:
            raise TableCodeError("words", f"{unknown[0]!r} is not one of the table code words.")
        if not number.isdigit() or not LOWEST_NUMBER <= int(number) <= HIGHEST_NUMBER:
            raise TableCodeError(
                "number",
                f"A table code ends with a number from {LOWEST_NUMBER} to {HIGHEST_NUMBER}.",
            )
        return cls(tuple(_ENGLISH_OF[w] for w in words), int(number))


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
