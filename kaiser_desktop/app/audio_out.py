"""Sound through the speakers, with miniaudio (one small C library, MIT, wheels for Windows,
macOS and Linux; on Linux it finds PulseAudio, PipeWire or ALSA by itself at run time).

`MiniaudioBackend().play(name, volume)` only puts the request on a queue: the GUI thread never
waits for audio. The library is imported and the device opened on a thread of its own
(importing miniaudio takes a quarter of a second or more, opening a device can take a moment
or fail); miniaudio's audio thread then asks `Mixer` for each few milliseconds of sound. With
no library, no audio device, or any error, the backend stays silent and says so once in the log.
"""

from __future__ import annotations

import array
import atexit
import contextlib
import logging
import queue
import sys
import threading
import wave
from collections.abc import Callable, Generator, Iterable
from pathlib import Path
from typing import Any, Final, TypeAlias

from kaiser_desktop.paths import resource

log = logging.getLogger(__name__)

RATE: Final = 22050  # what tools/make_sounds.py writes: mono, 16-bit
# The audio thread asks for this much at a time: short enough that a card's tap is heard as
# the card lands, long enough that a busy GUI thread holding Python's lock causes no gap.
BUFFER_MS: Final = 40
MAX_VOICES: Final = 4  # sounds at once; the oldest gives way
Samples: TypeAlias = "array.array[int]"  # 16-bit signed, mono


def load_sounds(folder: Path | None = None) -> dict[str, Samples]:
    """Every .wav in resources/sounds, as samples; a file that cannot be read is left out."""
    folder = folder if folder is not None else resource("sounds")
    sounds: dict[str, Samples] = {}
    for path in sorted(folder.glob("*.wav")):
        try:
            with wave.open(str(path), "rb") as wav:
                if (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) != (1, 2, RATE):
                    raise ValueError("not mono 16-bit at 22050 Hz")
                samples = array.array("h")
                samples.frombytes(wav.readframes(wav.getnframes()))
        except (OSError, EOFError, ValueError, wave.Error) as error:
            log.warning("Sound %s left out: %s", path.name, error)
            continue
        if sys.byteorder == "big":
            samples.byteswap()  # WAV is little-endian
        sounds[path.stem] = samples
    return sounds


def _pcm16(values: Iterable[float]) -> bytes:
    """Samples as 16-bit bytes, clipped to the range rather than wrapping round."""
    return array.array("h", (max(-32768, min(32767, int(v))) for v in values)).tobytes()


class Mixer:
    """Adds up the sounds that are playing into each buffer the device asks for."""

    def __init__(self, sounds: dict[str, Samples], requests: queue.SimpleQueue[Any]) -> None:
        self.sounds = sounds
        self.requests = requests
        self._voices: list[list[Any]] = []  # [samples, position, gain]
        self._silence = b""
        self._scaled: dict[tuple[int, float], bytes] = {}  # (id of samples, gain) -> bytes

    def _take_requests(self) -> None:
        while True:
            try:
                name, volume = self.requests.get_nowait()
            except queue.Empty:
                break
            samples = self.sounds.get(name)
            if samples is not None:
                self._voices.append([samples, 0, max(0.0, min(1.0, float(volume)))])
        del self._voices[:-MAX_VOICES]

    def next_buffer(self, frames: int) -> bytes:
        """`frames` samples of the sounds playing now, as 16-bit bytes."""
        self._take_requests()
        if not self._voices:
            if len(self._silence) != frames * 2:
                self._silence = bytes(frames * 2)
            return self._silence
        if len(self._voices) == 1:  # nearly always: one sound, scaled once, then sliced
            return self._one_voice(frames)
        # Scaled a buffer at a time, so the audio thread never holds Python's lock for long.
        total = [0.0] * frames
        for voice in self._voices:
            samples, position, gain = voice
            for i, sample in enumerate(samples[position : position + frames]):
                total[i] += sample * gain
            voice[1] = position + frames
        self._voices = [v for v in self._voices if v[1] < len(v[0])]
        return _pcm16(total)

    def _one_voice(self, frames: int) -> bytes:
        # Mixing in Python costs ~0.5 ms of the GUI thread's lock per buffer; a slice of bytes
        # scaled once (per sound and volume) costs next to nothing, and the samples are equal.
        voice = self._voices[0]
        samples, position, gain = voice
        key = (id(samples), gain)
        scaled = self._scaled.get(key)
        if scaled is None:
            if len(self._scaled) > 4 * len(self.sounds):  # the volume has changed a lot
                self._scaled.clear()
            scaled = self._scaled[key] = _pcm16(sample * gain for sample in samples)
        chunk = scaled[position * 2 : (position + frames) * 2]
        voice[1] = position + frames
        if voice[1] >= len(samples):
            self._voices = []
        return chunk + bytes(frames * 2 - len(chunk))

    def generator(self) -> Generator[bytes, int, None]:
        """The protocol miniaudio's PlaybackDevice speaks: sent a frame count, yields bytes."""
        frames = yield b""
        while True:
            frames = yield self.next_buffer(frames)


