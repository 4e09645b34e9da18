"""The game's words in French: the catalogue is complete and well formed, and with it
installed the hints, "Why?" reasons, bid advice, refusals, summaries and the rules help are
French (and English again once it is taken out)."""

from __future__ import annotations

import pickle
import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QTranslator
from PySide6.QtWidgets import QApplication

import kaiser_desktop.ai  # noqa: F401  (registers the levels)
from kaiser_desktop.ai.base import make_bot
from kaiser_desktop.ai.reasons import QT_TRANSLATE_NOOP, Amount, reason
from kaiser_desktop.app.seating import Seating
from kaiser_desktop.catalogues import compile_catalogue
from kaiser_desktop.paths import resource
from kaiser_desktop.rules import (
    SEATS,
    Bid,
    Card,
    HandResult,
    IllegalActionError,
    MakeBid,
    Phase,
    Play,
    RuleSet,
    Seat,
    Suit,
    Team,
    apply,
    observe,
)
from kaiser_desktop.rules.actions import Deal
from kaiser_desktop.rules.engine import new_game
from kaiser_desktop.rules.said import Said
from kaiser_desktop.ui.help_dialog import HowToPlayDialog, RulesDialog, rules_page_name
from kaiser_desktop.ui.summary_wording import summary_html, winner_text
from kaiser_desktop.ui.wording import (
    bid_text,
    bidding_prompt,
    card_words,
    contract_text,
    error_text,
    hint_text,
    points_text,
    refusal_text,
    trump_text,
    why_text,
)

CATALOGUE = resource("i18n", "kaiser_words_fr_CA.ts")
NB = "\u00a0"
# French at the table: the human is « Vous », the others by their French names.
SEATING_FR = Seating(
    labels={Seat.S: "Vous", Seat.N: "Pat (partenaire)", Seat.W: "Ouest", Seat.E: "Est"},
    short={Seat.S: "Vous", Seat.N: "Pat", Seat.W: "Ouest", Seat.E: "Est"},
)
# Words that would betray English left in a French sentence.
ENGLISH = re.compile(
    r"\b(the|your|you|and|with|trump|tricks?|bid|pass|lead|play|partner|hearts|spades|"
    r"diamonds|clubs|North|East|South|West|points? short)\b"
)
FRENCH_SUITS = {Suit.S: "pique", Suit.H: "cœur", Suit.D: "carreau", Suit.C: "trèfle"}


def _messages() -> list[tuple[str, str, str, list[str], bool]]:
    found = []
    for context in ET.parse(CATALOGUE).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            translation = message.find("translation")
            assert translation is not None
            plural = message.get("numerus") == "yes"
            forms = (
                [form.text or "" for form in translation.iter("numerusform")]
                if plural
                else [translation.text or ""]
            )
            if translation.get("type") in ("unfinished", "vanished", "obsolete"):
                forms = [""]
            source = message.findtext("source") or ""
            found.append((name, source, message.findtext("comment") or "", forms, plural))
    return found


@pytest.fixture
def french(qapp: QApplication, tmp_path: Path) -> Iterator[None]:
    qm = tmp_path / "kaiser_words_fr_CA.qm"
    compile_catalogue(CATALOGUE, qm)
    translator = QTranslator()
    assert translator.load(str(qm))
    QCoreApplication.installTranslator(translator)
    yield
    QCoreApplication.removeTranslator(translator)


# --- the catalogue ---------------------------------------------------------------------------


def test_every_message_is_translated() -> None:
    messages = _messages()
    assert len(messages) > 200
    left = [(c, s) for c, s, _, forms, _ in messages if not all(f.strip() for f in forms)]
    assert left == []


def test_translations_keep_the_placeholders_and_the_plural() -> None:
    for _, source, _, forms, plural in _messages():
        for form in forms:
            assert set(re.findall(r"\{\w+\}", form)) <= set(re.findall(r"\{\w+\}", source)), (
                source,
                form,
            )
            if "%n" in source:
                assert "%n" in form, (source, form)
        if plural:
            assert len(forms) == 2, source  # French: one, many
        # A sentence with a placeholder keeps every value (a card or a count dropped would
        # leave the player guessing).
        wanted = set(re.findall(r"\{\w+\}", source))
        assert all(wanted <= set(re.findall(r"\{\w+\}", f)) for f in forms), (source, forms)


