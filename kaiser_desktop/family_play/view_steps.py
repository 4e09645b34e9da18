"""A joining app's views of one seat, said as the controller's signals would say them.

A joining app never holds a `GameState`: it has its seat's `PlayerView` after each of the
host's steps, and the action that made it. `step_events(before, action, after)` lists what
the table says for one step: the action's signals from `app.action_events` (the very
function the host's controller announces with), the trick's sweep, then the hands scored.
`replay(view)` gives the events of the whole hand so far, each with the view the table
should read at that moment, so that a table joined or rejoined mid-hand is rebuilt by the
same signals a live game sends. Plain functions of frozen values; no Qt.
"""

from __future__ import annotations

from collections.abc import Iterator

from kaiser_desktop.app.action_events import Event, action_events, facts_of_view
from kaiser_desktop.rules import Card, HandResult, Phase, PlayerView, Seat, SeatAction, Team, Trick
from kaiser_desktop.rules.cards import SEATS, sort_hand
from kaiser_desktop.rules.scoring import game_winner
from kaiser_desktop.rules.state import evolve


def _plays(view: PlayerView) -> list[tuple[Seat, Card, Trick, bool]]:
    """Every card played this hand: (seat, card, its trick, whether that trick is done)."""
    out = []
    for trick in view.tricks:
        out += [(s, c, trick, True) for s, c in trick.plays()]
    if view.current is not None:
        out += [(s, c, view.current, False) for s, c in view.current.plays()]
    return out


def _from_dealers_left(view: PlayerView) -> tuple[Seat, ...]:
    return tuple(view.dealer.after(i) for i in range(1, 5))


def winner_of(view: PlayerView) -> Team | None:
    """The team that won the game, from its last scored hand (the view has no field for it)."""
    if view.phase is not Phase.GAME_OVER or not view.results:
        return None
    last = view.results[-1]
    before = view.results[-2].score if len(view.results) > 1 else (0, 0)
    declaring = last.declarer.team if last.declarer is not None else Team.NS
    took_five = last.five_taken_by is declaring.other
    return game_winner(before, last.score, declaring, bool(last.made), took_five, view.rules) or (
        Team.NS if last.score[0] >= last.score[1] else Team.EW
    )


def same_hand(before: PlayerView, after: PlayerView) -> bool:
    return (
        before.phase is not Phase.DEAL
        and after.phase is not Phase.DEAL
        and before.hand_number == after.hand_number
        and before.dealt == after.dealt
    )


def is_new_deal(before: PlayerView, after: PlayerView) -> bool:
    """`after` is the very first view of a hand just dealt (nobody has acted in it yet)."""
    return (
        after.phase is not Phase.DEAL
        and not same_hand(before, after)
        and not after.bids
        and not any(after.passes_made)
        and not after.kept_weak_hands
        and not after.tricks
        and (after.current is None or not after.current.cards)
    )


def step_events(
    before: PlayerView, seat: Seat, action: SeatAction | str, after: PlayerView
) -> list[Event]:
    """What the table says for `seat`'s `action` (or only its secret kind, "pass" or
    "discard") from `before` to `after`: as the host's controller says it, the finished
    trick swept, then the hands scored and the game's end."""
    events = action_events(seat, action, facts_of_view(before), facts_of_view(after))
    for event in list(events):
        winner, trick = event.args if event.name == "trick_complete" else (None, None)
        if isinstance(trick, Trick):
            events.append(Event("trick_won", (winner, trick.cards)))
    return events + scored(before, after, asked=True)


def scored(before: PlayerView, after: PlayerView, *, asked: bool = False) -> list[Event]:
    """The hands scored between the two views (a redeal's ask first, unless `asked`: the
    action said it), and the game's end."""
    events: list[Event] = []
    for result in after.results[len(before.results) :]:
        if result.kind == "redeal" and result.redeal_by is not None and not asked:
            events.append(Event("redeal_decided", (result.redeal_by, True)))
        events.append(Event("hand_scored", (result,)))
    winner = winner_of(after)
    if winner is not None and before.phase is not Phase.GAME_OVER:
        events.append(Event("game_over", (winner, after.scores)))
    return events


