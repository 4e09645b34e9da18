"""Finding a family table on the home network: mDNS/DNS-SD (`zeroconf`), `_kaiser._tcp`.

The host's `TableAnnouncer` registers one service whose TXT record holds the protocol
version, the host's name and the table's key — never the table code: the key is the
relay's key of the code's public part (`relay_wire.table_key(code.nameplate)`), a hash
that names the table without its secret words. A joining app's `TableFinder` lists the
tables it hears of (`found`, a list of `FoundTable`), on the GUI thread; a `TableLookup`
looks a short while for the one table announced with a typed code's key.

Which interfaces both ends use is `HOME` (every interface and this computer's own
addresses; the live tests set loopback).

zeroconf runs threads of its own; what they learn reaches Qt through a queued signal.
Both ends fail softly: with no network or no multicast they log a line and find or
announce nothing (the finder says `found([])`), never an exception in front of a person.
Both stop within a fraction of a second (the announcer says goodbye on the network).
"""

from __future__ import annotations

import contextlib
import logging
import re
import secrets
import socket
import threading
import unicodedata
from dataclasses import dataclass, field

import ifaddr
from PySide6.QtCore import QObject, Qt, QTimer, Signal
from zeroconf import (
    InterfaceChoice,
    IPVersion,
    ServiceBrowser,
    ServiceInfo,
    ServiceListener,
    Zeroconf,
)

from kaiser_desktop.net.protocol import MAX_NAME, VERSION

log = logging.getLogger(__name__)

SERVICE = "_kaiser._tcp.local."
Interfaces = InterfaceChoice | list[str]  # every interface, or the addresses of some
RESOLVE_MS = 3000  # how long the finder waits for a table's address and port
STOP_SECONDS = 1.0
LOOKUP_MS = 1000  # how long a typed code's table is looked for on the home network (mDNS
# answers come within 20–120 ms of a query, RFC 6762; a refusal is said once the look ends)
MOST_HEARD = 4  # the most addresses a lookup passes on for one key (a noisy network)
_KEY = re.compile(r"[0-9a-f]{64}")


@dataclass
class HomeNetwork:
    """Where both ends speak: `interfaces` to listen and send on, `addresses` announced
    (None: this computer's own, `home_addresses()`)."""

    interfaces: Interfaces = InterfaceChoice.All
    addresses: list[str] | None = field(default=None)


HOME = HomeNetwork()


@dataclass(frozen=True, slots=True)
class FoundTable:
    """A table heard of on the home network: the host's name, where to connect."""

    name: str
    address: str
    port: int
    version: int = VERSION  # the protocol the host speaks (an older one: "please update")
    key: str = ""  # the table's key (a hash of its code's public part), if announced

    @property
    def url(self) -> str:
        return f"ws://{self.address}:{self.port}"


def _clean(name: str) -> str:
    """A name fit to be shown and announced: no control characters, no dots, short."""
    kept = "".join(ch for ch in name if unicodedata.category(ch)[0] != "C")
    return " ".join(kept.replace(".", " ").split())[:MAX_NAME] or "Kaiser"


def home_addresses() -> list[str]:
    """This computer's IPv4 addresses other than loopback (those a neighbour can reach)."""
    found: list[str] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if ip.is_IPv4 and isinstance(ip.ip, str) and not ip.ip.startswith("127."):
                found.append(ip.ip)
    return found


class TableAnnouncer:
    """Announces the host's table (`name`, `port`, and the table's `key` so that a typed
    code finds it) until `stop()`."""

    def __init__(
        self,
        name: str,
        port: int,
        *,
        key: str = "",
        interfaces: Interfaces | None = None,
        addresses: list[str] | None = None,
    ) -> None:
        if key and not _KEY.fullmatch(key):
            raise ValueError("a table's key is 64 hexadecimal digits")
        self.name = _clean(name)
        self.port = port
        self.key = key
        self._interfaces = interfaces if interfaces is not None else HOME.interfaces
        self._addresses = addresses if addresses is not None else HOME.addresses
        self._lock = threading.Lock()
        self._zc: Zeroconf | None = None
        self._stopped = False
        self._thread: threading.Thread | None = None
        self.registered = threading.Event()  # set once the table is announced

    def start(self) -> None:
        """Announce in a thread of its own (the network asks for a second or two)."""
        if self._thread is None and not self._stopped:
            self._thread = threading.Thread(
                target=self._announce, name="kaiser-announcer", daemon=True
            )
            self._thread.start()

    def info(self, addresses: list[str]) -> ServiceInfo:
        instance = f"{self.name} {secrets.token_hex(2)}"
        properties = {"v": str(VERSION), "name": self.name}
        if self.key:
            properties["key"] = self.key
        return ServiceInfo(
            SERVICE,
            f"{instance}.{SERVICE}",
            addresses=[socket.inet_aton(a) for a in addresses],
            port=self.port,
            properties=properties,
            server=f"kaiser-{secrets.token_hex(4)}.local.",
        )

    def _announce(self) -> None:
        try:
            addresses = self._addresses if self._addresses is not None else home_addresses()
            if not addresses:
                log.info("no home network address: the table is not announced")
                return
            zc = Zeroconf(interfaces=self._interfaces, ip_version=IPVersion.V4Only)
            with self._lock:
                if self._stopped:
                    zc.close()
                    return
                self._zc = zc
            zc.register_service(self.info(addresses), allow_name_change=True)
            self.registered.set()
            log.info("table announced on the home network (port %d)", self.port)
        except Exception as error:  # no network, no multicast, a closed socket: say so only
            if not self._stopped:
                log.warning("the table cannot be announced on the home network: %s", error)

    def wait(self, timeout: float) -> bool:
        """Wait until the announcing is done (announced or given up); True if it is."""
        if self._thread is not None:
            self._thread.join(timeout)
        return self._thread is None or not self._thread.is_alive()

    def stop(self) -> None:
        with self._lock:
            self._stopped = True
            zc, self._zc = self._zc, None
        if zc is not None:
            try:
                zc.close()  # says goodbye for the registered table
            except Exception as error:
                log.warning("stopping the announcement: %s", error)
        if self._thread is not None:
            self._thread.join(STOP_SECONDS)


