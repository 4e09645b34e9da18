"""A frozen copy of the Expert's play and bidding as they were at commit 354925c (the
compiled solver's larger play budget, issue 25), before issue 39 spent its unused thinking
time.

Registers the level "expert-v0.3" so the arena can measure changes against it
(`--b expert-v0.3`). It shares `ai.base` (the bot interface), `ai.reasons` (the words of
its reasons, translated in the app's catalogue) and the double-dummy solver (`ai.solver`,
whose search gives the same values and node counts compiled or in Python) with the live
players, and the rules; nothing here is to be edited, except to follow a change in those
interfaces. Not offered in the app.
"""

from kaiser_lab.frozen_v0_3 import expert as _expert  # noqa: F401  (registers the level)
