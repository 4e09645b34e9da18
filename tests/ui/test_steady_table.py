"""The table a person can follow: controls stay put, slips cost one click, the keyboard is
enough for a whole hand, and one setting makes every text larger."""

from __future__ import annotations

from itertools import pairwise

import pytest
from PySide6.QtCore import QPoint, QPointF, QRect, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QPushButton
from pytestqt.qtbot import QtBot

from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.pace import INSTANT, Pace
from kaiser_desktop.app.seating import Seating
from kaiser_desktop.app.settings import Settings
from kaiser_desktop.rules import (
    PASS,
    Card,
    MakeBid,
    Phase,
    Play,
    RuleSet,
    Seat,
)
from kaiser_desktop.ui.cards.layout import hand_positions
from kaiser_desktop.ui.main_window import MainWindow
from kaiser_desktop.ui.panel_messages import intent_of
from tests.ui.windows import NewTable, shown_window, wait_for_south

LONG_MESSAGE = (
    "A long message of the kind a hint gives: your side should take about eight points "
    "with hearts as trump, so bid eight, not seven, since East still speaks after you."
)


def control_places(window: MainWindow) -> dict[str, QRect]:
    """Where each clickable control of the action panel is, in window coordinates."""
    panel = window.view.action_panel
    places: dict[str, QRect] = {}
    for button in panel.findChildren(QPushButton):
        if button.isVisible():
            corner = button.mapTo(window, QPoint(0, 0))
            places[str(button.property("intent") or button.text())] = QRect(corner, button.size())
    return places


def test_a_hint_or_a_message_never_moves_the_bid_buttons(
    qtbot: QtBot, table: tuple[GameController, MainWindow]
) -> None:
    controller, window = table
    controller.start()
    wait_for_south(qtbot, controller, Phase.BIDDING)
    panel = window.view.action_panel
    before = control_places(window)
    assert "bid:pass" in before and len(before) >= 8, before
    frame = panel.geometry()

    window.show_hint()
    qtbot.waitUntil(lambda: panel.hinted_intent() is not None, timeout=20_000)
    assert control_places(window) == before
    assert panel.geometry() == frame

    for text in (LONG_MESSAGE, (LONG_MESSAGE + " " + LONG_MESSAGE)[:200]):
        panel.show_error(text)
        assert panel.notice.isVisible()
        assert control_places(window) == before
        assert panel.geometry() == frame
        # In the room kept for it, not a word cut off: whole, or its first sentences (issue
        # 38: never drawn smaller than the panel's text to fit).
        shown = panel.notice.text()
        assert text.startswith(shown.rstrip("…")), shown
        needed = (
            panel.notice.fontMetrics()
            .boundingRect(0, 0, panel.notice.width(), 10_000, int(Qt.TextFlag.TextWordWrap), shown)
            .height()
        )
        assert needed <= panel.notice.height(), (needed, panel.notice.height())

    panel._clear_notice()
    assert control_places(window) == before and panel.geometry() == frame


@pytest.mark.parametrize("text_size", ["normal", "extra_large"])
def test_a_hint_while_playing_moves_neither_the_panel_nor_its_hint_button(
    qtbot: QtBot, tmp_path, text_size: str
) -> None:
    """With no buttons the hint takes the prompt's place beside the Hint button: in a row of
    its own it made the panel taller, and the button jumped up under the pointer (51 px at
    800x600), over the bottoms of West's and East's trick cards."""
    settings = Settings(tmp_path / "settings.ini")
    settings.text_size = text_size
    controller = GameController(RuleSet(), seed=4, pace=INSTANT, level="basic")
    window = shown_window(qtbot, controller, (800, 600), settings)
    try:
        controller.start()
        panel = window.view.action_panel
        for _ in range(40):  # bid or pass, name trump, until South plays a card
            wait_for_south(qtbot, controller)
            if controller.state.phase is Phase.PLAY:
                break
            controller.act(controller.view(Seat.S).legal[-1])
        assert controller.state.phase is Phase.PLAY
        qtbot.waitUntil(lambda: panel.hint_button.isVisible(), timeout=5000)
        hint_at = panel.hint_button.mapTo(window, QPoint(0, 0))
        before, frame = control_places(window), panel.geometry()
        window.show_hint()
        qtbot.waitUntil(lambda: panel.notice.isVisible() and panel._hinting, timeout=20_000)
        assert panel.notice.text() and not panel.prompt.isVisible()  # in the prompt's place
        assert panel.hint_button.mapTo(window, QPoint(0, 0)) == hint_at
        assert control_places(window) == before
        assert panel.geometry() == frame
        text = panel.notice.text()
        needed = (
            panel.notice.fontMetrics()
            .boundingRect(0, 0, panel.notice.width(), 10_000, int(Qt.TextFlag.TextWordWrap), text)
            .height()
        )
        assert needed <= panel.notice.height(), (needed, panel.notice.height())
    finally:
        controller.stop()
        settings.text_size = "normal"


