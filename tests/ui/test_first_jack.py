"""The first jack deals: the table shows the face-up cards, then deals; the record keeps
only the dealer."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.pace import Pace
from kaiser_desktop.app.seating import Seating
from kaiser_desktop.rules import Phase, Rank, RuleSet, record
from kaiser_desktop.ui.cards.card_pictures import CardPictures
from kaiser_desktop.ui.table_scene import TableScene

FAST = Pace(factor=0.2)  # the deal waits ~0.4 s after the jack


def make(qtbot: QtBot, rules: RuleSet, seed: int = 3) -> tuple[GameController, TableScene]:
    controller = GameController(
        rules, seating=Seating.all_computers(), level="basic", seed=seed, pace=FAST
    )
    scene = TableScene(controller, CardPictures())
    return controller, scene


def test_the_table_shows_cards_face_up_until_a_jack_then_deals(qtbot: QtBot) -> None:
    controller, scene = make(qtbot, RuleSet(first_dealer="first_jack"))
    drawn = []
    controller.first_dealer_drawn.connect(drawn.append)
    controller.start()
    assert len(drawn) == 1 and controller.state.phase is Phase.DEAL  # the deal waits
    draw = drawn[0]

    def dealer_line() -> str:
        return next(value for name, value, _ in scene.info.lines if name == "Dealer")

    assert len(draw.shown) > 1 and scene.first_jack.running  # (seed 3 shows several cards)
    assert dealer_line() == "the first jack deals"  # the dealer is not told before the jack
    qtbot.waitUntil(lambda: not scene.first_jack.running, timeout=5000)
    assert dealer_line().startswith(controller.seating.name(draw.dealer))
    items = list(scene.first_jack.items)
    qtbot.waitUntil(lambda: not any(i.is_animating() for i in items), timeout=5000)
    assert controller.state.phase is Phase.DEAL
    assert [i.card for i in items] == [c.text for _, c in draw.shown]
    assert all(i.is_face_up() and i.isVisible() for i in items)
    assert draw.shown[-1][1].rank is Rank.JACK
    assert scene.bubbles[draw.dealer].text == "Jack! Deals first"
    qtbot.waitUntil(lambda: controller.state.hand is not None, timeout=5000)
    assert controller.state.hand.dealer is draw.dealer
    assert scene.first_jack.items == [] and not any(i.isVisible() for i in items)
    assert record.to_json(controller.state)["hands"][0]["dealer"] == draw.dealer.text


def test_a_random_first_dealer_deals_at_once(qtbot: QtBot) -> None:
    controller, scene = make(qtbot, RuleSet())
    drawn = []
    controller.first_dealer_drawn.connect(drawn.append)
    controller.start()
    assert drawn == [] and controller.state.hand is not None
    assert scene.first_jack.items == []


def test_a_whole_game_under_the_house_rules_at_the_table(qtbot: QtBot) -> None:
    rules = RuleSet(auction="open", first_dealer="first_jack", bid_out=True, target=25)
    controller = GameController(
        rules, seating=Seating.all_computers(), level="basic", seed=5, pace=Pace(factor=0.0),
        auto_continue=True,
    )  # fmt: skip
    scene = TableScene(controller, CardPictures())
    assert scene.first_jack is not None
    controller.start()
    qtbot.waitUntil(lambda: controller.state.is_over, timeout=60_000)
    state = controller.state
    assert state.winner is not None
    assert any(len(h.bids) > 4 for h in [*state.past_hands, state.hand] if h is not None)
    assert record.loads(record.dumps(state)) == state
