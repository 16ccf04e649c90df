"""`flowshell serve --ssh` end to end, on the debug build `make test` made, with Debian's OpenSSH
client driven through a pseudo-terminal at 80×24 (pexpect): logging in with a listed key and not
with another or a password, the car list, Tab, booking with no `login`, Ctrl-C at the prompt and
during a command, Ctrl-R's search of the history, a resize re-fitting the screen, `quit 3` and
Ctrl-D as exit statuses, what a session cannot do (`shell`, `where > x`), `ssh HOST where`, two
users each with their own bookings, a live screen above a half-typed line, 200 sessions at once,
and clients that stop mid-handshake or go idle. Waits are on output, never on the clock; a
deadline only bounds a hang.

    python3 -m pytest scripts/tests/test_ssh.py [--build-dir .build/debug] [-k NAME]

Skipped, saying why, without OpenSSH's client or pexpect (scripts/install-ssh-test-deps.sh
installs them).
"""
import collections
import json
import os
import pathlib
import re
import selectors
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time

import pytest
from sshclient import DEADLINE, Server, make_key, plain, public_line, session
from webflood import Flooder, open_sockets, raise_file_limit

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]
CONFIG = str(REPOSITORY / "config.json")
# The prompt at the list of cars, styled or not.
CARS_PROMPT = r"Cars(\x1b\[[0-9;]*m)? › "

MISSING = [tool for tool in ("ssh", "ssh-keygen") if not shutil.which(tool)]
try:
    import pexpect
except ImportError:
    MISSING.append("pexpect (Python)")


@pytest.fixture(scope="module", autouse=True)
def ssh_tools():
    """Every check skipped, saying why, without OpenSSH's client or pexpect (each one, rather
    than the module, so that pytest counts them)."""
    if MISSING:
        pytest.skip(f"SSH tests: {', '.join(MISSING)} not installed (scripts/install-ssh-test-deps.sh installs them)")


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    """One scratch home for the module's servers and keys."""
    return str(tmp_path_factory.mktemp("ssh"))


@pytest.fixture(scope="module")
def alice(home):
    return make_key(home, "alice", comment="alice@laptop")


@pytest.fixture(scope="module")
def bob(home):
    return make_key(home, "bob", kind="ecdsa", comment="anything")


@pytest.fixture(scope="module")
def stranger(home):
    return make_key(home, "stranger")


@pytest.fixture(scope="module")
def keys(home, alice, bob):
    """The authorized_keys file: alice's key, and bob's named with flowshell-user."""
    keys = os.path.join(home, "authorized_keys")
    with open(keys, "w") as file:
        file.write(f"# who may log in\n{public_line(alice)}\nflowshell-user=bob {public_line(bob)}\n")
    os.chmod(keys, 0o600)
    return keys


@pytest.fixture(scope="module")
def server(build, home, keys):
    """The server most checks share, started first (its host key made then); the checks of other
    options start their own on the same folders."""
    server = Server(str(build / "flowshell-serve"), home, keys, config=CONFIG)
    yield server
    server.stop()


def logged_in(server, key, **options):
    """A session at its first prompt."""
    child = session(server, key, **options)
    child.expect(CARS_PROMPT)
    return child


def run(child, line, prompt=CARS_PROMPT):
    """Types `line` and returns what it showed up to the next prompt, without escape sequences."""
    child.send(line + "\r")
    child.expect(prompt)
    return plain(child.before)


def leave(child, line="quit"):
    child.send(line + "\r")
    child.expect(pexpect.EOF)
    child.close()
    return child.exitstatus


@pytest.fixture(scope="module")
def fingerprint(server, home):
    """The host key's fingerprint, as ssh-keygen -l gives it."""
    listed = subprocess.run(["ssh-keygen", "-l", "-f", f"{home}/state/flowshell/ssh_host_ed25519_key"],
                            capture_output=True, text=True).stdout.strip()
    return listed.split()[1]


def test_host_key_is_made_on_the_first_start_and_printed(server, home):
    printed = "\n".join(server.printed)
    line = next((printed_line for printed_line in server.printed if printed_line.startswith("SSH host key: ")), "")
    key_file = f"{home}/state/flowshell/ssh_host_ed25519_key"
    assert os.path.exists(key_file) and (os.stat(key_file).st_mode & 0o777) == 0o600, (
        "the host key is made on the first start, readable by its owner alone"
    )
    listed = subprocess.run(["ssh-keygen", "-l", "-f", key_file], capture_output=True, text=True).stdout.strip()
    assert line.startswith(f"SSH host key: {listed}"), (
        f"the fingerprint is printed as ssh-keygen -l prints it ({listed!r} in {printed!r})"
    )
    assert "1 key" in printed or "keys for" in printed, "who may log in is said at start"


KIA_PROMPT = r"Kia Rio(\x1b\[[0-9;]*m)? › "


def test_a_first_session_shows_who_and_the_car_list(server, alice, fingerprint):
    child = session(server, alice)
    child.expect(CARS_PROMPT)
    shown = plain(child.before)
    assert "signed in as alice" in shown, "the greeting says who logged in"
    assert "Kia Rio" in shown and "7 of 7 cars" in shown, "the car list is shown at 80×24"
    assert all(len(line) <= 80 for line in shown.split("\n")), "the screen fits 80 columns"
    assert "\x1b[" in child.before, "a terminal of type xterm gets styles"
    known = subprocess.run(["ssh-keygen", "-l", "-f", os.path.join(server.home, "known_hosts")], capture_output=True, text=True).stdout
    assert fingerprint in known, "the key the client was shown and kept is the one printed"
    leave(child)


