"""The table's words: the board (trump, contract, dealer, scores) and the bid bubbles.

`TableBoard` is given the board item and the four bubbles to write in, and the player's
view (and the seating, for names) each time it is to say something.
"""

from __future__ import annotations

from PySide6.QtCore import QObject

from kaiser_desktop.app.seating import Seating
from kaiser_desktop.rules import Bid, Phase, PlayerView, Seat, Team
from kaiser_desktop.ui.table_items import BidBubble, InfoPanel
from kaiser_desktop.ui.table_places import ME
from kaiser_desktop.ui.wording import bid_text, contract_text, number_text, team_name, trump_text


class TableBoard(QObject):
    def __init__(self, info: InfoPanel, bubbles: dict[Seat, BidBubble], parent: QObject) -> None:
        super().__init__(parent)
        self.info = info
        self.bubbles = bubbles

    def refresh(self, view: PlayerView, seating: Seating, finding_dealer: bool) -> None:
        """The board's lines for `view`; `finding_dealer`: the first jack is still going round."""
        lines: list[tuple[str, str, bool]] = []
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
            if view.declarer == ME:  # "by you": French writes « vous » small mid-line
                by = self.tr("{bid} by you").format(bid=bid_text(view.contract))
            else:
                by = self.tr("{bid} by {name}").format(
                    bid=bid_text(view.contract), name=seating.name(view.declarer)
                )
            lines.append((contract_word, by, False))
        else:
            bidding = self.tr("bidding…") if view.phase is Phase.BIDDING else "—"
            lines.append((contract_word, bidding, False))
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
            lines.append((name, score, False))
        self.info.set_lines(lines)

    # --- the bubbles -----------------------------------------------------------------

    def on_redeal_decided(self, seat: Seat, ask: bool) -> None:
        if ask:
            self.bubbles[seat].say(lambda: self.tr("New deal!"))
        else:
            self.bubbles[seat].say(lambda: self.tr("Keeps hand"))

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
