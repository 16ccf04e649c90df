"""Several `serve` nodes of one flow behind HAProxy, as several machines behind a load balancer: one
PostgreSQL (`--database`), a home and data folder of each node's own, round robin with nothing
sticky — HTTP and WebSockets in `mode http`, SSH in `mode tcp`. A node is killed with SIGKILL, and
everyone it served is back through the balancer on another node: each tab with its screen,
`history` and aliases, a tab stopped at the sign-in a guard opened goes on to its booking after
signing in, and an SSH user's next login lands on the screen they left. Which node served whom is
read from each node's audit log (`--audit-log`). Waits are on output or on the database, never on
the clock; a deadline only bounds a hang.

    python3 -m pytest scripts/tests/test_cluster.py [--build-dir .build/debug]

Skipped, saying why, without HAProxy or PostgreSQL's server (`.ci/run` installs both).
"""
import contextlib
import copy
import json
import os
import shutil
import signal
import subprocess
import time

import pytest
from scratch_postgres import ScratchPostgres, binaries, free_port
from sshclient import Server as SSHServer
from sshclient import make_key, plain, public_line, session
from webclient import Server as WebServer
from webclient import Tab, screen_of

HAPROXY = shutil.which("haproxy") or ("/usr/sbin/haproxy" if os.path.exists("/usr/sbin/haproxy") else None)
pytestmark = pytest.mark.skipif(
    HAPROXY is None or binaries() is None,
    reason="needs HAProxy and PostgreSQL's server (apt-get install haproxy postgresql)")

REPOSITORY = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CONFIG = os.path.join(REPOSITORY, "config.json")
# A liveness bound only.
DEADLINE = 120
CARS = ["smart", "rio", "polo", "zoe", "leaf", "octavia", "model3"]
TITLES = {"smart": "Smart ForTwo", "rio": "Kia Rio", "polo": "Volkswagen Polo", "zoe": "Renault Zoe",
          "leaf": "Nissan Leaf", "octavia": "Škoda Octavia", "model3": "Tesla Model 3"}


def eventually(condition, what):
    """Waits until `condition()` holds (what a node writes just after a line ends, or an audit
    record), bounded only against a hang."""
    deadline = time.monotonic() + DEADLINE
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


class Balancer:
    """HAProxy in front of the nodes: round robin, no stickiness; a connection to a node that is
    gone is sent to another at once (`option redispatch`), not after a health check."""

    def __init__(self, folder, web=(), ssh=()):
        self.port, self.ssh_port = free_port(), free_port()
        lines = ["global", "    maxconn 4000", "defaults", "    timeout connect 5s", "    timeout client 1h",
                 "    timeout server 1h", "    timeout tunnel 1h", "    retries 3", "    option redispatch"]
        for name, mode, port, nodes in (("web", "http", self.port, web), ("ssh", "tcp", self.ssh_port, ssh)):
            if not nodes:
                continue
            lines += [f"frontend {name}", f"    mode {mode}", f"    bind 127.0.0.1:{port}", f"    default_backend {name}-nodes",
                      f"backend {name}-nodes", f"    mode {mode}", "    balance roundrobin"]
            lines += [f"    server n{index} 127.0.0.1:{node_port}" for index, node_port in enumerate(nodes)]
        config = os.path.join(folder, "haproxy.cfg")
        with open(config, "w") as file:
            file.write("\n".join(lines) + "\n")
        self.process = subprocess.Popen([HAPROXY, "-db", "-f", config], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        for port in (self.port, self.ssh_port) if ssh and web else (self.port,) if web else (self.ssh_port,):
            eventually(lambda port=port: self.accepts(port), f"HAProxy listens on {port}")

    def accepts(self, port):
        import socket
        assert self.process.poll() is None, f"HAProxy ended: {self.process.stderr.read()!r}"
        try:
            socket.create_connection(("127.0.0.1", port), timeout=DEADLINE).close()
            return True
        except OSError:
            return False

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=DEADLINE)


def page_path(tab):
    """Where the page is, as the server last told it (what a reloaded page sends back)."""
    return [message for message in tab.messages if message.get("type") == "location"][-1]["path"]


def audited(node_home):
    """The records of the node's audit log so far."""
    path = os.path.join(node_home, "audit.jsonl")
    if not os.path.exists(path):
        return []
    with open(path) as file:
        return [json.loads(line) for line in file if line.endswith("\n")]


@pytest.fixture(scope="module")
def database():
    server = ScratchPostgres()
    yield server
    server.stop()


def kept(database, session_id, what):
    """Waits until the database holds a state of `session_id` with `what` in it."""
    eventually(lambda: what in database.query(f"SELECT state FROM flowshell_session_states WHERE id = '{session_id}'"),
               f"the change with {what!r} is kept in the database")


def node_options(database, home):
    """What each node is started with: the shared database and an audit log in its home."""
    return ["--database", database.address, "--audit-log", os.path.join(home, "audit.jsonl")]


@contextlib.contextmanager
def cluster(tmp_path, names, start, balance):
    """Starts a node (`start(home)`) in a home of its own for each of `names`, then the balancer
    in front of them (`balance(nodes)`); yields the homes, nodes and balancer, and stops all that
    still runs when the test ends, passed or not."""
    homes = [str(tmp_path / name) for name in names]
    nodes = []
    balancer = None
    try:
        for home in homes:
            os.makedirs(home)
            nodes.append(start(home))
        balancer = balance(nodes)
        yield homes, nodes, balancer
    finally:
        if balancer:
            balancer.stop()
        for node in nodes:
            if node.process.poll() is None:
                node.stop()


