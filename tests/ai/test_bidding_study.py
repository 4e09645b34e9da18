"""The bidding study's figures: hand-built auctions give the shares they should."""

from __future__ import annotations

from kaiser_desktop.rules import RuleSet
from kaiser_lab.bidding_study import Auction, TableStats, study_deal


def _auction(above: int, level: str, made: bool = True) -> Auction:
    return Auction(levels_above_min=above, made=made, declarer_position=1, declarer_level=level)


def test_each_declaring_side_gets_its_own_contract_levels() -> None:
    stats = TableStats(
        [
            _auction(0, "expert"),
            _auction(0, "expert", made=False),
            _auction(1, "expert"),
            _auction(2, "expert"),
            _auction(0, "standard"),
            _auction(3, "standard"),
            Auction(None),  # thrown in: no contract
        ]
    )
    lines = stats.lines("expert/standard", 6)
    assert lines[0] == "expert/standard: 6 contracts"
    assert "level: 6 50.0%   7 16.7%   8+ 33.3%" in lines[1]
    declared = lines[-1]
    assert "expert 66.7% (made 75%; at 6 50%, 7 25%, 8+ 25%)" in declared
    assert "standard 33.3% (made 100%; at 6 50%, 7 0%, 8+ 50%)" in declared


def test_the_goals_say_which_are_short() -> None:
    at_minimum = TableStats([_auction(0, "expert")] * 9 + [_auction(2, "expert", made=False)])
    goals = at_minimum.goals()
    assert goals[0].endswith("90.0% SHORT")  # at most 50% at the minimum
    assert goals[1].endswith("10.0% met")  # at least 10% two above
    assert goals[2].endswith("90.0% SHORT")  # made 65-85%


def test_a_studied_hand_is_a_real_auction() -> None:
    auction = study_deal(("basic", RuleSet(), 5, 0, "basic"))
    assert auction.turns >= 1
    if auction.levels_above_min is not None:
        assert auction.levels_above_min >= 0
        assert auction.declarer_level == "basic"
        assert 1 <= auction.declarer_position <= 4