def open_device() -> Any:
    """The default output device, or an error if there is no real one (or no miniaudio)."""
    import miniaudio  # here, on the sound thread: it also pulls in urllib, http and email

    device = miniaudio.PlaybackDevice(
        output_format=miniaudio.SampleFormat.SIGNED16,
        nchannels=1,
        sample_rate=RATE,
        buffersize_msec=BUFFER_MS,
        app_name="Kaiser Desktop",
    )
    if device.backend.lower() == "null":  # miniaudio's stand-in when it finds no device
        device.close()
        raise RuntimeError("no audio device found")
    return device


# With `wait_for_begin`, the sound thread waits for `begin()` (at most this long) before it
# imports miniaudio (which brings urllib, http.client, email and ssl), reads the sounds and
# opens the device: all of that holds the GIL and a core the window's first paint wants.
BEGIN_WAIT_MAX_S: Final = 5.0


class MiniaudioBackend:
    """The real speakers. Every method returns at once and never raises."""

    def __init__(
        self,
        sounds: dict[str, Samples] | None = None,
        *,
        open_device: Callable[[], Any] = open_device,
        wait_for_begin: bool = False,
    ) -> None:
        self._requests: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._device: Any = None
        self._closed = False
        self.failed = False
        self.ready = threading.Event()  # set once the device is playing, or has failed
        self._open_device = open_device
        self._go = threading.Event()
        if not wait_for_begin:
            self._go.set()
        self._thread = threading.Thread(
            target=self._start, args=(sounds,), name="kaiser-sound", daemon=True
        )
        self._thread.start()
        atexit.register(self.close)  # stop the audio thread before Python shuts down

    def begin(self) -> None:
        """Let a backend made with `wait_for_begin` start (sounds asked for meanwhile wait)."""
        self._go.set()

    def _start(self, sounds: dict[str, Samples] | None) -> None:
        self._go.wait(BEGIN_WAIT_MAX_S)
        if self._closed:
            self.ready.set()
            return
        try:
            mixer = Mixer(sounds if sounds is not None else load_sounds(), self._requests)
            stream = mixer.generator()
            next(stream)
            device = self._open_device()
            device.start(stream)
        except Exception as error:  # no library, no device, a broken driver: silence
            self.failed = True
            log.warning("Sounds are off: no audio output (%s)", error)
            self.ready.set()
            return
        with self._lock:
            closed, self._device = self._closed, device
        if closed:
            self._close_device()
        self.ready.set()

    def play(self, name: str, volume: float) -> None:
        if not (self.failed or self._closed):
            self._requests.put((name, volume))

    def _close_device(self) -> None:
        with self._lock:
            device, self._device = self._device, None
        if device is not None:
            with contextlib.suppress(Exception):
                device.close()

    def close(self) -> None:
        self._closed = True
        self._go.set()  # a thread still waiting for begin() ends now
        self._close_device()


def probe_output(seconds: float = 0.2) -> str:
    """Play silence through the real output device, or through miniaudio's null device where
    the machine has none (CI runners), and say which: 'pulseaudio', 'null (no audio device:
    ...)'. Raises if even the null device cannot play: the bundle's sound path is broken
    (miniaudio or cffi missing from it). For the self-test; the game itself never calls it."""
    import time

    import miniaudio

    mixer = Mixer({}, queue.SimpleQueue())
    stream = mixer.generator()
    next(stream)
    try:
        device, how = open_device(), None
    except Exception as error:  # no real device: the null one runs the same code path
        device = miniaudio.PlaybackDevice(
            output_format=miniaudio.SampleFormat.SIGNED16,
            nchannels=1,
            sample_rate=RATE,
            buffersize_msec=BUFFER_MS,
            backends=[miniaudio.Backend.NULL],
        )
        how = f"no audio device: {error}"
    try:
        device.start(stream)
        time.sleep(seconds)  # the audio thread asks the mixer for a few buffers
    finally:
        device.close()
    name = str(device.backend).lower()
    return f"{name} ({how})" if how else name
