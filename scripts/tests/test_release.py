"""The binary `make release` built, at a terminal: the line editor, SQLite and the terminal
database are linked into it (not loaded as shared libraries), so the test suite's debug binary
does not show they work. Started as people start it — typed at an interactive bash with job
control, on a pseudo-terminal of 80×24 — the shell must show its prompt, page `help` through
less and come back after `q`, complete `sel` with Tab, run the command, open the bookings (in
SQLite) after signing in, and quit with status 0. Waits on output, never on the clock.

    python3 -m pytest -m release scripts/tests/test_release.py    # after make release; .ci/run does

Marked `release`: `make test`, which builds no release binary, leaves it out.
"""
import os
import shlex

import pytest
from terminal import Terminal

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.path.join(ROOT, ".build", "release", "flowshell")


@pytest.mark.release
def test_release_binary_pages_completes_runs_and_quits_at_a_terminal(tmp_path):
    assert os.access(BINARY, os.X_OK), "no .build/release/flowshell; run make release first"
    home = str(tmp_path)
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
    assert status == "0", f"quit ended the shell with status {status}"
    terminal.type("exit\r")
    terminal.wait()
