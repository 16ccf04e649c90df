#!/usr/bin/env python3
"""`make bench`'s rows for `flowshell serve --ssh`, paired in one run against what a team does
today: OpenSSH's sshd on 127.0.0.1 with `ForceCommand` running the release `flowshell`, one
process per login. Both are reached by the same client (Debian's OpenSSH `ssh`, on a
pseudo-terminal of 80×24), with the same key, alternating round by round:

- login → first prompt: from starting `ssh` to the flow's prompt on its terminal;
- keystroke echo: a key typed at the prompt until the line editor's echo of it comes back;
- memory per session: the server's RSS with 100 sessions open, less before them, per session —
  against sshd's, the PSS of the sshd and flowshell processes each login adds;
- 100 idle sessions: the CPU time the server spends while they sit at their prompt for 10 s;
- fairness: another session's `where` (p99) while one sends 30,000-character lines in a loop,
  then a paste of a megabyte answered, and the server's memory after it against before.

Medians with min–max. sshd needs openssh-server and root (it runs as the logged-in user);
without either its column is skipped with a line saying why, and FlowShell's rows still run.

    python3 scripts/bench_ssh.py            # release builds, the goals checked
    python3 scripts/bench_ssh.py --quick    # CI: the debug server `make test` made, short, no goals
    python3 scripts/bench_ssh.py --no-build # the release binaries as they are

Writes .build/bench/ssh.json; not a test (figures vary with the machine and its load).
"""
import os
import pathlib
import pwd
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import bench_rows  # noqa: E402
from bench_rows import ROOT, cpu_seconds, rss_kib  # noqa: E402
from sshclient import DEADLINE, Server, make_key, public_line  # noqa: E402

CONFIG = str(ROOT / "config.json")
PROMPT = re.compile(rb"Cars(\x1b\[[0-9;]*m)? \xe2\x80\xba ")
GOALS = {"login_ratio": 0.3, "memory_per_session_mb": 0.5, "where_p99_while_flooded_ms": 50, "paste_1mb_ms": 1000,
         "memory_after_paste_ratio": 1.1}


def pss_kib(pids):
    total = 0
    for pid in pids:
        try:
            for line in pathlib.Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total


def descendants(pid):
    """The processes under `pid`."""
    children = {}
    for entry in pathlib.Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(parent, []).append(int(entry.name))
    found, pending = [], [pid]
    while pending:
        for child in children.get(pending.pop(), []):
            found.append(child)
            pending.append(child)
    return found


class Terminal:
    """`ssh` on a pseudo-terminal of 80×24, read and written directly (no pexpect delays)."""

    def __init__(self, argv):
        import pty
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.environ["TERM"] = "xterm"
            try:
                os.execvp(argv[0], argv)
            finally:
                os._exit(127)
        import fcntl
        import struct
        import termios
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.seen = b""

    def read_ready(self, timeout):
        """What the terminal gives within `timeout` seconds: None when nothing came, b"" when the
        session ended (the pseudo-terminal answers an error then, or nothing)."""
        import select
        if not select.select([self.fd], [], [], timeout)[0]:
            return None
        try:
            return os.read(self.fd, 65536)
        except OSError:
            return b""

    def wait_for(self, pattern, deadline=DEADLINE):
        end = time.monotonic() + deadline
        while not pattern.search(self.seen):
            if time.monotonic() > end:
                raise TimeoutError(f"no {pattern.pattern!r} in {self.seen[-300:]!r}")
            chunk = self.read_ready(1)
            if chunk == b"":
                raise EOFError(self.seen[-300:])
            self.seen += chunk or b""

    def echo_round_trip(self):
        """Types a key and waits for its echo; returns the time in ms. The key is erased after."""
        import select
        self.seen = b""
        started = time.perf_counter_ns()
        os.write(self.fd, b"x")
        while b"x" not in self.seen:
            select.select([self.fd], [], [], DEADLINE)
            self.seen += os.read(self.fd, 65536)
        elapsed = (time.perf_counter_ns() - started) / 1e6
        os.write(self.fd, b"\x7f")
        time.sleep(0.01)
        self.drain()
        return elapsed

    def paste(self, data):
        """Writes `data` as a paste, reading what comes back as it goes so that neither side waits
        (a write never blocks: what the terminal does not take yet is written once it does)."""
        import fcntl
        import select
        flags = fcntl.fcntl(self.fd, fcntl.F_GETFL)
        fcntl.fcntl(self.fd, fcntl.F_SETFL, flags | os.O_NONBLOCK)
        try:
            view = memoryview(data)
            end = time.monotonic() + DEADLINE
            while view and time.monotonic() < end:
                readable, writable, _ = select.select([self.fd], [self.fd], [], 1)
                if readable:
                    try:
                        self.seen = (self.seen + os.read(self.fd, 65536))[-4096:]
                    except BlockingIOError:
                        pass
                    except OSError:
                        return
                if writable:
                    try:
                        view = view[os.write(self.fd, view[:4096]):]
                    except BlockingIOError:
                        pass
            if view:
                raise TimeoutError(f"the terminal took {len(data) - len(view)} of {len(data)} bytes within {DEADLINE} s")
        finally:
            fcntl.fcntl(self.fd, fcntl.F_SETFL, flags)

    def round_trip(self, line, answer):
        """Types `line` and waits for `answer` and the prompt after it; returns the time in ms."""
        self.drain()
        self.seen = b""
        started = time.perf_counter_ns()
        os.write(self.fd, line)
        self.wait_for(re.compile(re.escape(answer) + rb"(.|\n)*" + PROMPT.pattern))
        return (time.perf_counter_ns() - started) / 1e6

    def drain(self):
        while self.read_ready(0):
            pass

    def close(self):
        try:
            os.write(self.fd, b"\x15quit\r")
        except OSError:
            pass
        # What the session still shows is read to its end, so that ssh is never left blocked
        # writing to a terminal nobody reads.
        end = time.monotonic() + DEADLINE
        while time.monotonic() < end and self.read_ready(1) != b"":
            pass
        try:
            os.waitpid(self.pid, 0)
        except ChildProcessError:
            pass
        os.close(self.fd)


