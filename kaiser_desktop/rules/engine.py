"""The checked API: `new_game`, `legal_actions` and `apply`, which refuses anything illegal."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from kaiser_desktop.rules import refusals as R
from kaiser_desktop.rules.actions import (
    HAND_SIZE,
    Action,
    AskRedeal,
    Deal,
    Discard,
    MakeBid,
    NameTrump,
    PassCard,
    Play,
    SeatAction,
)
from kaiser_desktop.rules.auction import (
    auction_over,
    auction_winner,
    bid_refusal,
    legal_bids,
)
from kaiser_desktop.rules.bids import Bid
from kaiser_desktop.rules.cards import (
    FIVE_OF_HEARTS,
    SEATS,
    SUITS,
    THREE_OF_SPADES,
    Card,
    Rank,
    Seat,
    Team,
    make_pack,
)
from kaiser_desktop.rules.errors import IllegalActionError
from kaiser_desktop.rules.history import History
from kaiser_desktop.rules.scoring import (
    contract_made,
    declarer_points,
    defender_points,
    game_winner,
    raw_points,
)
from kaiser_desktop.rules.state import GameState, HandResult, HandState, Phase, Trick, evolve
from kaiser_desktop.rules.variants import RuleSet

TRICKS_PER_HAND = 8
_HONOURS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)


def new_game(rules: RuleSet, first_dealer: Seat) -> GameState:
    """A game waiting for its first deal."""
    return GameState(rules=rules, phase=Phase.DEAL, dealer=first_dealer)


_STRONG = frozenset(
    c.index for c in make_pack(True) if c.rank in _HONOURS or c in (FIVE_OF_HEARTS, THREE_OF_SPADES)
)
_FOUR_HANDS = (HAND_SIZE,) * 4
_ORDERS = tuple(tuple(dealer.after(i) for i in range(1, 5)) for dealer in SEATS)
_PACK_INDICES = {kitty: frozenset(c.index for c in make_pack(kitty)) for kitty in (False, True)}


def is_weak_hand(cards: tuple[Card, ...]) -> bool:
    """No ace, no K/Q/J, no 5♥ and no 3♠: such a hand may ask for a redeal."""
    return not any(c.index in _STRONG for c in cards)


# --- legal actions -------------------------------------------------------------------------


def legal_cards(hand: tuple[Card, ...], trick: Trick | None) -> tuple[Card, ...]:
    """Follow the suit led if you can; otherwise any card."""
    if trick is not None and trick.cards:
        led = trick.cards[0].suit
        following = tuple(c for c in hand if c.suit == led)
        if following:
            return following
    return hand


def legal_actions(state: GameState) -> list[SeatAction]:
    """Every action the player to act may take (a chance Deal is not listed)."""
    hand = state.hand
    if hand is None or state.to_act is None:
        return []
    seat = state.to_act
    cards = hand.hand_of(seat)
    if state.phase is Phase.REDEAL:
        return [AskRedeal(True), AskRedeal(False)]
    if state.phase is Phase.PASSING:
        return [PassCard(c) for c in cards]
    if state.phase is Phase.BIDDING:
        return [MakeBid(b) for b in legal_bids(state.rules, hand.bids)]
    if state.phase is Phase.DISCARD:
        allowed = [c for c in cards if c not in (FIVE_OF_HEARTS, THREE_OF_SPADES)]
        return [Discard((a, b)) for a, b in combinations(allowed, 2)]
    if state.phase is Phase.TRUMP:
        suits: list[NameTrump] = [NameTrump(s) for s in SUITS]
        if hand.contract is not None and hand.contract.is_kaiser:
            suits.append(NameTrump(None))
        return list(suits)
    if state.phase is Phase.PLAY:
        return [Play(c) for c in legal_cards(cards, hand.current)]
    return []


# --- apply -------------------------------------------------------------------------------


def apply(state: GameState, action: Action) -> GameState:
    """The state after `action`; raises IllegalActionError (a ValueError) if it is illegal."""
    phase = state.phase
    if phase is Phase.GAME_OVER:
        raise IllegalActionError(R.refusal(R.GAME_OVER))
    if isinstance(action, Deal):
        if not state.awaiting_deal:
            raise IllegalActionError(R.refusal(R.ALREADY_DEALT))
        return _apply_deal(state, action)
    hand = state.hand
    if hand is None or state.to_act is None or state.awaiting_deal:
        raise IllegalActionError(R.refusal(R.NOT_DEALT))
    seat = state.to_act
    if isinstance(action, AskRedeal) and phase is Phase.REDEAL:
        return _apply_redeal(state, hand, seat, action.ask)
    if isinstance(action, PassCard) and phase is Phase.PASSING:
        return _apply_pass(state, hand, seat, action.card)
    if isinstance(action, MakeBid) and phase is Phase.BIDDING:
        return _apply_bid(state, hand, action.bid)
    if isinstance(action, Discard) and phase is Phase.DISCARD:
        return _apply_discard(state, hand, seat, action.cards)
    if isinstance(action, NameTrump) and phase is Phase.TRUMP:
        return _apply_trump(state, hand, action)
    if isinstance(action, Play) and phase is Phase.PLAY:
        return _apply_play(state, hand, seat, action.card)
    raise IllegalActionError(_wrong_phase_message(phase))


def _wrong_phase_message(phase: Phase) -> str:
    template = {
        Phase.REDEAL: R.FIRST_REDEAL,
        Phase.PASSING: R.FIRST_PASS,
        Phase.BIDDING: R.TIME_TO_BID,
        Phase.DISCARD: R.FIRST_DISCARD,
        Phase.TRUMP: R.FIRST_TRUMP,
        Phase.PLAY: R.TIME_TO_PLAY,
    }.get(phase, R.NOT_NOW)
    return R.refusal(template)


def _apply_deal(state: GameState, deal: Deal) -> GameState:
    _check_deal(state.rules, deal)
    dealer = state.dealer
    hand = HandState(
        number=len(state.results) + 1,
        dealer=dealer,
        deal=deal,
        hands=tuple(tuple(h) for h in deal.hands),
    )
    past = History.of(state.past_hands)
    if state.hand is not None:
        past = past.appended(state.hand)
    return _next_weak_hand(state, hand, after=None, past_hands=past)


def _check_deal(rules: RuleSet, deal: Deal) -> None:
    if tuple(map(len, deal.hands)) != _FOUR_HANDS:
        raise IllegalActionError(R.refusal(R.EIGHT_EACH))
    expected_kitty = 2 if rules.kitty else 0
    if len(deal.kitty) != expected_kitty:
        raise IllegalActionError(R.refusal(R.KITTY_SIZE, count=expected_kitty))
    dealt_indices = {c.index for h in deal.hands for c in h} | {c.index for c in deal.kitty}
    if dealt_indices == _PACK_INDICES[rules.kitty]:
        return  # the whole pack, each card once (the counts above add up to the pack)
    dealt = Counter(c for h in deal.hands for c in h) + Counter(deal.kitty)
    duplicates = sorted(c.text for c, n in dealt.items() if n > 1)
    if duplicates:
        raise IllegalActionError(R.refusal(R.DEALT_TWICE, card=duplicates[0]))
    pack = set(make_pack(rules.kitty))
    strangers = sorted(c.text for c in dealt if c not in pack)
    if strangers:
        raise IllegalActionError(R.refusal(R.NOT_IN_PACK, card=strangers[0]))


def _next_weak_hand(
    state: GameState, hand: HandState, after: Seat | None, **changes: object
) -> GameState:
    """Ask the next weak hand (in order from the dealer's left) about a redeal, or move on.
    `changes` are made to the state as well (one copy of it, not two)."""
    order = _ORDERS[hand.dealer._value_]  # from the dealer's left round to the dealer
    first = order[0]
    if state.rules.weak_hand_redeal:
        start = 0 if after is None else order.index(after) + 1
        for seat in order[start:]:
            if is_weak_hand(hand.hand_of(seat)):
                return evolve(state, phase=Phase.REDEAL, to_act=seat, hand=hand, **changes)
    if state.rules.pass_to_partner:
        return evolve(state, phase=Phase.PASSING, to_act=first, hand=hand, **changes)
    return evolve(state, phase=Phase.BIDDING, to_act=first, hand=hand, **changes)


def _apply_redeal(state: GameState, hand: HandState, seat: Seat, ask: bool) -> GameState:
    if not ask:
        hand = evolve(hand, kept_weak_hands=(*hand.kept_weak_hands, seat))
        return _next_weak_hand(state, hand, after=seat)
    result = _unplayed_result(state, hand, "redeal", redeal_by=seat)
    # A redeal keeps the same dealer.
    return evolve(
        state,
        phase=Phase.HAND_SCORED,
        hand=hand,
        to_act=None,
        results=History.of(state.results).appended(result),
    )


def _unplayed_result(
    state: GameState, hand: HandState, kind: str, redeal_by: Seat | None
) -> HandResult:
    return HandResult(
        number=hand.number,
        dealer=hand.dealer,
        kind=kind,
        redeal_by=redeal_by,
        declarer=None,
        contract=None,
        trump=None,
        raw=(0, 0),
        points=(0, 0),
        score=state.scores,
        made=None,
        tricks_won=(0, 0),
        five_taken_by=None,
        three_taken_by=None,
    )


def _apply_pass(state: GameState, hand: HandState, seat: Seat, card: Card) -> GameState:
    if card not in hand.hand_of(seat):
        raise IllegalActionError(R.refusal(R.NOT_HELD, card=card))
    passes = list(hand.passes)
    passes[seat.value] = card
    hand = evolve(hand, passes=tuple(passes))
    waiting = [s for s in hand.bidders if passes[s.value] is None]
    if waiting:
        return evolve(state, hand=hand, to_act=waiting[0])
    # All four have chosen: the cards change hands at once.
    new_hands = []
    for s in SEATS:
        given = passes[s.value]
        received = passes[s.partner.value]
        assert given is not None and received is not None
        kept = tuple(c for c in hand.hand_of(s) if c != given)
        new_hands.append((*kept, received))
    hand = evolve(hand, hands=tuple(new_hands))
    return evolve(state, hand=hand, phase=Phase.BIDDING, to_act=hand.bidders[0])


def _apply_bid(state: GameState, hand: HandState, bid: Bid) -> GameState:
    rules = state.rules
    if bid not in legal_bids(rules, hand.bids):
        raise IllegalActionError(bid_refusal(rules, hand.bids, bid))
    bids = (*hand.bids, bid)
    hand = evolve(hand, bids=bids)
    if not auction_over(rules, bids):
        return evolve(state, hand=hand, to_act=hand.dealer.after(1 + len(bids) % 4))
    won = auction_winner(hand.dealer, bids)
    if won is None:  # all four passed under throw_in
        result = _unplayed_result(state, hand, "thrown_in", redeal_by=None)
        return evolve(
            state,
            phase=Phase.HAND_SCORED,
            hand=hand,
            to_act=None,
            dealer=hand.dealer.left,
            results=History.of(state.results).appended(result),
        )
    declarer, winning = won
    hand = evolve(hand, declarer=declarer, contract=winning)
    if rules.kitty:
        with_kitty = list(hand.hands)
        with_kitty[declarer.value] = (*hand.hand_of(declarer), *hand.deal.kitty)
        hand = evolve(hand, hands=tuple(with_kitty))
        return evolve(state, hand=hand, phase=Phase.DISCARD, to_act=declarer)
    return _after_discard(state, hand)


def _apply_discard(
    state: GameState, hand: HandState, seat: Seat, cards: tuple[Card, Card]
) -> GameState:
    held = hand.hand_of(seat)
    if len(cards) != 2 or cards[0] == cards[1]:
        raise IllegalActionError(R.refusal(R.DISCARD_TWO))
    for card in cards:
        if card not in held:
            raise IllegalActionError(R.refusal(R.NOT_HELD, card=card))
        if card in (FIVE_OF_HEARTS, THREE_OF_SPADES):
            raise IllegalActionError(R.refusal(R.KEEP_HONOURS))
    kept = tuple(c for c in held if c not in cards)
    hands = list(hand.hands)
    hands[seat.value] = kept
    hand = evolve(hand, hands=tuple(hands), discards=tuple(cards))
    return _after_discard(state, hand)


def _after_discard(state: GameState, hand: HandState) -> GameState:
    assert hand.contract is not None and hand.declarer is not None
    if hand.contract.no_trump:
        return _start_play(state, evolve(hand, trump=None, trump_named=True))
    return evolve(state, hand=hand, phase=Phase.TRUMP, to_act=hand.declarer)


def _apply_trump(state: GameState, hand: HandState, action: NameTrump) -> GameState:
    assert hand.contract is not None
    if action.suit is None and not hand.contract.is_kaiser:
        raise IllegalActionError(R.refusal(R.NAME_A_SUIT))
    return _start_play(state, evolve(hand, trump=action.suit, trump_named=True))


def _trick_order(leader: Seat, out_of_play: Seat | None) -> tuple[Seat, ...]:
    return tuple(s for s in (leader.after(i) for i in range(4)) if s != out_of_play)


def _start_play(state: GameState, hand: HandState) -> GameState:
    assert hand.declarer is not None
    trick = Trick(_trick_order(hand.declarer, hand.out_of_play))
    hand = evolve(hand, current=trick)
    return evolve(state, hand=hand, phase=Phase.PLAY, to_act=hand.declarer)


def _apply_play(state: GameState, hand: HandState, seat: Seat, card: Card) -> GameState:
    held = hand.hand_of(seat)
    trick = hand.current
    assert trick is not None
    if card not in held:
        raise IllegalActionError(R.refusal(R.NOT_HELD, card=card))
    if card not in legal_cards(held, trick):
        led = trick.led_suit
        assert led is not None
        raise IllegalActionError(R.refusal(R.FOLLOW, suit=led))
    hands = list(hand.hands)
    hands[seat.value] = tuple(c for c in held if c != card)
    trick = evolve(trick, cards=(*trick.cards, card))
    hand = evolve(hand, hands=tuple(hands))
    if not trick.complete:
        return evolve(state, hand=evolve(hand, current=trick), to_act=trick.next_seat)
    winner = trick.winner(hand.trump)
    tricks = (*hand.tricks, trick)
    if len(tricks) < TRICKS_PER_HAND:
        following = Trick(_trick_order(winner, hand.out_of_play))
        hand = evolve(hand, tricks=tricks, current=following)
        return evolve(state, hand=hand, to_act=winner)
    return _score_hand(state, evolve(hand, tricks=tricks, current=None))


def _score_hand(state: GameState, hand: HandState) -> GameState:
    rules = state.rules
    assert hand.declarer is not None and hand.contract is not None
    won = [0, 0]
    five_team: Team | None = None
    three_team: Team | None = None
    for trick in hand.tricks:
        team = trick.winner(hand.trump).team
        won[team.value] += 1
        if FIVE_OF_HEARTS in trick.cards:
            five_team = team
        if THREE_OF_SPADES in trick.cards:
            three_team = team
    raw = tuple(
        raw_points(won[t.value], five_team is t, three_team is t, rules) for t in (Team.NS, Team.EW)
    )
    declaring = hand.declarer.team
    defending = declaring.other
    kaiser_made = won[declaring.value] == TRICKS_PER_HAND
    made = contract_made(hand.contract, raw[declaring.value], kaiser_made)
    points = [0, 0]
    points[declaring.value] = declarer_points(hand.contract, raw[declaring.value], kaiser_made)
    points[defending.value] = defender_points(
        raw[defending.value], state.scores[defending.value], rules
    )
    after = (state.scores[0] + points[0], state.scores[1] + points[1])
    winner = game_winner(state.scores, after, declaring, made, five_team is defending, rules)
    result = HandResult(
        number=hand.number,
        dealer=hand.dealer,
        kind="played",
        redeal_by=None,
        declarer=hand.declarer,
        contract=hand.contract,
        trump=hand.trump,
        raw=(raw[0], raw[1]),
        points=(points[0], points[1]),
        score=after,
        made=made,
        tricks_won=(won[0], won[1]),
        five_taken_by=five_team,
        three_taken_by=three_team,
    )
    return evolve(
        state,
        phase=Phase.GAME_OVER if winner is not None else Phase.HAND_SCORED,
        hand=hand,
        scores=after,
        results=History.of(state.results).appended(result),
        to_act=None,
        dealer=hand.dealer.left,
        winner=winner,
    )