def _at_deal(view: PlayerView, results: tuple[HandResult, ...]) -> PlayerView:
    """The view as the hand was dealt (what the seat saw before anyone acted)."""
    n = len(view.dealt)
    return evolve(
        view,
        phase=Phase.BIDDING,
        to_act=None,
        scores=results[-1].score if results else (0, 0),
        results=results,
        hand=view.dealt,
        hand_sizes=(n, n, n, n),
        kept_weak_hands=(),
        passed=None,
        received=None,
        passes_made=(False, False, False, False),
        bids=(),
        declarer=None,
        contract=None,
        kitty=(),
        discards=(),
        trump=None,
        trump_named=False,
        tricks=(),
        current=None,
        out_of_play=None,
        legal=(),
    )


def replay(view: PlayerView, me: Seat = Seat.S) -> Iterator[tuple[PlayerView, Event]]:
    """The hand on the table so far, one event at a time, each with the view to show then;
    the last view yielded is `view` itself (with a "state_changed" event)."""
    if view.phase is Phase.DEAL:
        yield view, Event("game_started")
        yield view, Event("state_changed")
        return
    this_hand_scored = bool(view.results) and view.results[-1].number == view.hand_number
    earlier = tuple(view.results[:-1] if this_hand_scored else view.results)
    v = _at_deal(view, earlier)
    yield v, Event("dealt", (view.hand_number, view.dealer))
    yield v, Event("state_changed")
    for seat in view.kept_weak_hands:
        v = evolve(v, kept_weak_hands=(*v.kept_weak_hands, seat))
        yield v, Event("redeal_decided", (seat, False))
    plays = _plays(view)
    played = {seat: sum(1 for s, *_ in plays if s == seat) for seat in SEATS}
    before_play = sort_hand(view.hand + tuple(c for s, c, *_ in plays if s == me))
    for seat in _from_dealers_left(view):  # the order the cards are chosen in
        if view.passes_made[seat.value]:
            made = tuple(v.passes_made[i] or i == seat.value for i in range(4))
            v = evolve(v, passes_made=made, passed=view.passed if seat == me else v.passed)
            yield v, Event("card_passed", (seat,))
    if view.received is not None:
        kept = tuple(c for c in view.dealt if c != view.passed)
        v = evolve(v, received=view.received, hand=sort_hand((*kept, view.received)))
        yield v, Event("cards_exchanged")
    bidders = view.bidders
    for i, bid in enumerate(view.bids):
        v = evolve(v, bids=view.bids[: i + 1])
        yield v, Event("bid_made", (bidders[i], bid))
    declarer = view.declarer
    if declarer is not None and view.contract is not None:
        sizes = list(v.hand_sizes)
        kitty_taken = view.rules.kitty
        if kitty_taken:
            sizes[declarer.value] += 2
        hand = v.hand
        if declarer == me and kitty_taken:
            hand = sort_hand(before_play + view.discards)
        v = evolve(
            v, declarer=declarer, contract=view.contract, out_of_play=view.out_of_play,
            kitty=view.kitty, hand=hand, hand_sizes=(sizes[0], sizes[1], sizes[2], sizes[3]),
        )  # fmt: skip
        yield v, Event("contract_won", (declarer, view.contract))
        if kitty_taken and view.phase is not Phase.DISCARD:
            sizes = [view.hand_sizes[s.value] + played[s] for s in SEATS]
            v = evolve(
                v, discards=view.discards, hand=before_play,
                hand_sizes=(sizes[0], sizes[1], sizes[2], sizes[3]),
            )  # fmt: skip
            yield v, Event("discarded", (declarer,))
    if view.trump_named and view.contract is not None and not view.contract.no_trump:
        v = evolve(v, trump=view.trump, trump_named=True)
        yield v, Event("trump_named", (declarer, view.trump))
    held = list(before_play)
    sizes = [view.hand_sizes[s.value] + played[s] for s in SEATS]
    tricks: list[Trick] = []
    for i, (seat, card, trick, done) in enumerate(plays):
        if seat == me and card in held:
            held.remove(card)
        sizes[seat.value] -= 1
        shown = trick.cards[: trick.cards.index(card) + 1]
        v = evolve(
            v, hand=tuple(held), hand_sizes=(sizes[0], sizes[1], sizes[2], sizes[3]),
            tricks=tuple(tricks), current=Trick(trick.order, shown),
        )  # fmt: skip
        yield v, Event("card_played", (seat, card))
        if done and (i + 1 == len(plays) or plays[i + 1][2] is not trick):
            tricks.append(trick)
            winner = trick.winner(view.trump)
            v = evolve(v, tricks=tuple(tricks), current=None)
            yield v, Event("trick_complete", (winner, trick))
            yield v, Event("trick_won", (winner, trick.cards))
    yield view, Event("state_changed")
