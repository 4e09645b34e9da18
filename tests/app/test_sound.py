"""Sounds: the right sound at each moment, none when muted, the volume passed on, silence
(never an error) when the audio library or device is missing or breaks."""

from __future__ import annotations

import importlib.util
import logging
import queue
import sys
import wave
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

import kaiser_desktop.app
from kaiser_desktop.app.controller import GameController
from kaiser_desktop.app.pace import INSTANT
from kaiser_desktop.app.seating import Seating
from kaiser_desktop.app.settings import SOUND_VOLUME_DEFAULT, Settings
from kaiser_desktop.app.sound import (
    PLAYER_TEAM,
    SOUND_NAMES,
    NullBackend,
    RecordingBackend,
    SoundPlayer,
    default_backend,
)
from kaiser_desktop.paths import resource
from kaiser_desktop.rules import HandResult, RuleSet

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(tmp_path / "settings.ini")


def computer_table(controllers: list[GameController], seed: int = 5) -> GameController:
    c = GameController(
        RuleSet(), seating=Seating.all_computers(), seed=seed, pace=INSTANT, level="random"
    )
    controllers.append(c)
    return c


def play_one_hand(qtbot: QtBot, c: GameController) -> HandResult:
    """Until the first hand that was played out (not a redeal or a thrown-in hand)."""
    with qtbot.waitSignal(
        c.hand_scored, timeout=20_000, check_params_cb=lambda r: r.kind == "played"
    ) as blocker:
        c.start()
    result: HandResult = blocker.args[0]
    return result


def test_a_hand_sounds_a_deal_each_card_each_trick_and_the_result(
    qtbot: QtBot, controllers: list[GameController], settings: Settings
) -> None:
    c = computer_table(controllers)
    backend = RecordingBackend()
    SoundPlayer(c, settings, backend=backend)
    result = play_one_hand(qtbot, c)
    names = backend.names
    last_deal = len(names) - 1 - names[::-1].index("deal")
    ours, theirs = result.points[PLAYER_TEAM.value], result.points[PLAYER_TEAM.other.value]
    ending = [] if ours == theirs else ["hand_won" if ours > theirs else "hand_lost"]
    assert names[last_deal:] == ["deal", *(["card"] * 4 + ["trick"]) * 8, *ending]
    assert set(names) <= set(SOUND_NAMES)


def test_the_end_of_a_game_is_a_game_sound_not_a_hand_sound(
    qtbot: QtBot, controllers: list[GameController], settings: Settings
) -> None:
    c = GameController(
        RuleSet(lose_at_minus_52=True), seating=Seating.all_computers(), seed=3, pace=INSTANT,
        level="random",
    )  # fmt: skip
    controllers.append(c)
    backend = RecordingBackend()
    SoundPlayer(c, settings, backend=backend)
    with qtbot.waitSignal(c.game_over, timeout=30_000) as blocker:
        c.start()
    winner = blocker.args[0]
    assert backend.names[-1] == ("game_won" if winner is PLAYER_TEAM else "game_lost")
    assert backend.names[-2] == "trick"  # the last hand's chime gives way to the game's


def test_muted_plays_nothing(
    qtbot: QtBot, controllers: list[GameController], settings: Settings
) -> None:
    settings.sound_on = False
    c = computer_table(controllers)
    backend = RecordingBackend()
    SoundPlayer(c, settings, backend=backend)
    play_one_hand(qtbot, c)
    assert backend.played == []


def test_volume_is_passed_on_and_zero_is_silence(
    qtbot: QtBot, controllers: list[GameController], settings: Settings
) -> None:
    settings.sound_volume = 35
    c = computer_table(controllers)
    backend = RecordingBackend()
    player = SoundPlayer(c, settings, backend=backend)
    player.play("card")
    settings.sound_volume = 0
    player.play("card")
    assert backend.played == [("card", 0.35)]


def test_no_settings_means_sound_on_at_the_default_volume(
    controllers: list[GameController],
) -> None:
    backend = RecordingBackend()
    SoundPlayer(computer_table(controllers), None, backend=backend).play("trick")
    assert backend.played == [("trick", SOUND_VOLUME_DEFAULT / 100)]


def test_a_rebuilt_table_is_quiet(controllers: list[GameController]) -> None:
    c = computer_table(controllers)
    backend = RecordingBackend()
    player = SoundPlayer(c, None, backend=backend)
    c.restoring = True  # what the controller sets while it replays a resumed hand
    player.play("card")
    c.restoring = False
    assert backend.played == []


