"""What the game controller says and decides about the person's intents (a bid, a card, a
trump...): whether it is their turn (else one sentence says why not), whether a choice is
held for a moment so a slip costs one click, and the only card played for them.

Plain functions of the state, the seating and the action they are given: the controller
applies the action, keeps the state before it for undo and says the sentences.
"""

from __future__ import annotations

from kaiser_desktop.app.i18n import translate
from kaiser_desktop.app.seating import Seating
from kaiser_desktop.rules import (
    Card,
    GameState,
    MakeBid,
    NameTrump,
    Phase,
    Play,
    PlayerView,
    Rank,
    SeatAction,
)


def wait_text(phase: Phase, name: str) -> str:
    """ "Wait for West to bid.": one whole sentence per phase (French orders it otherwise)."""
    sentences = {
        Phase.REDEAL: translate("PersonIntents", "Wait for {name} to decide about a new deal."),
        Phase.PASSING: translate("PersonIntents", "Wait for {name} to pass a card."),
        Phase.BIDDING: translate("PersonIntents", "Wait for {name} to bid."),
        Phase.DISCARD: translate("PersonIntents", "Wait for {name} to discard."),
        Phase.TRUMP: translate("PersonIntents", "Wait for {name} to name trump."),
        Phase.PLAY: translate("PersonIntents", "Wait for {name} to play."),
    }
    return sentences[phase].format(name=name)


def not_their_turn(state: GameState, seating: Seating) -> str | None:
    """Why no person may act in `state` now, in one sentence; None when a person is to act."""
    seat = state.to_act
    if state.phase is Phase.GAME_OVER:
        return translate("PersonIntents", "The game is over. Choose Play again for a new game.")
    if seat is None:
        return translate("PersonIntents", "Wait for the next deal.")
    if not seating.is_human(seat):
        return wait_text(state.phase, seating.name(seat))
    return None


def held_for_grace(action: SeatAction, before: GameState, after: GameState) -> bool:
    """A bid or trump is held for a moment, so a slip of the hand costs one click, not an
    undo (which would make the game practice); not one that ends the hand."""
    return isinstance(action, (MakeBid, NameTrump)) and len(after.results) == len(before.results)


def only_card(view: PlayerView) -> Play | None:
    """The card the person must play, when they have only one to choose from."""
    if view.phase is not Phase.PLAY or len(view.legal) != 1:
        return None
    action = view.legal[0]
    assert isinstance(action, Play)
    return action


def card_letters(card: Card) -> str:
    """ "J♥", "10♦" (French « V♥ »): a card's short label in the player's letters, said by
    the controller itself. app/ may not import ui/'s said_words, and a controller run without
    the window (tests, a script) must say the same, so the letters are translated here, in
    this module's own context; the suit's symbol is a value, so no message is a bare letter."""
    letters = {
        Rank.ACE: translate("PersonIntents", "A{suit}"),
        Rank.KING: translate("PersonIntents", "K{suit}"),
        Rank.QUEEN: translate("PersonIntents", "Q{suit}"),
        Rank.JACK: translate("PersonIntents", "J{suit}"),
    }
    letter = letters.get(card.rank)
    return card.label if letter is None else letter.format(suit=card.suit.symbol)


def only_card_words(action: Play) -> str:
    return translate(
        "PersonIntents", "The {card} is your only card to play: it is played for you."
    ).format(card=card_letters(action.card))
