"""Hint and "Why?" sentences: the move said once, ranks in words, a forced card called forced."""

from __future__ import annotations

import itertools

from kaiser_desktop.app.seating import Seating
from kaiser_desktop.rules import (
    AskRedeal,
    Bid,
    Card,
    MakeBid,
    NameTrump,
    Phase,
    Play,
    RuleSet,
    Seat,
    Suit,
    legal_actions,
)
from kaiser_desktop.rules.simulate import random_states
from kaiser_desktop.ui.wording import (
    card_words,
    hint_text,
    suggestion_text,
    was_forced,
    why_text,
)

SEATING = Seating()
PASS = MakeBid(Bid(0))


def card(text: str) -> Card:
    return Card.from_text(text)


def test_ranks_are_said_in_words() -> None:
    said = [card_words(card(t)) for t in ("AS", "KH", "QD", "JC", "TD", "9S", "8H", "7C")]
    assert said == [
        "the ace of spades", "the king of hearts", "the queen of diamonds", "the jack of clubs",
        "the 10 of diamonds", "the 9 of spades", "the 8 of hearts", "the 7 of clubs",
    ]  # fmt: skip
    assert card_words(card("5H")) == "the 5♥" and card_words(card("3S")) == "the 3♠"


def test_a_hint_whose_reason_says_the_move_does_not_say_it_again() -> None:
    assert hint_text(PASS, "Pass: your hand is far from 6.", SEATING) == (
        "Hint: Pass: your hand is far from 6."
    )
    trump = NameTrump(Suit.H)
    assert hint_text(trump, "Name hearts as trump: 5 of them with the ace.", SEATING) == (
        "Hint: Name hearts as trump: 5 of them with the ace."
    )
    play = Play(card("JC"))
    assert hint_text(play, "Lead the jack of clubs: no one can beat it.", SEATING) == (
        "Hint: Lead the jack of clubs: no one can beat it."
    )
    assert hint_text(MakeBid(Bid(8)), "Bid 8: what the hand is worth.", SEATING) == (
        "Hint: Bid 8: what the hand is worth."
    )


def test_a_hint_whose_reason_does_not_say_the_move_says_it_first() -> None:
    play = Play(card("KH"))
    assert hint_text(play, "The opponents are winning this trick.", SEATING) == (
        "Hint: Play the king of hearts. The opponents are winning this trick."
    )
    assert hint_text(play, "", SEATING) == "Hint: Play the king of hearts."
    assert hint_text(NameTrump(None), "", SEATING) == "Hint: Play no trump."
    assert hint_text(AskRedeal(True), "", SEATING) == "Hint: Ask for a new deal."


def test_a_forced_card_is_called_forced_not_a_choice() -> None:
    play = Play(card("9S"))
    text = hint_text(play, "Lead the 9 of spades, a low card.", SEATING, legal=[play])
    assert text == "Hint: Play the 9 of spades. It is the only card you can play."
    assert why_text(Seat.W, play, "Play the 9 of spades: it wins.", SEATING, forced=True) == (
        "West played the 9 of spades: it was the only card West could play."
    )
    # With a choice the reason is kept.
    two = [play, Play(card("KS"))]
    assert "low card" in hint_text(play, "Lead the 9 of spades, a low card.", SEATING, two)


def test_why_names_the_move_once() -> None:
    trump = NameTrump(Suit.H)
    assert why_text(Seat.E, trump, "Name hearts as trump: 5 of them.", SEATING) == (
        "East thought: “Name hearts as trump: 5 of them.”"
    )
    play = Play(card("QD"))
    assert why_text(Seat.W, play, "You cannot win this trick.", SEATING) == (
        "West played the queen of diamonds: “You cannot win this trick.”"
    )
    assert why_text(Seat.N, PASS, "", SEATING) == "Pat passed."


def test_suggestions_are_plain_instructions() -> None:
    assert suggestion_text(Play(card("TD")), SEATING) == "play the 10 of diamonds"
    assert suggestion_text(NameTrump(Suit.C), SEATING) == "name clubs as trump"
    assert suggestion_text(PASS, SEATING) == "pass"


def test_was_forced_matches_the_legal_choices_when_the_card_was_played() -> None:
    # Every card of a random game: forced exactly when the player had one legal card,
    # judged from the table afterwards (at once, and again when the hand is over).
    checked = {True: 0, False: 0}
    states = list(random_states(RuleSet(kaiser_bid=True), 5))
    for at, (before, after) in enumerate(itertools.pairwise(states)):
        if before.phase is not Phase.PLAY or before.hand is None or after.hand is None:
            continue
        legal = legal_actions(before)
        assert before.to_act is not None
        held = set(before.hand.hand_of(before.to_act))
        (card,) = held - set(after.hand.hand_of(before.to_act))
        forced = len(legal) == 1
        assert was_forced(after, Play(card)) is forced
        end = next(s for s in states[at + 1 :] if len(s.results) > len(before.results))
        assert was_forced(end, Play(card)) is forced
        checked[forced] += 1
    assert checked[True] and checked[False]
