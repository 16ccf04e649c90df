#!/usr/bin/env python3
"""Checks the binary `make release` built at a terminal: the line editor, SQLite and the
terminal database are linked into it (not loaded as shared libraries), so the test suite's debug
binary does not show they work. Started as people start it — typed at an interactive bash with
job control, on a pseudo-terminal of 80×24 — the shell must show its prompt, page `help` through
less and come back after `q`, complete `sel` with Tab, run the command, open the bookings (in
SQLite) after signing in, and quit with status 0.

Waits on output, never on the clock; 60 s is only a bound on a shell that hangs.
"""
import fcntl
import os
import pty
import select
import shlex
import shutil
import struct
import sys
import tempfile
import termios
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.path.join(ROOT, ".build", "release", "flowshell")
BOUND = 60.0


class Terminal:
    """The shell on the other side of a pseudo-terminal; everything it wrote so far."""

    def __init__(self, argv, environment, rows=24, columns=80):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.execve(argv[0], argv, environment)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        self.output = b""
        # What the last expect read up to and including its text.
        self.last_consumed = b""

    def type(self, text):
        os.write(self.fd, text.encode())

    def expect(self, text):
        """Reads until `text` has been written after what an earlier expect consumed."""
        wanted = text.encode()
        deadline = time.monotonic() + BOUND
        while wanted not in self.output:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                sys.exit(f"check_release: no {text!r} within {BOUND:.0f} s; the shell wrote:\n"
                         + self.output.decode(errors="replace")[-2000:])
            readable, _, _ = select.select([self.fd], [], [], remaining)
            if readable:
                try:
                    chunk = os.read(self.fd, 4096)
                except OSError:
                    chunk = b""
                if not chunk:
                    sys.exit(f"check_release: the shell ended before {text!r}; it wrote:\n"
                             + self.output.decode(errors="replace")[-2000:])
                self.output += chunk
        end = self.output.index(wanted) + len(wanted)
        self.last_consumed, self.output = self.output[:end], self.output[end:]

    def line(self):
        """The rest of the current line, read to its end and consumed."""
        self.expect("\n")
        return self.last_consumed.split(b"\n")[0].strip()

    def wait(self):
        deadline = time.monotonic() + BOUND
        while time.monotonic() < deadline:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                return os.waitstatus_to_exitcode(status)
            # Drain what it writes so that it never blocks on a full terminal.
            readable, _, _ = select.select([self.fd], [], [], 0.5)
            if readable:
                try:
                    os.read(self.fd, 4096)
                except OSError:
                    pass
        sys.exit(f"check_release: the shell did not end within {BOUND:.0f} s of quit")


def main():
    if not os.access(BINARY, os.X_OK):
        sys.exit("check_release: no .build/release/flowshell; run make release first")
    home = tempfile.mkdtemp(prefix="flowshell-release-")
    try:
        environment = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home, "TERM": "xterm",
                       "NO_COLOR": "1", "XDG_STATE_HOME": os.path.join(home, "state"),
                       "XDG_DATA_HOME": os.path.join(home, "data"), "PS1": "$ "}
        terminal = Terminal(["/bin/bash", "--norc", "--noprofile", "-i"], environment)
        terminal.expect("$ ")
        command = [BINARY, "--config", os.path.join(ROOT, "config.json"), "--fresh"]
        terminal.type(" ".join(shlex.quote(word) for word in command) + "\r")
        terminal.expect("Cars › ")
        # help is longer than the window: less pages it, owning the terminal until q.
        terminal.type("help\r")
        terminal.expect("Global commands:")
        terminal.expect("\n:")
        terminal.type("q")
        terminal.expect("Cars › ")
        terminal.type("sel\t")
        terminal.expect("ect ")  # libedit completes in place: the rest of the word, then a space
        terminal.type("rio\r")
        terminal.expect("Plate:")
        terminal.expect("Cars › Kia Rio › ")
        terminal.type("back\r")
        terminal.expect("Cars › ")
        # Bookings are kept in SQLite, opened on first use.
        terminal.type("bookings\r")
        terminal.expect("Sign in")
        terminal.type("login alice\r")
        terminal.expect("0 bookings")
        terminal.expect("My bookings › ")
        terminal.type("quit\r")
        terminal.expect("$ ")
        # What is typed is echoed back, so the answer is spelt differently from the command (and
        # bash may put an escape sequence before it: the end of bracketed paste).
        terminal.type("printf 'status%s\\n' \"=$?\"\r")
        terminal.expect("status=")
        status = terminal.line().decode(errors="replace")
        if status != "0":
            sys.exit(f"check_release: quit ended the shell with status {status}")
        terminal.type("exit\r")
        terminal.wait()
        print("check_release: the release binary pages, completes, runs and quits at a terminal")
    finally:
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
