#!/usr/bin/env python3
"""Half-open requests held against a server, as an attacker without the token (or without a key)
would hold them: COUNT connections, each sending the start of a request (by default an HTTP
request line and half a header), then one byte more a second, never ending it. A connection the
server closes is opened again, so that COUNT are always held or being opened. Every second it
prints one JSON line of counts to stdout:

    {"open": connections sending, "connecting": not yet accepted, "closed": closed by the server,
     "refused": of those, answered 503, "reason": the first 503's text}

It runs until its stdin closes (or it is stopped). For scripts/tests/test_web_bounds.py,
scripts/tests/test_ssh.py and scripts/bench_web.py, which start it with `Flooder`: a process of its
own, so that its work does not slow the client measured.

    python3 scripts/webflood.py HOST PORT COUNT [--source ADDRESS] [--send TEXT] [--idle N]

--source connects from another address of this machine (127.0.0.2: an attacker elsewhere than
the client measured); --send is what each connection sends first instead of the HTTP request's
start (an SSH version line), and nothing after it; --idle makes every Nth connection send nothing
at all.
"""
import argparse
import errno
import json
import os
import resource
import selectors
import socket
import subprocess
import sys
import threading
import time


def raise_file_limit(wanted):
    """Raises this process's soft limit of open files towards `wanted`; returns the limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def open_sockets(pid):
    """How many sockets the process `pid` has open; a descriptor closed while they are counted
    (a flood's connections close all the time) is not one."""
    count = 0
    for name in os.listdir(f"/proc/{pid}/fd"):
        try:
            count += os.readlink(f"/proc/{pid}/fd/{name}").startswith("socket:")
        except OSError:
            pass
    return count


class Flood:
    def __init__(self, host, port, count, source=None, send=None, idle=0):
        self.address = (host, port)
        self.count = count
        self.source = source
        self.first = send.encode() if send is not None else None
        self.idle = idle
        self.started = 0
        # The connections sent a byte more each second: HTTP's half-sent heads.
        self.dribbling = set()
        self.selector = selectors.DefaultSelector()
        self.connecting = set()
        self.open = set()
        self.answers = {}
        self.closed = 0
        self.refused = 0
        self.reason = None

    def start_one(self):
        connection = socket.socket(socket.AF_INET6 if ":" in self.address[0] else socket.AF_INET)
        connection.setblocking(False)
        if self.source:
            connection.bind((self.source, 0))
        result = connection.connect_ex(self.address)
        if result not in (0, errno.EINPROGRESS):
            connection.close()
            return False
        self.connecting.add(connection)
        self.selector.register(connection, selectors.EVENT_WRITE)
        return True

    def connected(self, connection):
        self.selector.unregister(connection)
        self.connecting.discard(connection)
        if connection.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR) != 0:
            connection.close()
            return
        self.started += 1
        first = self.first
        if first is None:
            first = f"GET / HTTP/1.1\r\nHost: {self.address[0]}:{self.address[1]}\r\nX-Half: ".encode()
        if self.idle and self.started % self.idle == 0:
            first = b""
        try:
            if first:
                connection.send(first)
        except OSError:
            connection.close()
            return
        self.open.add(connection)
        if first and self.first is None:
            self.dribbling.add(connection)
        self.answers[connection] = b""
        self.selector.register(connection, selectors.EVENT_READ)

    def readable(self, connection):
        try:
            data = connection.recv(4096)
        except OSError:
            data = b""
        if data:
            self.answers[connection] += data
            return
        self.drop(connection)

    def drop(self, connection):
        answer = self.answers.pop(connection, b"")
        self.selector.unregister(connection)
        self.open.discard(connection)
        self.dribbling.discard(connection)
        connection.close()
        self.closed += 1
        if answer.startswith(b"HTTP/1.1 503"):
            self.refused += 1
            if self.reason is None:
                self.reason = answer.partition(b"\r\n\r\n")[2].decode(errors="replace").strip()

    def dribble(self):
        for connection in list(self.dribbling):
            try:
                connection.send(b"a")
            except BlockingIOError:
                pass
            except OSError:
                self.drop(connection)

    def run(self, stop):
        next_tick = time.monotonic()
        while not stop.is_set():
            while len(self.connecting) + len(self.open) < self.count:
                if not self.start_one():
                    break
            for key, _events in self.selector.select(timeout=0.1):
                if key.fileobj in self.connecting:
                    self.connected(key.fileobj)
                elif key.fileobj in self.open:
                    self.readable(key.fileobj)
            if time.monotonic() >= next_tick:
                next_tick += 1
                self.dribble()
                print(json.dumps({"open": len(self.open), "connecting": len(self.connecting), "closed": self.closed,
                                  "refused": self.refused, "reason": self.reason}), flush=True)


class Flooder:
    """scripts/webflood.py in a process of its own, its latest counts kept."""

    def __init__(self, server, count, source=None, send=None, idle=0):
        options = (["--source", source] if source else []) + (["--send", send] if send is not None else []) + ["--idle", str(idle)]
        self.process = subprocess.Popen([sys.executable, os.path.abspath(__file__), server.host,
                                         str(server.port), str(count), *options],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.counts = {}
        self.changed = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            with self.changed:
                self.counts = json.loads(line)
                self.changed.notify_all()

    def wait_until(self, predicate):
        """Waits until the counts satisfy `predicate`; returns them (or None past the deadline)."""
        with self.changed:
            if self.changed.wait_for(lambda: predicate(self.counts) or "error" in self.counts, timeout=120):
                return self.counts
        return None

    def stop(self):
        self.process.stdin.close()
        try:
            self.process.wait(timeout=120)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("host")
    parser.add_argument("port", type=int)
    parser.add_argument("count", type=int)
    parser.add_argument("--source")
    parser.add_argument("--send")
    parser.add_argument("--idle", type=int, default=0)
    arguments = parser.parse_args()
    host, port, count = arguments.host, arguments.port, arguments.count
    limit = raise_file_limit(count + 64)
    if limit < count + 16:
        print(json.dumps({"error": f"this process may open only {limit} files"}), flush=True)
        return 1
    stop = threading.Event()
    threading.Thread(target=lambda: (sys.stdin.read(), stop.set()), daemon=True).start()
    Flood(host, port, count, source=arguments.source, send=arguments.send, idle=arguments.idle).run(stop)
    return 0


if __name__ == "__main__":
    sys.exit(main())
