"""The review's top line says where the points came from, whichever way the hand went."""

from __future__ import annotations

from types import SimpleNamespace

from kaiser_desktop.ui.review_wording import verdict_text


def verdict(could: int, made: int) -> str:
    review = SimpleNamespace(start_value=could, final=made, trump=0, mistakes=[], guesses=[])
    return verdict_text(review)  # type: ignore[arg-type]


def test_more_than_best_play_says_the_other_side_gave_it() -> None:
    text = verdict(3, 9)
    assert text.startswith("You made 9 in spades;")
    assert "would have made only 3: the other side's play gave you the rest." in text


def test_exactly_best_play_says_so() -> None:
    assert verdict(7, 7).startswith(
        "You made 7 in spades: with all cards open and the best play on both sides, "
        "that is what your side could make."
    )


def test_less_than_best_play_says_what_could_have_been_made() -> None:
    assert verdict(9, 7).startswith("You could have made 9 in spades; you made 7.")
