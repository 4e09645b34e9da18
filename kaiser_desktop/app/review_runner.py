"""Hand reviews and claim checks are worked out off the GUI thread, like hints.

`ReviewRunner.request(state, number, viewer)` reviews hand `number` of the game in
`state`; `progress(number, done, total)` and then `ready(number, HandReview)` (or
`failed(number, sentence)`) arrive on the GUI thread. The last `KEPT_REVIEWS` reviews are
kept: asking again for one of those hands answers at once. (The cache had no bound: over
a long session, every hand reviewed stayed in memory, with its HandState key; issue 29.)
One worker thread, of low priority, so the table (and the next hand) carry on while a
review is being worked out.

`ClaimRunner.request(view, serial)` answers `ready(serial, Claim | None)`.
"""

from __future__ import annotations

from collections import OrderedDict

from PySide6.QtCore import QCoreApplication, QObject, QRunnable, QThread, QThreadPool, Signal

from kaiser_desktop.ai.claims import Claim, claim
from kaiser_desktop.ai.review import HandReview, ReviewError, hand_replay, review_hand
from kaiser_desktop.rules import GameState, HandState, PlayerView, RecordError, Seat

KEPT_REVIEWS = 16  # more hands than most games have: going back over them costs nothing


def hand_of(state: GameState, number: int) -> HandState | None:
    """Hand `number` of the game, as played (None if there is no such hand)."""
    hands = [*state.past_hands, *([state.hand] if state.hand is not None else [])]
    return next((h for h in hands if h.number == number), None)


class _Relay(QObject):
    # Emitted from the worker thread; Qt queues them to the receiver's (GUI) thread.
    progress = Signal(int, int, int)  # number, done, total
    ready = Signal(object, object)  # cache key, HandReview
    failed = Signal(object, str)  # cache key, sentence


class _Review(QRunnable):
    def __init__(
        self, relay: _Relay, key: tuple[HandState, Seat], state: GameState, number: int
    ) -> None:
        super().__init__()
        self.relay, self.key, self.state, self.number = relay, key, state, number

    def run(self) -> None:
        QThread.currentThread().setPriority(QThread.Priority.LowPriority)
        number = self.number
        try:
            start, actions = hand_replay(self.state, number)
            review = review_hand(
                start,
                actions,
                self.key[1],
                progress=lambda done, total: self.relay.progress.emit(number, done, total),
            )
        except (ReviewError, RecordError) as error:
            # The ai marks its sentences for translation (QT_TRANSLATE_NOOP, "Review").
            self.relay.failed.emit(self.key, QCoreApplication.translate("Review", str(error)))
            return
        except Exception as error:  # a review must never take the app down
            text = QCoreApplication.translate(
                "Review", "The review could not be worked out ({error})."
            )
            self.relay.failed.emit(self.key, text.format(error=error))
            return
        self.relay.ready.emit(self.key, review)


class ReviewRunner(QObject):
    progress = Signal(int, int, int)  # hand number, done, total
    ready = Signal(int, object)  # hand number, HandReview
    failed = Signal(int, str)  # hand number, one sentence

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._relay = _Relay()
        self._relay.progress.connect(self.progress)
        self._relay.ready.connect(self._on_ready)
        self._relay.failed.connect(self._on_failed)
        # The least recently asked for first; never more than KEPT_REVIEWS.
        self._cache: OrderedDict[tuple[HandState, Seat], HandReview] = OrderedDict()
        self._pending: set[tuple[HandState, Seat]] = set()

    def cached(self, state: GameState, number: int, viewer: Seat = Seat.S) -> HandReview | None:
        hand = hand_of(state, number)
        return self._cache.get((hand, viewer)) if hand is not None else None

    def request(self, state: GameState, number: int, viewer: Seat = Seat.S) -> None:
        """Review hand `number` (at once from the cache, else on the worker thread)."""
        hand = hand_of(state, number)
        if hand is None:
            text = QCoreApplication.translate("Review", "There is no such hand in this game.")
            self.failed.emit(number, text)
            return
        key = (hand, viewer)
        done = self._cache.get(key)
        if done is not None:
            self._cache.move_to_end(key)
            self.ready.emit(number, done)
            return
        if key in self._pending:
            return
        self._pending.add(key)
        self._pool.start(_Review(self._relay, key, state, number))

    def _on_ready(self, key: tuple[HandState, Seat], review: HandReview) -> None:
        self._pending.discard(key)
        self._cache[key] = review
        self._cache.move_to_end(key)
        while len(self._cache) > KEPT_REVIEWS:
            self._cache.popitem(last=False)
        self.ready.emit(key[0].number, review)

    def _on_failed(self, key: tuple[HandState, Seat], message: str) -> None:
        self._pending.discard(key)
        self.failed.emit(key[0].number, message)

    def wait(self) -> None:
        """Block until pending reviews finish (tests, shutdown)."""
        self._pool.waitForDone()

    def stop(self) -> None:
        """Before the window closes: reviews not yet begun never begin; one under way ends."""
        self._pool.clear()
        self._pool.waitForDone()


class _ClaimRelay(QObject):
    ready = Signal(int, object)  # serial, Claim | None


class _ClaimCheck(QRunnable):
    def __init__(self, relay: _ClaimRelay, view: PlayerView, serial: int) -> None:
        super().__init__()
        self.relay, self.view, self.serial = relay, view, serial

    def run(self) -> None:
        try:
            found = claim(self.view)
        except Exception:  # no claim is always a safe answer
            found = None
        self.relay.ready.emit(self.serial, found)


class ClaimRunner(QObject):
    """`request(view, serial)`; `ready(serial, Claim | None)` on the GUI thread."""

    ready = Signal(int, object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._relay = _ClaimRelay()
        self._relay.ready.connect(self.ready)

    def request(self, view: PlayerView, serial: int) -> None:
        self._pool.start(_ClaimCheck(self._relay, view, serial))

    def wait(self) -> None:
        self._pool.waitForDone()


__all__ = ["KEPT_REVIEWS", "Claim", "ClaimRunner", "HandReview", "ReviewRunner", "hand_of"]
