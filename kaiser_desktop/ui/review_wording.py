"""The hand review in plain words: the verdict, the bidding, and a line for each card.

Every sentence is translatable whole (context "Review"); numbers and cards go in with
`.format()` after translating. The figures come from `ai/review.py` and are always said
to be "with all cards open": the solver knew the hidden cards, and nobody at the table did.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from kaiser_desktop.ai.review import GUESS, MISTAKE, CardReview, HandReview
from kaiser_desktop.ai.review_bidding import BiddingReview
from kaiser_desktop.app.seating import Seating
from kaiser_desktop.rules import Bid, Card, Seat
from kaiser_desktop.ui.said_words import card_letters
from kaiser_desktop.ui.wording import number_text

FIVE = 17
THREE = 0


def card_label(card: int) -> str:
    """ "J♥" in English, « V♥ » in French: no English letter in a French sentence."""
    return card_letters(Card.from_index(card))


def in_trump(trump: int) -> str:
    """ "in hearts", "in no trump": the way the verdict names a contract's trump."""
    return {
        0: QCoreApplication.translate("Review", "in spades"),
        1: QCoreApplication.translate("Review", "in hearts"),
        2: QCoreApplication.translate("Review", "in diamonds"),
        3: QCoreApplication.translate("Review", "in clubs"),
    }.get(trump, QCoreApplication.translate("Review", "in no trump"))


def bid_words(bid: Bid | None) -> str:
    if bid is None or bid.is_pass:
        return QCoreApplication.translate("Review", "pass")
    if bid.is_kaiser:
        return QCoreApplication.translate("Review", "Kaiser")
    return (
        QCoreApplication.translate("Review", "{level} no trump").format(level=bid.level)
        if bid.no_trump
        else str(bid.level)
    )


def honesty_text() -> str:
    return QCoreApplication.translate(
        "Review",
        "These figures are worked out with all cards open: they know every hidden card, "
        "which nobody at the table did. A card is called a mistake only if a search over "
        "what you could see would also have avoided the loss; otherwise it was a "
        "reasonable guess.",
    )


def verdict_text(review: HandReview) -> str:
    """The one line at the top: could have made, made, and the cards that cost it."""
    could, made = review.start_value, review.final
    trump = in_trump(review.trump)
    # "Would have made 3" beside "you made 9" reads as a slip unless it says where the
    # other points came from.
    if made > could:
        head = QCoreApplication.translate(
            "Review",
            "You made {made} {trump}; with all cards open and the best play on both sides, "
            "your side would have made only {could}: the other side's play gave you the rest.",
        )
    elif made == could:
        head = QCoreApplication.translate(
            "Review",
            "You made {made} {trump}: with all cards open and the best play on both sides, "
            "that is what your side could make.",
        )
    else:
        head = QCoreApplication.translate(
            "Review", "You could have made {could} {trump}; you made {made}."
        )
    head = head.format(could=number_text(could), trump=trump, made=number_text(made))
    mistakes = review.mistakes
    guesses = review.guesses
    count = len(mistakes) or len(guesses)  # (a plain name: lupdate skips a call here)
    if mistakes:
        cards = ", ".join(
            QCoreApplication.translate("Review", "the {card} in trick {trick}").format(
                card=card_label(c.card), trick=c.trick
            )
            for c in mistakes
        )
        if len(mistakes) == 1:
            tail = QCoreApplication.translate("Review", "One card cost you: {cards}.").format(
                cards=cards
            )
        else:
            tail = QCoreApplication.translate(
                "Review", "%n cards cost you: {cards}.", None, count
            ).format(cards=cards)
    elif len(guesses) == 1:
        tail = QCoreApplication.translate(
            "Review", "One card cost points, but it was a reasonable guess."
        )
    elif guesses:
        tail = QCoreApplication.translate(
            "Review", "%n cards cost points, but each was a reasonable guess.", None, count
        )
    elif made >= could:
        tail = QCoreApplication.translate("Review", "None of your cards cost a point.")
    else:
        tail = QCoreApplication.translate(
            "Review", "None of your cards cost a point; the others' did."
        )
    return head + " " + tail


def bidding_lines(bidding: BiddingReview | None) -> list[str]:
    if bidding is None:
        return []
    lines = []
    best = bidding.best
    you = bid_words(bidding.viewer_bid)
    if best is not None:
        trump, points = best
        if bidding.viewer_bid is None or bidding.viewer_bid.is_pass:
            text = QCoreApplication.translate(
                "Review",
                "With all cards open your side could have made {points} {trump}; you passed.",
            )
        else:
            text = QCoreApplication.translate(
                "Review",
                "With all cards open your side could have made {points} {trump}; you bid {bid}.",
            )
        lines.append(text.format(points=number_text(points), trump=in_trump(trump), bid=you))
    if bidding.expert_bid is not None:
        if bidding.expert_bid.is_pass:
            lines.append(
                QCoreApplication.translate(
                    "Review", "From your own cards the Expert would have passed."
                )
            )
        else:
            lines.append(
                QCoreApplication.translate(
                    "Review", "From your own cards the Expert would have bid {bid}."
                ).format(bid=bid_words(bidding.expert_bid))
            )
    return lines