def test_tab_completes_and_book_needs_no_login(server, alice):
    child = logged_in(server, alice)
    # Tab completes an argument's value.
    # (libedit writes only what changed: the cursor goes back and `io ` follows.)
    child.send("select r\t")
    child.expect("io ")
    shown = run(child, "", prompt=r"Kia Rio(\x1b\[[0-9;]*m)? › ")
    assert "Operator: CityDrive" in shown, "Tab completes `select r` to `select rio`, which opens it"

    # Booking needs no `login`: the key said who this is.
    shown = run(child, "book", prompt=r"\[Book Kia Rio\](\x1b\[[0-9;]*m)? › ")
    assert "Sign in" not in shown and "Book Kia Rio" in shown, "book goes straight to the booking, with no sign-in"
    shown = run(child, "confirm", prompt=r"Kia Rio(\x1b\[[0-9;]*m)? › ")
    assert "Booked Kia Rio" in shown, "the booking is made as alice"
    leave(child)


def test_ctrl_c_abandons_a_line_and_cancels_a_command(server, alice):
    child = logged_in(server, alice)
    # Ctrl-C at the prompt abandons the half-typed line and keeps the session.
    child.send("sel")
    child.expect("sel")
    child.sendcontrol("c")
    child.expect(CARS_PROMPT)
    shown = run(child, "where")
    assert "1. Cars (cars.list)" in shown and "unknown command" not in shown, (
        "Ctrl-C at the prompt keeps the session, and the line is gone"
    )

    # Ctrl-C while a command runs cancels it, and only it.
    child.send("wait 60\r")
    child.expect("working")
    child.sendcontrol("c")
    child.expect(CARS_PROMPT)
    shown = plain(child.before)
    assert "cancel" in shown.lower() or "interrupt" in shown.lower(), (
        f"Ctrl-C while a command runs cancels it ({shown[-200:]!r})"
    )
    shown = run(child, "where")
    assert "1. Cars" in shown, "the session goes on after a cancelled command"
    leave(child)


def test_ctrl_r_searches_the_session_s_history(server, alice):
    child = logged_in(server, alice)
    kia_prompt = KIA_PROMPT
    run(child, "select rio", prompt=kia_prompt)
    run(child, "home")
    # Ctrl-R searches this session's history, as at the terminal: Enter runs the line found.
    child.sendcontrol("r")
    shown = run(child, "sel", prompt=kia_prompt)
    assert "Operator: CityDrive" in shown, (
        f"Ctrl-R finds `select rio` in the session's history, and Enter runs it ({shown[-200:]!r})"
    )
    # Ctrl-C abandons a search with its line, and the session goes on where it was.
    child.sendcontrol("r")
    child.expect("reverse-i-search")
    child.send("hom")
    child.sendcontrol("c")
    child.expect(kia_prompt)
    shown = run(child, "where", prompt=kia_prompt)
    assert "2. Kia Rio" in shown and "reverse-i-search" not in shown, (
        f"Ctrl-C abandons a search and keeps the session ({shown[-200:]!r})"
    )
    leave(child)


def test_a_session_has_no_files_or_programs_of_the_server(server, alice):
    child = logged_in(server, alice)
    # What a session may not do.
    shown = run(child, "shell ls")
    assert "shell: this session has no programs of the server's machine" in shown, (
        f"`shell` is not a command over SSH, and says so ({shown[-120:]!r})"
    )
    shown = run(child, "where > stack.txt")
    assert "no redirection" in shown, "`where > x` is refused: the session has no redirection"
    assert not os.path.exists(os.path.join(server.home, "stack.txt")), "and no file is written on the server"
    shown = run(child, "run /etc/passwd")
    assert "run: this session has no files of the server's machine" in shown, (
        f"`run FILE` is not a command over SSH, and says so ({shown[-120:]!r})"
    )
    shown = run(child, "help")
    assert "shell" not in re.findall(r"^\s+(\w+)", shown, re.M) and "history" in shown, (
        "help lists what the session has, and no `shell`"
    )
    leave(child)


def test_resize_refits_the_line_and_the_next_screen(server, alice):
    child = logged_in(server, alice)
    child.setwinsize(24, 40)
    child.send("show")
    child.expect("show")
    child.send("\r")
    child.expect(CARS_PROMPT)
    shown = plain(child.before)
    widest = max(len(line) for line in shown.split("\n"))
    assert widest <= 40 and "7 of 7 cars" in shown, (
        f"after a resize to 40 columns the car list fits them (widest line {widest})"
    )
    child.setwinsize(24, 80)
    leave(child)


def test_quit_3_ends_the_session_and_ssh_exits_3(server, alice):
    child = logged_in(server, alice)
    status = leave(child, "quit 3")
    assert status == 3, f"quit 3 ends the session and ssh exits with 3 (it exited {status})"


def test_ctrl_d_ends_the_session_with_status_0(server, alice):
    child = logged_in(server, alice)
    child.sendcontrol("d")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, f"Ctrl-D on an empty line ends the session with status 0 ({child.exitstatus})"


def test_unlisted_key_and_password_are_refused(server, stranger):
    result = subprocess.run(server.ssh(stranger, "-o", "BatchMode=yes") + ["where"], capture_output=True, text=True, timeout=DEADLINE)
    assert result.returncode == 255 and "Permission denied (publickey)" in result.stderr, (
        "a key that is not listed is refused"
    )
    result = subprocess.run(server.ssh(None, "-o", "PubkeyAuthentication=no",
                                       "-o", "PreferredAuthentications=password,keyboard-interactive",
                                       "-o", "NumberOfPasswordPrompts=1") + ["where"],
                            capture_output=True, text=True, timeout=DEADLINE, stdin=subprocess.DEVNULL)
    assert (
        result.returncode == 255 and "Permission denied (publickey)" in result.stderr and "password" not in result.stderr.lower()
    ), f"a password is never asked for: only keys log in ({result.stderr.strip()!r})"