def test_nothing_is_focused_where_a_stray_enter_would_bid(
    qtbot: QtBot, table: tuple[GameController, MainWindow]
) -> None:
    controller, window = table
    controller.start()
    wait_for_south(qtbot, controller, Phase.BIDDING)
    focused = QApplication.focusWidget()
    assert not isinstance(focused, QPushButton), focused.objectName() if focused else None
    bids_before = len(controller.state.hand.bids)  # type: ignore[union-attr]
    QTest.keyClick(window.view, Qt.Key.Key_Return)
    assert len(controller.state.hand.bids) == bids_before  # type: ignore[union-attr]


def test_a_bid_can_be_changed_in_one_click_without_counting_as_undo(
    qtbot: QtBot, new_table: NewTable
) -> None:
    controller, window = new_table(seed=4, pace=Pace(0.3), size=None)
    try:
        controller.start()
        wait_for_south(qtbot, controller, Phase.BIDDING)
        panel = window.view.action_panel
        before_state = controller.state
        places = control_places(window)
        assert controller.act(MakeBid(PASS))
        assert controller.can_take_back
        # Held: the same buttons in the same places, asleep; the way back where Hint was.
        held = control_places(window)
        assert panel.take_back_button.isVisible()
        assert all(held[k] == places[k] for k in places if k.startswith("bid:"))
        assert not any(
            b.isEnabled() for b in panel.buttons.findChildren(QPushButton) if b.isVisible()
        )
        QTest.mouseClick(panel.take_back_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: controller.waiting_for_human() == Seat.S, timeout=5000)
        assert controller.state == before_state
        assert not controller.used_undo, "changing a bid is not an undo: no practice game"
        # Once the moment has passed the bid stands and the table moves on.
        assert controller.act(MakeBid(PASS))
        qtbot.waitUntil(lambda: not controller.can_take_back, timeout=5000)
        assert not controller.take_back()
        assert controller.state.hand.bids[-1:] != []  # type: ignore[union-attr]
    finally:
        controller.stop()


def test_a_finished_trick_can_wait_for_the_players_click(qtbot: QtBot, new_table: NewTable) -> None:
    controller, window = new_table(seed=4, pace=Pace(0.05), size=None)
    controller.wait_after_trick = True
    try:
        controller.start()
        for _ in range(60):  # South plays whatever is legal until a trick is complete
            qtbot.waitUntil(
                lambda: controller.waiting_for_human() == Seat.S or controller.awaiting_click,
                timeout=10_000,
            )
            if controller.awaiting_click:
                break
            controller.act(controller.view(Seat.S).legal[0])
        assert controller.awaiting_click
        tricks = len(controller.state.hand.tricks)  # type: ignore[union-attr]
        qtbot.wait(300)  # far longer than this pace's trick pause: still waiting
        assert controller.awaiting_click
        assert "press Enter to go on" in window.view.action_panel.prompt.text()
        QTest.keyClick(window.view, Qt.Key.Key_Return)
        assert not controller.awaiting_click
        assert len(controller.state.hand.tricks) == tricks  # type: ignore[union-attr]
    finally:
        controller.stop()


