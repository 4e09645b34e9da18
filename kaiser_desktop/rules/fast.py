"""The fast, unchecked path for search: cards as small ints, hands as lists and bitmasks.

A card's int is `Card.index` (suit * 16 + rank), so `card >> 4` is its suit and a higher int
within a suit is a stronger card. Nothing here validates its input: callers pass only legal
moves (from `legal_moves`). Tests check that this path agrees with `engine` move for move.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from kaiser_desktop.rules.bids import KAISER_LEVEL, MAX_LEVEL, Bid
from kaiser_desktop.rules.cards import FIVE_OF_HEARTS, THREE_OF_SPADES, make_pack
from kaiser_desktop.rules.scoring import declarer_points, defender_points, raw_points
from kaiser_desktop.rules.state import GameState, Phase
from kaiser_desktop.rules.variants import RuleSet

FIVE = FIVE_OF_HEARTS.index
THREE = THREE_OF_SPADES.index
NO_TRUMP = -1
NOBODY = -1


def beats(card: int, best: int, trump: int) -> bool:
    """Whether `card`, played later, beats the trick's best card so far (see state.beats)."""
    return (card >> 4 == best >> 4 and card > best) or (card >> 4 == trump and best >> 4 != trump)


def winning_index(cards: list[int], trump: int) -> int:
    """Index of the card winning `cards` (the led card first): highest trump, else led suit."""
    best = cards[0]
    best_i = 0
    for i in range(1, len(cards)):
        c = cards[i]
        if (c >> 4 == best >> 4 and c > best) or (c >> 4 == trump and best >> 4 != trump):
            best, best_i = c, i
    return best_i


class FastPlay:
    """The play of one hand, mutable, with `play` and `undo` for search.

    Seats and teams are ints (N=0, E=1, S=2, W=3; NS=0, EW=1).
    """

    __slots__ = (
        "completed",
        "five_team",
        "hands",
        "history",
        "out",
        "players",
        "three_team",
        "trick",
        "trick_seats",
        "tricks_done",
        "trump",
        "turn",
        "won",
    )

    def __init__(self, hands: list[list[int]], trump: int, leader: int, out: int = NOBODY) -> None:
        self.hands = hands
        self.trump = trump
        self.out = out  # the seat sitting out after a Kaiser bid
        self.players = 3 if out != NOBODY else 4
        self.turn = leader
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.won = [0, 0]
        self.tricks_done = 0
        self.five_team = NOBODY
        self.three_team = NOBODY
        self.history: list[tuple[int, int]] = []  # 5♥/3♠ owners before each trick
        self.completed: list[tuple[list[int], list[int]]] = []

    @property
    def finished(self) -> bool:
        return self.tricks_done == 8

    def copy(self) -> FastPlay:
        twin = FastPlay([list(h) for h in self.hands], self.trump, self.turn, self.out)
        twin.trick = list(self.trick)
        twin.trick_seats = list(self.trick_seats)
        twin.won = list(self.won)
        twin.tricks_done = self.tricks_done
        twin.five_team = self.five_team
        twin.three_team = self.three_team
        twin.completed = [(list(c), list(s)) for c, s in self.completed]
        twin.history = list(self.history)
        return twin

    def legal_moves(self) -> list[int]:
        hand = self.hands[self.turn]
        if self.trick:
            led = self.trick[0] >> 4
            following = [c for c in hand if c >> 4 == led]
            if following:
                return following
        return list(hand)

    def play(self, card: int) -> None:
        seat = self.turn
        self.hands[seat].remove(card)
        cards = self.trick
        cards.append(card)
        self.trick_seats.append(seat)
        if len(cards) < self.players:
            nxt = (seat + 1) & 3
            if nxt == self.out:
                nxt = (nxt + 1) & 3
            self.turn = nxt
            return
        winner = self.trick_seats[self.winning_index(cards)]
        team = winner & 1
        # Only a finished trick needs anything remembered for undo.
        self.history.append((self.five_team, self.three_team))
        self.won[team] += 1
        self.tricks_done += 1
        if FIVE in cards:
            self.five_team = team
        if THREE in cards:
            self.three_team = team
        self.completed.append((cards, self.trick_seats))
        self.trick = []
        self.trick_seats = []
        self.turn = winner

    def undo(self) -> None:
        """Take back the last card played."""
        if not self.trick:
            cards, seats = self.completed.pop()
            winner = seats[self.winning_index(cards)]
            self.trick, self.trick_seats = cards, seats
            self.won[winner & 1] -= 1
            self.tricks_done -= 1
            self.five_team, self.three_team = self.history.pop()
        card = self.trick.pop()
        seat = self.trick_seats.pop()
        self.hands[seat].append(card)
        self.turn = seat

    def winning_index(self, cards: list[int]) -> int:
        """Index within `cards` (a complete trick) of the winning card."""
        return winning_index(cards, self.trump)

    def raw(self, rules: RuleSet) -> tuple[int, int]:
        """RULES.md's raw points of NS and EW for the tricks taken so far."""
        return (
            raw_points(self.won[0], self.five_team == 0, self.three_team == 0, rules),
            raw_points(self.won[1], self.five_team == 1, self.three_team == 1, rules),
        )

    @classmethod
    def from_state(cls, state: GameState) -> FastPlay:
        """The hand in play in a checked state (phase PLAY) on the fast path."""
        hand = state.hand
        if hand is None or state.phase is not Phase.PLAY or hand.current is None:
            raise ValueError("FastPlay needs a state in the play phase.")
        out = hand.out_of_play.value if hand.out_of_play is not None else NOBODY
        fast = cls(
            [[c.index for c in h] for h in hand.hands],
            hand.trump.value if hand.trump is not None else NO_TRUMP,
            hand.current.leader.value,
            out,
        )
        for trick in hand.tricks:
            for seat, card in trick.plays():
                fast.hands[seat.value].append(card.index)
                fast.turn = seat.value
                fast.play(card.index)
        for seat, card in hand.current.plays():
            fast.hands[seat.value].append(card.index)
            fast.turn = seat.value
            fast.play(card.index)
        fast.history.clear()
        return fast


