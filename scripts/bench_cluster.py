#!/usr/bin/env python3
"""`make bench`'s rows for several servers of one flow (#41), each side by side with the data-folder
default (two servers of one home on this machine): every tab back after a node's kill -9 under 50
tabs (50 tabs on node A, each at a car; A killed with SIGKILL; all 50 come back on node B at once,
opened by one event loop, each timed from its first connect to its screen, a connection the door
refused tried again after 50 ms (the page tries again too), with the CPU node B spent on them); a
booking on one node shown in a tab on another (from `confirm` sent through node B to the booking's
screen in a My bookings tab on node A); a command's round trip (`sort` by another order each time, a
tab on each store, rounds alternating so that the machine's load falls on both alike); the tabs two
nodes serve beside one (on PostgreSQL, behind HAProxy with round robin, each node on a CPU core of
its own, each tab running `sort` 5 times a second: the most tabs of a doubling series one node
serves with a round trip's p99 within 20 ms, then twice as many on one node and on two; skipped,
saying why, without HAProxy); and a page back after its node's kill -9 (a headless Chromium on the
page, through HAProxy in front of two nodes on PostgreSQL: from the page seeing its connection lost
to its connection back, on the page's own clock; skipped, saying why, without Chromium,
chromedriver, Selenium or HAProxy). Each figure is the median with the min–max, and the p99.

    python3 scripts/bench_cluster.py            # release builds, the goals checked
    python3 scripts/bench_cluster.py --quick    # CI: the debug build `make test` made, short, no goals
    python3 scripts/bench_cluster.py --save     # ... and write the result to bench/cluster.json

Needs PostgreSQL's binaries (scripts/install-postgres-test-deps.sh); writes .build/bench/cluster.json.
Not a test: figures vary with the machine and its load.
"""
import asyncio
import json
import os
import pathlib
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import bench_rows  # noqa: E402
import webflood  # noqa: E402
from bench_rows import ROOT  # noqa: E402
from scratch_postgres import ScratchPostgres, free_port  # noqa: E402
from webclient import Server, Tab, screen_of  # noqa: E402
from websockets.exceptions import ConnectionClosed, InvalidHandshake  # noqa: E402

REFERENCE = ROOT / "bench" / "cluster.json"
CARS = ["smart", "rio", "polo", "zoe", "leaf", "octavia", "model3"]
TITLES = {"smart": "Smart ForTwo", "rio": "Kia Rio", "polo": "Volkswagen Polo", "zoe": "Renault Zoe",
          "leaf": "Nissan Leaf", "octavia": "Škoda Octavia", "model3": "Tesla Model 3"}
GOALS = {"resume_all_ms": 1000, "resume_p50_ms": 100, "booking_p99_ms": 50, "round_trip_ratio": 1.5}
DEADLINE = 120
# The tabs two nodes serve beside one's: the counts tried on one node (doubling), the lines each tab
# runs a second, the seconds measured after a warm-up, and the p99 one node is held to.
CAPACITY = {"steps": (50, 100, 200, 400, 800), "rate": 5, "seconds": 15, "warmup": 3, "goal_ms": 20}
CAPACITY_QUICK = {"steps": (10,), "rate": 5, "seconds": 3, "warmup": 1, "goal_ms": 20}
SORTS = ("price", "name", "distance")


def summary(times):
    return bench_rows.summary(times, digits=2)


def eventually(check, what):
    """Polls `check` until it holds (a liveness bound, not a measured wait)."""
    deadline = time.monotonic() + DEADLINE
    while not check():
        if time.monotonic() > deadline:
            raise RuntimeError(f"{what} did not happen within {DEADLINE} s")
        time.sleep(0.05)


def nodes(binary, scratch, store, database, count=2):
    """`count` servers of the flow: on `database` with a home each, or on one shared home (the data folder)."""
    servers = []
    for index in range(count):
        if store == "postgres":
            home = os.path.join(scratch, f"pg-{index}-{time.monotonic_ns()}")
            extra = ("--database", database.address)
        else:
            home = os.path.join(scratch, f"folder-{time.monotonic_ns()}") if index == 0 else servers[0].home
            extra = ()
        os.makedirs(home, exist_ok=True)
        server = Server(binary, home, extra=extra)
        server.home = home
        servers.append(server)
    return servers