def press_until_focused(qtbot: QtBot, target: QPushButton) -> None:
    for _ in range(40):
        if QApplication.focusWidget() is target:
            return
        QTest.keyClick(QApplication.focusWidget() or target.window(), Qt.Key.Key_Tab)
    focused = QApplication.focusWidget()
    raise AssertionError(
        f"Tab never reached {target.property('intent')}; focus: "
        f"{type(focused).__name__} {focused.objectName() if focused else ''} "
        f"target visible={target.isVisible()} enabled={target.isEnabled()} "
        f"policy={target.focusPolicy()} panel={target.parent().parent().isVisible()} "
        f"mode={target.parent().parent()._mode!r} buttons={target.parent().isVisible()}"
    )


@pytest.mark.slow
def test_a_whole_game_with_the_keyboard_alone(
    qtbot: QtBot, table: tuple[GameController, MainWindow]
) -> None:
    controller, window = table
    controller.auto_play_single = False  # every card by key, the last one too
    controller.claims_enabled = True  # an opponent's claim is answered by key too
    view, scene, panel = window.view, window.view.table_scene, window.view.action_panel
    summary = window.view.summary
    controller.start()
    keyed = {"bid": 0, "trump": 0, "redeal": 0, "card": 0, "next hand": 0, "claim": 0}
    claim = window.view.claim_panel

    def opponent_claims() -> bool:
        offer = controller.offered_claim
        return offer is not None and offer[0] != Seat.S and claim.isVisible()

    for _ in range(3000):
        qtbot.waitUntil(
            lambda: (
                controller.waiting_for_human() == Seat.S
                or opponent_claims()
                or controller.state.phase in (Phase.HAND_SCORED, Phase.GAME_OVER)
            ),
            timeout=10_000,
        )
        if opponent_claims():  # an opponent claims the rest: Enter accepts (it has the focus)
            assert QApplication.focusWidget() is claim.accept_button
            QTest.keyClick(claim.accept_button, Qt.Key.Key_Return)
            keyed["claim"] += 1
            continue
        state = controller.state
        if state.phase is Phase.GAME_OVER:
            qtbot.waitUntil(lambda: summary.again_button.isVisible(), timeout=5000)
            assert QApplication.focusWidget() is summary.again_button  # Enter plays again
            break
        if state.phase is Phase.HAND_SCORED:
            qtbot.waitUntil(lambda: summary.next_button.isVisible(), timeout=5000)
            assert QApplication.focusWidget() is summary.next_button
            QTest.keyClick(summary.next_button, Qt.Key.Key_Return)
            qtbot.waitUntil(lambda: controller.state.phase is not Phase.HAND_SCORED,
                            timeout=10_000)  # fmt: skip
            keyed["next hand"] += 1
            continue
        legal = controller.view(Seat.S).legal
        if state.phase is Phase.PLAY:
            card = next(a.card for a in legal if isinstance(a, Play))
            if QApplication.focusWidget() is not view:
                press_until_focused_widget(qtbot, view)
            for _ in range(12):
                if scene.focus == card:
                    break
                QTest.keyClick(view, Qt.Key.Key_Right)
            assert scene.focus == card
            QTest.keyClick(view, Qt.Key.Key_Return)
            keyed["card"] += 1
            continue
        action = next((a for a in legal if isinstance(a, MakeBid) and a.bid.level == 7),
                      legal[0])  # fmt: skip
        intent = intent_of(action)
        assert intent is not None, f"no key for {action}"
        kind = intent.split(":")[0]
        button = panel.button(intent)
        assert button is not None, (intent, panel.shown_intents())
        press_until_focused(qtbot, button)
        QTest.keyClick(button, Qt.Key.Key_Return)
        keyed[kind] += 1
    assert controller.state.phase is Phase.GAME_OVER, keyed
    assert keyed["card"] >= 16 and keyed["next hand"] >= 2 and keyed["bid"] >= 1, keyed


def press_until_focused_widget(qtbot: QtBot, target: object) -> None:
    for _ in range(40):
        if QApplication.focusWidget() is target:
            return
        QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    raise AssertionError("Tab never came back to the table")


