"""The game controller's parts alone, each with only what it is given (issue 26): the undo
history, the deal numbers and seeds, the claim on offer, the person's turn, the autosave."""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pytestqt.qtbot import QtBot

from kaiser_desktop.ai.claims import MAX_TRICKS, Claim
from kaiser_desktop.app.claiming import Claiming, lowest_card
from kaiser_desktop.app.deal_numbering import DealNumbering
from kaiser_desktop.app.deal_numbers import deal_for_number, number_for_hand
from kaiser_desktop.app.person_intents import held_for_grace, not_their_turn
from kaiser_desktop.app.review_runner import ClaimRunner
from kaiser_desktop.app.saved_game import SavedGame
from kaiser_desktop.app.seating import Seating
from kaiser_desktop.app.storage import GameStore, StoreError
from kaiser_desktop.app.take_backs import UNDO_LIMIT, TakeBacks
from kaiser_desktop.rules import (
    GameState,
    MakeBid,
    Phase,
    Play,
    RuleSet,
    Seat,
    apply,
    new_game,
    observe,
)
from kaiser_desktop.rules.simulate import random_game, random_states

RULES = RuleSet()


def game(seed: int = 5) -> list[GameState]:
    return list(random_states(RULES, seed))


def test_take_backs_give_back_the_newest_state_and_keep_at_most_the_limit() -> None:
    states = game()[: UNDO_LIMIT + 5]
    backs = TakeBacks()
    assert not backs and not backs.can_undo(states[0]) and backs.take_back() is None
    for state in states:
        backs.remember(state)
    assert backs.can_undo(states[-1])
    assert backs.undo() is states[-1]
    assert backs.take_back() is states[-2]
    left = []
    while backs:
        left.append(backs.undo())
    assert len(left) == UNDO_LIMIT - 2 and left[-1] is states[5]  # the five oldest went


def test_nothing_is_undone_once_the_game_is_over() -> None:
    over = random_game(RULES, seed=5)
    assert over.is_over
    backs = TakeBacks()
    backs.keep(over)
    assert backs and not backs.can_undo(over)


def test_deal_numbers_follow_the_hands_dealt_and_taken_back() -> None:
    numbering = DealNumbering(random.Random(1), random.Random("bots:1"))
    start = new_game(RULES, Seat.E)
    first = numbering.number_for(start, 0, Seat.E)
    assert first == number_for_hand(RULES, numbering.game_seed, 0, Seat.E)
    dealt = apply(start, deal_for_number(RULES, first))
    numbering.dealt(0, first)
    assert numbering.current(dealt) == first
    assert numbering.finished(dealt) is None  # the number names the cards still in play
    numbering.taken_back(start)
    assert numbering.deal_numbers == [] and numbering.current(dealt) is None
    numbering.new_game(first_deal=4242)
    assert numbering.number_for(start, 0, Seat.E) == 4242
    assert numbering.number_for(start, 1, Seat.E) != 4242  # later hands from the seed


def test_deal_numbers_and_seeds_come_back_from_the_sidecar() -> None:
    numbering = DealNumbering(random.Random(1), random.Random("bots:1"))
    start = new_game(RULES, Seat.E)
    number = numbering.number_for(start, 0, Seat.E)
    dealt = apply(start, deal_for_number(RULES, number))
    numbering.dealt(0, number)
    again = DealNumbering(random.Random(2), random.Random("bots:2"))
    again.resume(dealt, numbering.meta())
    assert again.meta() == numbering.meta()
    # An old save: a small seed, no bot seed, numbers that do not match the hands dealt.
    again.resume(dealt, {"game_seed": 98_765, "deal_numbers": [1, 2]})
    assert again.game_seed >= 2**64 and again.bot_seed != numbering.bot_seed
    assert again.deal_numbers == [None]


def late_in_a_hand(states: list[GameState]) -> GameState:
    """The first state in which a claim may be looked for (few tricks left)."""
    return next(
        s
        for s in states
        if s.phase is Phase.PLAY and s.hand is not None and len(s.hand.tricks) >= 8 - MAX_TRICKS
    )


def test_a_claim_on_offer_lapses_when_the_game_moves_on(qtbot: QtBot) -> None:
    claiming = Claiming(True, ClaimRunner())
    assert claiming.offered(1) is None
    claiming.offer(1, Seat.E, Claim(team=1, tricks=3))
    assert claiming.offered(1) == (Seat.E, Claim(team=1, tricks=3))
    assert claiming.offered(2) is None  # the serial moved on
    assert claiming.end() and claiming.offered(1) is None
    assert not claiming.end()  # nothing was on offer any more


