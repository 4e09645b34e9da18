"""A hint's reason says only what is certain from the player's view (issue 27, point 4):
"Lead the king of clubs: no one can beat it" while East, out of clubs, could trump it."""

from __future__ import annotations

import random
from dataclasses import replace

from aitestkit import play_position, random_states

from kaiser_desktop.ai import hint, make_bot
from kaiser_desktop.ai.basic import trump_decision
from kaiser_desktop.ai.common import NO_TRUMP, beats, knowledge, sample_hands, trump_int
from kaiser_desktop.ai.evaluate import evaluate
from kaiser_desktop.rules import (
    Card,
    Play,
    PlayerView,
    RuleSet,
    Seat,
    Suit,
    Trick,
    apply,
    make_pack,
    observe,
)

# Claims that no opponent can take the card: each must hold in every layout of the hidden
# cards that fits what the player has seen.
CERTAIN = (
    "no opponent can beat it",
    "no one can beat it",
    "no opponent can win it",
    ": it wins,",
    "your lowest card that is sure to win it",
)


def _issue_position(trump: Suit | None) -> PlayerView:
    """South won trick 1 with the A♣ and now leads: the K♣ is the top club left. East holds
    only hearts (the view cannot know that); nobody has shown a void."""
    first = Trick(
        (Seat.N, Seat.E, Seat.S, Seat.W), tuple(Card.from_text(t) for t in ["9C", "8C", "AC", "7C"])
    )
    state = play_position(
        {
            Seat.S: "KC TS 9S 8S 9D 8D 7D",
            Seat.N: "AS KS QS JS AD KD QD",
            Seat.E: "AH KH QH JH TH 9H 8H",
            Seat.W: "5H 3S JD TD QC JC TC",
        },
        trump,
        Seat.N,
        "7" if trump is not None else "7NT",
        Seat.S,
        tricks=(first,),
    )
    return observe(state, Seat.S)


def test_the_king_of_clubs_is_not_said_unbeatable_while_trumps_are_out() -> None:
    view = _issue_position(Suit.H)
    decision = hint(view, "basic")
    assert decision.action == Play(Card.from_text("KC"))
    assert str(decision.reason) == (
        "Lead the king of clubs: no opponent can follow with a higher card in clubs."
    )
    # And it is indeed not certain: in this very deal East trumps it.
    state = play_position(
        {
            Seat.S: "KC TS 9S 8S 9D 8D 7D",
            Seat.N: "AS KS QS JS AD KD QD",
            Seat.E: "AH KH QH JH TH 9H 8H",
            Seat.W: "5H 3S JD TD QC JC TC",
        },
        Suit.H,
        Seat.N,
        "7",
        Seat.S,
        tricks=(view.tricks[0],),
    )
    for played in ("KC", "QC", "JS"):  # South, West, North; then East, out of clubs
        state = apply(state, Play(Card.from_text(played)))
    east = observe(state, Seat.E)
    assert Play(Card.from_text("8H")) in east.legal


def test_with_no_trump_the_king_of_clubs_really_cannot_be_beaten() -> None:
    decision = hint(_issue_position(None), "basic")
    assert decision.action == Play(Card.from_text("KC"))
    assert str(decision.reason) == "Lead the king of clubs: no opponent can beat it."


def _broken(view: PlayerView, card: int, rng: random.Random, samples: int = 80) -> bool:
    """Does some layout that fits the view let an opponent after this seat beat `card`?"""
    k = knowledge(view)
    trick = view.current
    assert trick is not None
    led = trick.cards[0].suit.value if trick.cards else card >> 4
    after = [s.value for s in trick.order[len(trick.cards) + 1 :]]
    trump = trump_int(view)
    for _ in range(samples):
        hands = sample_hands(k, rng, tries=200)
        for s in after:
            if (s & 1) == (view.seat.value & 1):
                continue
            legal = [x for x in hands[s] if x >> 4 == led] or hands[s]
            if any(beats(x, card, trump) for x in legal):
                return True
    return False


