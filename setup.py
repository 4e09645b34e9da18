"""The compiled double-dummy solver core, an optional C extension (everything else is in
pyproject.toml). Where no C compiler is found the build goes on without it and the game
runs the pure-Python solver (kaiser_desktop/ai/solver.py chooses)."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "kaiser_desktop.ai._solver_core",
            sources=["kaiser_desktop/ai/_solver_core.c"],
            optional=True,
        )
    ]
)
