"""What the play and the trump named say about the hidden hands (issue 39): layouts
weighed by how likely the others' cards so far were from the hands they give them."""

from __future__ import annotations

import random

from aitestkit import cards, play_position

from kaiser_desktop.ai import play_inference as inference
from kaiser_desktop.ai.common import knowledge
from kaiser_desktop.ai.search import ValueTable, make_sampler, outcome_for, pimc, play_context
from kaiser_desktop.rules import Card, PlayerView, Seat, Suit, Trick, observe

N, E, S, W = 0, 1, 2, 3


def _hands(text: dict[int, str]) -> list[list[int]]:
    return [[c.index for c in cards(text[s])] for s in (N, E, S, W)]


def _held(text: dict[int, str]) -> dict[Seat, str]:
    return {Seat(s): t for s, t in text.items()}


def _swap(hands: list[list[int]], a: str, b: str) -> list[list[int]]:
    """The layout with cards `a` and `b` changing hands."""
    x, y = Card.from_text(a).index, Card.from_text(b).index
    return [[y if c == x else x if c == y else c for c in h] for h in hands]


# E led the 8♥, S (this seat) took it with the K♥, W followed with the J♥, and N, last,
# played the 10♥ on the trick its partner S had won.
AFTER_HEARTS = {
    S: "AS KS QS AD KD QD AC",
    N: "5H 9H AH 9S 7D 8D 7C",
    E: "QH JD TS JS 9D TD 8C",
    W: "3S 8S 9C TC JC QC KC",
}


def _hearts_view() -> PlayerView:
    first = Trick((Seat.E, Seat.S, Seat.W, Seat.N), cards("8H KH JH TH"))
    held = _held(AFTER_HEARTS)
    state = play_position(held, Suit.C, Seat.S, "7", Seat.S, tricks=(first,))
    return observe(state, Seat.S)


def test_a_partner_who_kept_the_five_back_probably_has_none() -> None:
    weigh = inference.play_weight(_hearts_view())
    assert weigh is not None
    true = _hands(AFTER_HEARTS)
    assert weigh(true) == inference.KEPT_FIVE_FROM_PARTNER  # N kept the 5♥ from S's trick
    neither = _swap(_swap(true, "5H", "TS"), "9H", "8C")  # both with E, who led
    assert weigh(neither) == 1.0


def test_a_player_who_followed_high_probably_had_no_lower_card() -> None:
    weigh = inference.play_weight(_hearts_view())
    assert weigh is not None
    true = _hands(AFTER_HEARTS)
    # N has no 5♥ but the 9♥, yet played the 10♥ on its partner's trick.
    assert weigh(_swap(true, "5H", "TS")) == inference.FOLLOWED_HIGH
    # W, following the opponents' trick with the J♥, holding the 9♥; N still kept the 5♥.
    both = _swap(true, "9H", "9C")
    assert weigh(both) == inference.FOLLOWED_HIGH * inference.KEPT_FIVE_FROM_PARTNER


def test_a_player_who_let_the_opponents_card_stand_probably_had_none_to_beat_it() -> None:
    weigh = inference.play_weight(_hearts_view())
    assert weigh is not None
    kept_five = inference.KEPT_FIVE_FROM_PARTNER
    # W, third to the trick, played the J♥ under S's K♥: had W held the A♥ it would
    # likely have taken the trick.
    with_ace = _swap(_hands(AFTER_HEARTS), "AH", "8S")
    assert weigh(with_ace) == inference.LET_TRICK_GO[1] * kept_five
    # Holding the 9♥ as well, the least likely reading counts, not both.
    both = _swap(with_ace, "9H", "9C")
    assert weigh(both) == min(inference.LET_TRICK_GO[1], inference.FOLLOWED_HIGH) * kept_five


# W led the A♦; N followed, E (out of diamonds) trumped its partner's ace with the 8♣,
# S followed. Clubs are trumps, N declared.
AFTER_RUFF = {
    N: "AS KS QS JS AC KC QC",
    E: "AH KH QH JH TS 9S 8S",
    S: "5H 9H 8H TH 9D TD JD",
    W: "3S KD QD JC TC 9C 7C",
}


def test_a_player_who_trumped_the_partners_winner_probably_had_nothing_else() -> None:
    first = Trick((Seat.W, Seat.N, Seat.E, Seat.S), cards("AD 7D 8C 8D"))
    state = play_position(_held(AFTER_RUFF), Suit.C, Seat.N, "7", Seat.E, tricks=(first,))
    weigh = inference.play_weight(observe(state, Seat.S))
    assert weigh is not None
    true = _hands(AFTER_RUFF)
    assert weigh(true) == inference.RUFFED_PARTNER  # E held hearts and spades to throw
    only_clubs = true
    clubs, plain = cards("AC KC QC JC TC 9C 7C"), cards("AH KH QH JH TS 9S 8S")
    for club, other in zip(clubs, plain, strict=True):
        only_clubs = _swap(only_clubs, club.text, other.text)
    assert weigh(only_clubs) == 1.0  # with nothing but trumps, E had to trump


