"""`serve --database`: several servers of one flow on one PostgreSQL, as several machines behind a
load balancer would run (each node here has a home and data folder of its own, so nothing is shared
but the database). Every node prints the same token; a tab opened on one node comes back on another
with its place, history and aliases, also after its node was killed with SIGKILL; a booking made
through one node reaches a live My bookings on another, and two nodes racing to book one car book it
once, the other told why; a sign-in through one node holds on another, and a setting changed
through one node reaches a tab open on another; a piped `flowshell
--database` lists a booking made through a node; a database that cannot be
reached, or an address that is wrong, is said in words before anything listens; a database that
goes away under a live node refuses a booking in words, with nothing kept, a tab opened meanwhile
starts, the node says once that
it is away and once that it is back, what a tab became meanwhile is kept then, and the booking then
goes through; an agent's handle goes on through another node after its node was killed."""
import json
import os
import re
import signal
import subprocess
import time
from itertools import pairwise

import anyio
import pytest
from mcp import Client
from scratch_postgres import ScratchPostgres, free_port
from webclient import Tab, screen_of

CONFIG = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "config.json")


@pytest.fixture(scope="module")
def database():
    server = ScratchPostgres()
    yield server
    server.stop()


def node(serve, home, name, database):
    folder = os.path.join(home, name)
    os.makedirs(folder)
    return serve(home_folder=folder, extra=("--database", database.address))


def agents_url(server):
    return f"http://{server.authority}/mcp?token={server.token}"


def told(messages):
    return json.dumps(messages)


def kept(database, tab, what):
    """Waits until the database holds a state of `tab` with `what` in it: a node writes a change
    just after its line ends, as the next line may already run (a liveness bound only)."""
    deadline = time.monotonic() + 120
    while what not in database.query(f"SELECT state FROM flowshell_session_states WHERE id = '{tab}'"):
        assert time.monotonic() < deadline, f"the change with {what!r} is kept in the database"
        time.sleep(0.05)


def test_any_node_resumes_any_tab(serve, home, database):
    first, second = node(serve, home, "a", database), node(serve, home, "b", database)
    assert first.token == second.token, "every node of the flow prints the same token, kept in the database"
    tab = Tab(first)
    tab.wait(lambda message: message.get("type") == "screen")
    tab.run("alias w where")
    tab.run("select polo")
    tab.close()
    kept(database, tab.tab, "select polo")

    back = Tab(second, tab=tab.tab, key=tab.key, path="/cars/polo", resume=True)
    back.wait(lambda message: message.get("type") == "screen")
    assert back.tab == tab.tab and screen_of(back.messages)["title"] == "Volkswagen Polo", (
        "a tab let in by one node's key comes back on another, where it was"
    )
    assert "select polo" in told(back.run("history")), "with the history typed on the other node"
    assert "Volkswagen Polo" in told(back.run("w")), "and its aliases"
    back.close()


def test_a_killed_node_s_tab_comes_back_on_another(serve, home, database):
    first, second = node(serve, home, "a", database), node(serve, home, "b", database)
    tab = Tab(first)
    tab.wait(lambda message: message.get("type") == "screen")
    tab.run("select zoe")
    # Each change is kept just after its line: SIGKILL then gives the node no time to keep more.
    kept(database, tab.tab, "select zoe")
    first.process.send_signal(signal.SIGKILL)
    first.process.wait()
    back = Tab(second, tab=tab.tab, key=tab.key, path="/cars/zoe", resume=True)
    back.wait(lambda message: message.get("type") == "screen")
    assert screen_of(back.messages)["title"] == "Renault Zoe", "the killed node's tab continues on another node"
    assert "select zoe" in told(back.run("history"))
    back.close()


