"""The score sheet: one row per hand, like the paper sheet a family keeps beside the table.

`ScoreSheetModel.set_results(state.results)` after every hand; `ScoreSheetDock` is the
ready-made dock ("Score sheet") holding a `ScoreSheetView` of the model.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    QPoint,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics, QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QDockWidget,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMenu,
    QTableView,
    QToolButton,
    QWidget,
)

from kaiser_desktop.app.deal_numbers import format_deal_number
from kaiser_desktop.app.i18n import translate
from kaiser_desktop.rules import SEATS, HandResult, Seat, Team
from kaiser_desktop.ui.said_words import fill
from kaiser_desktop.ui.wording import MINUS, bid_text, number_text

MADE_COLOUR: Final = QColor("#1B7F3B")
FAILED_COLOUR: Final = QColor("#C62828")
SHEET_PIXEL_SIZE: Final = 16  # large enough to read from across the room


def made_text() -> str:
    return translate("ScoreSheet", "✓ Made")


def failed_text() -> str:
    return translate("ScoreSheet", "✗ Failed")


def default_team_names() -> dict[Team, str]:
    return {
        Team.NS: translate("ScoreSheet", "Us (N–S)"),
        Team.EW: translate("ScoreSheet", "Them (E–W)"),
    }


def default_seat_names() -> dict[Seat, str]:
    return {seat: seat.label for seat in SEATS}


# The columns a narrow sheet leaves out first, so the rest fit its width without scrolling
# sideways (issue 38: at 800×600 with Extra large text the totals were cut off). Hand,
# contract, result and the running totals always show; the row's tooltip says the rest.
DROPPED_FIRST: Final = ((5, 6), (1,), (3,), (7, 8))  # in tricks, dealer, declarer, points

# Column ids, in display order.
# Made/failed sits beside the contract, where a narrow dock still shows it.
HAND, DEALER, CONTRACT, DECLARER, RESULT = 0, 1, 2, 3, 4
RAW_NS, RAW_EW, POINTS_NS, POINTS_EW, TOTAL_NS, TOTAL_EW = 5, 6, 7, 8, 9, 10
COLUMN_COUNT: Final = 11
_TEAM_COLUMNS: Final = {
    RAW_NS: Team.NS, RAW_EW: Team.EW, POINTS_NS: Team.NS, POINTS_EW: Team.EW,
    TOTAL_NS: Team.NS, TOTAL_EW: Team.EW,
}  # fmt: skip


def _header_text(section: int) -> str:
    words = {
        HAND: translate("ScoreSheet", "Hand"),
        DEALER: translate("ScoreSheet", "Dealer"),
        CONTRACT: translate("ScoreSheet", "Contract"),
        DECLARER: translate("ScoreSheet", "Declarer"),
        RESULT: translate("ScoreSheet", "Result"),
        # Not "Raw" (issue 38: jargon): the points the cards won in tricks.
        RAW_NS: translate("ScoreSheet", "In tricks"),
        RAW_EW: translate("ScoreSheet", "In tricks"),
        POINTS_NS: translate("ScoreSheet", "Points"),
        POINTS_EW: translate("ScoreSheet", "Points"),
        TOTAL_NS: translate("ScoreSheet", "Total"),
        TOTAL_EW: translate("ScoreSheet", "Total"),
    }
    return words[section]


def _header_tip(section: int) -> str | None:
    raw = translate("ScoreSheet", "Tricks taken, plus 5 for the 5♥, minus 3 for the 3♠.")
    points = translate("ScoreSheet", "What the hand scored after the bid was counted.")
    total = translate("ScoreSheet", "The running score.")
    tips = {RAW_NS: raw, RAW_EW: raw, POINTS_NS: points, POINTS_EW: points}
    return {**tips, TOTAL_NS: total, TOTAL_EW: total}.get(section)


def signed(value: int) -> str:
    """The one minus sign of every screen (wording.number_text): "−3", not "-3"."""
    return number_text(value)


def contract_text(result: HandResult, names: Mapping[Seat, str]) -> str:
    """Like "8 ♥", "7 no trump", "Kaiser ♠"; "Redeal (East)" or "Thrown in" for hands not played."""
    if result.kind == "redeal":
        who = names[result.redeal_by] if result.redeal_by is not None else "?"
        return translate("ScoreSheet", "Redeal ({name})").format(name=who)
    if result.kind == "thrown_in":
        return translate("ScoreSheet", "Thrown in")
    if result.contract is None:
        return ""
    label = bid_text(result.contract)
    if result.contract.no_trump:
        return label
    if result.trump is not None:
        return f"{label} {result.trump.symbol}"
    return translate("ScoreSheet", "{bid} no trump").format(bid=label)


class ScoreSheetModel(QAbstractTableModel):
    """Read-only table of `HandResult`s."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._results: tuple[HandResult, ...] = ()
        self._names: dict[Seat, str] = default_seat_names()
        self._teams: dict[Team, str] = default_team_names()
        self._deal_numbers: tuple[int | None, ...] = ()
        # The words shown, worked out once: a view asks for each cell and header many times
        # per paint, and every translation lookup costs (the sheet grows as a hand ends,
        # the busiest moment of the table). Emptied when the rows, names or language change.
        self._headers: dict[int, str] = {}
        self._cells: dict[tuple[int, int], str] = {}
        self._pixel_size = SHEET_PIXEL_SIZE  # the bold cells' size: the sheet's own

    def set_pixel_size(self, pixel_size: int) -> None:
        if pixel_size != self._pixel_size:
            self._pixel_size = pixel_size
            if self._results:
                last = self.index(len(self._results) - 1, COLUMN_COUNT - 1)
                self.dataChanged.emit(self.index(0, 0), last)

    # --- feeding --------------------------------------------------------------------------

    def set_results(self, results: Sequence[HandResult]) -> None:
        """Show these hands. Appending hands inserts rows (so the view can follow them);
        anything else (a new game, an undo) resets the sheet."""
        new = tuple(results)
        old = self._results
        if new != old:
            self._cells.clear()
        if len(new) > len(old) and new[: len(old)] == old:
            self.beginInsertRows(QModelIndex(), len(old), len(new) - 1)
            self._results = new
            self.endInsertRows()
        elif new != old:
            self.beginResetModel()
            self._results = new
            self.endResetModel()

    def set_names(
        self,
        seats: Mapping[Seat, str] | None = None,
        teams: Mapping[Team, str] | None = None,
    ) -> None:
        """Names of the players (Dealer/Declarer columns) and of the teams (headers)."""
        if seats is not None:
            self._names = {**default_seat_names(), **seats}
        if teams is not None:
            self._teams = {**default_team_names(), **teams}
        self._headers.clear()  # also how a new language reaches the sheet (retranslate)
        self._cells.clear()
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, COLUMN_COUNT - 1)
        if self._results:
            last = self.index(len(self._results) - 1, COLUMN_COUNT - 1)
            self.dataChanged.emit(self.index(0, 0), last)

    def set_deal_numbers(self, numbers: Sequence[int | None]) -> None:
        """Each finished hand's deal number, by row (shown in the row's tooltip)."""
        self._deal_numbers = tuple(numbers)

    def result_at(self, row: int) -> HandResult:
        return self._results[row]

    # --- Qt model -------------------------------------------------------------------------

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._results)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else COLUMN_COUNT

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < COLUMN_COUNT:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            shown = self._headers.get(section)
            if shown is None:
                shown = _header_text(section)
                if section in _TEAM_COLUMNS:
                    shown = f"{shown}\n{self._teams[_TEAM_COLUMNS[section]]}"
                self._headers[section] = shown
            return shown
        if role == Qt.ItemDataRole.ToolTipRole:
            return _header_tip(section)
        return None

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = 0) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._results):
            return None
        result = self._results[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            key = (index.row(), column)
            shown = self._cells.get(key)
            if shown is None:
                shown = self._cells[key] = self._text(result, column)
            return shown
        if role == Qt.ItemDataRole.ForegroundRole and column == RESULT and result.made is not None:
            return QBrush(MADE_COLOUR if result.made else FAILED_COLOUR)
        if role == Qt.ItemDataRole.FontRole and column in (RESULT, TOTAL_NS, TOTAL_EW):
            font = QFont()
            font.setPixelSize(self._pixel_size)
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole:
            if column in (CONTRACT, DECLARER, DEALER, RESULT):
                return int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            row = index.row()
            number = self._deal_numbers[row] if row < len(self._deal_numbers) else None
            deal = (
                translate("ScoreSheet", "Deal number {number}.").format(
                    number=format_deal_number(number)
                )
                if number is not None
                else ""
            )
            return " ".join(text for text in (self._explain(result), deal) if text) or None
        return None

    # --- text -----------------------------------------------------------------------------

    def _text(self, result: HandResult, column: int) -> str:
        played = result.kind == "played"
        if column == HAND:
            return str(result.number)
        if column == DEALER:
            return self._names[result.dealer]
        if column == CONTRACT:
            return contract_text(result, self._names)
        if column == DECLARER:
            return self._names[result.declarer] if result.declarer is not None else ""
        if column in (RAW_NS, RAW_EW):
            return signed(result.raw[column - RAW_NS]) if played else ""
        if column in (POINTS_NS, POINTS_EW):
            return signed(result.points[column - POINTS_NS]) if played else ""
        if column in (TOTAL_NS, TOTAL_EW):
            return signed(result.score[column - TOTAL_NS])
        if column == RESULT:
            if result.made is None:
                return ""
            return made_text() if result.made else failed_text()
        return ""

    def _explain(self, result: HandResult) -> str | None:
        """The hand in a sentence, for the tooltip."""
        if result.kind != "played" or result.declarer is None or result.contract is None:
            return None
        team = result.declarer.team
        them = team.other
        contract = contract_text(result, self._names)
        sentences = [
            # "You" takes its own verb: French « Vous avez misé », never « … par Vous ».
            translate("ScoreSheet", "You bid {contract}.").format(contract=contract)
            if result.declarer == Seat.S
            else translate("ScoreSheet", "{name} bid {contract}.").format(
                name=self._names[result.declarer], contract=contract
            ),
            fill(
                translate("ScoreSheet", "Tricks: {us} {our_tricks}, {them} {their_tricks}."),
                us=self._teams[Team.NS],
                our_tricks=result.tricks_won[0],
                them=self._teams[Team.EW],
                their_tricks=result.tricks_won[1],
            ),
        ]
        if result.five_taken_by is not None:
            sentences.append(
                fill(
                    translate("ScoreSheet", "5♥ (+5) taken by {team}."),
                    team=self._teams[result.five_taken_by],
                )
            )
        if result.three_taken_by is not None:
            sentences.append(
                fill(
                    translate("ScoreSheet", "3♠ ({minus}3) taken by {team}."),
                    minus=MINUS,
                    team=self._teams[result.three_taken_by],
                )
            )
        verdict = (
            translate("ScoreSheet", "{team} made the contract and scored {points}; ")
            if result.made
            else translate("ScoreSheet", "{team} failed the contract and scored {points}; ")
        )
        sentences.append(
            fill(verdict, team=self._teams[team], points=signed(result.points[team.value]))
            + fill(
                translate("ScoreSheet", "{team} scored {points}."),
                team=self._teams[them],
                points=signed(result.points[them.value]),
            )
        )
        return " ".join(sentences)


class ScoreSheetView(QTableView):
    """The sheet in a readable size; follows the newest hand."""

    def __init__(self, model: ScoreSheetModel | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sheet = model if model is not None else ScoreSheetModel(self)
        self.setModel(self.sheet)
        font = self.font()
        font.setPixelSize(SHEET_PIXEL_SIZE)
        self.setFont(font)
        header_font = QFont(font)
        header_font.setBold(True)
        header = self.horizontalHeader()
        header.setFont(header_font)
        # Every column fits its text (a squeezed "Contract" would read "8…"); spare width
        # goes to the last column, and a narrow dock scrolls instead of truncating.
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        # Fitting to contents measured "✓ Made" short and drew "✓ M…": size it by hand.
        header.setSectionResizeMode(RESULT, QHeaderView.ResizeMode.Fixed)
        self.size_result_column()
        header.setDefaultAlignment(Qt.AlignmentFlag.AlignCenter)
        self.verticalHeader().setVisible(False)
        self.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.setAlternatingRowColors(True)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setWordWrap(False)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        header.sectionResized.connect(lambda *_: self._schedule_fit())
        self._fitting = False
        # The new row is scrolled to a moment later, not in the frame that ends the hand
        # (the summary appears then, the table's busiest moment).
        self.sheet.rowsInserted.connect(lambda *_: QTimer.singleShot(0, self.scrollToBottom))
        self.sheet.modelReset.connect(self._schedule_fit)
        self.sheet.rowsInserted.connect(lambda *_: self._schedule_fit())
        self.apply_text_size(QApplication.font().pixelSize())

    def updateGeometries(self) -> None:
        super().updateGeometries()
        # Whole rows only: the rows' room is cut to a whole number of rows (a blank strip
        # below), so a sheet following the newest hand never shows its first row cut
        # across its words at the top edge (800x600, Large).
        margins = self.viewportMargins()
        row = self.rowHeight(0) if self.sheet.rowCount() else 0
        if row <= 0:
            return
        spare = (self.viewport().height() + margins.bottom()) % row
        if spare != margins.bottom():
            self.setViewportMargins(margins.left(), margins.top(), margins.right(), spare)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ApplicationFontChange:  # a new text size
            self.apply_text_size(QApplication.font().pixelSize())
        return super().event(event)

    def apply_text_size(self, pixel_size: int) -> None:
        """The sheet's words at least the body size (`pixel_size`: the application font's)."""
        font = QFont(self.font())
        font.setPixelSize(max(SHEET_PIXEL_SIZE, pixel_size))
        self.setFont(font)
        self.sheet.set_pixel_size(font.pixelSize())
        header_font = QFont(font)
        header_font.setBold(True)
        self.horizontalHeader().setFont(header_font)
        self.size_result_column()
        self._schedule_fit()

    def _schedule_fit(self) -> None:
        if not self._fitting:
            self._fitting = True
            QTimer.singleShot(0, self, self.fit_columns)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._schedule_fit()

    def fit_columns(self) -> None:
        """Show every column the width allows, leaving out DROPPED_FIRST's in order."""
        self._fitting = False
        header = self.horizontalHeader()
        room = self.viewport().width()
        widths = {column: self._needed_width(column) for column in range(COLUMN_COUNT)}
        widths[RESULT] = header.sectionSize(RESULT)  # sized by hand (size_result_column)
        hidden: set[int] = set()
        for columns in DROPPED_FIRST:  # a team's pair of columns goes together
            if sum(w for c, w in widths.items() if c not in hidden) <= room:
                break
            hidden.update(columns)
        for column in range(COLUMN_COUNT):
            if header.isSectionHidden(column) != (column in hidden):
                header.setSectionHidden(column, column in hidden)

    def _needed_width(self, column: int) -> int:
        """What the column needs for its header's and cells' words, worked out from the
        words alone (what the view says depends on what it shows: asked, it swung between
        two layouts)."""
        model = self.sheet
        header = self.horizontalHeader()
        heading = str(model.headerData(column, Qt.Orientation.Horizontal) or "")
        needed = max(
            (header.fontMetrics().horizontalAdvance(line) for line in heading.splitlines()),
            default=0,
        )
        font = QFont(self.font())
        font.setBold(column in (RESULT, TOTAL_NS, TOTAL_EW))
        metrics = QFontMetrics(font)
        for row in range(model.rowCount()):
            words = str(model.data(model.index(row, column), Qt.ItemDataRole.DisplayRole) or "")
            needed = max(needed, metrics.horizontalAdvance(words))
        return needed + 2 * metrics.averageCharWidth() + 4

    def shown_columns(self) -> list[int]:
        return [c for c in range(COLUMN_COUNT) if not self.isColumnHidden(c)]

    def size_result_column(self) -> None:
        """Room for the longer of "✓ Made" and "✗ Failed" in the language of the moment."""
        result_font = QFont(self.font())
        result_font.setBold(True)
        metrics = QFontMetrics(result_font)
        widest = max(
            metrics.horizontalAdvance(made_text()), metrics.horizontalAdvance(failed_text())
        )
        self.horizontalHeader().resizeSection(RESULT, widest + 2 * metrics.height())


class SheetTitleBar(QWidget):
    """A title and a Close button in the size of the words: the dock's own title buttons
    are the platform's, about ten pixels wide, too small to find or to hit. Clicks and
    drags elsewhere on the bar go on to the dock (it moves, as by its own title)."""

    def __init__(self, close: Callable[[], object], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = QLabel(self)
        self.close_button = QToolButton(self)
        self.close_button.clicked.connect(close)
        row = QHBoxLayout(self)
        row.setContentsMargins(6, 0, 0, 0)
        row.addWidget(self.title, 1)
        row.addWidget(self.close_button)

    def set_words(self, title: str, close: str, close_said: str) -> None:
        """The title, the button's word, and what a screen reader says for the button."""
        self.title.setText(title)
        self.close_button.setText(close)
        self.close_button.setAccessibleName(close_said)


class ScoreSheetDock(QDockWidget):
    """A dock titled "Score sheet"; `set_results` and `set_names` pass through to the model.

    A double-click on a played hand's row, or "Review this hand" in the row's menu, asks
    for its review (`review_requested(number)`). Its Close button hides it and says so
    (`closed_by_person`): the person has chosen, the sheet stays hidden until asked for."""

    review_requested = Signal(int)
    closed_by_person = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("scoreSheetDock")  # lets QMainWindow.saveState remember it
        self.title_bar = SheetTitleBar(self._close_asked, self)
        self.setTitleBarWidget(self.title_bar)
        self._name_itself()
        self.view = ScoreSheetView(parent=self)
        self.model = self.view.sheet
        self.setWidget(self.view)
        self.view.doubleClicked.connect(lambda index: self.review_row(index.row()))
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.view.customContextMenuRequested.connect(self._row_menu)
        self._title_font()

    def _name_itself(self) -> None:
        self.setWindowTitle(self.tr("Score sheet"))
        self.title_bar.set_words(
            self.windowTitle(), self.tr("Close"), self.tr("Close the score sheet")
        )

    def _close_asked(self) -> None:
        self.close()
        self.closed_by_person.emit()

    def _title_font(self) -> None:
        """The title bar's words bold and as large as the text size (issue 38: the platform's
        own title was ~13 px at Extra large); the bar takes the dock's font."""
        font = QFont(QApplication.font("QDockWidget"))  # type: ignore[call-overload]
        font.setBold(True)
        self.setFont(font)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ApplicationFontChange:
            self._title_font()
        return super().event(event)

    def review_row(self, row: int) -> bool:
        """Ask for the review of the hand in `row`, if it was bid and played."""
        if not 0 <= row < self.model.rowCount():
            return False
        result = self.model.result_at(row)
        if result.kind != "played":
            return False
        self.review_requested.emit(result.number)
        return True

    def _row_menu(self, point: QPoint) -> None:
        row = self.view.indexAt(point).row()
        if row < 0 or self.model.result_at(row).kind != "played":
            return
        menu = QMenu(self)
        action = menu.addAction(QCoreApplication.translate("ScoreSheet", "Review this hand"))
        action.triggered.connect(lambda: self.review_row(row))
        menu.exec(self.view.viewport().mapToGlobal(point))
        menu.deleteLater()  # one menu per right-click: freed once it has closed

    def set_results(self, results: Sequence[HandResult]) -> None:
        self.model.set_results(results)

    def retranslate(self) -> None:
        self._name_itself()
        self.view.size_result_column()
        self.model.set_names()  # headers and rows are read again, in the new words

    def set_names(
        self,
        seats: Mapping[Seat, str] | None = None,
        teams: Mapping[Team, str] | None = None,
    ) -> None:
        self.model.set_names(seats, teams)
