"""The live links' fixtures (defined in live_helpers.py, beside the other helpers)."""

from live_helpers import links, relay_runner

__all__ = ["links", "relay_runner"]
