"""The lab: how Kaiser Desktop measures itself, kept apart from what players run.

Arenas (`python -m kaiser_lab.arena`), benches (solver, review, stall, memory, rules), the
bidding study and play audit, the study bots and the frozen baselines (`expert-v0.1`,
`expert-v0.2`, `expert-v0.3`). It imports kaiser_desktop; kaiser_desktop never imports it, and
the installers leave it out.
"""