def login(argv):
    """Logs in; returns the terminal and the time to the first prompt in ms."""
    started = time.perf_counter_ns()
    terminal = Terminal(argv)
    terminal.wait_for(PROMPT)
    return terminal, (time.perf_counter_ns() - started) / 1e6


class SSHD:
    """OpenSSH's sshd on 127.0.0.1 with a scratch configuration whose ForceCommand runs the
    release flowshell, in a scratch home, for whoever logs in with the key."""

    def __init__(self, home, key, flowshell):
        self.home = home
        host_key = make_key(home, "sshd_host_key")
        keys = os.path.join(home, "sshd_authorized_keys")
        with open(keys, "w") as file:
            file.write(public_line(key) + "\n")
        probe = socket.socket()
        probe.bind(("127.0.0.1", 0))
        self.port = probe.getsockname()[1]
        probe.close()
        command = (f"env HOME={home} XDG_STATE_HOME={home}/sshd-state XDG_DATA_HOME={home}/sshd-data "
                   f"XDG_CONFIG_HOME={home}/sshd-config {flowshell} --config {CONFIG}")
        config = os.path.join(home, "sshd_config")
        with open(config, "w") as file:
            file.write(f"Port {self.port}\nListenAddress 127.0.0.1\nHostKey {host_key}\nAuthorizedKeysFile {keys}\n"
                       "UsePAM no\nStrictModes no\nPasswordAuthentication no\nKbdInteractiveAuthentication no\n"
                       f"PidFile none\nPrintMotd no\nPrintLastLog no\nUseDNS no\nMaxStartups 200\nForceCommand {command}\n")
        os.makedirs("/run/sshd", exist_ok=True)
        self.process = subprocess.Popen([shutil.which("sshd") or "/usr/sbin/sshd", "-D", "-e", "-f", config],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + DEADLINE
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                break
            except OSError:
                if self.process.poll() is not None:
                    raise RuntimeError(f"sshd did not start: {self.process.stderr.read().decode()[-500:]}") from None
                time.sleep(0.05)
        self.host = "127.0.0.1"

    def ssh(self, key, *extra):
        user = pwd.getpwuid(os.getuid()).pw_name
        return ["ssh", "-F", "/dev/null", "-p", str(self.port), "-o", "StrictHostKeyChecking=no",
                "-o", f"UserKnownHostsFile={self.home}/sshd_known_hosts", "-o", "IdentitiesOnly=yes",
                "-o", "LogLevel=ERROR", "-i", key, *extra, f"{user}@127.0.0.1"]

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=DEADLINE)


