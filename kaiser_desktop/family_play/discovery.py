"""Finding a family table on the home network: mDNS/DNS-SD (`zeroconf`), `_kaiser._tcp`.

The host's `TableAnnouncer` registers one service whose TXT record holds the protocol
version and the host's name — never the table code. A joining app's `TableFinder` lists
the tables it hears of (`found`, a list of `FoundTable`), on the GUI thread.

zeroconf runs threads of its own; what they learn reaches Qt through a queued signal.
Both ends fail softly: with no network or no multicast they log a line and find or
announce nothing (the finder says `found([])`), never an exception in front of a person.
Both stop within a fraction of a second (the announcer says goodbye on the network).
"""

from __future__ import annotations

import contextlib
import logging
import secrets
import socket
import threading
import unicodedata
from dataclasses import dataclass

import ifaddr
from PySide6.QtCore import QObject, Qt, Signal
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


@dataclass(frozen=True, slots=True)
class FoundTable:
    """A table heard of on the home network: the host's name, where to connect."""

    name: str
    address: str
    port: int
    version: int = VERSION  # the protocol the host speaks (an older one: "please update")

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
    """Announces the host's table (`name`, `port`) until `stop()`."""

    def __init__(
        self,
        name: str,
        port: int,
        *,
        interfaces: Interfaces = InterfaceChoice.All,
        addresses: list[str] | None = None,
    ) -> None:
        self.name = _clean(name)
        self.port = port
        self._interfaces = interfaces
        self._addresses = addresses
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
        return ServiceInfo(
            SERVICE,
            f"{instance}.{SERVICE}",
            addresses=[socket.inet_aton(a) for a in addresses],
            port=self.port,
            properties={"v": str(VERSION), "name": self.name},
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
    return FoundTable(name, addresses[0], info.port, int(version) if version.isdigit() else 0)


class TableFinder(QObject):
    """Lists the tables announced on the home network while it runs."""

    found = Signal(list)  # every table heard of now: a list of FoundTable, by name
    _changed = Signal()

    def __init__(
        self, parent: QObject | None = None, *, interfaces: Interfaces = InterfaceChoice.All
    ) -> None:
        super().__init__(parent)
        self._interfaces = interfaces
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