def test_one_setting_makes_every_text_larger(qtbot: QtBot, new_table: NewTable, tmp_path) -> None:
    settings = Settings(tmp_path / "settings.ini")
    controller, window = new_table(seed=4, size=(1280, 800), settings=settings)
    try:
        scene = window.view.table_scene
        normal_font = QApplication.font().pixelSize()
        normal_plate = scene.table.name_labels["W"].height
        normal_panel = window.view.action_panel._px
        settings.text_size = "extra_large"
        assert QApplication.font().pixelSize() >= round(normal_font * 1.45)
        qtbot.waitUntil(  # widgets hear of a new application font through the event loop
            lambda: window.menuBar().font().pixelSize() == QApplication.font().pixelSize(),
            timeout=5000,
        )
        assert scene.table.name_labels["W"].height > normal_plate * 1.2
        assert window.view.action_panel._px > normal_panel * 1.2
        settings.text_size = "normal"
        assert QApplication.font().pixelSize() == normal_font
    finally:
        controller.stop()
        settings.text_size = "normal"


def test_at_1280_by_800_the_hand_is_large_and_spread_out(
    qtbot: QtBot, table: tuple[GameController, MainWindow]
) -> None:
    controller, window = table
    window.resize(1280, 800)
    controller.start()
    wait_for_south(qtbot, controller)
    t = window.view.table_scene.table
    assert t.card_width >= 110, t.card_width
    assert t.south_step >= 0.9 * t.card_width, "cards overlap although there is room"


def test_picking_a_text_size_in_the_welcome_does_not_move_its_buttons(
    qtbot: QtBot, tmp_path
) -> None:
    from kaiser_desktop.ui.welcome import WelcomeDialog

    settings = Settings(tmp_path / "settings.ini")
    dialog = WelcomeDialog(settings, False, None)
    qtbot.addWidget(dialog)
    dialog.show()
    buttons = [b for b in dialog.findChildren(QPushButton) if b.isVisible()]

    def places() -> dict[str, QRect]:
        return {b.text(): QRect(b.mapToGlobal(QPoint(0, 0)), b.size()) for b in buttons}

    before = places()
    assert any("Start" in text for text in before), list(before)
    dialog.size_buttons["extra_large"].click()
    qtbot.waitUntil(lambda: places() != before, timeout=5000)
    after = places()
    # The text grows at once, and each button with it, but over the spot it had: a
    # pointer resting on "Start playing" is still on it.
    for text, rect in before.items():
        assert after[text].contains(rect), (text, rect, after[text])
    assert after != before


def test_the_hand_does_not_slide_under_the_pointer_after_a_card_is_played(
    qtbot: QtBot, new_table: NewTable
) -> None:
    # At this pace a card travels in 84 ms and the trick rests 540 ms before its sweep.
    controller, window = new_table(seed=4, pace=Pace(0.3), size=None)
    scene = window.view.table_scene
    try:
        controller.start()
        for _ in range(40):
            wait_for_south(qtbot, controller)
            if controller.state.phase is Phase.PLAY:
                break
            controller.act(controller.view(Seat.S).legal[0])
        card = next(a.card for a in controller.view(Seat.S).legal if isinstance(a, Play))
        for item in scene.south.values():
            item.finish_animation()
        places = {c: item.pos() for c, item in scene.south.items() if c != card}
        swept: list[bool] = []
        controller.trick_won.connect(lambda winner, cards: swept.append(True))
        played = scene.card_item(card)
        assert controller.act(Play(card))
        # The card has reached the trick; the sweep is still to come.
        qtbot.waitUntil(
            lambda: any(item is played for _, item in scene.trick) and not played.is_animating(),
            timeout=5000,
        )
        assert not swept
        assert {c: item.pos() for c, item in scene.south.items()} == places
        qtbot.waitUntil(lambda: bool(swept), timeout=10_000)

        def moved() -> list[Card]:
            return [c for c, item in scene.south.items() if item.pos() != places[c]]

        qtbot.waitUntil(lambda: bool(moved()), timeout=5000)  # after the sweep it closes up
    finally:
        controller.stop()