def test_a_killed_node_s_agent_handle_goes_on_on_another(serve, home, database):
    """An agent's handle is a session like a tab's: kept in the database after each call, so it
    goes on through any node when the one that served it died."""
    nodes = []
    for name in ("a", "b"):
        folder = os.path.join(home, name)
        os.makedirs(folder)
        nodes.append(serve(home_folder=folder, extra=("--database", database.address, "--mcp", "--config", CONFIG)))
    first, second = nodes
    handle = None

    async def before():
        nonlocal handle
        async with Client(agents_url(first), mode="legacy") as client:
            handle = (await client.call_tool("open", {})).structured_content["handle"]
            selected = await client.call_tool("run", {"handle": handle, "command": "select", "arguments": {"CAR-ID": "zoe"}})
            assert selected.structured_content["screen"] == "cars.details"
    anyio.run(before)
    kept(database, handle, "select zoe")
    first.process.send_signal(signal.SIGKILL)
    first.process.wait()

    async def after():
        async with Client(agents_url(second), mode="legacy") as client:
            screen = await client.call_tool("screen", {"handle": handle})
            assert screen.structured_content["screen"] == "cars.details", "the handle goes on on the other node"
            history = await client.call_tool("run", {"handle": handle, "command": "history"})
            assert "select zoe" in json.dumps(history.structured_content), "with its history"
    anyio.run(after)


def signed_in(tab, user, *lines):
    """The tab, let in and signed in as `user` through the guard that `lines` meet (run first),
    unless a sign-in kept in the database (the modules' settings, every node's) holds already."""
    tab.wait(lambda message: message.get("type") == "screen")
    for line in lines:
        tab.run(line)
    if screen_of(tab.messages)["screen"] == "auth.login":
        assert screen_of(tab.run(f"login {user}"))["screen"] != "auth.login", f"{user} is signed in"
    return tab


def errors(messages):
    return [message["message"] for message in messages if message["type"] == "error"]


def test_a_booking_on_one_node_reaches_a_tab_on_another(serve, home, database):
    first, second = node(serve, home, "a", database), node(serve, home, "b", database)
    watcher = signed_in(Tab(first), "ann", "bookings")
    assert screen_of(watcher.messages)["title"] == "My bookings"
    booker = signed_in(Tab(second), "ann", "select rio", "book")
    answers = booker.run("confirm")
    assert errors(answers) == [], answers
    code = re.search(r"booking (BK-\d+)", told(answers)).group(1)
    # Told through the database (NOTIFY), the first node's open list reads the bookings again.
    shown = watcher.wait(lambda message: message.get("type") == "screen" and code in told(message))
    assert "Kia Rio" in told(shown), shown
    watcher.close()
    booker.close()


def test_a_sign_in_on_one_node_holds_on_another(serve, home, database):
    # Nobody signed in by an earlier test: removed before the nodes start, since a running node
    # learns of a change from the change's notice, which a hand-made one lacks.
    database.query("DELETE FROM flowshell_settings")
    first, second = node(serve, home, "a", database), node(serve, home, "b", database)
    tab = Tab(first)
    tab.wait(lambda message: message.get("type") == "screen")
    assert screen_of(tab.run("bookings"))["title"] == "Sign in", "My bookings asks who is there first"
    assert screen_of(tab.run("login bea"))["title"] == "My bookings"
    tab.close()
    # The sign-in is kept in the database just after its line (a liveness bound only).
    deadline = time.monotonic() + 120
    while "bea" not in database.query("SELECT value FROM flowshell_settings"):
        assert time.monotonic() < deadline, "the sign-in is kept in the database"
        time.sleep(0.05)
    other = Tab(second)
    other.wait(lambda message: message.get("type") == "screen")
    shown = screen_of(other.run("bookings"))
    assert shown["title"] == "My bookings", f"no sign-in asked again on a node the person had not used: {shown}"
    other.close()


