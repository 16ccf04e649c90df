"""`flowshell serve` held to its bounds (docs/web.md, "Bounds"), on the debug build `make test`
made: a request whose headers are past 32 KiB is answered 431, a request whose head is dribbled
is closed at its deadline (5 s), a WebSocket that says no
hello at its own, a page's connection idle for 30 s, a tab that answers no ping by the next;
2,000 half-open requests held against a server at `ulimit -n 1024` from another address of the
machine (127.0.0.2) while a signed-in tab works (its commands answered within a second) and a new
tab with the token opens within 2 s, each of 4 times (the server never stops accepting, and holds
32 connections on their way in from one address); the same flood from the tab's own address;
the server up afterwards and taking tabs again; and 1,200 tabs at once (the extra ones told why
and closed, the server alive). Waits are on events; a deadline only bounds a hang.

    python3 -m pytest scripts/tests/test_web_bounds.py [--build-dir .build/debug]
"""
import resource
import socket
import statistics
import threading
import time

import pytest
from webclient import DEADLINE, MuteSocket, Refused, Server, Tab, http_get, screen_of
from webflood import Flooder, open_sockets, raise_file_limit

FLOOD = 2000
TABS = 1200


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    """One scratch home for the module's servers."""
    return str(tmp_path_factory.mktemp("bounds"))


@pytest.fixture(scope="module")
def server(build, home):
    """The server most checks share; the flood and the 1,200 tabs start their own beside it."""
    server = Server(build / "flowshell-serve", home)
    yield server
    server.stop()


@pytest.fixture(scope="module", autouse=True)
def waiting(server):
    """A tab that stops answering pings and a page's connection left idle after its answer,
    opened before every other check: theirs take two pings' time (40 s), so they wait while the
    others run, and are checked last."""
    mute, muted = MuteSocket(server), time.monotonic()
    idle = IdleConnection(server)
    return mute, muted, idle


def limited(files):
    """Starts the server's process with `ulimit -n files`, soft and hard, as the shell's
    `ulimit -n` sets them."""
    return lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))


def closed_after(server, request, dribble=True):
    """Sends the start of a request, then a byte a second (unless not to `dribble`); returns how
    long the server took to close the connection, and what it answered."""
    connection = socket.create_connection((server.host, server.port), timeout=1)
    started = time.monotonic()
    connection.sendall(request)
    answer = b""
    while time.monotonic() - started < DEADLINE:
        try:
            chunk = connection.recv(4096)
        except TimeoutError:
            if not dribble:
                continue
            try:
                connection.sendall(b"a")
            except OSError:
                break
            continue
        except OSError:
            break
        if not chunk:
            break
        answer += chunk
    connection.close()
    return time.monotonic() - started, answer


def test_dribbled_head_is_closed_at_its_deadline(server):
    took, answer = closed_after(server, f"GET / HTTP/1.1\r\nHost: {server.authority}\r\nX-Slow: ".encode())
    # Closed at 5 s, well before the 10 s a head had before issue 43 (the bound above 5 s is slack
    # for a busy machine).
    assert 5 <= took < 9 and answer == b"", (
        f"a request whose head is dribbled is closed at its deadline of 5 s ({took:.1f} s)"
    )


def test_connection_that_sends_nothing_is_closed_at_its_deadline(server):
    took, answer = closed_after(server, b"", dribble=False)
    assert 5 <= took < 9 and answer == b"", f"so is a connection that sends nothing ({took:.1f} s)"


def test_websocket_that_says_no_hello_is_closed_after_10_s(server):
    silent = Tab(server, greet=False)
    started = time.monotonic()
    code = silent.wait_closed()
    took = time.monotonic() - started
    reasons = [message.get("reason") for message in silent.messages]
    assert code == 1008 and took >= 9.5 and reasons == ["the page did not say hello within 10 seconds"], (
        f"a WebSocket that says no hello is told so and closed after 10 s ({code}, {took:.1f} s, {reasons})"
    )


def new_tab(server):
    """A new tab as a browser opens it with the address printed: the page with the token, then
    its WebSocket, let in, up to its first screen. Returns how long it took and the tab (None
    when refused or cut)."""
    started = time.monotonic()
    try:
        status = http_get(server, f"/?token={server.token}")[0]
        tab = Tab(server)
        tab.wait(lambda message: message.get("type") == "screen")
    except (Refused, OSError, ValueError, IndexError):
        return time.monotonic() - started, None
    return time.monotonic() - started, tab if status == 200 else None