def cards_phrase(cards: tuple[int, ...]) -> str:
    """ "the A♥", or "the A♥ or the K♥" (the first two of the cards that were as good)."""
    if len(cards) == 1:
        return QCoreApplication.translate("Review", "the {card}").format(card=card_label(cards[0]))
    return QCoreApplication.translate("Review", "the {first} or the {second}").format(
        first=card_label(cards[0]), second=card_label(cards[1])
    )


def contract_line(review: HandReview, seating: Seating) -> str:
    """ "Pat bid 6; trump: hearts." """
    bid = Bid(13) if review.contract_level == 13 else Bid(review.contract_level, review.no_trump)
    trump = {
        0: QCoreApplication.translate("Review", "spades"),
        1: QCoreApplication.translate("Review", "hearts"),
        2: QCoreApplication.translate("Review", "diamonds"),
        3: QCoreApplication.translate("Review", "clubs"),
    }.get(review.trump, QCoreApplication.translate("Review", "no trump"))
    if review.declarer == Seat.S:  # "You" takes its own verb: French « Vous avez misé »
        return QCoreApplication.translate("Review", "You bid {bid}; trump: {trump}.").format(
            bid=bid_words(bid), trump=trump
        )
    return QCoreApplication.translate("Review", "{name} bid {bid}; trump: {trump}.").format(
        name=seating.name(review.declarer), bid=bid_words(bid), trump=trump
    )


def trick_won_text(winner: Seat, seating: Seating) -> str:
    """The end of a trick's line in the step view: "Pat won the trick.", "You won the trick."
    ("You" takes its own verb: French « Vous avez remporté », never « Vous a remporté »)."""
    if winner == Seat.S:
        return QCoreApplication.translate("ReviewDialog", "You won the trick.")
    return QCoreApplication.translate("ReviewDialog", "{name} won the trick.").format(
        name=seating.name(winner)
    )


def _what_it_did(card: CardReview, review: HandReview) -> str:
    """What the card's trick did, for the line ("let the 5♥ go"), or ''."""
    trick = [c for c in review.cards if c.trick == card.trick]
    last = trick[-1]
    if last.trick_winner is None:
        return ""
    ours = last.trick_winner.team == review.viewer.team
    cards = {c.card for c in trick}
    if not ours and FIVE in cards:
        return QCoreApplication.translate("Review", "let the 5♥ go")
    if ours and THREE in cards:
        return QCoreApplication.translate("Review", "took the 3♠")
    if not ours:
        return QCoreApplication.translate("Review", "lost the trick")
    return ""


def card_line(card: CardReview, review: HandReview, seating: Seating) -> str:
    """One card's effect, in a sentence or two (for the list and for the step view)."""
    label = card_label(card.card)
    if card.costly and card.best:
        kept = cards_phrase(card.best)
        did = _what_it_did(card, review)
        own = card.seat == review.viewer
        if own and did:
            text = QCoreApplication.translate(
                "Review",
                "Trick {trick}: your {card} {did}: with all cards open, {best} kept "
                "{before} points; you ended with {final}.",
            )
        elif own:
            text = QCoreApplication.translate(
                "Review",
                "Trick {trick}: your {card}: with all cards open, {best} kept {before} "
                "points; you ended with {final}.",
            )
        else:
            text = QCoreApplication.translate(
                "Review",
                "Trick {trick}: {name} played the {card}: with all cards open, {best} "
                "kept your side at {before} points; after it, {after}.",
            )
        out = text.format(
            trick=card.trick, card=label, did=did, best=kept, before=number_text(card.before),
            final=number_text(review.final), after=number_text(card.after),
            name=seating.name(card.seat),
        )  # fmt: skip
        if card.kind == MISTAKE and card.search_card is not None:
            out += " " + QCoreApplication.translate(
                "Review",
                "From what you could see, the Expert's search would have played the {card}.",
            ).format(card=card_label(card.search_card))
        elif card.kind == GUESS:
            out += " " + QCoreApplication.translate(
                "Review", "From what you could see it was a reasonable guess."
            )
        return out
    if card.seat == review.viewer:
        text = QCoreApplication.translate(
            "Review",
            "Trick {trick}: your {card}. With all cards open your side could make "
            "{after} points, as before it.",
        )
    else:
        text = QCoreApplication.translate(
            "Review",
            "Trick {trick}: {name} played the {card}. With all cards open your side could "
            "make {before} points before it and {after} after it.",
        )
    return text.format(
        trick=card.trick, card=label, name=seating.name(card.seat),
        before=number_text(card.before), after=number_text(card.after),
    )  # fmt: skip


def progress_text(done: int, total: int) -> str:
    percent = 100 * done // max(total, 1)
    return QCoreApplication.translate(
        "Review", "Working out the hand with all cards open… {percent}%"
    ).format(percent=percent)