class _Listener(ServiceListener):
    """Runs on zeroconf's thread; tells the finder what it learns."""

    def __init__(self, finder: TableFinder) -> None:
        self.finder = finder

    def add_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self.finder._resolve(zc, type_, name)

    def update_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self.finder._resolve(zc, type_, name)

    def remove_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self.finder._forget(name)


def read_table(info: ServiceInfo) -> FoundTable | None:
    """The table a resolved service names, or None if it names none usable."""
    addresses = info.parsed_addresses(IPVersion.V4Only)
    if not addresses or not info.port:
        return None
    text = info.decoded_properties
    name = _clean(text.get("name") or "")
    version = text.get("v") or ""
    key = text.get("key") or ""
    return FoundTable(
        name,
        addresses[0],
        info.port,
        int(version) if version.isdigit() and len(version) < 6 else 0,
        key if _KEY.fullmatch(key) else "",
    )


class TableFinder(QObject):
    """Lists the tables announced on the home network while it runs."""

    found = Signal(list)  # every table heard of now: a list of FoundTable, by name
    _changed = Signal()

    def __init__(
        self, parent: QObject | None = None, *, interfaces: Interfaces | None = None
    ) -> None:
        super().__init__(parent)
        self._interfaces = interfaces if interfaces is not None else HOME.interfaces
        self._lock = threading.Lock()
        self._tables: dict[str, FoundTable] = {}
        self._zc: Zeroconf | None = None
        self._browser: ServiceBrowser | None = None
        self._running = False
        self._changed.connect(self._tell, Qt.ConnectionType.QueuedConnection)

    def tables(self) -> list[FoundTable]:
        with self._lock:
            return sorted(self._tables.values(), key=lambda t: (t.name, t.address, t.port))

    def start(self) -> None:
        if self._running:
            return
        self._running = True
        try:
            self._zc = Zeroconf(interfaces=self._interfaces, ip_version=IPVersion.V4Only)
            self._browser = ServiceBrowser(self._zc, SERVICE, listener=_Listener(self))
        except Exception as error:  # no network, no multicast: an empty list and a line
            log.warning("cannot look for tables on the home network: %s", error)
            self._close()
            self._changed.emit()

    def stop(self) -> None:
        self._running = False
        self._close()

    def _close(self) -> None:
        browser, zc = self._browser, self._zc
        self._browser = self._zc = None
        try:
            if browser is not None:
                browser.cancel()
            if zc is not None:
                zc.close()
        except Exception as error:
            log.warning("stopping the search for tables: %s", error)

    def _tell(self) -> None:
        if self._running:
            self.found.emit(self.tables())

    def _resolve(self, zc: Zeroconf, type_: str, name: str) -> None:
        try:
            info = zc.get_service_info(type_, name, RESOLVE_MS)
            table = read_table(info) if info is not None else None
        except Exception as error:
            log.info("a table on the home network could not be read: %s", error)
            return
        if table is not None and self._running:
            with self._lock:
                self._tables[name] = table
            self._notify()

    def _forget(self, name: str) -> None:
        with self._lock:
            gone = self._tables.pop(name, None)
        if gone is not None:
            self._notify()

    def _notify(self) -> None:
        with contextlib.suppress(RuntimeError):  # the finder was deleted while zeroconf spoke
            self._changed.emit()


class TableLookup(QObject):
    """Looks on the home network for the table announced with `key`, for `wait_ms`.

    `heard` fires for each address the key is announced at (the first `MOST_HEARD`; an
    announcement is anyone's word, so the sealed exchange proves the code whichever
    answers), `finished` once when the look is over (by `wait_ms` or `stop()`)."""

    heard = Signal(object)  # a FoundTable with the key
    finished = Signal()

    def __init__(
        self,
        key: str,
        *,
        wait_ms: int = LOOKUP_MS,
        interfaces: Interfaces | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.key = key
        self._finder = TableFinder(self, interfaces=interfaces)
        self._finder.found.connect(self._found)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(wait_ms)
        self._timer.timeout.connect(self.stop)
        self._told: set[tuple[str, int]] = set()
        self._state = "new"  # looking, done

    @property
    def looking(self) -> bool:
        return self._state == "looking"

    def start(self) -> None:
        if self._state != "new":
            return
        self._state = "looking"
        self._timer.start()
        self._finder.start()

    def stop(self) -> None:
        if self._state == "done":
            return
        started = self._state == "looking"
        self._state = "done"
        self._timer.stop()
        self._finder.stop()
        if started:
            self.finished.emit()

    def _found(self, tables: list[FoundTable]) -> None:
        for table in tables:
            if not self.looking or len(self._told) >= MOST_HEARD:
                return
            where = (table.address, table.port)
            ours = bool(table.key) and secrets.compare_digest(table.key, self.key)
            if ours and where not in self._told:
                self._told.add(where)
                self.heard.emit(table)
