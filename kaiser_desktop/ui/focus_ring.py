"""A visible focus where the platform style draws none (issue 27, point 8).

Under Fusion a focused scroll area (the dialogs' pages) shows nothing, and a focused default
button (OK, Close, Next, Start playing) looks exactly as it does unfocused: a keyboard
player cannot tell where Tab went. A style sheet would mark them, but any application style
sheet also stops a font set on a dialog from reaching its buttons (the welcome's Extra large
then no longer enlarged them). So a ring is drawn instead: a see-through widget laid over
the focused widget's edge, in the palette's focus colour. It takes no focus and no clicks.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, QRect, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QAbstractScrollArea, QApplication, QPushButton, QWidget

from kaiser_desktop.ui import theme

WIDTH = 3
FOLLOWED = (QEvent.Type.Move, QEvent.Type.Resize, QEvent.Type.Show, QEvent.Type.Hide)


def styled(widget: QWidget) -> bool:
    """Under a style sheet of its own (the table's panels): it draws its own focus."""
    current: QWidget | None = widget
    while current is not None:
        if current.styleSheet():
            return True
        current = current.parentWidget()
    return False


def needs_ring(widget: QWidget) -> bool:
    """The widgets Fusion shows no clear focus on: scroll areas, and push buttons (a default
    one looks the same focused or not; the others show a faint line only)."""
    if isinstance(widget, QAbstractScrollArea):
        return True
    return isinstance(widget, QPushButton) and not styled(widget)


class FocusRing(QWidget):
    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground, True)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setObjectName("focusRing")

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        pen = QPen(theme.current_focus_colour(), WIDTH)
        pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        half = WIDTH // 2
        painter.drawRect(self.rect().adjusted(half, half, -half - 1, -half - 1))


class FocusRings(QObject):
    """Follows the application's focus: one ring per window, over the focused widget."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rings: dict[int, FocusRing] = {}
        self._target: QWidget | None = None
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_changed)

    def _focus_changed(self, old: QWidget | None, now: QWidget | None) -> None:
        # A widget or window may be gone by now (a closed dialog): nothing to undo there.
        if self._target is not None:
            with contextlib.suppress(RuntimeError):
                self._target.removeEventFilter(self)
            self._target = None
        for key, shown in list(self._rings.items()):
            try:
                shown.hide()
            except RuntimeError:
                del self._rings[key]
        if now is None or not needs_ring(now):
            return
        # Shown from the first focus on, not only after a Tab: in a dialog with one button
        # Tab leaves the focus where it was, and no change of focus would show the ring.
        window = now.window()
        ring = self._rings.get(id(window))
        if ring is None:
            ring = FocusRing(window)
            self._rings[id(window)] = ring
            window.destroyed.connect(self._forget(id(window)))
        self._target = now
        now.installEventFilter(self)  # it moves or changes size: the ring follows
        self._place(now, ring)

    def _place(self, widget: QWidget, ring: FocusRing) -> None:
        window = widget.window()
        corner = widget.mapTo(window, widget.rect().topLeft())
        ring.setGeometry(QRect(corner, widget.size()))
        ring.setVisible(widget.isVisible())
        ring.raise_()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._target and event.type() in FOLLOWED:
            ring = self._rings.get(id(self._target.window()))
            if ring is not None:
                with contextlib.suppress(RuntimeError):  # the window is being closed
                    self._place(self._target, ring)
        return False

    def _forget(self, key: int) -> Callable[[], None]:
        def forget() -> None:
            self._rings.pop(key, None)

        return forget


_rings: FocusRings | None = None


def show_focus_rings() -> None:
    """From now on, a ring marks a focused scroll area or default button (once per app)."""
    global _rings
    if _rings is None:
        _rings = FocusRings(QApplication.instance())