def test_french_punctuation_has_its_no_break_spaces() -> None:
    for _, _, _, forms, _ in _messages():
        for form in forms:
            assert not re.search(r"[^\u00a0][:;?!»]|«[^\u00a0]", form), form


# --- sentences --------------------------------------------------------------------------------


def test_cards_suits_and_bids_in_french(french: None) -> None:
    assert card_words(Card.from_text("KH")) == "le roi de cœur"
    assert card_words(Card.from_text("QS")) == "la dame de pique"
    assert card_words(Card.from_text("AC")) == "l'as de trèfle"
    assert card_words(Card.from_text("TD")) == "le 10 de carreau"
    assert card_words(Card.from_text("5H")) == "le 5 de cœur"
    assert card_words(Card.from_text("3S")) == "le 3 de pique"
    assert bid_text(Bid(8, True)) == "8 sans-atout"
    assert bid_text(Bid(0)) == "Passe"
    assert trump_text(Suit.H) == "♥ Cœur"
    assert trump_text(None) == "Sans-atout"
    assert contract_text(Bid(8), Suit.S, True) == "8 ♠"
    assert points_text(1) == "1 point"
    assert points_text(0) == "0 point"
    assert points_text(-3) == "−3 points"


def test_a_hint_and_a_why_in_french(french: None) -> None:
    king = Card.from_text("KH")
    said = reason(QT_TRANSLATE_NOOP("Reasons", "Win the 5♥ with {card}."), card=king)
    two = [Play(king), Play(Card.from_text("9H"))]
    assert hint_text(Play(king), said, SEATING_FR, legal=two) == (
        f"Indice{NB}: Gagnez le 5 de cœur avec le roi de cœur."
    )
    assert why_text(Seat.W, Play(king), said, SEATING_FR) == (
        f"Ouest s'est dit{NB}: «{NB}Gagnez le 5 de cœur avec le roi de cœur.{NB}»"
    )
    forced = hint_text(Play(king), said, SEATING_FR, legal=two[:1])
    assert (
        forced == f"Indice{NB}: Jouez le roi de cœur. C'est la seule carte que vous pouvez jouer."
    )


def _search_prefers_the_seven() -> tuple[Play, str, list[Play]]:
    """The Expert's search prefers leading the 7♣ to the Basic player's A♣ (issue 27.5)."""
    from kaiser_desktop.ai.basic_play import play_decision
    from kaiser_desktop.ai.card_play import explain
    from kaiser_desktop.ai.search import SearchResult
    from kaiser_desktop.rules.state import GameState, HandState, Trick

    hands = tuple(
        tuple(Card.from_text(t) for t in text.split())
        for text in ("AS KS QS JS AD KD QD", "AH KH QH JH TH 9H 8H", "AC 7C 9S 8S 9D 8D 7D",
                     "5H 3S JD TD QC JC TC")
    )  # fmt: skip
    hand = HandState(
        number=1, dealer=Seat.E, deal=Deal(hands), hands=hands, declarer=Seat.N,
        contract=Bid(7), trump=Suit.H, trump_named=True, tricks=(),
        current=Trick((Seat.S, Seat.W, Seat.N, Seat.E), ()),
    )  # fmt: skip
    state = GameState(
        rules=RuleSet(), phase=Phase.PLAY, dealer=Seat.E, scores=(0, 0), hand=hand,
        to_act=Seat.S,
    )  # fmt: skip
    view = observe(state, Seat.S)
    basic = play_decision(view)
    assert basic.action == Play(Card.from_text("AC"))
    ace, seven = Card.from_text("AC").index, Card.from_text("7C").index
    res = SearchResult({ace: 1.0, seven: 2.5}, 40, "pimc", {ace: 1.0, seven: 2.5})
    decision = explain(view, res, basic)
    assert decision.action == Play(Card.from_text("7C"))
    return Play(Card.from_text("7C")), decision.reason, [Play(c) for c in hands[2]]


def test_a_better_play_is_not_said_to_beat_a_higher_card(qapp: QApplication) -> None:
    """ "It beats the ace of clubs" read as if the 7 outranked the ace: it is the better play."""
    play, why, legal = _search_prefers_the_seven()
    assert hint_text(play, why, Seating(), legal=legal) == (
        "Hint: Lead the 7 of clubs; given the cards the others probably hold, this play "
        "scores about 1.5 points more on average than playing the ace of clubs."
    )


