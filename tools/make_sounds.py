"""Make the game's sounds: short, soft WAV files synthesised here, in pure Python.

    python tools/make_sounds.py            # writes resources/sounds/*.wav

The sounds are this project's own work (MIT, like the rest of it): no recording or sample
library goes into them. They are meant for a kitchen table: quiet (peaks well below full
scale), no sharp attack, nothing above the middle of the piano for long, and short, so one
never covers the next. The same script always writes the same bytes (seeded noise).
"""

from __future__ import annotations

import math
import random
import struct
import sys
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050  # Hz, mono, 16-bit: plenty for soft taps and chimes, and small files
PEAK = 0.32  # of full scale: the volume slider scales down from here, never up
OUT = Path(__file__).resolve().parent.parent / "resources" / "sounds"


def _seconds(duration: float) -> range:
    return range(round(duration * RATE))


def _low_pass(samples: list[float], smoothing: float) -> list[float]:
    """A one-pole low-pass filter: takes the hiss out of noise (0 < smoothing < 1)."""
    out, level = [], 0.0
    for sample in samples:
        level += (1.0 - smoothing) * (sample - level)
        out.append(level)
    return out


def _tap(rng: random.Random, duration: float, smoothing: float, body_hz: float) -> list[float]:
    """One card touching the cloth: a brief, dull burst of noise over a low thump."""
    out = []
    noise = _low_pass([rng.uniform(-1, 1) for _ in _seconds(duration)], smoothing)
    for i, n in enumerate(noise):
        t = i / RATE
        attack = min(1.0, t / 0.003)  # 3 ms rise: no click
        decay = math.exp(-t / (duration / 5))
        body = 0.6 * math.sin(2 * math.pi * body_hz * t) * math.exp(-t / (duration / 3))
        out.append(attack * (decay * n * 2.5 + body))
    return out


def _bell(frequency: float, duration: float) -> list[float]:
    """A soft bell-like note: a sine with two quiet overtones, slow rise, long fade."""
    out = []
    for i in _seconds(duration):
        t = i / RATE
        attack = min(1.0, t / 0.012)
        fade = math.exp(-t / (duration / 3.5))
        tail = min(1.0, (duration - t) / 0.05)  # end on silence, not a cut
        tone = (
            math.sin(2 * math.pi * frequency * t)
            + 0.25 * math.sin(2 * math.pi * 2 * frequency * t) * math.exp(-t / 0.15)
            + 0.08 * math.sin(2 * math.pi * 3 * frequency * t) * math.exp(-t / 0.08)
        )
        out.append(attack * fade * tail * tone)
    return out


def _place(track: list[float], sound: list[float], at_seconds: float, gain: float = 1.0) -> None:
    start = round(at_seconds * RATE)
    needed = start + len(sound) - len(track)
    if needed > 0:
        track.extend([0.0] * needed)
    for i, sample in enumerate(sound):
        track[start + i] += gain * sample


def card() -> list[float]:
    return _tap(random.Random(1), 0.07, 0.82, 170.0)


def deal() -> list[float]:
    """The shuffle and deal: a quick run of soft taps, a little uneven, like hands at work."""
    rng = random.Random(2)
    track: list[float] = []
    at = 0.0
    for _ in range(9):
        _place(track, _tap(rng, 0.05, 0.86, rng.uniform(150, 210)), at, rng.uniform(0.6, 1.0))
        at += rng.uniform(0.05, 0.075)
    return track


def trick() -> list[float]:
    """The trick gathered in: a soft swish that swells and fades."""
    rng = random.Random(3)
    duration = 0.28
    noise = _low_pass([rng.uniform(-1, 1) for _ in _seconds(duration)], 0.9)
    return [n * 3.0 * math.sin(math.pi * i / len(noise)) ** 2 for i, n in enumerate(noise)]


def _notes(notes: list[tuple[float, float, float]]) -> Callable[[], list[float]]:
    """(frequency, start, length) notes mixed into one track."""

    def make() -> list[float]:
        track: list[float] = []
        for frequency, start, length in notes:
            _place(track, _bell(frequency, length), start)
        return track

    return make


# A rising major third for a hand won; a falling one, lower and softer, for a hand lost;
# the same ideas, a little longer, for the end of the game.
SOUNDS: dict[str, Callable[[], list[float]]] = {
    "card": card,
    "deal": deal,
    "trick": trick,
    "hand_won": _notes([(523.25, 0.0, 0.55), (659.25, 0.14, 0.7)]),
    "hand_lost": _notes([(392.0, 0.0, 0.5), (329.63, 0.18, 0.7)]),
    "game_won": _notes([(523.25, 0.0, 0.5), (659.25, 0.15, 0.5), (783.99, 0.3, 0.9)]),
    "game_lost": _notes([(349.23, 0.0, 0.55), (293.66, 0.22, 0.55), (261.63, 0.44, 0.9)]),
}


def to_pcm(samples: list[float]) -> bytes:
    """Scale so the loudest sample sits at PEAK, as 16-bit little-endian PCM."""
    loudest = max(abs(s) for s in samples) or 1.0
    scale = PEAK * 32767 / loudest
    return struct.pack(f"<{len(samples)}h", *(round(s * scale) for s in samples))


def write(name: str, samples: list[float], folder: Path = OUT) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.wav"
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(to_pcm(samples))
    return path


def main(argv: list[str] | None = None) -> int:
    folder = Path(argv[0]) if argv else OUT
    for name, make in SOUNDS.items():
        path = write(name, make(), folder)
        print(f"{path.name}: {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
