"""Kaiser's rules: pure Python, no Qt. The one rules package every part of the app uses.

>>> from kaiser_desktop.rules import RuleSet, Seat, Deal, new_game, apply, legal_actions
>>> state = new_game(RuleSet(), first_dealer=Seat.W)
>>> state = apply(state, Deal.from_number(state.rules, 7, state.dealer))
>>> state.phase.value in ("redeal", "bidding")
True
"""

from kaiser_desktop.rules.actions import (
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
    all_bids,
    auction_over,
    caller,
    legal_bids,
    standing_bid,
)
from kaiser_desktop.rules.bids import KAISER, PASS, Bid
from kaiser_desktop.rules.cards import (
    FIVE_OF_HEARTS,
    SEATS,
    SUITS,
    TEAMS,
    THREE_OF_SPADES,
    Card,
    Rank,
    Seat,
    Suit,
    Team,
    make_pack,
    sort_hand,
)
from kaiser_desktop.rules.engine import (
    apply,
    is_weak_hand,
    legal_actions,
    legal_cards,
    new_game,
)
from kaiser_desktop.rules.errors import IllegalActionError, NotationError, RecordError, RulesError
from kaiser_desktop.rules.first_dealer import FirstDealerDraw, draw_first_dealer
from kaiser_desktop.rules.history import History
from kaiser_desktop.rules.state import GameState, HandResult, HandState, Phase, Trick
from kaiser_desktop.rules.variants import BID_OUT_47, OPEN_TABLE, STANDARD, TOURNAMENT, RuleSet
from kaiser_desktop.rules.view import PlayerView, observe

__all__ = [
    "BID_OUT_47", "FIVE_OF_HEARTS", "KAISER", "OPEN_TABLE", "PASS", "SEATS", "STANDARD",
    "SUITS", "TEAMS", "THREE_OF_SPADES", "TOURNAMENT", "Action", "AskRedeal", "Bid", "Card",
    "Deal", "Discard", "FirstDealerDraw", "GameState", "HandResult", "HandState", "History",
    "IllegalActionError", "MakeBid", "NameTrump",
    "NotationError", "PassCard", "Phase", "Play", "PlayerView", "Rank", "RecordError",
    "RuleSet", "RulesError", "Seat", "SeatAction", "Suit", "Team", "Trick", "all_bids", "apply",
    "auction_over", "caller", "draw_first_dealer",
    "is_weak_hand", "legal_actions", "legal_bids", "legal_cards", "make_pack", "new_game",
    "observe", "sort_hand", "standing_bid",
]  # fmt: skip