def sshd_unavailable():
    if not (shutil.which("sshd") or os.path.exists("/usr/sbin/sshd")):
        return "openssh-server is not installed (apt-get install openssh-server)"
    if os.getuid() != 0:
        return "sshd needs root to log a user in (run make bench as root for its column)"
    return None


def summary(values):
    return {"median": round(statistics.median(values), 3), "min": round(min(values), 3),
            "max": round(max(values), 3), "count": len(values)}


def fairness(argv, server, wheres):
    """One person's long lines do not hold another's: while one session sends 30,000-character
    lines in a loop, another's `where` round trips (p99); then a paste of a megabyte, answered
    (the line refused) — its time, and the server's memory after it against before."""
    import threading
    sender, _ = login(argv)
    other, _ = login(argv)
    stop = threading.Event()

    def flood():
        line = b"y" * 30000 + b"\r"
        while not stop.is_set():
            sender.paste(line)

    thread = threading.Thread(target=flood, daemon=True)
    thread.start()
    times = sorted(other.round_trip(b"where\r", b"1. Cars (cars.list)") for _ in range(wheres))
    stop.set()
    thread.join(DEADLINE)
    sender.drain()
    before = rss_kib(server.process.pid)
    started = time.perf_counter_ns()
    sender.paste(b"z" * (1 << 20))
    sender.seen = b""
    os.write(sender.fd, b"\r")
    sender.wait_for(re.compile(rb"longer than 4096 bytes"))
    paste_ms = (time.perf_counter_ns() - started) / 1e6
    time.sleep(1)
    after = rss_kib(server.process.pid)
    sender.close()
    other.close()
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    return {"where_while_flooded_ms": summary(times), "where_p99_ms": round(p99, 3),
            "paste_1mb_ms": round(paste_ms, 3), "memory_after_paste_ratio": round(after / max(1, before), 3)}