def test_nothing_to_weigh_before_anyone_followed() -> None:
    held = _held(AFTER_HEARTS)
    state = play_position(held, Suit.C, Seat.S, "7", Seat.S)
    assert inference.play_weight(observe(state, Seat.S)) is None


# E declared 7 in clubs and led the 8♦; S, this seat, is to follow.
CLUBS = {
    E: "AC KC QC JC TC 9C 8C",
    S: "AH KH QH JH 9D TD JD QD",
    N: "AS KS QS JS TS 9S 8S 7D",
    W: "5H 3S 8H 9H TH AD KD 7C",
}


def test_the_declarer_named_the_suit_its_hand_is_best_in() -> None:
    held = _held(CLUBS)
    state = play_position(held, Suit.C, Seat.E, "7", Seat.E, played="8D")
    weigh = inference.trump_weight(observe(state, Seat.S))
    assert weigh is not None
    true = _hands(CLUBS)
    assert weigh(true) == 1.0
    spades = true
    clubs, spades_held = cards("AC KC QC JC TC 9C 8C"), cards("AS KS QS JS TS 9S 8S")
    for club, spade in zip(clubs, spades_held, strict=True):
        spades = _swap(spades, club.text, spade.text)
    assert weigh(spades) == inference.NAMED_OTHER_TRUMP  # E would have named spades
    # The declarer's own view, and no trump, say nothing.
    assert inference.trump_weight(observe(state, Seat.E)) is None


def test_the_sampler_thins_layouts_by_their_weight() -> None:
    view = _hearts_view()
    k = knowledge(view)
    five = Card.from_text("5H").index

    def share_with_north(weigh: inference.Weigh | None) -> float:
        sampler = make_sampler(k, None, weigh)
        rng = random.Random(3)
        return sum(five in sampler(rng)[N] for _ in range(600)) / 600

    plain = share_with_north(None)
    weighed = share_with_north(inference.play_weight(view))
    assert 0.25 < plain < 0.42  # one of three hands of seven
    assert weighed < 0.12


def test_searched_layouts_count_by_their_weight() -> None:
    view = _hearts_view()
    ctx, values = play_context(view), ValueTable(outcome_for(view))
    rng = random.Random(1)
    a, b = _hands(AFTER_HEARTS), _swap(_hands(AFTER_HEARTS), "9S", "9D")
    only_a = pimc(ctx, lambda r: a, values, rng, layouts=[a])
    weighed = pimc(ctx, lambda r: a, values, rng, layouts=[a, b], weights=[1.0, 0.0])
    assert weighed.means == only_a.means
    half = pimc(ctx, lambda r: a, values, rng, layouts=[a, b], weights=[0.5, 0.5])
    even = pimc(ctx, lambda r: a, values, rng, layouts=[a, b])
    assert half.means == even.means


def test_a_player_who_threw_a_high_card_probably_had_no_lower_one() -> None:
    # S led the A♥, W followed, N (out of hearts) threw the 10♠ keeping the 9♠ and 8♠.
    state = play_position(_held(CLUBS), Suit.C, Seat.E, "7", Seat.S, played="AH 8H TS")
    weigh = inference.play_weight(observe(state, Seat.E))
    assert weigh is not None
    true = _hands(CLUBS)
    assert weigh(true) == inference.DISCARDED_HIGH
    assert weigh(_swap(_swap(true, "9S", "9D"), "8S", "TD")) == 1.0  # both lower ones with S


def test_a_defender_who_led_below_an_ace_probably_had_none() -> None:
    state = play_position(_held(CLUBS), Suit.C, Seat.E, "7", Seat.S, played="QH")
    weigh = inference.play_weight(observe(state, Seat.E))
    assert weigh is not None
    true = _hands(CLUBS)
    assert weigh(true) == inference.UNDERLED_ACE  # S led the Q♥ holding the A♥
    assert weigh(_swap(true, "AH", "8H")) == 1.0  # the A♥ with W
    # The declarer's leads (here S declares) are not read: they plan more than they show.
    declaring = play_position(_held(CLUBS), Suit.C, Seat.S, "7", Seat.S, played="QH")
    assert inference.play_weight(observe(declaring, Seat.E)) is None
