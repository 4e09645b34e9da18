# PyInstaller runtime hook (runs before kaiser_desktop's entry point in the frozen app).
# Only with KAISER_STARTUP_PROBE=1 in the environment does it do anything: it arms the
# first-paint probe so `packaging/build.py --measure` can time a cold start without any
# launcher flag. A normal start pays for one environment look-up.
import os

if os.environ.get("KAISER_STARTUP_PROBE") == "1":
    from kaiser_desktop.app import startup_probe

    startup_probe.arm_on_exec()