_PACKS = {kitty: [c.index for c in make_pack(kitty)] for kitty in (False, True)}


@dataclass(frozen=True, slots=True)
class FastHandResult:
    declarer: int
    contract: Bid | None
    raw: tuple[int, int]
    points: tuple[int, int]


def bid_keys(rules: RuleSet) -> list[int]:
    """Every bid's `Bid.key`, lowest first (see bids.py)."""
    keys = list(range(2 * rules.min_bid, 2 * MAX_LEVEL + 2))
    if rules.kaiser_bid:
        keys.append(2 * KAISER_LEVEL)
    return keys


def bid_from_key(key: int) -> Bid:
    if key == 2 * KAISER_LEVEL:
        return Bid(KAISER_LEVEL)
    return Bid(key // 2, key % 2 == 1)


def random_hand(
    rules: RuleSet,
    rng: random.Random,
    dealer: int = 0,
    scores: tuple[int, int] = (0, 0),
    log: list[int] | None = None,
) -> FastHandResult:
    """Deal, bid, name trump and play one hand with uniformly random legal choices.

    With `log`, it receives the shuffled pack, then every choice in order (passed cards,
    bid keys with -1 for a pass, discards, trump, cards played) so a test can replay the
    hand through the checked engine.
    """
    rnd = rng.random
    pack = list(_PACKS[rules.kitty])
    for i in range(len(pack) - 1, 0, -1):  # Fisher-Yates, inlined for speed
        j = int(rnd() * (i + 1))
        pack[i], pack[j] = pack[j], pack[i]
    if log is not None:
        log.extend(pack)
    # One card at a time clockwise from the dealer's left, as Deal.shuffled does.
    hands = [pack[(s - dealer - 1) & 3 : 32 : 4] for s in range(4)]
    if rules.pass_to_partner:
        given = [hands[(dealer + i) & 3].pop(int(rnd() * 8)) for i in range(1, 5)]
        if log is not None:
            log.extend(given)
        for i in range(1, 5):
            seat = (dealer + i) & 3
            hands[(seat + 2) & 3].append(given[i - 1])
    if rules.auction == "open":
        standing, declarer = _random_open_auction(rules, dealer, rnd, log)
    else:
        standing, declarer = _random_one_round(rules, dealer, rnd, log)
    if declarer == NOBODY:
        return FastHandResult(NOBODY, None, (0, 0), (0, 0))
    contract = bid_from_key(standing)
    if rules.kitty:
        hand = hands[declarer] + pack[32:]
        for _ in range(2):
            allowed = [c for c in hand if c != FIVE and c != THREE]
            dropped = allowed[int(rnd() * len(allowed))]
            hand.remove(dropped)
            if log is not None:
                log.append(dropped)
        hands[declarer] = hand
    if contract.no_trump:
        trump = NO_TRUMP
    else:
        choices = 5 if contract.is_kaiser else 4  # after a Kaiser bid, no trump is allowed
        trump = int(rnd() * choices) - (1 if contract.is_kaiser else 0)
        if log is not None:
            log.append(trump)
    out = (declarer + 2) & 3 if contract.is_kaiser else NOBODY
    won = [0, 0]
    five_team = three_team = NOBODY
    leader = declarer
    seats = [s for s in range(4) if s != out]
    orders = {s: seats[i:] + seats[:i] for i, s in enumerate(seats)}
    for _ in range(8):
        order = orders[leader]
        best = best_seat = -1
        led = -1
        for seat in order:
            hand = hands[seat]
            moves = hand
            if led >= 0:
                moves = [c for c in hand if c >> 4 == led] or hand
            card = moves[int(rnd() * len(moves))]
            hand.remove(card)
            if log is not None:
                log.append(card)
            if led < 0:
                led = card >> 4
                best, best_seat = card, seat
            elif (card >> 4 == best >> 4 and card > best) or (
                card >> 4 == trump and best >> 4 != trump
            ):
                best, best_seat = card, seat
            if card == FIVE:
                five_team = -2  # resolved to the winning team below
            elif card == THREE:
                three_team = -2
        team = best_seat & 1
        won[team] += 1
        if five_team == -2:
            five_team = team
        if three_team == -2:
            three_team = team
        leader = best_seat
    raw = (
        raw_points(won[0], five_team == 0, three_team == 0, rules),
        raw_points(won[1], five_team == 1, three_team == 1, rules),
    )
    team = declarer & 1
    kaiser_made = won[team] == 8
    points = [0, 0]
    points[team] = declarer_points(contract, raw[team], kaiser_made)
    points[1 - team] = defender_points(raw[1 - team], scores[1 - team], rules)
    return FastHandResult(declarer, contract, raw, (points[0], points[1]))


def _random_one_round(
    rules: RuleSet, dealer: int, rnd: Callable[[], float], log: list[int] | None
) -> tuple[int, int]:
    """One call each, the dealer last (who may equal); (standing key, declarer) or -1s."""
    keys = bid_keys(rules)
    standing = -1
    declarer = NOBODY
    for i in range(1, 5):
        seat = (dealer + i) & 3
        if i == 4:
            options = [k for k in keys if k >= standing]
            if standing >= 0 or rules.all_pass == "throw_in":
                options.append(-1)
        else:
            options = [k for k in keys if k > standing]
            options.append(-1)
        choice = options[int(rnd() * len(options))]
        if log is not None:
            log.append(choice)
        if choice >= 0:
            standing, declarer = choice, seat
    return standing, declarer


def _random_open_auction(
    rules: RuleSet, dealer: int, rnd: Callable[[], float], log: list[int] | None
) -> tuple[int, int]:
    """Round after round until three passes follow a bid (see rules/auction.py)."""
    keys = bid_keys(rules)
    standing = -1
    declarer = NOBODY
    calls = passes_since = 0
    while True:
        seat = (dealer + 1 + calls) & 3
        if standing < 0:
            options = list(keys)
            if calls != 3 or rules.all_pass == "throw_in":
                options.append(-1)
        else:
            equal = seat == dealer  # the dealer may equal, at each of the dealer's turns
            options = [k for k in keys if k > standing or (equal and k == standing)]
            options.append(-1)
        choice = options[int(rnd() * len(options))]
        if log is not None:
            log.append(choice)
        calls += 1
        if choice >= 0:
            standing, declarer, passes_since = choice, seat, 0
        else:
            passes_since += 1
        if (standing < 0 and calls == 4) or (standing >= 0 and passes_since == 3):
            return standing, declarer