def test_a_better_play_in_french(french: None) -> None:
    play, why, legal = _search_prefers_the_seven()
    assert hint_text(play, why, SEATING_FR, legal=legal) == (
        f"Indice{NB}: Ouvrez avec le 7 de trèfle{NB}; vu les cartes que les autres ont "
        "probablement, ce coup rapporte en moyenne environ 1,5 point de plus que de jouer "
        "l'as de trèfle."
    )


def test_counts_agree_in_french(french: None) -> None:
    template = QT_TRANSLATE_NOOP(
        "Reasons", "Pass: your hand is worth about {points}, short of {need}."
    )
    one = reason(template, points=Amount(1, "points"), need=6)
    three = reason(template, points=Amount(3, "points"), need=6)
    assert str(one) == "Pass: your hand is worth about 1 points, short of 6."  # as it always was
    assert hint_text(MakeBid(Bid(0)), one, SEATING_FR) == (
        f"Indice{NB}: Passez{NB}: votre main vaut environ 1 point, moins que 6."
    )
    assert "environ 3 points" in hint_text(MakeBid(Bid(0)), three, SEATING_FR)


def _follow_suit_refusal() -> tuple[IllegalActionError, Suit]:
    """A real refusal: a seed's first trick where the player holds the suit led and tries
    another card."""
    rules = RuleSet()
    for seed in range(20):
        rng = random.Random(seed)
        state = new_game(rules, SEATS[seed % 4])
        bot = make_bot("basic", seed=seed)
        for _ in range(60):
            if state.awaiting_deal:
                state = apply(state, Deal.shuffled(rules, rng, state.dealer))
                continue
            hand = state.hand
            assert hand is not None and state.to_act is not None
            current = hand.current
            if state.phase is Phase.PLAY and current is not None and current.cards:
                led = current.cards[0].suit
                held = hand.hand_of(state.to_act)
                other = [c for c in held if c.suit is not led]
                if other and any(c.suit is led for c in held):
                    with pytest.raises(IllegalActionError) as refused:
                        apply(state, Play(other[0]))
                    return refused.value, led
            state = apply(state, bot.decide(observe(state, state.to_act)).action)
    raise AssertionError("no follow-suit refusal found")


def test_the_engine_s_refusal_in_french(french: None) -> None:
    refusal, led = _follow_suit_refusal()
    assert str(refusal) == f"You must follow {led.plural}."
    wanted = f"Vous devez fournir du {FRENCH_SUITS[led]}."
    assert refusal_text(refusal) == wanted  # from the error
    assert error_text(str(refusal)) == wanted  # and from its text alone
    assert error_text("Wait for West to play.") == "Wait for West to play."  # not a refusal


def test_english_is_unchanged_without_the_catalogue(qapp: QApplication) -> None:
    refusal, led = _follow_suit_refusal()
    assert refusal_text(refusal) == f"You must follow {led.plural}."
    assert card_words(Card.from_text("QS")) == "the queen of spades"
    assert bid_text(Bid(8, True)) == "8 no trump"
    assert points_text(1) == "1 point"
    assert trump_text(Suit.H) == "♥ Hearts"


def test_a_reason_travels_between_processes_with_its_words() -> None:
    said = reason(QT_TRANSLATE_NOOP("Reasons", "Lead {card}."), card=Card.from_text("AS"))
    again = pickle.loads(pickle.dumps(said))
    assert isinstance(again, Said) and again == said
    assert (again.template, again.values) == (said.template, said.values)


