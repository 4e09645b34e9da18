"""The current hand as a list of actions, so the table can be rebuilt by replaying them.

A resumed, undone or imported game must look exactly as if it had been played here: the
trick on the table, the piles of won tricks, the bid bubbles. Rather than teach every view
to draw an arbitrary state, the controller replays the current hand's actions at instant
pace, emitting the same signals a live game does. The actions come from the game record
(the same replay the referee uses), so they are exactly what the state says happened.
"""

from __future__ import annotations

from kaiser_desktop.rules import Action, GameState, RuleSet, Seat, new_game
from kaiser_desktop.rules import record as kaiser_record

# The record's hand reader is the one place that turns a hand's JSON back into actions;
# reusing it (rather than a second parser) keeps resume and the referee in agreement.
_HandReader = kaiser_record._HandReader


class _Collector(_HandReader):
    def __init__(self, rules: RuleSet, state: GameState | None, number: int) -> None:
        super().__init__(rules, state, number, is_last=True)
        self.start: GameState | None = state
        self.actions: list[Action] = []

    def act(self, where: str, action: Action) -> None:
        if self.start is None:
            self.start = self.state  # the first hand: new_game() made by read_deal
        super().act(where, action)
        self.actions.append(action)


def current_hand_actions(state: GameState) -> tuple[GameState, list[Action]]:
    """The state just before the current (or last) hand's deal, and every action since.

    Applying the actions to the start state in order gives `state` again."""
    data = kaiser_record.to_json(state)
    hands = data["hands"]
    if not hands:
        return state, []
    prior = kaiser_record.from_json({**data, "hands": hands[:-1]}) if len(hands) > 1 else None
    collector = _Collector(state.rules, prior, len(hands))
    collector.read(hands[-1])
    start = collector.start
    if start is None:  # cannot happen: every hand begins with a deal
        start = new_game(state.rules, Seat.from_text(hands[-1]["dealer"]))
    return start, collector.actions
