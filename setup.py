"""The compiled double-dummy solver core, an optional C extension (everything else is in
pyproject.toml). Where no C compiler is found the build goes on without it and the game
runs the pure-Python solver (kaiser_desktop/ai/solver.py chooses).

KAISER_REQUIRE_COMPILED_SOLVER=1 (set by the CI workflows) makes it required: a core that
does not compile fails the build instead of leaving the Python solver in its place."""

import os

from setuptools import Extension, setup

REQUIRED = os.environ.get("KAISER_REQUIRE_COMPILED_SOLVER") == "1"

setup(
    ext_modules=[
        Extension(
            "kaiser_desktop.ai._solver_core",
            sources=["kaiser_desktop/ai/_solver_core.c"],
            optional=not REQUIRED,
        )
    ]
)
