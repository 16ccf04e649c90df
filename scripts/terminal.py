"""A program on the other side of a pseudo-terminal, for the checks that type at it as a person
does: what it wrote so far, waits for a text, and its exit status. Waits are on output; BOUND
only bounds a program that hangs."""
import fcntl
import os
import pty
import select
import struct
import termios
import time

BOUND = 60.0


class TerminalError(Exception):
    """The program did not write what was awaited: it ended, or wrote nothing more within BOUND."""


class Terminal:
    """The program on the other side of a pseudo-terminal; everything it wrote so far."""

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
                raise TerminalError(f"no {text!r} within {BOUND:.0f} s; the program wrote:\n"
                                    + self.output.decode(errors="replace")[-2000:])
            readable, _, _ = select.select([self.fd], [], [], remaining)
            if readable:
                try:
                    chunk = os.read(self.fd, 4096)
                except OSError:
                    chunk = b""
                if not chunk:
                    raise TerminalError(f"the program ended before {text!r}; it wrote:\n"
                                        + self.output.decode(errors="replace")[-2000:])
                self.output += chunk
        end = self.output.index(wanted) + len(wanted)
        self.last_consumed, self.output = self.output[:end], self.output[end:]

    def line(self):
        """The rest of the current line, read to its end and consumed."""
        self.expect("\n")
        return self.last_consumed.split(b"\n")[0].strip()

    def wait(self):
        """The program's exit status, once it has ended."""
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
        raise TerminalError(f"the program did not end within {BOUND:.0f} s")