def test_every_reason_of_a_game_is_french(french: None) -> None:
    """Every reason the Basic and Expert players give over two seeded games (the Expert's
    bid advice included), every bidding prompt, and each hand's summary: French, with
    nothing left in English and no placeholder left unfilled."""
    rules, checked = RuleSet(kaiser_bid=True), 0
    for seed in (1, 2):
        rng = random.Random(seed)
        state = new_game(rules, SEATS[seed])
        bots = [make_bot("basic", seed=seed), make_bot("expert", seed=seed)]
        for _ in range(45 * 2):
            if state.is_over or len(state.results) >= 2:
                break
            if state.awaiting_deal:
                state = apply(state, Deal.shuffled(rules, rng, state.dealer))
                continue
            seat = state.to_act
            assert seat is not None
            view = observe(state, seat)
            # The Expert's search is slow for every card: it speaks at the bids and the lead.
            thinking = bots if view.phase is not Phase.PLAY or not view.current else bots[:1]
            for bot in thinking:
                decision = bot.decide(view)
                text = (
                    hint_text(decision.action, decision.reason, SEATING_FR, legal=view.legal)
                    if seat is Seat.S
                    else why_text(seat, decision.action, decision.reason, SEATING_FR)
                )
                assert text != str(decision.reason)
                assert not ENGLISH.search(text) and "{" not in text, text
                checked += 1
            if view.phase is Phase.BIDDING and seat is Seat.S:
                prompt = bidding_prompt(view, SEATING_FR)
                assert not ENGLISH.search(prompt) and "mise" in prompt.lower(), prompt
            before = len(state.results)
            state = apply(state, bots[0].decide(view).action)
            if len(state.results) > before:
                summary = re.sub(
                    r"<[^>]+>", " ", summary_html(state.results[-1], SEATING_FR, rules)
                )
                assert not ENGLISH.search(summary) and "{" not in summary, summary
    assert checked > 40


def test_a_summary_in_french(french: None) -> None:
    result = HandResult(
        4, Seat.N, "played", None, Seat.S, Bid(8), Suit.H, (7, 3), (-8, 3), (2, 23), False,
        (5, 3), Team.NS, Team.NS,
    )  # fmt: skip
    text = re.sub(r"<[^>]+>", " ", summary_html(result, SEATING_FR, RuleSet()))
    text = re.sub(r"[ \n]+", " ", unescape(text))  # (str.split would take the no-break spaces)
    assert "Vous et Pat avez misé 8 et n'avez pas réussi." in text
    assert "Vous avez choisi cœur (♥) comme atout." in text
    assert (
        f"Vous et Pat{NB}: 5 levées + 5♥ − 3♠ = 7 points{NB}; la mise était de 8{NB}: ratée, −8."
        in text
    )
    assert f"Est et Ouest{NB}: 3 levées = 3 points, donc +3." in text
    assert winner_text(Team.EW, (30, 54), SEATING_FR) == "Est et Ouest gagnent, 54 à 30."


# --- the rules help ---------------------------------------------------------------------------


class Outline(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.anchors: list[str] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "a" and found.get("name"):
            self.anchors.append(str(found["name"]))
        if tag == "a" and str(found.get("href", "")).startswith("#"):
            self.anchors.append("link:" + str(found["href"]))
        if tag in ("h1", "h2", "h3", "li", "table", "tr") or found.get("class") == "example":
            self.tags.append(tag + ("." + str(found["class"]) if found.get("class") else ""))


def _outline(name: str) -> Outline:
    outline = Outline()
    outline.feed(resource("help", name).read_text(encoding="utf-8"))
    return outline


def test_the_french_rules_help_has_the_english_sections() -> None:
    english, french = _outline("rules.html"), _outline("rules.fr_CA.html")
    assert french.anchors == english.anchors
    assert french.tags == english.tags
    page = resource("help", "rules.fr_CA.html").read_text(encoding="utf-8")
    assert 'lang="fr-CA"' in page and "http" not in page and "<script" not in page
    for words in ("sans-atout", "levée", "donneur", "atout", "le 5 de cœur", "le 3 de pique"):
        assert words in page, words
    plain = unescape(re.sub(r"<[^>]+>", " ", page.split("<body>")[1]))
    assert not re.search(r"[^\u00a0][:;?!»]|«[^\u00a0]", plain)


def test_the_rules_window_and_the_tour_speak_french(french: None) -> None:
    assert rules_page_name() == "rules.fr_CA.html"
    dialog = RulesDialog()
    assert dialog.browser.source().fileName() == "rules.fr_CA.html"
    assert dialog.windowTitle() == "Comment jouer au Kaiser"
    tour = HowToPlayDialog(scale=1.0)
    assert tour.title.text() == "La table"
    assert (tour.back_button.text(), tour.next_button.text()) == ("Précédent", "Suivant")
    assert tour.page_label.text() == "Page 1 sur 6"
    dialog.deleteLater()
    tour.deleteLater()


def test_the_rules_window_is_english_without_the_catalogue(qapp: QApplication) -> None:
    assert rules_page_name() == "rules.html"
    dialog = RulesDialog()
    assert dialog.browser.source().fileName() == "rules.html"
    dialog.deleteLater()
