"""Issue 27.3: every word on the table is at least the body text of the chosen text size,
whole in its box, and no word lies over a card, another word or the action panel.

At extra-large text "6 no trump by East" on the board shrank to fit its row, and the first
jack's "Jack! Deals first" bubble and the dealer's name plate were tiny too. Each table item
notes the pixel sizes it painted with and any words wider than their room; these paint the
real scene of the real window at each text size and window size, in a moment with all of
them, and measure every one. The layout makes the room (the board's short form, plates as
wide as their names), so nothing grows over its neighbours.
"""

from __future__ import annotations

import dataclasses
import itertools
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect, QRectF, Qt
from PySide6.QtGui import QFont, QFontInfo, QFontMetrics, QImage, QPainter
from PySide6.QtWidgets import QApplication, QLabel, QWidget
from pytestqt.qtbot import QtBot

from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.settings import TEXT_SIZES, Settings
from kaiser_desktop.rules import Bid, MakeBid, Phase, Seat, Team
from kaiser_desktop.ui import dialogs, theme
from kaiser_desktop.ui.cards.layout import Rect, trick_card_rects, won_stack_rects
from kaiser_desktop.ui.language import install_language
from kaiser_desktop.ui.main_window import MainWindow
from kaiser_desktop.ui.panel_messages import fit_message
from kaiser_desktop.ui.table_places import ME
from kaiser_desktop.ui.text_size import BASE_PIXEL_SIZE
from kaiser_desktop.ui.welcome import WelcomeDialog
from tests.ui.windows import NewTable, wait_for_south

SIZES = [(800, 600), (1024, 768), (1280, 800)]


def bidding_window(
    qtbot: QtBot, new_table: NewTable, tmp_path: Path, size: tuple[int, int], text_size: str
) -> tuple[GameController, MainWindow, Settings]:
    """The real window at South's first bid, its bid buttons up."""
    settings = Settings(tmp_path / "settings.ini")
    settings.text_size = text_size
    controller, window = new_table(size=size, settings=settings)
    controller.start()
    wait_for_south(qtbot, controller, Phase.BIDDING)
    panel = window.view.action_panel
    qtbot.waitUntil(lambda: panel.button("bid:pass") is not None, timeout=5000)
    return controller, window, settings


