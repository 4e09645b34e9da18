"""A frozen copy of the Expert's play and bidding as they were at commit d023fa4 (when the
solver was compiled, issue 25), before its card play was changed to use the speed.

Registers the level "expert-v0.2" so the arena can measure changes against it
(`--b expert-v0.2`). It shares `ai.base` (the bot interface), `ai.reasons` (the words of
its reasons, translated in the app's catalogue) and the double-dummy solver (`ai.solver`,
whose search gives the same values and node counts compiled or in Python) with the live
players, and the rules; nothing here is to be edited, except to follow a change in those
interfaces. Not offered in the app.
"""

from kaiser_lab.frozen_v0_2 import expert as _expert  # noqa: F401  (registers the level)