def test_changing_the_volume_plays_one_tap_to_hear_it(
    qtbot: QtBot, controllers: list[GameController], settings: Settings
) -> None:
    backend = RecordingBackend()
    SoundPlayer(computer_table(controllers), settings, backend=backend)
    settings.sound_on = settings.sound_on  # written again, unchanged: nothing to hear
    qtbot.wait(20)  # time passes: a sound queued for it would have played
    assert backend.played == []
    settings.sound_volume = 40
    settings.sound_on = True
    qtbot.waitUntil(lambda: backend.played != [], timeout=2000)
    qtbot.wait(20)  # time passes: no second sound follows
    assert backend.played == [("card", 0.4)]


def test_settings_round_trip_and_bad_values(tmp_path: Path) -> None:
    path = tmp_path / "settings.ini"
    s = Settings(path)
    assert (s.sound_on, s.sound_volume) == (True, SOUND_VOLUME_DEFAULT)
    s.sound_on = False
    s.sound_volume = 25
    s.sync()
    again = Settings(path)
    assert (again.sound_on, again.sound_volume) == (False, 25)
    again.sound_volume = 250
    assert again.sound_volume == 100
    again._qs.setValue("sound/volume", "loud")
    again._qs.setValue("sound/on", "maybe")
    assert (again.sound_volume, again.sound_on) == (SOUND_VOLUME_DEFAULT, True)


# --- when audio is missing or breaks --------------------------------------------------------


class BrokenBackend:
    def __init__(self) -> None:
        self.calls = 0

    def play(self, name: str, volume: float) -> None:
        self.calls += 1
        raise OSError("the sound card went away")

    def close(self) -> None:
        raise OSError("still gone")


def test_a_backend_that_breaks_goes_silent_without_raising(
    controllers: list[GameController], caplog: pytest.LogCaptureFixture
) -> None:
    backend = BrokenBackend()
    player = SoundPlayer(computer_table(controllers), None, backend=backend)
    with caplog.at_level(logging.WARNING):
        player.play("card")
        player.play("trick")
    assert backend.calls == 1
    assert len(caplog.records) == 1
    player.close()  # a close that raises is only logged