def test_a_claim_is_looked_for_late_in_a_hand_with_a_person_at_the_table(qtbot: QtBot) -> None:
    states = game()
    late = late_in_a_hand(states)
    early = next(s for s in states if s.phase is Phase.PLAY)
    claiming = Claiming(True, ClaimRunner())
    assert claiming.worth_checking(late, Seating())
    assert not claiming.worth_checking(early, Seating())
    assert not claiming.worth_checking(late, Seating.all_computers())
    assert not Claiming(False, ClaimRunner()).worth_checking(late, Seating())
    claiming.refuse(late)  # "play on": not again this hand
    assert not claiming.worth_checking(late, Seating())


def test_a_claim_is_played_out_lowest_card_first() -> None:
    late = late_in_a_hand(game())
    assert late.to_act is not None
    view = observe(late, late.to_act)
    card = lowest_card(view)
    plays = [a for a in view.legal if isinstance(a, Play)]
    assert card in plays
    order = [(a.card.rank.value, a.card.suit.value) for a in plays]
    assert (card.card.rank.value, card.card.suit.value) == min(order)


def test_the_person_is_told_why_they_cannot_act_now() -> None:
    seating = Seating()
    start = new_game(RULES, Seat.E)
    assert not_their_turn(start, seating) == "Wait for the next deal."
    states = game()
    south = next(s for s in states if s.to_act is Seat.S)
    west = next(s for s in states if s.to_act is Seat.W and s.phase is Phase.PLAY)
    assert not_their_turn(south, seating) is None
    assert not_their_turn(west, seating) == f"Wait for {seating.name(Seat.W)} to play."
    over = random_game(RULES, seed=5)
    assert not_their_turn(over, seating) == "The game is over. Choose Play again for a new game."


def test_a_bid_is_held_for_a_moment_but_a_card_is_not() -> None:
    states = game()
    bidding = next(s for s in states if s.phase is Phase.BIDDING and s.to_act is not None)
    bid = next(a for a in observe(bidding, bidding.to_act).legal if isinstance(a, MakeBid))
    assert held_for_grace(bid, bidding, apply(bidding, bid))
    playing = next(s for s in states if s.phase is Phase.PLAY and s.to_act is not None)
    card = observe(playing, playing.to_act).legal[0]
    assert not held_for_grace(card, playing, apply(playing, card))


def test_the_autosave_asks_for_the_sidecar_only_when_it_has_changed(
    qtbot: QtBot, tmp_path: Path
) -> None:
    store = GameStore(tmp_path)
    saved = SavedGame(store)
    asked: list[int] = []

    def meta() -> dict[str, Any]:
        asked.append(1)
        return {"turn": len(asked)}

    states = [s for s in game() if s.hand is not None][:3]
    saved.save(states[0], meta)
    saved.save(states[1], meta)
    assert len(asked) == 1
    saved.meta_changed = True
    saved.save(states[2], meta)
    assert len(asked) == 2
    assert saved.flush()
    assert store.load_meta()["turn"] == 2
    assert store.load().state == states[2]


class RefusingStore(GameStore):
    def save(self, state: GameState, meta: Mapping[str, Any] | None = None) -> bool:
        raise StoreError("The game could not be saved because the disk is full.")


def test_a_failing_disk_is_said_once_until_a_save_works(qtbot: QtBot, tmp_path: Path) -> None:
    saved = SavedGame(RefusingStore(tmp_path))
    said: list[str] = []
    saved.failed.connect(said.append)
    states = [s for s in game() if s.hand is not None][:2]
    with qtbot.waitSignal(saved.failed, timeout=5000):
        saved.save(states[0], lambda: {})
    assert saved.meta_changed  # the sidecar may not be on the disk: it goes next time
    saved.meta_changed = False  # set again only when the second failure has been heard
    saved.save(states[1], lambda: {})
    qtbot.waitUntil(lambda: saved.meta_changed, timeout=5000)
    assert said == ["The game could not be saved because the disk is full."]
    assert saved.error == said[0]


def test_without_a_store_nothing_is_saved(qtbot: QtBot) -> None:
    saved = SavedGame(None)
    asked: list[int] = []
    saved.save(game()[1], lambda: asked.append(1) or {})
    assert saved.flush() and asked == []