def main():
    parser = bench_rows.arguments(__doc__)
    parser.add_argument("--no-build", action="store_true", help="use the release binaries as they are")
    arguments = parser.parse_args()
    if not shutil.which("ssh"):
        print("ssh rows skipped: no ssh client (openssh-client)")
        return 0
    if arguments.quick:
        serve = bench_rows.debug_binary("flowshell-serve", "ssh rows")
        flowshell = ROOT / ".build" / "release" / "flowshell"
        rounds, echoes, sessions, idle, build = 5, 50, 100, 5, "debug"
        if serve is None:
            return 0
    else:
        if not arguments.no_build:
            subprocess.run(["make", "--no-print-directory", "release", "release-serve"], cwd=ROOT, check=True)
        serve = ROOT / ".build" / "release" / "flowshell-serve"
        flowshell = ROOT / ".build" / "release" / "flowshell"
        rounds, echoes, sessions, idle, build = 20, 500, 100, 10, "release"
    why_not_sshd = sshd_unavailable() or (None if flowshell.exists() else "no release flowshell (make release builds it)")
    result = {"build": build}
    home = tempfile.mkdtemp(prefix="flowshell-ssh-bench-")
    try:
        key = make_key(home, "bench")
        keys = os.path.join(home, "authorized_keys")
        with open(keys, "w") as file:
            file.write(public_line(key) + "\n")
        os.chmod(keys, 0o600)
        server = Server(str(serve), home, keys, config=CONFIG)
        sshd = SSHD(home, key, flowshell) if why_not_sshd is None else None
        try:
            targets = {"flowshell": server.ssh(key)}
            if sshd:
                targets["sshd"] = sshd.ssh(key)
            # One login each first: host keys known, the app's services set up, caches warm.
            for argv in targets.values():
                login(argv)[0].close()
            logins = {name: [] for name in targets}
            echo = {name: [] for name in targets}
            for index in range(rounds):
                order = list(targets.items())
                if index % 2:
                    order.reverse()
                for name, argv in order:
                    terminal, elapsed = login(argv)
                    logins[name].append(elapsed)
                    terminal.drain()
                    for _ in range(max(1, echoes // rounds)):
                        echo[name].append(terminal.echo_round_trip())
                    terminal.close()
            result["login_ms"] = {name: summary(values) for name, values in logins.items()}
            # The release server only: its goals are the release's, and the debug server is too
            # slow to be flooded beside builds in CI's quick run.
            if not arguments.quick:
                result["fairness"] = fairness(targets["flowshell"], server, 300)
            result["echo_ms"] = {name: summary(values) for name, values in echo.items()}

            # Memory and idle CPU with `sessions` sessions at their prompt.
            memory = {}
            before = rss_kib(server.process.pid)
            open_terminals = [login(targets["flowshell"])[0] for _ in range(sessions)]
            time.sleep(1)
            memory["flowshell"] = (rss_kib(server.process.pid) - before) / sessions / 1024
            cpu_start = cpu_seconds(server.process.pid)
            time.sleep(idle)
            idle_cpu = cpu_seconds(server.process.pid) - cpu_start
            threads = len(os.listdir(f"/proc/{server.process.pid}/task"))
            for terminal in open_terminals:
                terminal.close()
            result["idle"] = {"sessions": sessions, "seconds": idle, "server_cpu_s": round(idle_cpu, 3), "server_threads": threads}
            if sshd:
                base = pss_kib([sshd.process.pid] + descendants(sshd.process.pid))
                open_terminals = [login(targets["sshd"])[0] for _ in range(sessions)]
                time.sleep(1)
                added = pss_kib([sshd.process.pid] + descendants(sshd.process.pid)) - base
                memory["sshd"] = added / sessions / 1024
                for terminal in open_terminals:
                    terminal.close()
            result["memory_per_session_mb"] = {name: round(value, 3) for name, value in memory.items()}
            alive = server.alive()
        finally:
            server.stop()
            if sshd:
                sshd.stop()
    finally:
        shutil.rmtree(home, ignore_errors=True)
    bench_rows.save("ssh", result)

    def row(label, figures, unit):
        return "  ".join(f"{name} {figure['median']} {unit} ({figure['min']}–{figure['max']})" for name, figure in figures.items())

    print(f"ssh ({build} server): login → first prompt, median of {rounds}: {row('', result['login_ms'], 'ms')}")
    print(f"ssh ({build} server): keystroke echo, median of {len(echo['flowshell'])}: {row('', result['echo_ms'], 'ms')}")
    print(f"ssh ({build} server): memory per session, {sessions} sessions: "
          + "  ".join(f"{name} {value:.3f} MB" for name, value in result["memory_per_session_mb"].items()))
    print(f"ssh ({build} server): {sessions} idle sessions × {idle} s: the server used {result['idle']['server_cpu_s']} s of CPU "
          f"({result['idle']['server_threads']} threads)")
    fair = result.get("fairness")
    if fair:
        print(f"ssh ({build} server): another session's where while one sends 30,000-character lines: p99 {fair['where_p99_ms']} ms, "
              f"median {fair['where_while_flooded_ms']['median']} ms "
              f"({fair['where_while_flooded_ms']['min']}–{fair['where_while_flooded_ms']['max']}); "
              f"a 1 MB paste answered in {fair['paste_1mb_ms']} ms, memory after it {fair['memory_after_paste_ratio']}× before")
    if why_not_sshd:
        print(f"ssh: sshd's column skipped: {why_not_sshd}")
    if not arguments.quick:
        met = result["memory_per_session_mb"]["flowshell"] <= GOALS["memory_per_session_mb"]
        if "sshd" in result["login_ms"]:
            met = met and result["login_ms"]["flowshell"]["median"] <= GOALS["login_ratio"] * result["login_ms"]["sshd"]["median"]
            met = met and result["echo_ms"]["flowshell"]["median"] <= result["echo_ms"]["sshd"]["median"]
        met = met and fair["where_p99_ms"] <= GOALS["where_p99_while_flooded_ms"] and fair["paste_1mb_ms"] <= GOALS["paste_1mb_ms"]
        met = met and fair["memory_after_paste_ratio"] <= GOALS["memory_after_paste_ratio"]
        print("ssh goals " + ("met" if met else "missed")
              + f" (login ≤ {GOALS['login_ratio']}× sshd's, echo ≤ sshd's, ≤ {GOALS['memory_per_session_mb']} MB a session, "
              + f"where p99 ≤ {GOALS['where_p99_while_flooded_ms']} ms beside a flood, a 1 MB paste ≤ {GOALS['paste_1mb_ms']} ms, "
              + f"memory after it ≤ {GOALS['memory_after_paste_ratio']}×)")
    return 0 if alive else 1


if __name__ == "__main__":
    sys.exit(main())