def paint(window: MainWindow, size: tuple[int, int]) -> None:
    image = QImage(*size, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    window.view.table_scene.render(painter)
    painter.end()


def show_long_words(controller: GameController, window: MainWindow) -> None:
    """The long contract on the board (as the board words it), the first jack's bubble,
    bids in the other bubbles, a dealer's badge and both pile counts."""
    scene = window.view.table_scene
    view = dataclasses.replace(
        controller.view(ME),
        phase=Phase.PLAY,
        contract=Bid.from_text("6NT"),
        declarer=Seat.E,
        trump_named=True,
        trump=None,
    )
    scene.board.refresh(view, controller.seating, False)
    scene.bubbles[Seat.E].say(scene.first_jack.words, strong=True)
    for seat in (Seat.S, Seat.W, Seat.N):
        scene.bubbles[seat].show_text("12 no trump")
    for seat, plate in scene.plates.items():
        plate.set_state(turn=seat is Seat.W, dealer=seat is Seat.N)
    for count in scene.pile_counts.values():
        count.set_text(scene.tr("%n trick(s)", None, 8))


@pytest.mark.parametrize("text_size", list(TEXT_SIZES))
@pytest.mark.parametrize("size", SIZES, ids=str)
def test_no_table_word_is_smaller_than_the_body_text_or_cut(
    qtbot: QtBot, new_table: NewTable, tmp_path: Path, size: tuple[int, int], text_size: str
) -> None:
    controller, window, settings = bidding_window(qtbot, new_table, tmp_path, size, text_size)
    try:
        scene = window.view.table_scene
        show_long_words(controller, window)
        # The board's long form where the corner has room, else its short one (800x600).
        assert scene.info.compact == scene.table.board_compact
        shown = [value for _, value, _ in scene.info.lines]
        assert "6 no trump by East" in shown
        paint(window, size)
        body = round(BASE_PIXEL_SIZE * TEXT_SIZES[text_size])
        items = {
            **{f"{s.name} name": p for s, p in scene.plates.items()},
            **{f"{s.name} bubble": b for s, b in scene.bubbles.items()},
            "board": scene.info,
            **{f"{t.name} pile": scene.pile_counts[t] for t in Team},
        }
        for name, item in items.items():
            assert item.drawn_px, f"{name} drew no text"
            assert min(item.drawn_px) >= body, (name, item.drawn_px, body)
            assert item.overflow == [], (name, item.overflow)
        # The dealer's badge: the name and the "D" both.
        assert len(scene.plates[Seat.N].drawn_px) == 2
    finally:
        controller.stop()
        settings.text_size = "normal"


def _rect(r: QRect | QRectF | Rect) -> QRectF:
    if isinstance(r, Rect):
        return QRectF(r.x, r.y, r.width, r.height)
    return QRectF(r)


def _overlaps(a: QRectF, b: QRectF) -> bool:
    # A pixel's rounding is not an overlap.
    return a.adjusted(1, 1, -1, -1).intersects(b.adjusted(1, 1, -1, -1))


@pytest.mark.parametrize(
    ("size", "text_size"),
    [
        pytest.param(size, text_size, id=f"{size[0]}x{size[1]}-{text_size}")
        for size in SIZES
        for text_size in TEXT_SIZES
    ],
)
def test_no_word_lies_over_a_card_another_word_or_the_panel(
    qtbot: QtBot, new_table: NewTable, tmp_path: Path, size: tuple[int, int], text_size: str
) -> None:
    """While South bids: every plate, bubble (bids in all four), the board and the pile
    counts against every card in the hands, the trick's and piles' places, each other and
    the bidding panel; the panel against the cards too. A pile's count lies on its pile."""
    controller, window, settings = bidding_window(qtbot, new_table, tmp_path, size, text_size)
    try:
        scene = window.view.table_scene
        table = scene.table
        show_long_words(controller, window)
        for seat in Seat:
            scene.bubbles[seat].show_text("12 no trump")  # as long as a bid's words go
        paint(window, size)
        words: dict[str, QRectF] = {
            **{f"{s.name} name": p.rect() for s, p in scene.plates.items()},
            **{f"{s.name} bid": b.shown_rect() for s, b in scene.bubbles.items()},
            "board": scene.info.rect(),
            **{f"{t.name} count": scene.pile_counts[t].rect() for t in Team},
        }
        cards: dict[str, QRectF] = {
            f"card {n}": item.mapRectToScene(item.card_rect())
            for n, item in enumerate(scene._all_cards())
            if item.isVisible()
        }
        cards.update({f"trick {s}": _rect(r) for s, r in trick_card_rects(table).items()})
        piles = {f"{t} pile": _rect(r) for t, r in won_stack_rects(table).items()}
        panel = _rect(window.view.action_panel.geometry())
        assert window.view.action_panel.isVisible()
        wrong = []
        for (a, ra), (b, rb) in itertools.combinations(words.items(), 2):
            if _overlaps(ra, rb):
                wrong.append((a, b))
        for (a, ra), (b, rb) in itertools.product(words.items(), {**cards, **piles}.items()):
            if a.endswith("count") and b == f"{a.split()[0]} pile":
                continue  # "8 tricks" is written on its own pile
            if _overlaps(ra, rb):
                wrong.append((a, b))
        for name, r in {**words, **cards, **piles}.items():
            if name.startswith("trick"):
                continue  # no trick yet: the panel may stand where its cards will lie
            if _overlaps(panel, r):
                wrong.append(("panel", name))
        assert wrong == [], wrong
        view_rect = QRectF(window.view.viewport().rect())
        for name, r in {**words, "panel": panel}.items():
            assert view_rect.contains(r), name
    finally:
        controller.stop()
        settings.text_size = "normal"


@pytest.mark.parametrize("text_size", list(TEXT_SIZES))
@pytest.mark.parametrize("size", SIZES, ids=str)
def test_the_first_jacks_bubble_widens_over_nothing(
    qtbot: QtBot, new_table: NewTable, tmp_path: Path, size: tuple[int, int], text_size: str
) -> None:
    """ "Jack! Deals first" is longer than any bid: its bubble widens towards the table for
    it, and there covers no name, card place or other bubble (no panel shows then)."""
    controller, window, settings = bidding_window(qtbot, new_table, tmp_path, size, text_size)
    try:
        scene = window.view.table_scene
        table = scene.table
        places = {f"trick {s}": _rect(r) for s, r in trick_card_rects(table).items()}
        places.update({f"{t} pile": _rect(r) for t, r in won_stack_rects(table).items()})
        places.update({f"{s.name} name": p.rect() for s, p in scene.plates.items()})
        places["board"] = scene.info.rect()
        hands = [item for item in scene._all_cards() if item.isVisible()]
        for seat, bubble in scene.bubbles.items():
            bubble.say(scene.first_jack.words, strong=True)
            paint(window, size)
            jack = bubble.shown_rect()
            assert bubble.overflow == [] and jack.width() > bubble.rect().width() * 0.99
            for name, r in places.items():
                assert not _overlaps(jack, r), (seat, name)
            for item in hands:
                if seat is Seat.S and item in scene.south.values():
                    continue  # no hand is dealt while the jack goes round: South's may widen
                assert not _overlaps(jack, item.mapRectToScene(item.card_rect())), seat
            assert QRectF(window.view.viewport().rect()).contains(jack), seat
            bubble.show_text("")
    finally:
        controller.stop()
        settings.text_size = "normal"


def lines_cut(dialog: QWidget) -> list[tuple[str, int, int]]:
    """Each shown label whose words need more room than it has: (its words, its room,
    what they need), a wrapped one by its height, another by its width."""
    cut = []
    for label in dialog.findChildren(QLabel):
        if not label.isVisible() or not label.text():
            continue
        room = label.contentsRect()
        metrics = label.fontMetrics()
        if label.wordWrap():
            flags = int(Qt.TextFlag.TextWordWrap)
            need = metrics.boundingRect(0, 0, room.width(), 100_000, flags, label.text()).height()
            if need > room.height():
                cut.append((label.text()[:40], room.height(), need))
        elif metrics.horizontalAdvance(label.text()) > room.width():
            cut.append((label.text()[:40], room.width(), metrics.horizontalAdvance(label.text())))
    return cut


def reopened_welcome(qtbot: QtBot, new_table: NewTable, settings: Settings) -> WelcomeDialog:
    """Help → Welcome and how to play… over a game's window, shown and laid out."""
    _, window = new_table(level=None, size=None, settings=settings, shown=False)
    dialog = WelcomeDialog(settings, game_in_progress=True, parent=window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    for _ in range(3):
        QApplication.processEvents()
    return dialog


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("text_size", ["large", "extra_large"])
def test_the_welcome_reopened_from_help_shows_every_line_whole(
    qtbot: QtBot, new_table: NewTable, tmp_path: Path, text_size: str, language: str
) -> None:
    """Issue 38: Help → Welcome and how to play… at Large text showed each rule's
    description squashed to one clipped line ("The usual game: bids start at 6, first") and
    the intro's first line under the heading: in its scroll area the column gave wrapped
    labels less height than their lines. Every label now shows all its lines (the questions
    scroll instead), as large as the text size, in both languages."""
    assert install_language(language) is None
    settings = Settings(tmp_path / "settings.ini")
    settings.text_size = text_size
    try:
        dialog = reopened_welcome(qtbot, new_table, settings)
        assert dialog.note.isVisible()
        assert lines_cut(dialog) == []
        body = round(BASE_PIXEL_SIZE * TEXT_SIZES[text_size])
        for label in [dialog.intro, *dialog.descriptions.values()]:
            assert QFontInfo(label.font()).pixelSize() >= body, label.text()[:40]
        dialog.reject()
    finally:
        settings.text_size = "normal"
        install_language("en")


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("text_size", ["large", "extra_large"])
def test_the_welcome_reopened_at_800x600_opens_at_its_top(
    qtbot: QtBot,
    new_table: NewTable,
    settings_file: Settings,
    text_size: str,
    language: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 38: reopened from Help at 800x600 with Extra large text, in French, the
    welcome opened scrolled: "Bienvenue au Kaiser" cut by the top edge and the language
    row out of sight, only to keep a margin below the name field, which was in sight
    already. It opens at its top, its first question (the language) focused."""
    monkeypatch.setattr(dialogs, "available_area", lambda widget: QRect(0, 0, 800, 600))
    assert install_language(language) is None
    settings = settings_file
    settings.text_size = text_size
    try:
        dialog = reopened_welcome(qtbot, new_table, settings)
        assert dialog.height() <= 600
        focused = dialog.focusWidget()
        assert focused in dialog.language_buttons.values() and focused.isChecked()
        viewport = dialog.area.viewport()
        for shown in (focused, dialog.heading):
            top_left = shown.mapTo(viewport, QPoint(0, 0))
            assert viewport.rect().contains(QRect(top_left, shown.size())), (top_left, viewport)
        assert dialog.area.verticalScrollBar().value() == 0
        dialog.reject()
    finally:
        settings.text_size = "normal"
        install_language("en")


LONG_FRENCH_HINT = (
    "Indice : Misez 8, pas 9 : un contrat réussi marque les points faits, quelle que soit "
    "la mise, et 8 serait rarement dépassé par Sam et Alex ; 9 ne ferait qu'ajouter du "
    "risque. Votre équipe devrait faire environ 8 points à cœur, en comptant le 5 de cœur."
)


@pytest.mark.parametrize("text_size", ["large", "extra_large"])
@pytest.mark.parametrize("lines", [1, 2, 3])
def test_a_long_hint_is_never_drawn_below_the_body_text(
    qtbot: QtBot, text_size: str, lines: int
) -> None:
    """Issue 38: a long French hint shrank to about 12 px at Large (75% of the panel's
    16 px), smaller than anything else on the table. It keeps the panel's size, never less
    than the body text, and says less instead: its first whole sentences, or its first
    words and "…", every line of it in its room."""
    px = round(BASE_PIXEL_SIZE * TEXT_SIZES[text_size])
    font = QFont(theme.ui_font(px, True))
    metrics = QFontMetrics(font)
    width, room = 30 * px, lines * metrics.lineSpacing() + 4
    text, size = fit_message(LONG_FRENCH_HINT, font, px, width, room)
    assert size == px
    assert_whole_hint(text, LONG_FRENCH_HINT)
    assert len(text) < len(LONG_FRENCH_HINT)  # too long for these lines: it says less
    flags = int(Qt.TextFlag.TextWordWrap)
    assert metrics.boundingRect(0, 0, width, 10_000, flags, text).height() <= room


def assert_whole_hint(shown: str, full: str) -> None:
    """`shown` is `full`'s first whole sentences or clauses, ended by a full stop: never a
    clause cut off by "…" (issue 38: "Indice : Misez 7, pas 6 : Ouest et Est parlent
    encore après vous, et 6 serait…" is not every word whole)."""
    assert "…" not in shown, shown
    assert shown.endswith("."), shown
    assert full.startswith(shown[:-1]), (shown, full)


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("text_size", ["large", "extra_large"])
def test_a_long_hint_in_the_bidding_panel_at_800x600_says_whole_clauses(
    qtbot: QtBot, new_table: NewTable, tmp_path: Path, text_size: str, language: str
) -> None:
    """Issue 38: at 800x600 the bidding panel keeps one to three lines for a hint, and a
    long one was cut mid-clause with "…" ("Hint: Bid 7, not 6: West and East still…").
    In the real panel, at the chosen body size, the hint shows whole words, whole clauses
    ("Hint: Bid 7, not 6."), every line of it in its room; the whole text stays in the
    tooltip and for the screen reader."""
    assert install_language(language) is None
    full = LONG_FRENCH_HINT if language == "fr" else LONG_ENGLISH_HINT
    # 800x600 on Xvfb with openbox: the window inside its frame is 800x560.
    controller, window, settings = bidding_window(qtbot, new_table, tmp_path, (800, 560), text_size)
    try:
        panel = window.view.action_panel
        said: list[str] = []
        panel.hint_shown.connect(said.append)
        panel.show_hint(full, MakeBid(Bid.from_text("8")))
        QApplication.processEvents()
        label = panel.notice
        assert label.isVisible()
        shown = label.text()
        assert shown != full  # too long for its room at 800x600: it says less
        assert_whole_hint(shown, full)
        body = round(BASE_PIXEL_SIZE * TEXT_SIZES[text_size])
        assert QFontInfo(label.font()).pixelSize() >= body
        flags = int(Qt.TextFlag.TextWordWrap)
        room = label.contentsRect()
        need = label.fontMetrics().boundingRect(0, 0, room.width(), 10_000, flags, shown)
        assert need.height() <= room.height(), (shown, need, room)
        assert label.toolTip() == full and said == [full]
    finally:
        controller.stop()
        settings.text_size = "normal"
        install_language("en")


LONG_ENGLISH_HINT = (
    "Hint: Bid 8, not 9: a contract made scores the points taken, whatever the bid, and 8 "
    "would rarely be outbid by Sam and Alex; 9 would only add risk. Your side should take "
    "about 8 points with hearts as trump, counting the 5 of hearts."
)


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("size", [*SIZES, (800, 800)], ids=str)
def test_a_larger_text_size_never_has_smaller_cards(
    new_table: NewTable, tmp_path: Path, size: tuple[int, int], language: str
) -> None:
    """Issue 38: the setting is "Text and card size", yet at Extra large the cards were
    smaller than at Large on an 800x600 screen (89 px tall against 102): the larger words
    took the cards' room. In the same window, each larger text size has cards at least as
    large as the size below it (the words fit round them: the tests above); in a narrow,
    tall window too, where the table's edge is wider (French at 800x800)."""
    assert install_language(language) is None
    heights = {}
    try:
        for text_size in TEXT_SIZES:
            settings = Settings(tmp_path / f"{text_size}.ini")
            settings.text_size = text_size
            _, window = new_table(level=None, size=size, settings=settings)
            QApplication.processEvents()
            assert window.size().toTuple() == size
            heights[text_size] = round(window.view.table_scene.table.card_height, 1)
            window.close()
            settings.text_size = "normal"
        assert heights["normal"] <= heights["large"] <= heights["extra_large"], heights
    finally:
        install_language("en")


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("text_size", list(TEXT_SIZES))
def test_the_last_trick_button_is_never_below_the_body_text(
    qtbot: QtBot, new_table: NewTable, tmp_path: Path, text_size: str, language: str
) -> None:
    """Issue 38 pictures: "Last trick" ("Dernière levée") was drawn 3 px below the panel's
    text, 16 px at Large where the body text is 19. It is at least the body text."""
    assert install_language(language) is None
    controller, window, settings = bidding_window(qtbot, new_table, tmp_path, (800, 560), text_size)
    try:
        button = window.view.last_trick_button
        button.ensurePolished()
        body = round(BASE_PIXEL_SIZE * TEXT_SIZES[text_size])
        assert QFontInfo(button.font()).pixelSize() >= body, (button.text(), body)
        words = button.fontMetrics().horizontalAdvance(button.text())
        assert words <= button.contentsRect().width(), (button.text(), words)
    finally:
        controller.stop()
        settings.text_size = "normal"
        install_language("en")