def tab_at_screen(server, **arguments):
    tab = Tab(server, **arguments)
    tab.wait(lambda message: message.get("type") == "screen")
    return tab


def resume_after_kill(binary, scratch, store, database, tabs):
    """Each tab's time (ms) from its connect on the surviving node to its screen, all at once."""
    first, second = nodes(binary, scratch, store, database)
    try:
        opened = []
        for index in range(tabs):
            tab = tab_at_screen(first)
            car = CARS[index % len(CARS)]
            tab.run(f"select {car}")
            opened.append((tab, car))
        if store == "postgres":
            eventually(lambda: int(database.query(
                "SELECT count(*) FROM flowshell_session_states WHERE state LIKE '%select %'").strip() or 0) >= tabs,
                "every tab's place kept")
        else:
            folder = pathlib.Path(first.home) / "state"
            eventually(lambda: sum("select " in path.read_text(errors="replace")
                                   for path in folder.rglob("web-tabs/*") if path.is_file()) >= tabs,
                       "every tab's place kept")
        first.process.send_signal(signal.SIGKILL)
        first.process.wait()
        for tab, _ in opened:
            tab.drop()
        used = cpu_ms(second.process.pid)
        times, problems = asyncio.run(_all_back(second.authority, [(tab.tab, tab.key, car) for tab, car in opened]))
        used = cpu_ms(second.process.pid) - used
        if problems:
            raise RuntimeError("; ".join(problems))
        return times, used / tabs
    finally:
        for server in (first, second):
            if server.alive():
                server.stop()


async def _all_back(authority, tabs):
    """Each tab of `tabs` (its id, key and car) connecting to `authority` at once, as its page does
    after its node died: the time (ms) from each one's first connect to its screen, and what went
    wrong. One event loop opens them all: a thread a tab would time this process's own contention."""
    from websockets.asyncio.client import connect

    async def back(tab, key, car):
        began = time.perf_counter_ns()
        for _ in range(20):
            # The door refuses some of 50 connections at once from one address (its share of
            # startups): the page connects again, as here, and that time counts.
            try:
                async with connect(f"ws://{authority}/ws", origin=f"http://{authority}", compression=None,
                                   ping_interval=None, max_size=None, open_timeout=DEADLINE,
                                   close_timeout=DEADLINE) as socket_:
                    await socket_.send(json.dumps({"type": "hello", "tab": tab, "key": key, "path": f"/cars/{car}",
                                                   "resume": True}))
                    while True:
                        message = json.loads(await socket_.recv())
                        if message.get("type") == "closed":
                            raise ConnectionError(message.get("reason"))
                        if message.get("type") == "screen":
                            elapsed = (time.perf_counter_ns() - began) / 1e6
                            return elapsed, None if message["title"] == TITLES[car] else f"a tab is not back at {car}"
            except (OSError, ConnectionError, ConnectionClosed, InvalidHandshake):
                await asyncio.sleep(0.05)
        return None, "a tab was refused 20 times"

    results = await asyncio.gather(*(back(*tab) for tab in tabs))
    return [elapsed for elapsed, _ in results], [problem for _, problem in results if problem]


def cpu_ms(pid):
    """The CPU time (ms) process `pid` has used so far, its threads' user and system time."""
    fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


def why_no_page():
    """Why the page's row cannot run here, or None."""
    missing = [name for name in ("chromium", "chromedriver", "haproxy") if not shutil.which(name)
               and not os.path.exists(f"/usr/sbin/{name}")]
    try:
        import selenium  # noqa: F401
    except ImportError:
        missing.append("selenium")
    return f"needs {', '.join(missing)}" if missing else None


def stop_all(balancer, servers):
    """Stops the load balancer (when one was started) and every node still up."""
    if balancer:
        balancer.terminate()
        balancer.wait(DEADLINE)
    for server in servers:
        if server.alive():
            server.stop()


