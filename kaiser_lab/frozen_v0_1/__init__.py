"""A frozen copy of the computer players as they were in version 0.1 (commit b76c522).

Registers the level "expert-v0.1" so the arena can measure every change against the
previous Expert (`--b expert-v0.1`). It shares only `ai.base` (the bot interface) and the
rules with the live players; nothing here is to be edited, except to follow a change in
those two interfaces. Not offered in the app.
"""

from kaiser_lab.frozen_v0_1 import expert as _expert  # noqa: F401  (registers the level)