def test_too_many_attempts_are_disconnected(server):
    """A client that offers key after unlisted key is disconnected after the server's bound on
    authentication requests, rather than trying for ever."""
    folder = tempfile.mkdtemp(dir=server.home)
    keys = [make_key(folder, f"other{index}") for index in range(12)]
    extra = [option for key in keys for option in ("-i", key)]
    result = subprocess.run(server.ssh(None, "-o", "BatchMode=yes", *extra, log_level="INFO") + ["where"],
                            capture_output=True, text=True, timeout=DEADLINE, stdin=subprocess.DEVNULL)
    assert result.returncode == 255 and "Too many" in result.stderr, (
        f"twelve unlisted keys offered: disconnected at the bound on attempts ({result.stderr.strip()[-200:]!r})"
    )


def test_commands_without_a_terminal(server, alice):
    result = subprocess.run(server.ssh(alice) + ["where"], capture_output=True, text=True, timeout=DEADLINE, stdin=subprocess.DEVNULL)
    assert result.returncode == 0 and result.stdout == "1. Cars (cars.list)\n", (
        f"ssh HOST where prints the stack ({result.stdout!r})"
    )
    assert "\x1b" not in result.stdout, "with no terminal, no styles"
    result = subprocess.run(server.ssh(alice) + ["select nope"], capture_output=True, text=True, timeout=DEADLINE, stdin=subprocess.DEVNULL)
    assert result.returncode == 1 and "nope" in result.stderr and result.stdout == "", (
        f"a line that fails exits 1, its error on stderr ({result.stderr!r})"
    )
    result = subprocess.run(server.ssh(alice) + ["quit 7"], capture_output=True, text=True, timeout=DEADLINE, stdin=subprocess.DEVNULL)
    assert result.returncode == 7, "ssh HOST 'quit 7' exits 7"
    result = subprocess.run(server.ssh(alice, "-T"), capture_output=True, text=True, timeout=DEADLINE, stdin=subprocess.DEVNULL)
    assert result.returncode == 1 and "terminal" in result.stderr, (
        f"a shell with no terminal is told what to do ({result.stderr!r})"
    )


def test_two_users_each_with_their_own_bookings(server, alice, bob):
    ann = logged_in(server, alice)
    bo = logged_in(server, bob)
    run(ann, "select zoe", prompt=r"Renault Zoe(\x1b\[[0-9;]*m)? › ")
    run(bo, "select polo", prompt=r"Volkswagen Polo(\x1b\[[0-9;]*m)? › ")
    run(ann, "book", prompt=r"\[Book Renault Zoe\](\x1b\[[0-9;]*m)? › ")
    run(bo, "book", prompt=r"\[Book Volkswagen Polo\](\x1b\[[0-9;]*m)? › ")
    booked_ann = run(ann, "confirm", prompt=r"Renault Zoe(\x1b\[[0-9;]*m)? › ")
    booked_bo = run(bo, "confirm", prompt=r"Volkswagen Polo(\x1b\[[0-9;]*m)? › ")
    assert "Booked Renault Zoe" in booked_ann and "Booked Volkswagen Polo" in booked_bo, "two users at once each book"
    mine = run(ann, "open /bookings", prompt=r"My bookings(\x1b\[[0-9;]*m)? › ")
    theirs = run(bo, "open /bookings", prompt=r"My bookings(\x1b\[[0-9;]*m)? › ")
    assert "Renault Zoe" in mine and "Volkswagen Polo" not in mine, "alice sees her bookings and not bob's"
    assert "Volkswagen Polo" in theirs and "Renault Zoe" not in theirs, "bob sees his bookings and not alice's"
    account = run(bo, "open /account", prompt=r"Account(\x1b\[[0-9;]*m)? › ")
    assert "User:" in account and "bob" in account and "SSH key SHA256:" in account and "logout" not in account, (
        "the account says bob came in by his key, with no logout"
    )

    # A live screen: another session of alice books, and the My bookings she watches changes
    # above the line she is typing, which stays.
    other = logged_in(server, alice)
    ann.send("hel")
    run(other, "select leaf", prompt=r"Nissan Leaf(\x1b\[[0-9;]*m)? › ")
    run(other, "book", prompt=r"\[Book Nissan Leaf\](\x1b\[[0-9;]*m)? › ")
    run(other, "confirm", prompt=r"Nissan Leaf(\x1b\[[0-9;]*m)? › ")
    ann.expect("changed by itself")
    ann.expect(r"My bookings(\x1b\[[0-9;]*m)? › (\x1b\[[0-9;]*[A-Za-z])*hel")
    shown = run(ann, "p", prompt=r"My bookings(\x1b\[[0-9;]*m)? › ")
    assert "Nissan Leaf" in plain(ann.before) or "Global commands" in shown, (
        "My bookings updated by itself above the half-typed line, which came back whole"
    )
    assert "Global commands" in shown, "the half-typed `hel` finished as `help`"
    for child in (ann, bo, other):
        leave(child)