def test_a_missing_audio_library_means_silence(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.delenv("KAISER_SOUND", raising=False)
    monkeypatch.setitem(sys.modules, "miniaudio", None)  # import miniaudio -> ImportError
    # The module imported afresh, and afterwards the old one back both in sys.modules and
    # as the package's attribute (the fresh import sets it): left, the two would differ
    # and a later test's patch of one would miss the other.
    monkeypatch.delitem(sys.modules, "kaiser_desktop.app.audio_out", raising=False)
    monkeypatch.delattr(kaiser_desktop.app, "audio_out", raising=False)
    with caplog.at_level(logging.WARNING):
        backend = default_backend()  # the library is imported on the backend's own thread
        ready = getattr(backend, "ready", None)
        assert ready is None or ready.wait(10)
        backend.play("card", 0.5)  # returns, plays nothing
        backend.close()
    assert isinstance(backend, NullBackend) or getattr(backend, "failed", False)
    assert len(caplog.records) == 1


def test_sound_can_be_switched_off_for_the_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("KAISER_SOUND", "off")
    assert isinstance(default_backend(), NullBackend)


def test_an_audio_device_that_will_not_open_means_silence(
    caplog: pytest.LogCaptureFixture,
) -> None:
    from kaiser_desktop.app.audio_out import MiniaudioBackend

    def no_device() -> object:
        raise RuntimeError("no audio device found")

    with caplog.at_level(logging.WARNING):
        backend = MiniaudioBackend({}, open_device=no_device)
        assert backend.ready.wait(10)
    assert backend.failed
    backend.play("card", 0.5)  # returns, plays nothing
    backend.close()
    assert len(caplog.records) == 1


def test_the_backend_starts_a_device_with_the_mixer_and_closes_it() -> None:
    from kaiser_desktop.app.audio_out import MiniaudioBackend

    class FakeDevice:
        def __init__(self) -> None:
            self.stream = None
            self.closed = False

        def start(self, stream: object) -> None:
            self.stream = stream

        def close(self) -> None:
            self.closed = True

    device = FakeDevice()
    backend = MiniaudioBackend({"card": _samples([1000, 2000])}, open_device=lambda: device)
    assert backend.ready.wait(10) and not backend.failed
    backend.play("card", 0.5)
    assert device.stream is not None
    assert device.stream.send(3) == _samples([500, 1000, 0]).tobytes()
    backend.close()
    assert device.closed


# --- the mixer ------------------------------------------------------------------------------


def _samples(values: list[int]) -> object:
    import array

    return array.array("h", values)


def test_the_mixer_adds_scales_clips_and_pads() -> None:
    from kaiser_desktop.app.audio_out import Mixer

    requests: queue.SimpleQueue[tuple[str, float]] = queue.SimpleQueue()
    mixer = Mixer({"a": _samples([100, 200, 300]), "b": _samples([30000, 30000])}, requests)
    assert mixer.next_buffer(2) == bytes(4)  # nothing playing: silence
    requests.put(("a", 0.5))
    requests.put(("b", 1.0))
    requests.put(("unknown", 1.0))  # a sound that is not there is skipped
    assert mixer.next_buffer(2) == _samples([30050, 30100]).tobytes()
    assert mixer.next_buffer(2) == _samples([150, 0]).tobytes()  # padded with silence
    requests.put(("b", 1.0))
    requests.put(("b", 1.0))
    assert mixer.next_buffer(1) == _samples([32767]).tobytes()  # clipped, not wrapped
    assert mixer.next_buffer(2) == _samples([32767, 0]).tobytes()
    assert mixer.next_buffer(2) == bytes(4)
    requests.put(("a", 0.5))  # one sound alone: its scaled samples, then silence
    assert mixer.next_buffer(2) == _samples([50, 100]).tobytes()
    assert mixer.next_buffer(2) == _samples([150, 0]).tobytes()
    assert mixer.next_buffer(2) == bytes(4)


def test_one_sound_alone_is_the_same_as_when_mixed_with_silence() -> None:
    from kaiser_desktop.app.audio_out import Mixer

    sound = _samples([(i * 2654435761) % 65536 - 32768 for i in range(1000)])
    requests: queue.SimpleQueue[tuple[str, float]] = queue.SimpleQueue()
    alone = Mixer({"tap": sound, "quiet": _samples([0] * 1000)}, requests)
    requests.put(("tap", 0.37))
    heard = b"".join(alone.next_buffer(300) for _ in range(4))
    requests.put(("tap", 0.37))
    requests.put(("quiet", 1.0))  # a second voice: the buffer is mixed sample by sample
    mixed = b"".join(alone.next_buffer(300) for _ in range(4))
    assert heard == mixed and len(heard) == 2400


# --- the sound files ------------------------------------------------------------------------


def test_every_sound_is_there_short_and_soft() -> None:
    for name in SOUND_NAMES:
        with wave.open(str(resource("sounds", f"{name}.wav")), "rb") as wav:
            assert (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) == (1, 2, 22050)
            assert wav.getnframes() / wav.getframerate() <= 1.5, name
            frames = wav.readframes(wav.getnframes())
        samples = _samples([])
        samples.frombytes(frames)
        assert max(abs(s) for s in samples) <= 0.35 * 32767, name


def test_the_sound_files_are_what_the_script_makes(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" / "make_sounds.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for name, make in module.SOUNDS.items():
        made = module.write(name, make(), tmp_path)
        assert made.read_bytes() == resource("sounds", f"{name}.wav").read_bytes(), name
    assert set(module.SOUNDS) == set(SOUND_NAMES)


# --- the speakers start after the first paint ------------------------------------------------


class _StartedDevice:
    def __init__(self) -> None:
        self.started = False

    def start(self, stream: object) -> None:
        self.started = True

    def close(self) -> None:
        pass


def test_a_waiting_backend_opens_nothing_until_begin() -> None:
    """miniaudio's import (urllib, http.client, ssl), the sounds and the device wait for
    begin(): none of it competes with the window's first paint."""
    import array

    from kaiser_desktop.app.audio_out import MiniaudioBackend

    device = _StartedDevice()
    opened: list[bool] = []

    def open_device() -> _StartedDevice:
        opened.append(True)
        return device

    backend = MiniaudioBackend(
        {"card": array.array("h", [1])}, open_device=open_device, wait_for_begin=True
    )
    backend.play("card", 0.5)  # asked for before the start: waits in the queue
    assert not backend.ready.wait(0.3) and opened == []
    backend.begin()
    assert backend.ready.wait(10) and not backend.failed and device.started
    backend.close()


def test_the_sound_player_begins_its_backend_once_the_event_loop_runs(
    qtbot: QtBot, controllers: list[GameController]
) -> None:
    class WaitingBackend(RecordingBackend):
        def __init__(self) -> None:
            super().__init__()
            self.begun = 0

        def begin(self) -> None:
            self.begun += 1

    backend = WaitingBackend()
    player = SoundPlayer(computer_table(controllers), backend=backend)
    assert backend.begun == 0  # not while the window is being built
    qtbot.waitUntil(lambda: backend.begun == 1, timeout=5_000)
    player.deleteLater()


def test_the_app_s_own_backend_waits_for_the_sound_player(monkeypatch: pytest.MonkeyPatch) -> None:
    from kaiser_desktop.app import audio_out

    made: list[bool] = []

    class Spy:
        def __init__(self, *, wait_for_begin: bool = False) -> None:
            made.append(wait_for_begin)

    monkeypatch.delenv("KAISER_SOUND", raising=False)
    monkeypatch.setattr(audio_out, "MiniaudioBackend", Spy)
    assert isinstance(default_backend(wait_for_begin=True), Spy) and made == [True]
