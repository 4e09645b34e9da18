"""websockets without the APIs the app does not use (packaging/bundle_filters.py
WEBSOCKETS_UNUSED); in place of pyinstaller-hooks-contrib's hook, which collects every
submodule. The spec also excludes them."""

from bundle_filters import unused_websockets
from PyInstaller.utils.hooks import collect_submodules

hiddenimports = collect_submodules("websockets", filter=lambda name: not unused_websockets(name))
