"""Never a start loop: the marker of a start in progress, and the ways on after one died."""

from __future__ import annotations

from pathlib import Path

from kaiser_desktop.app.start_guard import (
    MARKER_NAME,
    StartChoice,
    StartGuard,
    after_failed_start,
    needs_asking,
    start_of_this_hand,
)
from kaiser_desktop.app.storage import META_NAME, SAVE_NAME, GameStore, LoadResult
from kaiser_desktop.rules import STANDARD, GameState, Phase, RuleSet, apply, legal_actions
from kaiser_desktop.rules import record as kaiser_record
from kaiser_desktop.rules.simulate import random_states


def mid_play(rules: RuleSet = STANDARD, hand_number: int = 2) -> tuple[GameState, GameState]:
    """A state in the play of the cards of hand `hand_number`, and that hand just dealt."""
    dealt: GameState | None = None
    for state in random_states(rules, seed=4):
        hand = state.hand
        if hand is None or hand.number != hand_number:
            continue
        if dealt is None:
            dealt = state
        if state.phase is Phase.PLAY and len(hand.tricks) >= 3:
            assert dealt is not None
            return state, dealt
    raise AssertionError("the random game never got there")


def test_a_start_is_marked_until_steady_and_a_dead_one_is_noticed(tmp_path: Path) -> None:
    guard = StartGuard(tmp_path / "data")
    assert guard.begin() is False  # the first start ever: nothing died before it
    assert (tmp_path / "data" / MARKER_NAME).exists()
    assert StartGuard(tmp_path / "data").begin() is True  # this one never became steady
    guard.steady()
    assert not (tmp_path / "data" / MARKER_NAME).exists()
    assert guard.begin() is False
    guard.steady()
    guard.steady()  # twice (the timer, then the clean quit) is fine


def test_a_folder_that_cannot_be_written_costs_the_guard_never_the_start(tmp_path: Path) -> None:
    in_the_way = tmp_path / "not-a-folder"
    in_the_way.write_text("a file where the data folder should be", encoding="utf-8")
    guard = StartGuard(in_the_way / "data")
    assert guard.begin() is False  # nothing raised
    guard.steady()


def test_carrying_on_goes_back_to_the_deal_of_the_hand_in_play() -> None:
    state, dealt = mid_play()
    again = start_of_this_hand(state)
    assert again == dealt
    assert again.hand is not None and again.hand.bids == () and again.hand.tricks == ()
    assert again.past_hands == state.past_hands  # earlier hands and scores untouched
    # The same game goes on from there: the player is one click from playing.
    assert legal_actions(again)
    assert apply(again, legal_actions(again)[0]) is not None


def test_carrying_on_in_variants_with_passing_and_a_kitty() -> None:
    rules = RuleSet(pass_to_partner=True, kitty=True)
    state, dealt = mid_play(rules, hand_number=1)
    assert start_of_this_hand(state) == dealt


def saved(tmp_path: Path) -> tuple[GameStore, LoadResult, GameState]:
    state, dealt = mid_play()
    store = GameStore(tmp_path)
    store.save(state, {"level": "expert"})
    loaded = store.load()
    assert loaded.state == state
    return store, loaded, dealt


def test_carry_on_keeps_the_game_aside_and_saves_the_start_of_the_hand(tmp_path: Path) -> None:
    store, loaded, dealt = saved(tmp_path)
    original = store.save_path.read_text(encoding="utf-8")
    result = after_failed_start(StartChoice.CARRY_ON, loaded, store)
    assert result.state == dealt and result.meta == loaded.meta
    assert kaiser_record.loads(store.save_path.read_text(encoding="utf-8")) == dealt
    kept = list(tmp_path.glob("autosave.corrupt-*.json"))
    assert [k.read_text(encoding="utf-8") for k in kept] == [original]
    assert (tmp_path / META_NAME).exists()  # the names and levels still apply


def test_a_new_game_keeps_the_old_one_aside_and_says_where(tmp_path: Path) -> None:
    store, loaded, _ = saved(tmp_path)
    result = after_failed_start(StartChoice.NEW_GAME, loaded, store)
    assert result.state is None and result.kept_as is not None and result.kept_as.exists()
    assert result.message is not None and result.kept_as.name in result.message
    assert "not lost" in result.message
    assert not (tmp_path / SAVE_NAME).exists() and not (tmp_path / META_NAME).exists()
    assert len(list(tmp_path.glob("autosave.meta.corrupt-*.json"))) == 1


def test_try_again_changes_nothing(tmp_path: Path) -> None:
    store, loaded, _ = saved(tmp_path)
    before = sorted(p.name for p in tmp_path.iterdir())
    assert after_failed_start(StartChoice.TRY_AGAIN, loaded, store) is loaded
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_only_a_game_in_progress_is_asked_about(tmp_path: Path) -> None:
    _, loaded, _ = saved(tmp_path)
    assert needs_asking(loaded)
    assert not needs_asking(LoadResult(None))
    over = next(s for s in random_states(RuleSet(target=10), seed=3) if s.is_over)
    assert not needs_asking(LoadResult(over))
