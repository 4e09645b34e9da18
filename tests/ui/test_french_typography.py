"""French typography in the French catalogues (issue 37.10): a non-breaking space (U+00A0,
or the narrow U+202F) before : ; ? ! and inside « », so a line never starts with the mark
and the French reads as French. A colon inside an address (wss://, 12:30) takes none."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

I18N = Path(__file__).resolve().parents[2] / "resources" / "i18n"
SPACES = "\u00a0\u202f"
# A mark whose space is missing: after anything but a non-breaking space or another mark;
# not a colon of an address ("ws://", "12:30", "{a}:{b}") and not "?" in a URL.
MISSING = re.compile(rf"(?<=[^{SPACES}?!\s])[;?!]|(?<=[^{SPACES}\s]):(?!//|\d|\{{)")
PLAIN_SPACE = re.compile(r" [:;?!»]|« ")
GUILLEMETS = re.compile(rf"«(?![{SPACES}])|(?<![{SPACES}])»")


def translations() -> list[tuple[str, str, str]]:
    found = []
    for ts in sorted(I18N.glob("*_fr*.ts")):
        for message in ET.parse(ts).getroot().iter("message"):
            source = message.findtext("source") or ""
            for node in message.iter("translation"):
                texts = [n.text or "" for n in node.iter("numerusform")] or [node.text or ""]
                found += [(ts.name, source, text) for text in texts if text]
    return found


def wrong(text: str) -> list[str]:
    text = re.sub(r"<[^>]*>", "", text)  # rich text's tags (style="a:b") are not words
    text = re.sub(r"\b\w+://\S+", "", text)  # addresses
    text = text.replace(";;", "")  # a file dialog's filters: "(*.json);;Tous les fichiers (*)"
    return [m.group() for p in (MISSING, PLAIN_SPACE, GUILLEMETS) for m in p.finditer(text)]


def test_the_catalogues_are_found() -> None:
    assert len(translations()) > 500


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        ("Le code de votre table: {code}", True),
        ("Quitter la table?", True),
        ("Bravo!", True),
        ("autres; l'ordinateur", True),
        ("Le code de votre table :", True),  # an ordinary space breaks before the colon
        ("«\u00a0Passe »", True),
        ("Le code\u00a0: {code}", False),
        ("Quitter\u202f?", False),
        ("«\u00a0Passe\u00a0»", False),
        ("wss://relay.example.org ou ws://192.168.1.20:8765", False),
        ("Vraiment\u202f?!", False),
    ],
)
def test_the_check_sees_a_missing_space(text: str, bad: bool) -> None:
    assert bool(wrong(text)) is bad, wrong(text)


def test_every_french_translation_has_its_spaces_before_the_marks() -> None:
    problems = [(ts, source, text) for ts, source, text in translations() if wrong(text)]
    assert problems == [], "\n".join(f"{ts}: {text!r}" for ts, _, text in problems[:20])
