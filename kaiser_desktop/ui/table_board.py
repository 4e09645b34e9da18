"""The table's words: the board (trump, contract, dealer, scores) and the bid bubbles.

`TableBoard` is given the board item and the four bubbles to write in, and the player's
view (and the seating, for names) each time it is to say something.
"""

from __future__ import annotations

from PySide6.QtCore import QObject

from kaiser_desktop.app.seating import Seating
from kaiser_desktop.rules import Bid, Phase, PlayerView, Seat, Suit, Team
from kaiser_desktop.rules.bids import KAISER_LEVEL
from kaiser_desktop.ui.table_items import BidBubble, InfoPanel
from kaiser_desktop.ui.table_places import ME
from kaiser_desktop.ui.wording import bid_text, contract_text, number_text, team_name, trump_text


def levels(kaiser: bool) -> tuple[int, ...]:
    """The widest bid levels in words: 12, and the Kaiser bid where the rules have it."""
    return (12, KAISER_LEVEL) if kaiser else (12,)


class TableBoard(QObject):
    def __init__(self, info: InfoPanel, bubbles: dict[Seat, BidBubble], parent: QObject) -> None:
        super().__init__(parent)
        self.info = info
        self.bubbles = bubbles

    def refresh(self, view: PlayerView, seating: Seating, finding_dealer: bool) -> None:
        """The board's lines for `view`; `finding_dealer`: the first jack is still going round."""
        lines: list[tuple[str, str, bool]] = []
        scores: list[tuple[str, str, bool]] = []
        trump_word, contract_word, dealer_word = (
            self.tr("Trump"),
            self.tr("Contract"),
            self.tr("Dealer"),
        )
        if view.trump_named:
            red = view.trump is not None and view.trump.is_red
            lines.append((trump_word, trump_text(view.trump), red))
        else:
            lines.append((trump_word, self.tr("not named yet"), False))
        if view.contract is not None and view.declarer is not None:
            by = self._by(bid_text(view.contract), view.declarer, seating)
            lines.append((contract_word, by, False))
            # The short form has no trump row: the trump goes with the contract ("8 ♥").
            bid = contract_text(view.contract, view.trump, view.trump_named)
            red = view.trump_named and view.trump is not None and view.trump.is_red
            short = (contract_word, self._by(bid, view.declarer, seating), red)
        else:
            bidding = self.tr("bidding…") if view.phase is Phase.BIDDING else "—"
            lines.append((contract_word, bidding, False))
            short = lines[-1]
        if finding_dealer:  # the cards are still going round to find the jack
            lines.append((dealer_word, self.tr("the first jack deals"), False))
        else:
            dealer = self.tr("{name} (hand {number})").format(
                name=seating.name(view.dealer), number=view.hand_number
            )
            lines.append((dealer_word, dealer, False))
        target = view.rules.target
        for team in Team:
            name = team_name(team, seating)
            score = self.tr("{score} of {target}").format(
                score=number_text(view.scores[team.value]), target=target
            )
            scores.append((name, score, False))
        self.info.set_lines(lines + scores, [short, *scores])

    def _by(self, bid: str, declarer: Seat, seating: Seating) -> str:
        if declarer == ME:  # "by you": French writes « vous » small mid-line
            return self.tr("{bid} by you").format(bid=bid)
        return self.tr("{bid} by {name}").format(bid=bid, name=seating.name(declarer))

    def every_row(
        self, seating: Seating, target: int, kaiser: bool
    ) -> tuple[list[tuple[str, list[str]]], list[tuple[str, list[str]]]]:
        """The board's rows, long and short form, each with every value it may show in
        this language and seating: the board is sized once for the widest of them."""
        longest = Bid(12, no_trump=True)
        suits = [*Suit, None]
        bids = [bid_text(longest)]
        bids += [contract_text(Bid(level), t, True) for level in levels(kaiser) for t in suits]
        contracts = [self._by(b, seat, seating) for b in bids for seat in Seat]
        contracts += [self.tr("bidding…"), "—"]
        scores = [
            (team_name(team, seating), [self.tr("{score} of {target}").format(
                score=number_text(s), target=target) for s in (-target, target + 12)])
            for team in Team
        ]  # fmt: skip
        trumps = [trump_text(t) for t in suits] + [self.tr("not named yet")]
        dealers = [self.tr("the first jack deals")] + [
            self.tr("{name} (hand {number})").format(name=seating.name(seat), number=88)
            for seat in Seat
        ]
        long = [
            (self.tr("Trump"), trumps),
            (self.tr("Contract"), contracts),
            (self.tr("Dealer"), dealers),
            *scores,
        ]
        return long, [(self.tr("Contract"), contracts), *scores]

    # --- the bubbles -----------------------------------------------------------------

    def on_redeal_decided(self, seat: Seat, ask: bool) -> None:
        if ask:
            self.bubbles[seat].say(lambda: self.tr("New deal!"))
        else:
            self.bubbles[seat].say(lambda: self.tr("Keeps hand"))

    def every_bubble(self, kaiser: bool) -> list[str]:
        """Every word a bid bubble may show, for its size: the redeal's, every bid, the
        longest contracts."""
        words = [self.tr("New deal!"), self.tr("Keeps hand"), bid_text(Bid(0))]
        words += [bid_text(Bid(level, no_trump)) for level in (6, 12) for no_trump in (False, True)]
        words += [contract_text(Bid(level), t, True) for level in levels(kaiser) for t in Suit]
        return words

    def on_bid(self, seat: Seat, bid: Bid) -> None:
        self.bubbles[seat].say(lambda: bid_text(bid))

    def show_contract(self, view: PlayerView) -> None:
        """The auction's bubbles give way to the contract, in the declarer's."""
        for s, bubble in self.bubbles.items():
            if s != view.declarer:
                bubble.show_text("")
        if view.declarer is not None and view.contract is not None:
            contract, trump, named = view.contract, view.trump, view.trump_named
            red = trump is not None and trump.is_red and named
            self.bubbles[view.declarer].say(
                lambda: contract_text(contract, trump, named), red=red, strong=True
            )
