"""The table code, where the host can read it at any time (issue 37.2).

`CodeLabel` shows a code on one line, never split: its words are joined by hyphens, where
a wrapping label would break them, so it does not wrap; it takes the largest type that
fits the room it is given, down to the body's size. `CodeBar` is the host's window's
strip above the table while a family table is open ("Table code: … [Copy]"), and
`TableCodeDialog` is Game → Table code…: the code in large type, how the family joins
with it, and a Copy button. Both read the code when shown and when told it changed.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QFontMetrics, QGuiApplication, QResizeEvent
from PySide6.QtWidgets import (
    QDialog,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from kaiser_desktop.app.i18n import translate
from kaiser_desktop.ui.dialogs import fit_to_screen, scaled_font, text_scale_for

BODY_PX = 18  # the smallest the code is ever shown (the body's size)
CODE_PX = 30  # the code in its own dialog
BAR_CODE_PX = (
    18  # the code on the strip above the table: bold, at the body size (the table needs the room)
)


def copy_text(text: str) -> None:
    clipboard = QGuiApplication.clipboard()
    if clipboard is not None:
        clipboard.setText(text)


class CodeLabel(QLabel):
    """A table code on one line, as large as fits between `smallest` and `largest` px."""

    def __init__(self, largest: float, smallest: float, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._largest = largest
        self._smallest = smallest
        self.setWordWrap(False)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.setFont(scaled_font(largest, bold=True))
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def _width_at(self, px: float) -> int:
        return QFontMetrics(scaled_font(px, bold=True)).horizontalAdvance(self.text()) + 4

    def minimumSizeHint(self) -> QSize:
        return QSize(self._width_at(self._smallest), self.sizeHint().height())

    def sizeHint(self) -> QSize:
        height = QFontMetrics(scaled_font(self._largest, bold=True)).height() + 4
        return QSize(self._width_at(self._largest), height)

    def setText(self, text: str) -> None:
        super().setText(text)
        self._fit(self.width())
        self.updateGeometry()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit(event.size().width())

    def _fit(self, width: int) -> None:
        px = self._largest
        while px > self._smallest and self._width_at(px) > width:
            px -= 1
        self.setFont(scaled_font(max(px, self._smallest), bold=True))


class CodeBar(QToolBar):
    """The host's strip above the table: "Table code: maple-river-lantern-otter-427 [Copy]"."""

    def __init__(self, code: Callable[[], str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._code = code
        self.setObjectName("table_code_bar")
        self.setMovable(False)
        self.setFloatable(False)
        self.toggleViewAction().setVisible(False)
        scale = text_scale_for(parent)
        self.holder = QWidget()
        self.grid = QGridLayout(self.holder)
        self.grid.setContentsMargins(6, 2, 6, 2)
        self.title = QLabel()
        self.title.setFont(scaled_font(BODY_PX, scale))
        self.code_label = CodeLabel(BAR_CODE_PX * scale, BODY_PX * scale)
        self.copy_button = QPushButton()
        self.copy_button.setFont(scaled_font(BODY_PX, scale))
        self.copy_button.clicked.connect(self.copy)
        self.holder.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.addWidget(self.holder)
        self.two_rows: bool | None = None
        self._arrange(False)
        self.retranslate()

    def _one_row_width(self) -> int:
        spacing = self.grid.horizontalSpacing() * 2 + 12 + 16  # margins, and the bar's own
        return (
            self.title.sizeHint().width()
            + self.code_label.minimumSizeHint().width()
            + self.copy_button.sizeHint().width()
            + spacing
        )

    def _arrange(self, two_rows: bool) -> None:
        """One row ("Table code: CODE [Copy]") where it fits at the body's size, else the
        code on a row of its own under the other two: the code is never cut or split."""
        if two_rows == self.two_rows:
            return
        self.two_rows = two_rows
        for widget in (self.title, self.code_label, self.copy_button):
            self.grid.removeWidget(widget)
        self.grid.addWidget(self.title, 0, 0)
        if two_rows:
            self.grid.addWidget(self.copy_button, 0, 2, Qt.AlignmentFlag.AlignRight)
            self.grid.addWidget(self.code_label, 1, 0, 1, 3)
        else:
            self.grid.addWidget(self.code_label, 0, 1)
            self.grid.addWidget(self.copy_button, 0, 2)
        self.grid.setColumnStretch(1, 1)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._arrange(self._one_row_width() > event.size().width())

    def retranslate(self) -> None:
        self.title.setText(self.tr("Table code:"))
        self.copy_button.setText(self.tr("Copy"))
        self.copy_button.setAccessibleName(self.tr("Copy the table code"))
        self.refresh()

    def refresh(self) -> None:
        code = self._code()
        self.code_label.setText(code)
        self.code_label.setAccessibleName(self.tr("Your table code: {code}").format(code=code))
        if self.width() > 0:
            self._arrange(self._one_row_width() > self.width())

    def copy(self) -> None:
        copy_text(self._code())


def how_to_join_label() -> QLabel:
    """What the family does with the code, under it: here and on the host's page."""
    label = QLabel(
        translate(
            "TableCodeDialog",
            "Read the code to your family. On their computer they choose Game → Play "
            "with family… → Join a table, and type it.",
        )
    )
    label.setWordWrap(True)
    return label


class TableCodeDialog(QDialog):
    """Game → Table code…: the code in large type, how to join with it, and Copy."""

    def __init__(
        self, code: Callable[[], str], *, note: str = "", parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self._code = code
        scale = text_scale_for(parent)
        self.setFont(scaled_font(BODY_PX, scale))
        self.setWindowTitle(self.tr("Table code"))
        layout = QVBoxLayout(self)
        if note:
            said = QLabel(note)
            said.setWordWrap(True)
            layout.addWidget(said)
        layout.addWidget(QLabel(self.tr("Your table code:")))
        self.code_label = CodeLabel(CODE_PX * scale, BODY_PX * scale)
        layout.addWidget(self.code_label)
        layout.addWidget(how_to_join_label())
        layout.addStretch(1)
        self.copy_button = QPushButton(self.tr("Copy the code"))
        self.copy_button.clicked.connect(lambda: copy_text(self._code()))
        close = QPushButton(self.tr("Close"))
        close.setDefault(True)
        close.clicked.connect(self.accept)
        buttons = QHBoxLayout()
        buttons.addWidget(self.copy_button)
        buttons.addStretch(1)
        buttons.addWidget(close)
        layout.addLayout(buttons)
        self.refresh()
        fit_to_screen(self, QSize(round(640 * scale), self.sizeHint().height()))
        # As tall as its words need at the width it got (they wrap; the screen may be narrow).
        fit_to_screen(self, QSize(self.width(), layout.totalHeightForWidth(self.width())))

    def refresh(self) -> None:
        code = self._code()
        self.code_label.setText(code)
        self.code_label.setAccessibleName(self.tr("Your table code: {code}").format(code=code))