def test_every_certain_claim_holds_in_every_layout_the_player_cannot_rule_out() -> None:
    rng = random.Random(5)
    claims = 0
    for state, _bot in random_states(RuleSet(), make_bot("basic", 3), seed=27, hands=40):
        if state.to_act is None or state.hand is None or state.hand.current is None:
            continue
        view = observe(state, state.to_act)
        decision = make_bot("basic", 1).decide(view)
        text = str(decision.reason)
        if not isinstance(decision.action, Play) or not any(c in text for c in CERTAIN):
            continue
        claims += 1
        assert not _broken(view, decision.action.card.index, rng), text
    assert claims >= 20  # the check saw enough of them to mean something


def _trump_choice(hand: str) -> str:
    """The basic bot's reason for naming no trump with `hand` (a Kaiser contract's choice)."""
    base = _issue_position(None)
    view = replace(base, hand=tuple(Card.from_text(t) for t in hand.split()))
    held = [c.index for c in view.hand]
    return str(trump_decision(view, evaluate(held, NO_TRUMP)).reason)


def test_naming_no_trump_claims_only_the_aces_that_cannot_be_beaten() -> None:
    """It said "your top cards win in every suit" with no ace of clubs or hearts in hand:
    only a led ace is sure to win once no one can trump, so only the aces held are named."""
    text = _trump_choice("AS AD KC QC JH 9H 8S 7D")
    assert "every suit" not in text
    assert text.startswith("No trump: your hand is worth more without trumps, and then no one")
    assert "the ace of spades" in text and "the ace of diamonds" in text
    assert "clubs" not in text and "hearts" not in text
    # True of each ace named: with no trump, no card of the pack beats it; with a trump
    # suit, a trump would.
    pack = make_pack(with_sevens=True)
    for ace in ("AS", "AD"):
        index = Card.from_text(ace).index
        assert not any(beats(c.index, index, NO_TRUMP) for c in pack)
        assert any(beats(c.index, index, Suit.H.value) for c in pack)


def test_naming_no_trump_without_an_ace_claims_no_winner() -> None:
    assert _trump_choice("KS QD KC QC JH 9H 8S 7D") == (
        "No trump: your hand is worth more without trumps."
    )


def test_cannot_win_is_said_only_when_no_card_in_hand_beats_the_trick() -> None:
    """Issue 38: "You cannot win this trick" was said while the player held a card beating
    the one winning, with an opponent still to play (the card was not sure to hold, which is
    not the same). And "to force out their higher card" was said of a card that simply won:
    said now is what is certain, that it beats the cards played so far."""
    cannot = beating = unsure = 0
    for state, _bot in random_states(RuleSet(), make_bot("basic", 3), seed=38, hands=40):
        if state.to_act is None or state.hand is None or state.hand.current is None:
            continue
        view = observe(state, state.to_act)
        trick = view.current
        if trick is None or not trick.cards:
            continue
        decision = make_bot("basic", 1).decide(view)
        text = str(decision.reason)
        trump = trump_int(view)
        played = [c.index for c in trick.cards]
        best = played[0]
        for card in played[1:]:
            if beats(card, best, trump):
                best = card
        legal = [a.card.index for a in view.legal if isinstance(a, Play)]
        assert "force out" not in text, text
        if text.startswith("You cannot win this trick"):
            cannot += 1
            assert not any(beats(c, best, trump) for c in legal), text
        if "it beats the cards played so far" in text:
            beating += 1
            assert isinstance(decision.action, Play)
            assert beats(decision.action.card.index, best, trump), text
        if text.startswith("An opponent after you could still beat"):
            unsure += 1
            assert any(beats(c, best, trump) for c in legal), text
    assert cannot >= 20 and beating >= 3 and unsure >= 3, (cannot, beating, unsure)