def test_flood_of_half_open_requests_leaves_tabs_working(build, home):
    """2,000 half-open requests held at `ulimit -n 1024` from another address of this machine
    (127.0.0.2), reconnecting as soon as they are closed, while a signed-in tab works and new
    tabs with the token open."""
    own = raise_file_limit(FLOOD + 200)
    if own < FLOOD + 100:
        pytest.skip(f"the flood: this machine lets a process open {own} files, and the flood holds {FLOOD}")
    server = Server(build / "flowshell-serve", home, preexec_fn=limited(1024))
    try:
        tab = Tab(server)
        tab.wait(lambda message: message.get("type") == "screen")
        tab.run("account")
        assert screen_of(tab.run("login ann"))["status"] == "signed in as ann", "a tab signs in before the flood"
        flooder = Flooder(server, FLOOD, source="127.0.0.2")
        # The flood is under way once the server has closed more of its connections than it holds.
        counts = flooder.wait_until(lambda counts: counts.get("closed", 0) >= FLOOD)
        assert counts is not None and "error" not in counts, (
            f"{FLOOD} half-open requests are held against the server, and those past its bound closed at once ({counts})"
        )
        times = []
        for index in range(20):
            started = time.monotonic()
            answers = tab.run("bookings" if index % 2 else "home")
            times.append(time.monotonic() - started)
            tab.messages.clear()
            if not any(message.get("type") == "screen" for message in answers):
                break
        assert len(times) == 20 and statistics.median(times) < 1, (
            f"meanwhile the signed-in tab's commands are answered within a second (median {statistics.median(times) * 1000:.1f} ms, "
            f"max {max(times) * 1000:.1f} ms, {len(times)} of 20)"
        )
        opened = []
        for _ in range(4):
            took, fresh = new_tab(server)
            opened.append(round(took, 2))
            assert fresh is not None and took < 2 and screen_of(fresh.messages)["title"] == "Cars", (
                f"meanwhile a new tab with the token opens within 2 s: the page, its WebSocket, its first screen ({took:.2f} s)"
            )
            if fresh:
                fresh.close()
        sockets = open_sockets(server.process.pid)
        assert sockets < 200, f"the server holds few of the flood's connections ({sockets} sockets open)"
        counts = flooder.wait_until(lambda counts: True)
        print(f"     new tabs under the flood: {opened} s; flood {counts}")
        answer = http_get_or_refusal(server)
        assert answer == 200, f"a page loading meanwhile gets the page ({answer})"
        flooder.stop()
        # From the tab's own address, the flood holds no more than its share either.
        flooder = Flooder(server, FLOOD)
        counts = flooder.wait_until(lambda counts: counts.get("closed", 0) >= FLOOD)
        answers = tab.run("home")
        assert (
            counts is not None and any(message.get("type") == "screen" for message in answers) and open_sockets(server.process.pid) < 200
        ), f"a flood from the tab's own address is closed past its share too, and the tab works ({counts})"
        flooder.stop()
        assert server.alive(), "the server is up after the flood"
        fresh = opened_when_free(server)
        assert fresh is not None and screen_of(fresh.messages)["title"] == "Cars", (
            "and takes a new tab once the flood is gone"
        )
        if fresh:
            fresh.close()
        tab.run("home")
        account = screen_of(tab.run("account"))
        assert account is not None and account.get("status") == "signed in as ann", "the tab is still signed in"
        tab.close()
    finally:
        server.stop()
    said = server.said().strip().splitlines()
    assert (
        said == ["warning: this process may open 1024 files at once (ulimit -n), so the server takes 764 tabs and 864 "
                 "connections at most; raise the limit for more"]
    ), (
        f"at ulimit -n 1024 the server says how many tabs it takes, once, and the flood writes nothing to its log ({said[:3]})"
    )


def http_get_or_refusal(server):
    try:
        return http_get(server, "/")[0]
    except OSError as error:
        return str(error)


def opened_when_free(server):
    """A new tab, once the server has room for one (the flood's connections close at their
    deadline); None past the liveness bound."""
    started = time.monotonic()
    while time.monotonic() - started < DEADLINE:
        try:
            socket_ = Tab(server)
            socket_.wait(lambda message: message.get("type") == "screen")
            return socket_
        except (Refused, OSError):
            time.sleep(0.5)
    return None


def test_1200_tabs_at_once(build, home):
    """1,200 tabs at once: the server takes as many as it says, tells the others why, and lives."""
    own = raise_file_limit(TABS + 200)
    if own < TABS + 100:
        pytest.skip(f"the 1,200 tabs: this machine lets a process open {own} files")
    server = Server(build / "flowshell-serve", home)
    tabs, refusals = [], []
    try:
        for _ in range(TABS):
            try:
                socket_ = Tab(server)
                tabs.append(socket_)
            except Refused as refusal:
                refusals.append(refusal)
        expected = 1000
        assert len(tabs) == expected and len(refusals) == TABS - expected, (
            f"of {TABS} tabs the server takes {expected} ({len(tabs)} taken, {len(refusals)} refused)"
        )
        reasons = {refusal.reason for refusal in refusals}
        assert (
            reasons == {"this server has 1000 tabs open, as many as it takes; close one and reload"}
            and {refusal.status for refusal in refusals} == {1008}
        ), f"the others are told why and closed ({reasons}, {({refusal.status for refusal in refusals})})"
        assert server.alive() and screen_of(tabs[0].run("select rio"))["title"] == "Kia Rio", (
            "the server is alive, its tabs work"
        )
        tabs.pop().close()
        again = opened_when_free(server)
        assert again is not None, "a tab closed makes room for another"
        if again:
            tabs.append(again)
    finally:
        for socket_ in tabs:
            socket_.drop()
        server.stop()