def balanced(folder, ports):
    """HAProxy in front of `ports`, as docs/scaling.md configures it: round robin, nothing sticky,
    a connection to a node that is gone sent to another at once."""
    port = free_port()
    lines = ["global", "    maxconn 4000", "defaults", "    timeout connect 5s", "    timeout client 1h",
             "    timeout server 1h", "    timeout tunnel 1h", "    retries 3", "    option redispatch",
             "frontend web", "    mode http", f"    bind 127.0.0.1:{port}", "    default_backend nodes",
             "backend nodes", "    mode http", "    balance roundrobin"]
    lines += [f"    server n{index} 127.0.0.1:{node}" for index, node in enumerate(ports)]
    config = pathlib.Path(folder) / "haproxy.cfg"
    config.write_text("\n".join(lines) + "\n")
    haproxy = shutil.which("haproxy") or "/usr/sbin/haproxy"
    process = subprocess.Popen([haproxy, "-db", "-f", str(config)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def accepts():
        try:
            socket.create_connection(("127.0.0.1", port), timeout=DEADLINE).close()
            return True
        except OSError:
            return False

    eventually(accepts, "HAProxy listens")
    return process, port


def page_back_after_kill(binary, scratch, database, runs):
    """Each run's time (ms) from the page seeing its connection lost — its node killed with
    SIGKILL — to its connection back through the balancer, on the page's clock."""
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
    options = Options()
    options.binary_location = shutil.which("chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
    times = []
    try:
        for run in range(runs):
            folder = pathlib.Path(scratch) / f"page-{run}"
            homes = [folder / name for name in ("a", "b")]
            servers, balancer = [], None
            try:
                for home in homes:
                    home.mkdir(parents=True)
                    servers.append(Server(binary, home, extra=("--database", database.address,
                                                               "--audit-log", str(home / "audit.jsonl"))))
                balancer, port = balanced(folder, [server.port for server in servers])
                wait = WebDriverWait(driver, DEADLINE)
                driver.get(f"http://127.0.0.1:{port}/?token={servers[0].token}")
                wait.until(lambda d: d.find_element(By.ID, "title").text == "Cars")
                driver.find_element(By.CSS_SELECTOR, 'button.row-open[title="select zoe"]').click()
                wait.until(lambda d: d.find_element(By.ID, "title").text == "Renault Zoe")
                driver.execute_script(
                    "window.marks = []; const shown = document.getElementById('connection');"
                    "new MutationObserver(() => window.marks.push([shown.dataset.kind, performance.now()]))"
                    ".observe(shown, {attributes: true, attributeFilter: ['data-kind']});")
                # The node that serves the page is the one whose audit log has its line.
                def audited(home):
                    log = home / "audit.jsonl"
                    return log.exists() and "select zoe" in log.read_text()

                eventually(lambda nodes=homes: any(audited(home) for home in nodes), "the page's line audited")
                serving = next(server for server, home in zip(servers, homes, strict=True) if audited(home))
                eventually(lambda: int(database.query(
                    "SELECT count(*) FROM flowshell_session_states WHERE state LIKE '%select zoe%'").strip() or 0) >= 1,
                    "the page's place kept")
                serving.process.send_signal(signal.SIGKILL)
                serving.process.wait()
                wait.until(lambda d: any(kind == "ok" for kind, _ in d.execute_script("return window.marks")))
                marks = driver.execute_script("return window.marks")
                lost = next(moment for kind, moment in marks if kind == "lost")
                back = next(moment for kind, moment in marks if kind == "ok")
                wait.until(lambda d: d.find_element(By.ID, "title").text == "Renault Zoe")
                times.append(back - lost)
            finally:
                stop_all(balancer, servers)
    finally:
        driver.quit()
    return times


class Watcher:
    """A tab whose every message is read, with when it came, on a thread of its own."""

    def __init__(self, tab):
        self.tab = tab
        self.arrivals = []
        self.thread = threading.Thread(target=self.read, daemon=True)
        self.thread.start()

    def read(self):
        while (message := self.tab.read_message()) is not None:
            self.arrivals.append((time.perf_counter_ns(), message))

    def shown(self, code, after):
        for when, message in list(self.arrivals):
            if when >= after and message.get("type") == "screen" and code in json.dumps(message):
                return when
        return None


def signed_in(server, user, *lines):
    tab = tab_at_screen(server)
    for line in lines:
        tab.run(line)
    if screen_of(tab.messages)["screen"] == "auth.login":
        tab.run(f"login {user}")
    return tab


def booking_across_nodes(binary, scratch, store, database, bookings):
    """Each booking's time (ms) from `confirm` sent through node B to its screen in node A's My bookings."""
    first, second = nodes(binary, scratch, store, database)
    try:
        watcher = Watcher(signed_in(first, "ann", "bookings"))
        booker = signed_in(second, "ann", "select rio", "book")
        booker.run("cancel")
        times = []
        for index in range(bookings):
            booker.run("book")
            booker.run(f"from {index + 1}")
            sent = time.perf_counter_ns()
            answers = booker.run("confirm")
            code = next((word.rstrip(".,") for word in json.dumps(answers).split() if word.startswith("BK-")), None)
            if code is None:
                raise RuntimeError(f"booking {index} was not made: {answers}")
            eventually(lambda code=code, sent=sent: watcher.shown(code, sent) is not None, "the booking shown on the other node")
            times.append((watcher.shown(code, sent) - sent) / 1e6)
        booker.close()
        watcher.tab.drop()
        return times
    finally:
        for server in (first, second):
            server.stop()


def round_trips(binary, scratch, database, calls, rounds, warmup):
    """`sort` round trips (ms) of a tab on a PostgreSQL node and one on a data-folder node, paired."""
    servers = {"postgres": nodes(binary, scratch, "postgres", database, 1)[0],
               "folder": nodes(binary, scratch, "folder", database, 1)[0]}
    times = {name: [] for name in servers}
    try:
        tabs = {name: tab_at_screen(server) for name, server in servers.items()}
        for tab in tabs.values():
            for number in range(warmup):
                tab.run(f"sort {('price', 'name', 'distance')[number % 3]}")
        for index in range(rounds):
            order = list(tabs.items())
            if index % 2:
                order.reverse()
            for name, tab in order:
                for number in range(calls // rounds):
                    began = time.perf_counter_ns()
                    tab.run(f"sort {('price', 'name', 'distance')[number % 3]}")
                    times[name].append((time.perf_counter_ns() - began) / 1e6)
        for tab in tabs.values():
            tab.close()
        return times
    finally:
        for server in servers.values():
            server.stop()


async def _lines_at_a_pace(authority, token, tabs, rate, seconds, warmup):
    """`tabs` tabs through `authority`, each running `sort` `rate` times a second for `warmup` and
    then `seconds` seconds; the round trips (ms, from a line sent to its `done`) of the measured part."""
    from websockets.asyncio.client import connect
    opened, times = [], []
    door = asyncio.Semaphore(4)

    async def open_tab():
        async with door:
            for _ in range(20):
                try:
                    socket_ = await connect(f"ws://{authority}/ws", origin=f"http://{authority}", compression=None,
                                            ping_interval=None, max_size=None, open_timeout=DEADLINE,
                                            close_timeout=DEADLINE)
                    await socket_.send(json.dumps({"type": "hello", "token": token}))
                    while True:
                        message = json.loads(await socket_.recv())
                        if message.get("type") == "closed":
                            raise ConnectionError(message.get("reason"))
                        if message.get("type") == "screen":
                            opened.append(socket_)
                            return
                except (OSError, ConnectionError, ConnectionClosed, InvalidHandshake):
                    # The door refuses some startups at once, as the page's would be: tried again.
                    await asyncio.sleep(0.05)
            raise RuntimeError(f"a tab was refused 20 times at {authority}")

    await asyncio.gather(*(open_tab() for _ in range(tabs)))
    loop = asyncio.get_running_loop()
    period = 1 / rate
    began = loop.time()
    measured_from, until = began + warmup, began + warmup + seconds

    async def pace(socket_, index):
        # Each tab's lines spread over the period, so that they do not all come at once.
        next_line = began + period * index / tabs
        number = 0
        while next_line < until:
            await asyncio.sleep(max(0, next_line - loop.time()))
            number += 1
            sent = time.perf_counter_ns()
            await socket_.send(json.dumps({"type": "run", "line": f"sort {SORTS[number % 3]}", "id": number}))
            while True:
                data = await socket_.recv()
                if '"done"' in data and json.loads(data).get("id") == number:
                    break
            if loop.time() >= measured_from:
                times.append((time.perf_counter_ns() - sent) / 1e6)
            next_line += period

    await asyncio.gather(*(pace(socket_, index) for index, socket_ in enumerate(opened)))
    await asyncio.gather(*(socket_.close() for socket_ in opened))
    return times


def pinned(core):
    """What a node is started with to run on `core` alone, as a machine of its own has its CPU."""
    return lambda: os.sched_setaffinity(0, {core})


def capacity(binary, scratch, database, steps, rate, seconds, warmup, goal_ms):
    """One node, then two behind HAProxy (round robin), each node on a core of its own, on
    PostgreSQL: the most tabs of `steps` one node serves with a `sort` round trip's p99 within
    `goal_ms` (each tab running `rate` lines a second), then that count doubled on one node and
    on two. Returns the figures of each run."""
    webflood.raise_file_limit(16384)
    runs = []

    def run(count, tabs):
        folder = pathlib.Path(scratch) / f"capacity-{count}-{tabs}-{time.monotonic_ns()}"
        servers, balancer = [], None
        try:
            for index in range(count):
                home = folder / f"n{index}"
                home.mkdir(parents=True)
                servers.append(Server(binary, home, extra=("--database", database.address), preexec_fn=pinned(index)))
            balancer, port = balanced(folder, [server.port for server in servers])
            times = asyncio.run(_lines_at_a_pace(f"127.0.0.1:{port}", servers[0].token, tabs, rate, seconds, warmup))
            figure = {"nodes": count, "tabs": tabs, **summary(times)}
            print(f"cluster: {tabs} tabs on {count} node{'s' if count > 1 else ''}, {rate} lines a second each: "
                  f"p50 {figure['p50']} ms, p99 {figure['p99']} ms")
            runs.append(figure)
            return figure
        finally:
            stop_all(balancer, servers)

    # The tab counts double from step to step: the first one beyond the goal is also the count
    # two nodes are given.
    served, beyond = None, None
    for tabs in steps:
        beyond = run(1, tabs)
        if beyond["p99"] > goal_ms:
            break
        served, beyond = tabs, None
    # None within the goal (a busy machine): the first count is the one compared, and said so.
    compared = served or steps[0]
    if beyond is None or beyond["tabs"] != 2 * compared:
        run(1, 2 * compared)
    run(2, 2 * compared)
    return {"lines_per_second_per_tab": rate, "p99_goal_ms": goal_ms, "tabs_one_node": served, "compared": compared,
            "runs": runs}


def main():
    parser = bench_rows.arguments(__doc__)
    parser.add_argument("--no-build", action="store_true", help="use the release binary as it is")
    parser.add_argument("--save", action="store_true", help=f"write the result to {REFERENCE.relative_to(ROOT)}")
    arguments = parser.parse_args()
    measured = bench_rows.build_measured(arguments, "flowshell-serve", "cluster rows", ["release-serve"])
    if measured is None:
        return 0
    folder, build = measured
    tabs, bookings, calls, rounds, warmup, pages = (50, 30, 60, 4, 10, 3) if arguments.quick else (50, 100, 300, 10, 50, 10)
    binary = folder / "flowshell-serve"
    scratch = tempfile.mkdtemp(prefix="flowshell-cluster-bench-")
    database = ScratchPostgres()
    result = {"build": build, "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
              "load_before": [round(x, 2) for x in os.getloadavg()]}
    try:
        for store in ("postgres", "folder"):
            times, cpu = resume_after_kill(binary, scratch, store, database, tabs)
            result.setdefault("resume_ms", {})[store] = {**summary(times), "node_cpu_ms_per_tab": round(cpu, 2)}
            result.setdefault("booking_ms", {})[store] = summary(
                booking_across_nodes(binary, scratch, store, database, bookings))
        result["round_trip_ms"] = {name: summary(values) for name, values in
                                   round_trips(binary, scratch, database, calls, rounds, warmup).items()}
        if shutil.which("haproxy") or os.path.exists("/usr/sbin/haproxy"):
            result["capacity"] = capacity(binary, scratch, database, **(CAPACITY_QUICK if arguments.quick else CAPACITY))
        else:
            print("cluster: the tabs' row skipped: needs haproxy")
        if why_no_page():
            print(f"cluster: the page's row skipped: {why_no_page()}")
        else:
            result["page_back_ms"] = summary(page_back_after_kill(binary, scratch, database, pages))
    finally:
        database.stop()
        shutil.rmtree(scratch, ignore_errors=True)
    result["load_after"] = [round(x, 2) for x in os.getloadavg()]
    bench_rows.save("cluster", result)
    if arguments.save:
        REFERENCE.write_text(json.dumps(result, indent=2) + "\n")

    names = {"postgres": "PostgreSQL", "folder": "the data folder"}
    for store, figure in result["resume_ms"].items():
        print(f"cluster ({build}): {figure['count']} tabs back after a node's kill -9, on {names[store]}: "
              f"p50 {figure['p50']} ms ({figure['min']}–{figure['max']}), p99 {figure['p99']} ms; the surviving node's "
              f"CPU {figure['node_cpu_ms_per_tab']} ms a tab")
    for store, figure in result["booking_ms"].items():
        print(f"cluster ({build}): a booking through node B shown on node A, {figure['count']} bookings, on "
              f"{names[store]}: p50 {figure['p50']} ms ({figure['min']}–{figure['max']}), p99 {figure['p99']} ms")
    trips = result["round_trip_ms"]
    ratio = trips["postgres"]["p50"] / trips["folder"]["p50"]
    for store, figure in trips.items():
        print(f"cluster ({build}): `sort` round trip, {figure['count']} lines, on {names[store]}: "
              f"p50 {figure['p50']} ms ({figure['min']}–{figure['max']}), p99 {figure['p99']} ms")
    print(f"cluster ({build}): PostgreSQL's p50 is {ratio:.2f}× the data folder's")
    if "page_back_ms" in result:
        figure = result["page_back_ms"]
        print(f"cluster ({build}): a page back through HAProxy after its node's kill -9, {figure['count']} runs: "
              f"p50 {figure['p50']} ms ({figure['min']}–{figure['max']}), p99 {figure['p99']} ms")
    if "capacity" in result:
        row = result["capacity"]
        one = next(run for run in row["runs"] if run["nodes"] == 1 and run["tabs"] == row["compared"])
        double = next(run for run in row["runs"] if run["nodes"] == 1 and run["tabs"] == 2 * row["compared"])
        two = next(run for run in row["runs"] if run["nodes"] == 2)
        within = "within" if row["tabs_one_node"] else "beyond"
        print(f"cluster ({build}): one node serves {one['tabs']} tabs ({row['lines_per_second_per_tab']} lines a second "
              f"each) at p99 {one['p99']} ms, {within} {row['p99_goal_ms']} ms, and {double['tabs']} at p99 "
              f"{double['p99']} ms; two serve {two['tabs']} at p99 {two['p99']} ms")
    if not arguments.quick:
        resume, booking = result["resume_ms"]["postgres"], result["booking_ms"]["postgres"]
        folder = result["resume_ms"]["folder"]
        met = (all(figure["max"] <= GOALS["resume_all_ms"] and figure["p50"] <= GOALS["resume_p50_ms"]
                   for figure in (resume, folder))
               and booking["p99"] <= GOALS["booking_p99_ms"] and ratio <= GOALS["round_trip_ratio"])
        if "capacity" in result:
            met = met and row["tabs_one_node"] is not None and two["p99"] <= row["p99_goal_ms"]
        print("cluster goals " + ("met" if met else "missed")
              + f" (every tab back ≤ {GOALS['resume_all_ms']} ms, median ≤ {GOALS['resume_p50_ms']} ms, on both stores; "
              + f"a booking on another node p99 ≤ {GOALS['booking_p99_ms']} ms; round trip p50 ≤ "
              + f"{GOALS['round_trip_ratio']}×; two nodes serve twice the tabs within the p99 one held)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
