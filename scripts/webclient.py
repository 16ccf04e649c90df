"""The client side of `flowshell serve` for its tests and its benchmark: starting the server,
opening a tab's WebSocket (with its token and Origin) through the `websockets` library or being
refused, running lines and reading the server's messages; and plain HTTP requests.

Where a check breaks the WebSocket protocol on purpose (a frame unmasked or not UTF-8, a tab that
answers no ping and no close), it writes or reads raw frames with `raw_frame` and `MuteSocket`
instead.
"""
import base64
import contextlib
import http.client
import json
import os
import re
import socket
import struct
import subprocess
import threading

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus
from websockets.sync.client import connect

# A liveness bound only: nothing here waits on the clock for a result.
DEADLINE = 120


class Server:
    """`flowshell-serve --port 0` in a scratch home, its address read from what it prints.
    `binary` is the server's path, or the command that runs it (`[".../notes", "serve"]`);
    `port` another port (the same one again, to restart a server where its pages are)."""

    def __init__(self, binary, home, extra=(), preexec_fn=None, port=0):
        home = str(home)
        env = dict(os.environ, XDG_DATA_HOME=f"{home}/data", XDG_STATE_HOME=f"{home}/state", HOME=home)
        env.pop("FLOWSHELL_ALLOW_PLUGINS", None)
        command = [str(binary)] if isinstance(binary, (str, os.PathLike)) else list(binary)
        self.process = subprocess.Popen([*command, "--port", str(port), *extra], stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True, env=env, cwd=home, preexec_fn=preexec_fn)
        line = self.process.stdout.readline()
        match = re.search(r"http://([^/]+)/\?token=([0-9a-f]+)", line)
        if not match:
            rest = self.process.stderr.read() if self.process.poll() is not None else ""
            raise RuntimeError(f"the server printed no address: {line!r} {rest!r}")
        # What the server says on stderr, read as it comes, so that it never waits on a full pipe.
        self.stderr_lines = []
        self.stderr_reader = threading.Thread(target=lambda: self.stderr_lines.extend(self.process.stderr), daemon=True)
        self.stderr_reader.start()
        self.authority, self.token = match.group(1), match.group(2)
        self.host, self.port = self.authority.rsplit(":", 1)[0], int(self.authority.rsplit(":", 1)[1])
        self.url = f"http://{self.authority}/?token={self.token}"

    def stop(self):
        """SIGTERM, as a service manager stops it; returns whether it stopped by itself (else it is
        killed at the deadline)."""
        self.process.terminate()
        try:
            self.process.wait(timeout=DEADLINE)
            return True
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            return False

    def said(self):
        """What the server said on stderr; all of it once it has stopped."""
        if self.process.poll() is not None:
            self.stderr_reader.join(timeout=DEADLINE)
        return "".join(self.stderr_lines)

    def alive(self):
        return self.process.poll() is None


class Refused(Exception):
    """The server would not let a socket in: an HTTP status for a refused upgrade, or the close
    code (with the reason the page is told) for a refused greeting."""

    def __init__(self, status, reason=None, door=False):
        super().__init__(f"refused with {status}" + (f": {reason}" if reason else ""))
        self.status = status
        self.reason = reason
        # Whether the page is told to ask for the printed address.
        self.door = door