def test_a_setting_changed_on_one_node_reaches_a_tab_open_on_another(serve, home, database):
    database.query("DELETE FROM flowshell_settings")
    first, second = node(serve, home, "a", database), node(serve, home, "b", database)
    watcher = Tab(first)
    watcher.wait(lambda message: message.get("type") == "screen")
    assert "booking-hours = 1" in told(watcher.run("set booking-hours")), "the default first"
    changer = Tab(second)
    changer.wait(lambda message: message.get("type") == "screen")
    assert errors(changer.run("set booking-hours 8")) == []
    # Told through the database (NOTIFY), the first node reads its settings again; its open tab,
    # started before the change, shows it (asked until it does: a liveness bound only).
    deadline = time.monotonic() + 120
    while "booking-hours = 8" not in told(watcher.run("set booking-hours")):
        assert time.monotonic() < deadline, "the change reaches the tab open on the other node"
        time.sleep(0.05)
    watcher.close()
    changer.close()


def at_a_prompt(build, home, *arguments):
    """What a piped `flowshell` (a home of its own) prints for My bookings, signed in as ann."""
    folder = os.path.join(home, f"terminal-{len(os.listdir(home))}")
    os.makedirs(folder)
    env = dict(os.environ, HOME=folder, XDG_STATE_HOME=f"{folder}/state", XDG_DATA_HOME=f"{folder}/data")
    env.pop("FLOWSHELL_DATABASE", None)
    done = subprocess.run([str(build / "flowshell"), *arguments], input="bookings\nlogin ann\n", capture_output=True,
                          text=True, env=env, cwd=folder, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_terminal_sees_the_served_flow_s_bookings(serve, build, home, database):
    database.query("DELETE FROM flowshell_settings")  # ann books, not whoever an earlier test signed in
    served = node(serve, home, "a", database)
    booker = signed_in(Tab(served), "ann", "select leaf", "book")
    answers = booker.run("confirm")
    assert errors(answers) == [], answers
    code = re.search(r"booking (BK-\d+)", told(answers)).group(1)
    booker.close()
    assert code in at_a_prompt(build, home, "--database", database.address), "a prompt on the database lists it"
    assert code not in at_a_prompt(build, home), "a prompt on its own data folder does not"


def begin(tab, line):
    """Sends a line without waiting for its end; returns what finish() needs."""
    ident, start = tab.next_id, len(tab.messages)
    tab.next_id += 1
    tab.send_json({"type": "run", "line": line, "id": ident})
    return tab, ident, start


def finish(begun):
    tab, ident, start = begun
    tab.wait(lambda message: message.get("type") == "done" and message.get("id") == ident)
    return tab.messages[start:]


def test_two_nodes_racing_for_one_car_book_it_once(serve, home, database):
    first, second = node(serve, home, "a", database), node(serve, home, "b", database)
    tabs = [signed_in(Tab(first), "bea", "select polo", "book"), signed_in(Tab(second), "cid", "select polo", "book")]
    for tab in tabs:
        tab.run("cancel")
    rounds = 100
    for hours in range(1, rounds + 1):
        for tab in tabs:
            assert screen_of(tab.run("book"))["screen"] == "booking.confirm"
            tab.run(f"from {hours}")
        # Both confirm at once, each on its own node.
        outcomes = [finish(begun) for begun in [begin(tab, "confirm") for tab in tabs]]
        refused = [errors(answers) for answers in outcomes]
        assert sorted(len(said) for said in refused) == [0, 1], f"hour {hours}: one books the car, one is told ({refused})"
        loser = next(index for index, said in enumerate(refused) if said)
        assert re.fullmatch(r"Volkswagen Polo is already booked from .* to .* \(BK-\d+\); choose another time with 'from'",
                            refused[loser][0]), refused[loser]
        tabs[loser].run("cancel")
    rows = database.query("SELECT value FROM flowshell_records WHERE collection = 'bookings' AND grp = 'polo'").splitlines()
    bookings = sorted((json.loads(row) for row in rows), key=lambda booking: booking["startsAt"])
    assert len(bookings) == rounds, "one booking an hour"
    assert all(earlier["endsAt"] <= later["startsAt"] for earlier, later in pairwise(bookings)), "none overlaps another"
    codes = database.query("SELECT key FROM flowshell_records WHERE collection = 'bookings'").split()
    assert len(codes) == len(set(codes)), "no code twice"
    for tab in tabs:
        tab.close()


def serve_fails(build, home, *arguments):
    folder = os.path.join(home, "refused")
    os.makedirs(folder, exist_ok=True)
    env = dict(os.environ, HOME=folder, XDG_STATE_HOME=f"{folder}/state", XDG_DATA_HOME=f"{folder}/data")
    return subprocess.run([str(build / "flowshell-serve"), "--port", "0", *arguments], capture_output=True, text=True,
                          env=env, cwd=folder, timeout=120)


def test_an_unreachable_database_is_said_in_words(build, home):
    port = free_port()
    result = serve_fails(build, home, "--database", f"postgres://flowshell:hunter2@127.0.0.1:{port}/flows")
    assert result.returncode == 1 and result.stdout == "", "nothing is served"
    assert result.stderr.startswith(f"error: cannot reach PostgreSQL at 127.0.0.1:{port}/flows"), result.stderr
    assert "is PostgreSQL running there" in result.stderr and "hunter2" not in result.stderr, result.stderr
    assert "nothing answers on that port there" in result.stderr, "what failed, in words"
    assert not re.search(r"errno|connect\(|Error|descriptor", result.stderr), f"no driver's text: {result.stderr}"


def test_a_wrong_address_is_said_in_words(build, home):
    result = serve_fails(build, home, "--database", "mysql://ann:hunter2@db/flows")
    assert result.returncode == 1 and result.stdout == "", "nothing is served"
    assert result.stderr == (
        "error: --database takes a PostgreSQL address (postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE), not a mysql:// one\n"
    ), result.stderr


def test_a_database_away_refuses_a_booking_in_words_and_the_node_recovers(serve, home):
    away = ScratchPostgres()  # its own cluster: the others' tests go on with theirs
    try:
        served = node(serve, home, "a", away)
        booker = signed_in(Tab(served), "ann", "select leaf", "book")
        kept_before = away.query("SELECT count(*) FROM flowshell_records")
        away.run("pg_ctl", "-D", away.data, "-m", "fast", "-w", "-t", "120", "stop")
        refused = errors(booker.run("confirm"))
        assert len(refused) == 1 and "is PostgreSQL running there" in refused[0], refused
        assert "PostgreSQL at 127.0.0.1" in refused[0], f"which server: {refused}"
        assert not re.search(r"errno|connect\(|PSQLError|ConnectionPool", refused[0]), f"no driver's text: {refused}"
        newcomer = Tab(served)  # the node goes on serving what it can: a tab opened meanwhile starts
        newcomer.wait(lambda message: message.get("type") == "screen")
        assert screen_of(newcomer.messages)["title"] == "Cars"
        newcomer.close()
        away.start()
        deadline = time.monotonic() + 120  # a liveness bound only
        while "answers again" not in served.said():
            assert time.monotonic() < deadline, f"the node says the database is back: {served.said()!r}"
            time.sleep(0.05)
        assert away.query("SELECT count(*) FROM flowshell_records") == kept_before, "the refused booking left nothing behind"
        # What the tab became while the database was away (its history has the refused
        # `confirm`) is kept once it answers again, with no further line to carry it.
        kept(away, booker.tab, '"confirm"')
        answers = booker.run("confirm")
        assert errors(answers) == [], answers
        assert re.search(r"booking BK-\d+", told(answers)), "booked once the database is back, on the same node"
        said = served.said()
        assert said.count("does not answer") == 1 and said.count("answers again") == 1, f"each said once: {said!r}"
        booker.close()
    finally:
        away.stop()
