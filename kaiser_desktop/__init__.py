"""Kaiser Desktop: the Canadian partnership card game Kaiser."""

__version__ = "0.1.0"