def test_terminal_types_without_colours_get_no_styles(server, alice):
    """Styles as the client's terminal type allows: none for `dumb` or `vt100` (no colours)."""
    for term in ("dumb", "vt100"):
        child = logged_in(server, alice, term=term)
        shown = child.before + run(child, "where")
        assert "\x1b[1m" not in child.before and "\x1b[2m" not in child.before and "Kia Rio" in shown, (
            f"a terminal of type {term} gets no styles"
        )
        leave(child)


def test_each_session_gets_its_own_terminal_s_sequences(server, alice):
    """Sessions on terminals of two types (xterm, vt52: their escape sequences differ) all
    editing lines at full speed at once: each gets only its own terminal's sequences. libedit
    keeps the terminal it writes a capability to in a static; without the server's lock on it,
    a sequence meant for one session's terminal lands in another's under load."""
    clients, lines = 6, 3000
    # Type junk, erase it (Ctrl-U), type `where` with the cursor moved about (Ctrl-A, Ctrl-E,
    # Ctrl-B, Ctrl-F), and send it.
    edit = b"abcdefghij" * 5 + b"\x02" * 50 + b"\x06" * 50 + b"\x01\x05\x02\x02\x01\x05\x15wher\x01\x05e\r"
    processes = []
    for index in range(clients):
        term = "vt52" if index % 2 else "xterm"
        env = dict(os.environ, TERM=term)
        process = subprocess.Popen(server.ssh(alice, "-tt"), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   stderr=subprocess.DEVNULL, env=env)
        processes.append((term, process))
    outputs = {}

    def drive(term, process, key):
        outputs[key] = process.communicate(edit * lines + b"quit\r", timeout=DEADLINE * 5)[0].decode("utf-8", "replace")

    threads = [threading.Thread(target=drive, args=(term, process, index)) for index, (term, process) in enumerate(processes)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    foreign = 0
    answered = 0
    own = 0
    for index, (term, _process) in enumerate(processes):
        text = outputs.get(index, "")
        answered += text.count("1. Cars (cars.list)")
        if term == "vt52":
            foreign += text.count("\x1b[")
            own += len(re.findall(r"\x1b[A-Z]", text))
        else:
            foreign += len(re.findall(r"\x1b[A-Z]", text))
    assert answered == clients * lines, (
        f"every session ran each of its lines as typed ({answered} of {clients * lines})"
    )
    assert own > 0, "the vt52 sessions were drawn with vt52's own sequences"
    assert foreign == 0, f"no session got another terminal type's escape sequences ({foreign} foreign)"


def open_files(server):
    """The server's open files, but its data folder's: the app's databases are shared by all
    sessions, and their pools open readers as sessions ask at once and keep them (GRDB's
    DatabasePool, up to 5), so how many are open depends on how many sessions read together."""
    data = os.path.join(server.home, "data") + os.sep
    pid = server.process.pid
    found = []
    for name in os.listdir(f"/proc/{pid}/fd"):
        try:
            target = os.readlink(f"/proc/{pid}/fd/{name}")
        except OSError:
            continue
        if not target.startswith(data):
            found.append(target)
    return sorted(found)


def threads_and_files(server):
    return len(os.listdir(f"/proc/{server.process.pid}/task")), len(open_files(server))


def files_added(before, after):
    """The files open after and not before, each as many times more as it is open."""
    return sorted((collections.Counter(after) - collections.Counter(before)).elements())


def back_to(server, baseline):
    """Waits until the server holds no more threads and files than `baseline` (a session's go
    as it ends); returns what it holds then."""
    deadline = time.monotonic() + DEADLINE
    now = threads_and_files(server)
    while (now[0] > baseline[0] or now[1] > baseline[1]) and time.monotonic() < deadline:
        time.sleep(0.2)
        now = threads_and_files(server)
    return now


def warm_up(server, alice):
    """A session through what the next ones do (a slow command's progress, a cancelled line, a
    pipe's input): what the process sets up once, on first use, is there before a baseline."""
    child = logged_in(server, alice)
    run(child, "wait 1")
    child.send("sel")
    child.expect("sel")
    child.sendcontrol("c")
    child.expect(CARS_PROMPT)
    leave(child)
    subprocess.run(server.ssh(alice, "-tt"), input=b"where\rquit\r", capture_output=True, timeout=DEADLINE)


def test_clients_that_vanish_leave_nothing_behind(server, alice):
    """Clients killed with a line half typed, or in the middle of a command: their sessions end,
    with their threads and files, and another session goes on."""
    warm_up(server, alice)
    baseline = threads_and_files(server)
    files_before = open_files(server)
    watcher = logged_in(server, alice)
    typing = logged_in(server, alice)
    typing.send("select ri")
    typing.expect("select ri")
    waiting = logged_in(server, alice)
    waiting.send("wait 600\r")
    waiting.expect("working")
    for child in (typing, waiting):
        child.kill(signal.SIGKILL)
        child.close(force=True)
    shown = run(watcher, "where")
    assert "1. Cars" in shown, "a session goes on while others' clients vanish"
    leave(watcher)
    now = back_to(server, baseline)
    files_after = open_files(server)
    added = files_added(files_before, files_after)
    assert now[0] <= baseline[0] and now[1] <= baseline[1], (
        f"the vanished sessions' threads and files are gone ({now} against {baseline} before; {added})"
    )


def open_together(server, alice, count, logging_in=16):
    """`count` sessions (each an ssh client whose input is a pipe) all at their prompt together,
    started in a bounded loop: at most `logging_in` of them on their way to the prompt at once
    (the server closes a connection beyond 16 logging in at once from one address, as it should;
    a busy machine logs in slowly). Returns the clients, and those that ended before their prompt
    or never reached it."""
    clients = []
    selector = selectors.DefaultSelector()
    waiting = set()
    deadline = time.monotonic() + DEADLINE * 3
    while (len(clients) < count or waiting) and time.monotonic() < deadline:
        while len(clients) < count and len(waiting) < logging_in:
            process = subprocess.Popen(server.ssh(alice, "-tt"), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            os.set_blocking(process.stdout.fileno(), False)
            selector.register(process.stdout, selectors.EVENT_READ, len(clients))
            waiting.add(len(clients))
            clients.append({"process": process, "seen": b""})
        for key, _ in selector.select(timeout=5):
            client = clients[key.data]
            chunk = client["process"].stdout.read(65536)
            if chunk is None:
                continue  # nothing after all (the pipe is non-blocking)
            client["seen"] += chunk
            if key.data in waiting and re.search(rb"Cars(\x1b\[[0-9;]*m)? \xe2\x80\xba ", client["seen"]):
                waiting.discard(key.data)
            if not chunk:
                selector.unregister(key.fileobj)
                if key.data in waiting:
                    # Ended before its prompt: not to wait for.
                    waiting.discard(key.data)
                    client["ended"] = True
    selector.close()
    failed = [client for client in clients if client.get("ended")] + [clients[index] for index in waiting]
    return clients, failed


def leave_together(clients, status):
    """Each client quits with `status`; returns the statuses they exited with."""
    for client in clients:
        try:
            client["process"].stdin.write(f"quit {status}\r".encode())
            client["process"].stdin.flush()
        except BrokenPipeError:
            pass
    statuses = [client["process"].wait(timeout=DEADLINE) for client in clients]
    for client in clients:
        client["process"].stdin.close()
        client["process"].stdout.close()
    return statuses


def test_200_sessions_at_once(server, alice):
    """`count` sessions at once, all at their prompt together, then each leaves; the server takes
    a new login after, and holds no more threads and files than before them."""
    count = 200
    warm_up(server, alice)
    baseline = threads_and_files(server)
    files_before = open_files(server)
    clients, failed = open_together(server, alice, count)
    assert len(clients) == count and not failed, (
        f"{count} sessions at once all reach their prompt ({len(clients) - len(failed)} of {len(clients)} started did"
        + (f"; one saw {plain(failed[0]['seen'].decode(errors='replace'))[-300:]!r}" if failed else "") + ")"
    )
    statuses = leave_together(clients, 4)
    assert statuses.count(4) == count, f"and each leaves with its own status ({statuses.count(4)} of {count})"
    result = subprocess.run(server.ssh(alice) + ["where"], capture_output=True, text=True, timeout=DEADLINE, stdin=subprocess.DEVNULL)
    assert server.alive() and result.returncode == 0, "the server is up and takes a new login after them"
    now = back_to(server, baseline)
    files_after = open_files(server)
    added = files_added(files_before, files_after)
    assert now[0] <= baseline[0] and now[1] <= baseline[1], (
        f"their threads and files are gone ({now} against {baseline} before; {added})"
    )


def test_sigterm_tells_each_session_and_exits_0(build, home, keys, alice):
    """SIGTERM while a session is open: the session is told, the client ends, the server exits 0."""
    server = Server(str(build / "flowshell-serve"), home, keys, config=CONFIG)
    child = logged_in(server, alice)
    server.process.terminate()
    child.expect("The server is stopping; this session ends.")
    child.expect(pexpect.EOF)
    child.close()
    status = server.process.wait(timeout=DEADLINE)
    assert status == 0, f"SIGTERM tells each session and the server exits 0 ({status})"


def test_ssh_and_web_from_one_process(build, home, keys, alice):
    """--ssh --web: the browser's server and SSH's in one process."""
    import urllib.request
    server = Server(str(build / "flowshell-serve"), home, keys, config=CONFIG, extra=["--web", "--port", "0"])
    try:
        printed = "\n".join(server.printed)
        # The browser's address may come before or after SSH's line.
        while "token=" not in printed:
            line = server.process.stdout.readline()
            if not line:
                break
            printed += "\n" + line
        match = re.search(r"(http://\S+/\?token=\S+)", printed)
        page = urllib.request.urlopen(match.group(1), timeout=DEADLINE).read().decode() if match else ""
        result = subprocess.run(server.ssh(alice) + ["where"], capture_output=True, text=True, timeout=DEADLINE, stdin=subprocess.DEVNULL)
        assert bool(match) and "<html" in page.lower() and result.stdout == "1. Cars (cars.list)\n", (
            "--ssh --web serves a browser and SSH from one process"
        )
    finally:
        server.stop()


def test_stalled_handshakes_are_closed_at_the_login_deadline(build, home, keys, alice):
    """A server whose logins must finish within 3 s: connections that stop mid-handshake are
    closed, and meanwhile a login and a session go on."""
    server = Server(str(build / "flowshell-serve"), home, keys, config=CONFIG, extra=["--ssh-login-timeout", "3"])
    try:
        stalled = []
        for stage in range(3):
            connection = socket.create_connection((server.host, server.port), timeout=DEADLINE)
            if stage >= 1:
                connection.sendall(b"SSH-2.0-stalled\r\n")
            if stage == 2:
                connection.recv(256)  # the server's version, then nothing more from this client
            stalled.append(connection)
        # A client stopped (SIGSTOP) in the middle of its key exchange, and a connection made
        # after it, closed no sooner than the client's.
        frozen = subprocess.Popen(server.ssh(alice, log_level="DEBUG1") + ["where"], stdin=subprocess.DEVNULL,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        for line in frozen.stderr:
            if "expecting SSH2_MSG_KEX_ECDH_REPLY" in line:
                frozen.send_signal(signal.SIGSTOP)
                break
        stalled.append(socket.create_connection((server.host, server.port), timeout=DEADLINE))
        child = logged_in(server, alice)
        shown = run(child, "where")
        assert "1. Cars" in shown, "a session works while connections stall in their handshake"
        closed = 0
        for connection in stalled:
            try:
                while connection.recv(4096):
                    pass
                closed += 1
            except ConnectionResetError:
                closed += 1
            except TimeoutError:
                pass
        assert closed == len(stalled), (
            f"connections that stop mid-handshake are closed at the login deadline ({closed} of {len(stalled)})"
        )
        frozen.send_signal(signal.SIGCONT)
        told = frozen.stderr.read()
        frozen.wait(timeout=DEADLINE)
        assert frozen.returncode == 255, (
            f"a client frozen in its handshake finds its connection closed ({frozen.returncode}: {told[-300:]!r})"
        )
        shown = run(child, "where")
        assert "1. Cars" in shown and server.alive(), "the session and the server go on"
        leave(child)
    finally:
        server.stop()


def test_idle_session_is_ended(build, home, keys, alice):
    server = Server(str(build / "flowshell-serve"), home, keys, config=CONFIG, extra=["--ssh-idle-timeout", "2"])
    try:
        child = logged_in(server, alice)
        child.expect("without a key pressed")
        child.expect(pexpect.EOF)
        child.close()
        assert server.alive(), "an idle session is ended after the idle timeout, and said so; the server goes on"
    finally:
        server.stop()


def test_forwarding_is_refused_and_the_line_runs(server, alice):
    """X11 forwarding (`ssh -X`: an `x11-req`), agent forwarding (`ssh -A`: an
    `auth-agent-req@openssh.com`) and a channel the client opens of a type the server does not
    serve are each refused, and the connection goes on: the line still runs."""
    # The client sends x11-req only with a display to forward; with no xauth it makes up a
    # cookie when trusted (-Y).
    env = dict(os.environ, DISPLAY=":0")
    for flag, what in (("-X", "X11 forwarding (ssh -X)"), ("-Y", "trusted X11 forwarding (ssh -Y)")):
        result = subprocess.run(server.ssh(alice, flag, "-o", "ForwardX11Trusted=yes", log_level="DEBUG1") + ["where"],
                                capture_output=True, text=True, timeout=DEADLINE, stdin=subprocess.DEVNULL, env=env)
        asked = "Requesting X11 forwarding" in result.stderr
        assert result.returncode == 0 and result.stdout == "1. Cars (cars.list)\n" and asked, (
            f"{what} is refused and the line still runs ({result.returncode}, {result.stdout!r}, asked: {asked}; "
            f"{[line for line in result.stderr.splitlines() if 'X11' in line or 'closed' in line][-3:]})"
        )
    agent = subprocess.run(["ssh-agent", "-s"], capture_output=True, text=True) if shutil.which("ssh-agent") else None
    agent_env = dict(os.environ)
    if agent and agent.returncode == 0:
        for name in ("SSH_AUTH_SOCK", "SSH_AGENT_PID"):
            match = re.search(rf"{name}=([^;]+);", agent.stdout)
            if match:
                agent_env[name] = match.group(1)
    else:
        agent_env["SSH_AUTH_SOCK"] = os.path.join(server.home, "no-agent.sock")
    try:
        result = subprocess.run(server.ssh(alice, "-A", log_level="DEBUG1") + ["where"], capture_output=True, text=True,
                                timeout=DEADLINE, stdin=subprocess.DEVNULL, env=agent_env)
        asked = "Requesting authentication agent forwarding" in result.stderr
        assert result.returncode == 0 and result.stdout == "1. Cars (cars.list)\n" and asked, (
            f"agent forwarding (ssh -A) is refused and the line still runs ({result.returncode}, {result.stdout!r}, asked: {asked})"
        )
    finally:
        if "SSH_AGENT_PID" in agent_env and agent_env.get("SSH_AGENT_PID") != os.environ.get("SSH_AGENT_PID"):
            subprocess.run(["ssh-agent", "-k"], env=agent_env, capture_output=True)


def test_channels_of_another_type_are_refused_and_the_connection_goes_on(server, alice):
    """Channels the client opens (an agent channel, X11, a type the server does not know) are
    refused, and the connection goes on: paramiko opens them, OpenSSH's client opens none."""
    paramiko = pytest.importorskip("paramiko", reason="a client-opened agent channel: paramiko (Python) is not installed;"
                                   " OpenSSH's client opens none")
    # paramiko logs each refused channel as an error; the check says what happened.
    __import__("logging").getLogger("paramiko").setLevel(__import__("logging").CRITICAL)
    client = paramiko.SSHClient()
    client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
    client.connect(server.host, port=server.port, username="someone", key_filename=alice, look_for_keys=False,
                   allow_agent=False, timeout=DEADLINE)
    try:
        transport = client.get_transport()
        refusals = []
        for kind in ("auth-agent@openssh.com", "x11", "no-such-kind@example.com"):
            try:
                transport.open_channel(kind, src_addr=("127.0.0.1", 6010), timeout=DEADLINE)
                refusals.append(f"{kind}: opened")
            except paramiko.ChannelException as error:
                refusals.append(f"{kind}: refused ({error.code})")
            except paramiko.SSHException as error:
                refusals.append(f"{kind}: {error}")
        _, out, _ = client.exec_command("where", timeout=DEADLINE)
        shown = out.read().decode()
        assert all(": refused" in line for line in refusals) and shown == "1. Cars (cars.list)\n", (
            f"channels the client opens of another type are refused and the connection goes on ({refusals}, {shown!r})"
        )
    finally:
        client.close()


def test_connection_without_a_version_line_is_closed_at_5_s(server):
    """A connection that sends no version line is closed at the identification deadline, 5 s,
    long before the login timeout (30 s); one that sends its version line is kept past it."""
    silent = socket.create_connection((server.host, server.port), timeout=DEADLINE)
    spoken = socket.create_connection((server.host, server.port), timeout=DEADLINE)
    spoken.sendall(b"SSH-2.0-quiet-after\r\n")
    started = time.monotonic()
    try:
        while silent.recv(4096):
            pass
    except ConnectionResetError:
        pass
    took = time.monotonic() - started
    assert 4.5 <= took < 25, f"a connection that sends no version line is closed at 5 s ({took:.1f} s)"
    spoken.settimeout(1)
    try:
        kept = spoken.recv(4096) != b""
        while True:
            if not spoken.recv(4096):
                kept = False
                break
    except TimeoutError:
        pass
    except OSError:
        kept = False
    assert kept, "one that sent its version line is kept past it (the login timeout is its bound)"
    silent.close()
    spoken.close()


def test_server_is_still_up(server):
    assert server.alive(), "the server is still up"


def limited(files):
    """Starts the server's process with `ulimit -n files`, soft and hard, as the shell's
    `ulimit -n` sets them."""
    import resource
    return lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))


def timed_login(server, alice):
    """`ssh HOST where` with a listed key: how long it took, and whether it printed the stack."""
    started = time.monotonic()
    result = subprocess.run(server.ssh(alice) + ["where"], capture_output=True, text=True, timeout=DEADLINE, stdin=subprocess.DEVNULL)
    return time.monotonic() - started, result.returncode == 0 and result.stdout == "1. Cars (cars.list)\n", result.stderr.strip()[-200:]


FLOOD = 2000


def test_listed_key_logs_in_under_a_flood(build, home, keys, alice):
    """2,000 connections held against a server at `ulimit -n 1024` from another address of this
    machine (127.0.0.2), half of them idle, half stopped after their version line, reconnecting as
    soon as they are closed: a listed key still logs in within 2 s, each of 4 times, since the
    server never stops accepting and holds at most 16 connections logging in from one address."""
    own = raise_file_limit(FLOOD + 200)
    if own < FLOOD + 100:
        pytest.skip(f"the flood: this machine lets a process open {own} files, and the flood holds {FLOOD}")
    server = Server(str(build / "flowshell-serve"), home, keys, config=CONFIG, preexec_fn=limited(1024))
    flooder = None
    try:
        took, ok, _ = timed_login(server, alice)
        before = took
        flooder = Flooder(server, FLOOD, source="127.0.0.2", send="SSH-2.0-flood\r\n", idle=2)
        # The flood is under way once the server has closed more connections than it holds.
        counts = flooder.wait_until(lambda counts: counts.get("closed", 0) >= FLOOD)
        assert counts is not None and "error" not in counts, (
            f"{FLOOD} idle and half-finished connections are held against the server, and those past its bound closed ({counts})"
        )
        times = []
        for _ in range(4):
            took, ok, said = timed_login(server, alice)
            times.append(round(took, 2))
            assert ok and took < 2, (
                f"meanwhile a listed key logs in and runs a line within 2 s ({took:.2f} s; {said!r})"
            )
        sockets = open_sockets(server.process.pid)
        assert sockets < 200, f"the server holds few of the flood's connections ({sockets} sockets open)"
        counts = flooder.wait_until(lambda counts: True)
        print(f"     logins under the flood: {times} s (before it: {before:.2f} s); flood {counts}")
        flooder.stop()
        flooder = None
        assert server.alive(), "the server is up after the flood"
    finally:
        if flooder:
            flooder.stop()
        server.stop()
    said = [line for line in server.process.stderr.read().splitlines() if line.strip()]
    assert all(line.startswith("warning: this process may open too few files") for line in said), (
        f"the flood writes nothing to the server's log ({said[:3]})"
    )


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def settled_rss_kib(server, quiet=2.0):
    """The server's RSS once it has not changed for `quiet` seconds (a liveness bound only)."""
    deadline = time.monotonic() + DEADLINE
    last, since = rss_kib(server.process.pid), time.monotonic()
    while time.monotonic() < deadline:
        time.sleep(0.25)
        now = rss_kib(server.process.pid)
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= quiet:
            break
    return last


def test_memory_is_given_back_round_after_round(build, home, keys, alice):
    """Rounds of 150 logins, each round's sessions all at their prompt together, then each
    leaving: once a round's sessions have ended, the server's memory is within 10 % of what it
    was after the first round — what a session held is given back, round after round."""
    rounds, logins = 6, 150
    server = Server(str(build / "flowshell-serve"), home, keys, config=CONFIG)
    try:
        warm_up(server, alice)
        baseline = threads_and_files(server)
        after = []
        for _ in range(rounds):
            clients, failed = open_together(server, alice, logins)
            statuses = leave_together(clients, 5)
            if failed or statuses.count(5) != logins:
                pytest.fail(
                    f"each login of a round reaches its prompt and quits ({statuses.count(5)} of {logins}, {len(failed)} failed)"
                )
                return
            back_to(server, baseline)
            after.append(settled_rss_kib(server))
        first = after[0]
        growth = max(after) / first
        assert growth <= 1.10, (
            f"{rounds} rounds of {logins} logins leave memory within 10 % of the first round's "
            f"({[round(value / 1024, 1) for value in after]} MB,"
            f" {(after[-1] - first) / ((rounds - 1) * logins):.1f} KiB a login after the first)"
        )
    finally:
        server.stop()


def test_audit_log_records_each_line_of_a_login_and_a_command(build, home, keys, alice):
    # With --audit-log, each line of every session is a JSON record: the front end, the login,
    # its user, the line as it ran and whether it failed; the file is the owner's alone.
    log = pathlib.Path(home) / "audit" / "lines.jsonl"
    log.parent.mkdir(exist_ok=True)
    audited = Server(str(build / "flowshell-serve"), home, keys, config=CONFIG, extra=["--audit-log", str(log)])
    try:
        result = subprocess.run(audited.ssh(alice) + ["where\nselect nope"], capture_output=True, text=True,
                                timeout=DEADLINE, stdin=subprocess.DEVNULL)
        assert result.returncode == 1, f"the command's second line fails ({result.stderr!r})"
        child = logged_in(audited, alice)
        run(child, "sort price")
        run(child, "!!")
        assert leave(child) == 0
    finally:
        audited.stop()
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert [(r["frontEnd"], r["line"], r["failed"]) for r in records] == [
        ("ssh exec", "where", False), ("ssh exec", "select nope", True),
        ("ssh", "sort price", False), ("ssh", "sort price", False), ("ssh", "quit", False),
    ], f"each line recorded in order, `!!` as the line it ran ({records})"
    assert len({r["session"] for r in records[:2]} | {r["session"] for r in records[2:]}) == 2, "each login a session of its own"
    assert all(r["user"] == records[0]["user"] and r["user"] for r in records), f"alice named in each ({records[0]})"
    assert (log.stat().st_mode & 0o777) == 0o600, "the log is readable by its owner only"


def test_a_login_goes_on_where_its_user_last_was(build, tmp_path, keys, alice, bob):
    # By default a user's next login — after leaving, and after the server restarted — lands
    # where their last session was, with its history and aliases; another user starts at the root.
    home = str(tmp_path)
    zoe = r"Renault Zoe(\x1b\[[0-9;]*m)? › "

    def server():
        return Server(str(build / "flowshell-serve"), home, keys, config=CONFIG, keeps_places=True)

    first = server()
    try:
        ann = logged_in(first, alice)
        run(ann, "select zoe", prompt=zoe)
        run(ann, "alias wh where", prompt=zoe)
        assert leave(ann) == 0
        again = session(first, alice)
        again.expect(zoe)
        assert "Renault Zoe" in plain(again.before), "the next login shows the screen it left"
        listed = run(again, "alias", prompt=zoe)
        assert "alias wh where" in listed, f"with its aliases ({listed!r})"
        history = run(again, "history", prompt=zoe)
        assert "select zoe" in history and "alias wh where" in history, f"and its history ({history!r})"
        bo = logged_in(first, bob)
        assert leave(bo) == 0, "another user starts at the car list"
        assert leave(again) == 0
    finally:
        first.stop()
    restarted = server()
    try:
        after = session(restarted, alice)
        after.expect(zoe)
        assert "2. Renault Zoe" in run(after, "wh", prompt=zoe), "after a restart too, with the alias"
        assert leave(after) == 0
    finally:
        restarted.stop()
    at_root = Server(str(build / "flowshell-serve"), home, keys, config=CONFIG)
    try:
        fresh = logged_in(at_root, alice)
        assert "no aliases" in run(fresh, "alias"), "--ssh-start-at-root: the car list, nothing kept"
        assert leave(fresh) == 0
    finally:
        at_root.stop()
    folder = pathlib.Path(home) / "state" / "flowshell" / "carsharing" / "ssh-users"
    kept = sorted(path.name for path in folder.iterdir())
    assert len(kept) == 2 and all(re.fullmatch(r"user-[0-9a-f]+\.json", name) for name in kept), f"one private file a user ({kept})"
    assert all((folder / name).stat().st_mode & 0o777 == 0o600 for name in kept)


def test_servers_sharing_a_database_are_one_host_and_keep_a_user_s_place(build, tmp_path, keys, alice):
    # Two servers of the flow on one PostgreSQL, each with a home of its own: the same host key
    # (the first's), and a user who left a session on one lands there when logging in on the other.
    from scratch_postgres import ScratchPostgres, binaries
    if binaries() is None:
        pytest.skip("PostgreSQL's server is not installed (scripts/install-postgres-test-deps.sh installs it)")
    database = ScratchPostgres()
    zoe = r"Renault Zoe(\x1b\[[0-9;]*m)? › "
    nodes = []
    try:
        for name in ("a", "b"):
            folder = tmp_path / name
            folder.mkdir()
            nodes.append(Server(str(build / "flowshell-serve"), str(folder), keys, config=CONFIG, keeps_places=True,
                                extra=["--database", database.address]))
        printed = [next(line for line in node.printed if line.startswith("SSH host key:")) for node in nodes]
        assert printed[0] == printed[1] and "shared by the flow's servers" in printed[0], f"one host key ({printed})"
        ann = logged_in(nodes[0], alice)
        run(ann, "select zoe", prompt=zoe)
        assert leave(ann) == 0
        elsewhere = session(nodes[1], alice)
        elsewhere.expect(zoe)
        assert "select zoe" in run(elsewhere, "history", prompt=zoe), "the other server goes on with the same session"
        assert leave(elsewhere) == 0
    finally:
        for node in nodes:
            node.stop()
        database.stop()