@pytest.mark.slow
def test_the_hand_keeps_its_places_trick_after_trick_while_the_pointer_is_over_it(
    qtbot: QtBot,
    new_table: NewTable,
) -> None:
    """Issue 27.8: the hand re-centred after each trick, so the card under the pointer
    changed. With the pointer over the hand, the cards still held keep their places however
    many leave; once the pointer goes elsewhere the hand closes up, centred again."""
    controller, window = new_table(seed=4, pace=Pace(0.3), size=(1024, 768))
    view = window.view
    scene = view.table_scene
    try:
        controller.start()
        for _ in range(40):
            wait_for_south(qtbot, controller)
            if controller.state.phase is Phase.PLAY:
                break
            controller.act(controller.view(Seat.S).legal[0])
        for item in scene.south.values():
            item.finish_animation()
        first = {c: item.pos() for c, item in scene.south.items()}
        # A real pointer move over the middle of the hand, through the view.
        middle = scene.south_hand_area().center()
        QTest.mouseMove(view.viewport(), view.mapFromScene(middle))
        qtbot.waitUntil(lambda: scene._pointer_on_hand, timeout=2000)
        swept: list[bool] = []
        controller.trick_won.connect(lambda winner, cards: swept.append(True))

        def swept_in() -> bool:
            return not any(item.is_animating() for pile in scene.piles.values() for item in pile)

        held = len(first)
        for trick in range(3):
            wait_for_south(qtbot, controller, Phase.PLAY)
            card = next(a.card for a in controller.view(Seat.S).legal if isinstance(a, Play))
            assert controller.act(Play(card))
            qtbot.waitUntil(lambda n=trick: len(swept) > n, timeout=10_000)
            qtbot.waitUntil(swept_in, timeout=5000)  # the sweep's own animation has ended
            for item in scene.south.values():
                item.finish_animation()
            now = {c: item.pos() for c, item in scene.south.items()}
            assert len(now) < held  # a card has left
            held = len(now)
            assert now == {c: first[c] for c in now}, f"the hand moved after trick {trick + 1}"
        # The pointer leaves the hand: it closes up and is centred again.
        wait_for_south(qtbot, controller, Phase.PLAY)  # no card of South's in this trick
        QTest.mouseMove(view.viewport(), view.mapFromScene(QPointF(*scene.table.trick_area.center)))
        # The pointer has left and the hand has set off to close up.
        qtbot.waitUntil(lambda: not scene._pointer_on_hand and not scene._south_spots, timeout=2000)
        for item in scene.south.values():
            item.finish_animation()
        order = scene.south_order()
        spots = hand_positions(scene.table, "S", len(order))
        shown = [
            (round(scene.south[c].pos().x(), 3), round(scene.south[c].pos().y(), 3)) for c in order
        ]
        assert shown == [(round(s.x, 3), round(s.y, 3)) for s in spots]
        assert [scene.south[c].pos() for c in order] != [first[c] for c in order]
    finally:
        controller.stop()


def test_a_message_too_long_for_its_lines_keeps_its_first_whole_sentences(
    qtbot: QtBot, new_table: NewTable, tmp_path
) -> None:
    # The smallest window at the largest text: the fewest characters a line can hold.
    settings = Settings(tmp_path / "settings.ini")
    settings.text_size = "extra_large"
    controller, window = new_table(seed=4, size=(800, 600), settings=settings)
    try:
        controller.start()
        wait_for_south(qtbot, controller, Phase.BIDDING)
        panel = window.view.action_panel
        before, frame = control_places(window), panel.geometry()
        first = "Bid 6 no trump: your side should take about 7 points, counting the 5♥."
        text = " ".join([first] + [LONG_MESSAGE] * 4)
        panel.show_error(text)
        shown = panel.notice.text()
        assert shown.startswith(first) and text.startswith(shown) and shown.endswith(".")
        assert len(shown) < len(text)  # it could not all fit, so sentences were left off
        needed = (
            panel.notice.fontMetrics()
            .boundingRect(0, 0, panel.notice.width(), 10_000, int(Qt.TextFlag.TextWordWrap), shown)
            .height()
        )
        assert needed <= panel.notice.height(), (needed, panel.notice.height())
        assert control_places(window) == before and panel.geometry() == frame
        panel.show_error(first)  # a short one is said whole again
        assert panel.notice.text() == first
    finally:
        controller.stop()
        settings.text_size = "normal"