def kill(node):
    """Kills a node with SIGKILL, leaving it no time to keep anything more."""
    node.process.send_signal(signal.SIGKILL)
    node.process.wait()


def test_every_tab_of_a_killed_node_comes_back_through_the_balancer(build, tmp_path, database):
    def start(home):
        return WebServer(build / "flowshell-serve", home, extra=["--config", CONFIG] + node_options(database, home))

    with cluster(tmp_path, ("a", "b", "c"), start,
                 lambda nodes: Balancer(str(tmp_path), web=[node.port for node in nodes])) as (homes, nodes, balancer):
        assert len({node.token for node in nodes}) == 1, "every node prints the flow's one token"
        front = copy.copy(nodes[0])
        front.port, front.authority = balancer.port, f"127.0.0.1:{balancer.port}"
        tabs = []
        for index in range(50):
            tab = Tab(front)
            tab.wait(lambda message: message.get("type") == "screen")
            car = CARS[index % len(CARS)]
            tab.run(f"alias w{index} where")
            tab.run(f"select {car}")
            tabs.append((tab, car, index))
        # One more stops at the sign-in the guard of `book` opens.
        guarded = Tab(front)
        guarded.wait(lambda message: message.get("type") == "screen")
        guarded.run("select rio")
        assert screen_of(guarded.run("book"))["title"] == "Sign in", "book asks who is booking first"
        for tab, car, _ in tabs:
            kept(database, tab.tab, f"select {car}")
        kept(database, guarded.tab, "book")
        # Who served whom, from the nodes' own audit logs.
        served = {}
        for node_index, home in enumerate(homes):
            for record in audited(home):
                served[record["session"]] = node_index
        eventually(lambda: all(tab.tab in served for tab, _, _ in tabs), "every tab's lines are in its node's audit log")
        counts = [sum(1 for tab, _, _ in tabs if served[tab.tab] == n) for n in range(3)]
        assert all(count > 0 for count in counts), f"round robin spreads the tabs over the three nodes ({counts})"
        victim = served[tabs[0][0].tab]
        kill(nodes[victim])
        for tab, _, _ in tabs + [(guarded, "rio", None)]:
            tab.drop()
        for tab, car, index in tabs:
            back = Tab(front, tab=tab.tab, key=tab.key, path=page_path(tab), resume=True)
            back.wait(lambda message: message.get("type") == "screen")
            assert screen_of(back.messages)["title"] == TITLES[car], f"tab {index} is back at {car}"
            assert f"select {car}" in json.dumps(back.run("history"), ensure_ascii=False), f"tab {index} has its history"
            assert TITLES[car] in json.dumps(back.run(f"w{index}"), ensure_ascii=False), f"tab {index} has its alias"
            back.close()
        lost = sum(1 for tab, _, _ in tabs if served[tab.tab] == victim)
        assert lost > 0, "the killed node served some of them"
        back = Tab(front, tab=guarded.tab, key=guarded.key, path=page_path(guarded), resume=True)
        back.wait(lambda message: message.get("type") == "screen")
        assert screen_of(back.messages)["title"] == "Sign in", "the tab stopped at the sign-in is back there"
        assert screen_of(back.run("login ann"))["title"] == "Book Kia Rio", "and goes on to its booking after signing in"
        back.close()


def test_an_ssh_user_logs_in_again_through_the_balancer_after_their_node_died(build, tmp_path, database):
    if not shutil.which("ssh"):
        pytest.skip("needs OpenSSH's client (scripts/install-ssh-test-deps.sh installs it)")
    pexpect = pytest.importorskip("pexpect")
    keys_folder = str(tmp_path)
    alice = make_key(keys_folder, "alice", comment="alice@laptop")
    keys = os.path.join(keys_folder, "authorized_keys")
    with open(keys, "w") as file:
        file.write(public_line(alice) + "\n")
    os.chmod(keys, 0o600)
    zoe = r"Renault Zoe(\x1b\[[0-9;]*m)? › "

    def start(home):
        return SSHServer(str(build / "flowshell-serve"), home, keys, config=CONFIG, keeps_places=True,
                         extra=node_options(database, home))

    with cluster(tmp_path, ("a", "b"), start,
                 lambda nodes: Balancer(str(tmp_path), ssh=[node.port for node in nodes])) as (homes, nodes, balancer):
        front = copy.copy(nodes[0])
        front.port, front.home = balancer.ssh_port, keys_folder
        ann = session(front, alice)
        ann.expect(r"Cars(\x1b\[[0-9;]*m)? › ")
        ann.send("select zoe\r")
        ann.expect(zoe)
        eventually(lambda: any(r["line"] == "select zoe" for home in homes for r in audited(home)), "the line is audited")
        # Each change is kept just after its line: SIGKILL then gives the node no time to keep more.
        eventually(lambda: "select zoe" in database.query("SELECT state FROM flowshell_session_states WHERE kind = 'carsharing/ssh-user'"),
                   "the user's place is kept in the database")
        victim = next(index for index, home in enumerate(homes) if any(r["line"] == "select zoe" for r in audited(home)))
        kill(nodes[victim])
        ann.close(force=True)
        again = session(front, alice)
        again.expect(zoe)
        again.send("history\r")
        again.expect(zoe)
        assert "select zoe" in plain(again.before), "the next login, on the other node, is where the user was"
        again.send("quit\r")
        again.expect(pexpect.EOF)
        again.close()