class Tab:
    """One tab's WebSocket to the server, let in as the page is: its first message carries the
    token (or the tab's key). `messages` holds every JSON message received so far."""

    def __init__(self, server, token=None, origin="default", host=None, tab=None, key=None, greet=True, path=None, resume=False):
        host = host or server.authority
        if origin == "default":
            origin = f"http://{host}"
        # The request names `host`, whatever address it is sent to.
        sock = socket.create_connection((server.host, server.port), timeout=DEADLINE)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        # The connection is a context manager, held open until close().
        self.opened = contextlib.ExitStack()
        try:
            self.connection = self.opened.enter_context(
                connect(f"ws://{host}/ws", sock=sock, origin=origin, compression=None, proxy=None, open_timeout=DEADLINE,
                        close_timeout=DEADLINE, ping_interval=None, max_size=None, max_queue=None))
        except InvalidStatus as refusal:
            sock.close()
            raise Refused(refusal.response.status_code) from None
        except (InvalidHandshake, EOFError, OSError):
            sock.close()
            raise Refused(0) from None
        self.messages = []
        self.close_code = None
        self.next_id = 1
        self.tab = self.key = None
        if greet:
            self.greet(server.token if token is None else token, tab, key, path, resume)

    def greet(self, token, tab=None, key=None, path=None, resume=False):
        """Says hello with the tab's key if given, else with `token` (and where the page is, and
        whether it comes back, as the page says them); waits until let in (the tab's id and key
        kept), or raises Refused with the close code and the reason told."""
        hello = {"type": "hello", "tab": tab, "key": key} if key else {"type": "hello", "token": token}
        if tab and not key:
            hello["tab"] = tab
        if path is not None:
            hello["path"] = path
        if resume:
            hello["resume"] = True
        try:
            self.send_json(hello)
            answer = self.wait(lambda message: message.get("type") in ("admitted", "closed"))
        except ConnectionError:
            raise Refused(self.close_code) from None
        if answer["type"] == "closed":
            code = self.wait_closed()
            raise Refused(code, answer["reason"], answer.get("door", False))
        self.tab, self.key = answer["tab"], answer["key"]

    def send_json(self, value):
        try:
            self.connection.send(json.dumps(value))
        except ConnectionClosed as closed:
            raise ConnectionError(f"closed ({self.connection.close_code})") from closed

    def run(self, line):
        """Sends a line and returns the messages up to its `done`."""
        ident = self.next_id
        self.next_id += 1
        start = len(self.messages)
        self.send_json({"type": "run", "line": line, "id": ident})
        self.wait(lambda message: message.get("type") == "done" and message.get("id") == ident)
        return self.messages[start:]

    def complete(self, text):
        """Asks what Tab offers for `text`, the line before the cursor; returns the answer."""
        ident = self.next_id
        self.next_id += 1
        self.send_json({"type": "complete", "line": text, "id": ident})
        return self.wait(lambda message: message.get("type") == "completion" and message.get("id") == ident)

    def read_message(self):
        """The next JSON message, or None when the server closed the socket (its code kept)."""
        while True:
            try:
                data = self.connection.recv(timeout=DEADLINE)
            except ConnectionClosed:
                self.close_code = self.connection.close_code
                return None
            if isinstance(data, str):
                message = json.loads(data)
                self.messages.append(message)
                return message

    def wait(self, predicate):
        """Reads until a message satisfies `predicate`; returns it."""
        for message in self.messages:
            if predicate(message):
                return message
        while True:
            message = self.read_message()
            if message is None:
                raise ConnectionError(f"closed ({self.close_code}) before the awaited message")
            if predicate(message):
                return message

    def wait_closed(self):
        """Reads until the server closes the socket; returns its close code."""
        while self.read_message() is not None:
            pass
        return self.close_code

    def close(self):
        """Closes the socket as a page does (a close frame with 1000)."""
        try:
            self.opened.close()
        except OSError:
            pass

    def drop(self):
        """Drops the connection with no close frame, as a page that vanished."""
        self.connection.close_socket()

    def send_raw(self, frame):
        """Writes bytes onto the socket under the library: for frames it would refuse to send."""
        self.connection.socket.sendall(frame)


def raw_frame(payload, opcode=0x1, fin=True, masked=True):
    """One WebSocket frame as bytes, built by hand so that it can break the protocol's rules (a
    client masks every frame; `masked=False` does not)."""
    header = bytes([(0x80 if fin else 0) | opcode])
    mask_bit = 0x80 if masked else 0
    length = len(payload)
    if length < 126:
        header += bytes([mask_bit | length])
    elif length < 65536:
        header += bytes([mask_bit | 126]) + struct.pack("!H", length)
    else:
        header += bytes([mask_bit | 127]) + struct.pack("!Q", length)
    if not masked:
        return header + payload
    mask = os.urandom(4)
    return header + mask + bytes(byte ^ mask[index % 4] for index, byte in enumerate(payload))


class MuteSocket:
    """A tab's WebSocket on a raw socket that reads frames and answers none (no pong, no close), as
    a page that froze: a WebSocket library answers the server's pings and close by itself."""

    def __init__(self, server):
        self.connection = socket.create_connection((server.host, server.port), timeout=DEADLINE)
        key = base64.b64encode(os.urandom(16)).decode()
        self.connection.sendall((f"GET /ws HTTP/1.1\r\nHost: {server.authority}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                                 f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\nOrigin: http://{server.authority}\r\n\r\n")
                                .encode())
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            chunk = self.connection.recv(4096)
            if not chunk:
                raise Refused(0)
            self.buffer += chunk
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        status = int(head.split(b" ", 2)[1])
        if status != 101:
            self.connection.close()
            raise Refused(status)
        self.connection.sendall(raw_frame(json.dumps({"type": "hello", "token": server.token}).encode()))

    def _read_exact(self, count):
        while len(self.buffer) < count:
            chunk = self.connection.recv(65536)
            if not chunk:
                raise ConnectionError("the server closed the connection")
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def read_frame(self):
        """The next frame's opcode and payload."""
        first, second = self._read_exact(2)
        opcode, length = first & 0x0F, second & 0x7F
        if length == 126:
            length = struct.unpack("!H", self._read_exact(2))[0]
        elif length == 127:
            length = struct.unpack("!Q", self._read_exact(8))[0]
        return opcode, self._read_exact(length)


def screen_of(messages):
    """The last screen among `messages`."""
    screens = [message for message in messages if message.get("type") == "screen"]
    return screens[-1] if screens else None


def http_get(server, path, host=None):
    """Status, head (as text) and body of a plain GET, addressed to `host` if given."""
    connection = http.client.HTTPConnection(server.host, server.port, timeout=DEADLINE)
    try:
        connection.putrequest("GET", path, skip_host=True, skip_accept_encoding=True)
        connection.putheader("Host", host or server.authority)
        connection.putheader("Connection", "close")
        connection.endheaders()
        response = connection.getresponse()
        body = response.read()
        head = f"HTTP/1.1 {response.status} {response.reason}\r\n" + str(response.headers)
        return response.status, head, body
    finally:
        connection.close()