def test_the_deal_goes_round_one_card_at_a_time_from_the_dealers_left(
    qtbot: QtBot, new_table: NewTable
) -> None:
    controller, window = new_table(seed=9, pace=Pace(), size=None)
    try:
        controller.start()
        scene = window.view.table_scene
        dealer = controller.state.hand.dealer  # type: ignore[union-attr]
        flight, delays = scene._deal_delays(dealer, controller.pace.deal)
        order = sorted(delays, key=delays.__getitem__)
        assert len(order) == 32 and flight > 0
        seat_of = {item: Seat.S for item in scene.south.values()}
        for seat in (Seat.W, Seat.N, Seat.E):
            seat_of.update({item: seat for item in scene.backs[seat]})
        expected = [dealer.left, dealer.left.left, dealer.left.left.left, dealer]
        assert [seat_of[item] for item in order[:8]] == expected * 2
        gaps = [delays[b] - delays[a] for a, b in pairwise(order)]
        assert min(gaps) > 0  # one card at a time, never two together
        assert delays[order[-1]] + flight <= controller.pace.deal  # the deal's time is kept
        # Only the last few wait in sight, as the dealer's pile; the rest are not drawn.
        assert [item.isVisible() for item in order[1:]] == [False] * 27 + [True] * 4
        # They set off a moment later, in an event of their own; the later cards still wait.
        qtbot.waitUntil(lambda: all(item.is_animating() for item in order[1:]), timeout=1000)
        pile = scene._hand_spot(dealer)
        assert (order[-1].pos().x(), order[-1].pos().y()) == (pile.x, pile.y)  # still waiting
    finally:
        controller.stop()


def test_a_resize_as_the_deal_starts_leaves_no_card_hidden(qtbot: QtBot) -> None:
    """The window resized (or the text size changed) in the moment the dealt cards wait at
    the dealer: the table lays them out at once, and every card must still show."""
    controller = GameController(RuleSet(), seed=9, pace=Pace(0.25), level="basic")
    window = shown_window(qtbot, controller, (1280, 800))
    try:
        controller.start()
        scene = window.view.table_scene
        assert not all(item.isVisible() for item in scene.south.values())  # still waiting
        scene.relayout(scene.width() - 200, scene.height() - 100)  # as a resize does
        hands = [*scene.south.values(), *(i for seat in scene.backs.values() for i in seat)]
        qtbot.waitUntil(lambda: not any(item.is_animating() for item in hands), timeout=3000)
        assert len(hands) == 32
        assert [item for item in hands if not item.isVisible()] == []
    finally:
        controller.stop()


def test_the_panel_says_who_is_dealing_until_the_last_card_arrives(
    qtbot: QtBot, new_table: NewTable
) -> None:
    controller, window = new_table(
        seed=9, pace=Pace(), seating=Seating.all_computers(), size=(1280, 800)
    )
    panel = window.view.action_panel
    said: list[str] = []
    set_prompt = panel.prompt.setText
    panel.prompt.setText = lambda text: (said.append(text), set_prompt(text))  # type: ignore[method-assign]
    try:
        controller.start()
        dealer = controller.state.hand.dealer  # type: ignore[union-attr]
        dealing = f"{controller.seating.name(dealer)} is dealing…"
        assert panel.prompt.text() == dealing
        # Said at once: the panel was not first built for "… is bidding" and then rebuilt.
        assert [text for text in said if text] == [dealing]
        dealing_at = panel.geometry()

        def bidding() -> None:
            assert panel.prompt.text().endswith("is bidding…")

        qtbot.waitUntil(bidding, timeout=10_000)
        assert panel.geometry() == dealing_at  # the message changes, the panel stays put
    finally:
        controller.stop()