class IdleConnection:
    """A page's connection kept alive after its answer, and when the server closed it (a thread
    waits on it while the other checks run)."""

    def __init__(self, server):
        self.connection = socket.create_connection((server.host, server.port), timeout=DEADLINE)
        self.connection.sendall(f"GET /style.css HTTP/1.1\r\nHost: {server.authority}\r\n\r\n".encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += self.connection.recv(4096)
        head, _, body = head.partition(b"\r\n\r\n")
        length = int(next(line.split(b":")[1] for line in head.split(b"\r\n") if line.lower().startswith(b"content-length")))
        while len(body) < length:
            body += self.connection.recv(65536)
        self.answered = time.monotonic()
        self.closed = None
        self.reader = threading.Thread(target=self._wait, daemon=True)
        self.reader.start()

    def _wait(self):
        try:
            while self.connection.recv(4096):
                pass
        except OSError:
            pass
        self.closed = time.monotonic()

    def idle_for(self):
        """How long it stayed open after its answer, once the server closed it."""
        self.reader.join(timeout=DEADLINE)
        return None if self.closed is None else self.closed - self.answered


def unanswered_pings(mute, since):
    """Reads what the server sent a tab that answers no ping, as a page that froze would; returns
    the close's code and reason, and how long after `since` it came."""
    while True:
        try:
            opcode, payload = mute.read_frame()
        except (ConnectionError, OSError):
            return None, None, time.monotonic() - since
        if opcode == 0x8:
            code = int.from_bytes(payload[:2], "big") if len(payload) >= 2 else None
            return code, payload[2:].decode(errors="replace"), time.monotonic() - since


def answer_to(server, request):
    """Sends `request` whole and returns all the server answers until it closes the connection."""
    connection = socket.create_connection((server.host, server.port), timeout=DEADLINE)
    answer = b""
    try:
        connection.sendall(request)
        while chunk := connection.recv(4096):
            answer += chunk
    except OSError:
        pass
    connection.close()
    return answer


HEADERS = [("40 KB of headers", "".join(f"X-Filler-{n}: {'a' * 1000}\r\n" for n in range(40))),
           ("a header of 40 KB", f"X-Long: {'a' * 40_000}\r\n")]


@pytest.mark.parametrize("what, headers", HEADERS, ids=[case[0] for case in HEADERS])
def test_request_head_past_32_kib_is_answered_431(server, what, headers):
    """A request whose head is past the 32 KiB the server reads — many headers, or one long one —
    is answered 431 Request Header Fields Too Large with the reason, not only closed."""
    answer = answer_to(server, f"GET / HTTP/1.1\r\nHost: {server.authority}\r\n{headers}\r\n".encode())
    assert (
        answer.startswith(b"HTTP/1.1 431 Request Header Fields Too Large\r\n")
        and answer.endswith(b"The request's headers are larger than the 32 KiB this server reads.\n")
    ), f"{what}: answered 431 with the reason ({answer[:60]!r}…{answer[-40:]!r})"


def test_request_head_of_30_kb_is_served(server):
    page = answer_to(server, f"GET / HTTP/1.1\r\nHost: {server.authority}\r\nConnection: close\r\nX-Filler: {'a' * 30_000}\r\n\r\n"
                     .encode())
    assert page.startswith(b"HTTP/1.1 200 "), f"30 KB of headers: served ({page[:40]!r})"


# Last: what waited while the checks above ran.

def test_idle_page_connection_is_closed_at_30_s(waiting):
    took = waiting[2].idle_for()
    # The server's 30 s run from its last write, a moment before the answer's last byte
    # reached this client: a close a little under 30 s after that byte is on time.
    assert took is not None and 29 <= took < DEADLINE, f"a page's connection idle for 30 s is closed ({took and round(took, 2)} s)"


def test_tab_that_answers_no_ping_is_dropped_at_the_next(waiting):
    mute, muted, _ = waiting
    code, reason, took = unanswered_pings(mute, muted)
    assert code == 1001 and reason == "Ping timeout" and 39 <= took < DEADLINE, (
        f"a tab that answers no ping is dropped at the next ping, 40 s on ({code} {reason!r} after {took:.0f} s)"
    )


def test_server_is_alive_after_all_that(server):
    assert server.alive(), "the server is alive after all that"
