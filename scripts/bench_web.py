#!/usr/bin/env python3
"""`make bench`'s rows for `flowshell serve`: a command's round trip through the WebSocket (from
sending a line to reading its `done`, the browser's rendering excluded, over 100 tabs used in
turn) as median with min–max; the same round trip's p99 while 2,000 half-open requests are held
against a server at `ulimit -n 1024` (scripts/webflood.py); the server's memory with 100
sessions held open for 30 s, per session and over time; and its memory after sessions close
(issue 35): 300 tabs opened (each shows its first screen and runs `select rio`) and closed, four
times (twice in the quick run), the server's RSS once it has given back what the WebSocket
library's timers held (up to 30 s after a round) against its RSS idle after one tab (goal: within
10 %), and the anonymous part of each (the server's own, beside the binary's code). Either run
fails when the anonymous memory after the last round exceeds the first's by more than 10 %: memory
that grows round after round is a leak. On loopback only, and bounded: the sessions and
the flood are this script's, and it stops the servers.

    python3 scripts/bench_web.py            # release build of flowshell-serve, the goals checked
    python3 scripts/bench_web.py --quick    # CI: the debug build `make test` made, short, no goals

Writes .build/bench/web.json; not a test (figures vary with the machine and its load).
"""
import pathlib
import resource
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import bench_rows  # noqa: E402
from bench_rows import ROOT, rss_kib  # noqa: E402
from webclient import Server, Tab  # noqa: E402
from webflood import Flooder, raise_file_limit  # noqa: E402

GOALS = {"round_trip_median_ms": 0.5, "memory_per_session_mb": 1.0, "flood_round_trip_p99_ms": 10.0,
         "memory_after_close_ratio": 1.10}
# Half-open requests held while the flood row measures.
FLOOD = 2000
# The sessions-closed row: tabs a round, rounds, the growth from the first round to the last that
# fails the run, and how long the server may take to give back what the WebSocket library's
# timers held (FreedMemory.lateRelease, 30 s, and a little more).
CYCLES = {"tabs": 300, "rounds": 4, "quick_rounds": 2, "growth_limit": 1.10, "late_release_s": 35.0}


# Tabs used in turn for the round trips: a tab may send 100 messages a second (docs/web.md,
# "Bounds"), and the commands here follow each other faster than that.
TABS_IN_TURN = 100


def open_tabs(server, count=TABS_IN_TURN):
    """`count` tabs, each on a car's details."""
    sockets = []
    for _ in range(count):
        socket = Tab(server)
        socket.wait(lambda message: message.get("type") == "screen")
        socket.run("select rio")
        sockets.append(socket)
    return sockets


def round_trips(sockets, count=None, seconds=None):
    """Commands' round trips over the tabs in turn — `count` of them, or as many as `seconds`
    take — after 200 to warm up; the times in ms. `show` shows the screen again: a whole screen
    encoded and sent each time."""
    for index in range(200):
        sockets[index % len(sockets)].run("show")
    times = []
    until = time.monotonic() + seconds if seconds else None
    while (len(times) < count) if count else (time.monotonic() < until):
        socket = sockets[len(times) % len(sockets)]
        socket.messages.clear()
        started = time.perf_counter_ns()
        socket.run("show")
        times.append((time.perf_counter_ns() - started) / 1e6)
    for socket in sockets:
        socket.close()
    return times


def flood_round_trip(binary, home, seconds):
    """The round trips for `seconds` while 2,000 half-open requests are held against a server at
    `ulimit -n 1024` — long enough, in the full run, for the held requests to reach their
    deadline and be opened again; the times in ms (None when this machine cannot hold the
    flood)."""
    if raise_file_limit(FLOOD + 200) < FLOOD + 100:
        return None
    server = Server(str(binary), home, preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024)))
    flooder = None
    try:
        sockets = open_tabs(server)
        flooder = Flooder(server, FLOOD)
        # Under way once the server has had as many as it would hold (it closes those past its
        # bound on connections on their way in as soon as it accepts them).
        counts = flooder.wait_until(lambda counts: counts.get("open", 0) + counts.get("closed", 0) >= 800)
        if counts is None or "error" in counts:
            raise RuntimeError(f"the flood was not held: {counts}")
        times = round_trips(sockets, seconds=seconds)
        if not server.alive():
            raise RuntimeError("the server died under the flood")
        return times
    finally:
        if flooder:
            flooder.stop()
        server.stop()


def summary(times):
    ordered = sorted(times)
    return {"median": round(statistics.median(times), 3), "min": round(ordered[0], 3), "max": round(ordered[-1], 3),
            "p99": round(ordered[int(len(ordered) * 0.99)], 3), "count": len(times)}


def sessions_memory(server, count, seconds):
    # One session opened and closed first: the app's services (shared) are then set up.
    open_tabs(server, 1)[0].close()
    time.sleep(0.5)
    before = rss_kib(server.process.pid)
    sockets = open_tabs(server, count)
    samples, errors = [], 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for socket in sockets:
            try:
                answers = socket.run("show")
                errors += any(message.get("type") == "error" for message in answers)
                socket.messages.clear()
            except (ConnectionError, OSError):
                errors += 1
        samples.append(rss_kib(server.process.pid))
    for socket in sockets:
        socket.close()
    return before, samples, errors


def settled_rss_kib(pid, quiet=1.0, bound=30.0, enough=None):
    """The server's RSS once it has not changed for `quiet` seconds and, when `enough` is given,
    is at most `enough` KiB or `bound` seconds have passed (the WebSocket library holds a closed
    connection's memory until its ping timer's deadline, 30 s, and the server gives it back then);
    `bound` is a liveness bound: a server that keeps changing is read as it is then."""
    last, since = rss_kib(pid), time.monotonic()
    deadline = time.monotonic() + bound
    while time.monotonic() < deadline:
        time.sleep(0.1)
        now = rss_kib(pid)
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= quiet and (enough is None or now <= enough):
            break
    return last


def anonymous_kib(pid):
    """The part of process `pid`'s resident memory that is its own (`RssAnon`: the allocator's
    arenas, the threads' stacks), in KiB — the rest is mostly the binary's code, read from its
    file, which varies from run to run with what the page cache keeps."""
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("RssAnon:"):
            return int(line.split()[1])
    return 0


def sessions_closed(server, tabs, rounds):
    """RSS (KiB) idle after one tab, then after each round of `tabs` tabs opened and closed, each
    once the server has given back what the WebSocket library's timers held (or it is within the
    goal); and the anonymous part of each (KiB)."""
    for socket in open_tabs(server, 1):
        socket.close()
    idle = settled_rss_kib(server.process.pid)
    idle_anonymous = anonymous_kib(server.process.pid)
    goal = idle * GOALS["memory_after_close_ratio"]
    after, after_anonymous = [], []
    for _ in range(rounds):
        for socket in open_tabs(server, tabs):
            socket.close()
        after.append(settled_rss_kib(server.process.pid, bound=CYCLES["late_release_s"], enough=goal))
        after_anonymous.append(anonymous_kib(server.process.pid))
    return idle, after, idle_anonymous, after_anonymous


def main():
    arguments = bench_rows.arguments(__doc__).parse_args()
    if arguments.quick:
        binary = bench_rows.debug_binary("flowshell-serve", "web rows")
        count, flood_seconds, sessions, seconds, build = 2000, 5, 100, 5, "debug"
        if binary is None:
            return 0
    else:
        subprocess.run(["make", "--no-print-directory", "release-serve"], cwd=ROOT, check=True)
        binary = ROOT / ".build" / "release" / "flowshell-serve"
        count, flood_seconds, sessions, seconds, build = 20000, 20, 100, 30, "release"
    with tempfile.TemporaryDirectory(prefix="flowshell-web-bench-") as home:
        server = Server(str(binary), home)
        try:
            # The memory first, on a server that has held no other sessions.
            before, samples, errors = sessions_memory(server, sessions, seconds)
            times = round_trips(open_tabs(server), count=count)
            alive = server.alive()
        finally:
            server.stop()
        flooded = flood_round_trip(binary, home, flood_seconds)
    # A server of its own: what the rows above left open does not count.
    with tempfile.TemporaryDirectory(prefix="flowshell-web-bench-") as home:
        server = Server(str(binary), home)
        try:
            rounds = CYCLES["quick_rounds"] if arguments.quick else CYCLES["rounds"]
            idle, after_rounds, idle_anonymous, after_anonymous = sessions_closed(server, CYCLES["tabs"], rounds)
            alive = alive and server.alive()
        finally:
            server.stop()
    per_session = (statistics.median(samples) - before) / sessions / 1024
    drift = (samples[-1] - samples[0]) / 1024
    result = {
        "build": build,
        "round_trip_ms": dict(summary(times), tabs_in_turn=TABS_IN_TURN),
        "round_trip_under_flood_ms": dict(summary(flooded), half_open_requests=FLOOD, ulimit_n=1024, seconds=flood_seconds)
        if flooded else None,
        "sessions": {"count": sessions, "seconds": seconds, "rss_before_mb": round(before / 1024, 1),
                     "rss_samples_mb": [round(sample / 1024, 1) for sample in samples[:: max(1, len(samples) // 10)]],
                     "memory_per_session_mb": round(per_session, 3), "drift_mb": round(drift, 1), "errors": errors,
                     "server_alive": alive},
        "sessions_closed": {"tabs": CYCLES["tabs"], "rounds": rounds, "idle_mb": round(idle / 1024, 1),
                            "after_rounds_mb": [round(value / 1024, 1) for value in after_rounds],
                            "worst_ratio": round(max(after_rounds) / idle, 3),
                            "growth": round(after_rounds[-1] / after_rounds[0], 3),
                            "idle_anonymous_mb": round(idle_anonymous / 1024, 1),
                            "after_rounds_anonymous_mb": [round(value / 1024, 1) for value in after_anonymous],
                            "anonymous_growth": round(after_anonymous[-1] / max(after_anonymous[0], 1), 3)},
    }
    bench_rows.save("web", result)
    trip = result["round_trip_ms"]
    print(f"web ({build} build): command round trip through the WebSocket  median {trip['median']} ms "
          f"(min {trip['min']}, max {trip['max']}, p99 {trip['p99']}; {count} commands)"
          + ("" if arguments.quick else f"  goal ≤ {GOALS['round_trip_median_ms']} ms"))
    if flooded:
        flood = result["round_trip_under_flood_ms"]
        print(f"web ({build} build): round trip while {FLOOD} half-open requests are held at ulimit -n 1024  p99 {flood['p99']} ms "
              f"(median {flood['median']}, min {flood['min']}, max {flood['max']}; {flood['count']} commands in {flood_seconds} s)"
              + ("" if arguments.quick else f"  goal p99 ≤ {GOALS['flood_round_trip_p99_ms']} ms"))
    else:
        print("web: the flood row is skipped: this machine lets a process open too few files to hold the flood")
    print(f"web ({build} build): {sessions} sessions × {seconds} s  {per_session:.3f} MB per session beyond the server's "
          f"{before / 1024:.1f} MB, drift {drift:+.1f} MB from first to last sample, {errors} errors"
          + ("" if arguments.quick else f"  goal ≤ {GOALS['memory_per_session_mb']} MB, no error"))
    closed = result["sessions_closed"]
    print(f"web ({build} build): {closed['tabs']} tabs opened and closed, {closed['rounds']} times  RSS "
          f"{closed['idle_mb']} MB idle, then {', '.join(map(str, closed['after_rounds_mb']))} MB after each round "
          f"(once the WebSocket's timers let go): worst {closed['worst_ratio']:.2f}× idle, last round {closed['growth']:.2f}× the first; "
          f"of it anonymous {closed['idle_anonymous_mb']} MB idle, then {', '.join(map(str, closed['after_rounds_anonymous_mb']))} MB "
          f"(last round {closed['anonymous_growth']:.2f}× the first)"
          + ("" if arguments.quick else f"  goal ≤ {GOALS['memory_after_close_ratio']:.2f}× idle"))
    if not arguments.quick:
        met = (trip["median"] <= GOALS["round_trip_median_ms"] and per_session <= GOALS["memory_per_session_mb"]
               and (not flooded or result["round_trip_under_flood_ms"]["p99"] <= GOALS["flood_round_trip_p99_ms"])
               and closed["worst_ratio"] <= GOALS["memory_after_close_ratio"])
        print("web goals " + ("met" if met else "missed"))
    # A failure fails the run: an error in a session, a server that died, or memory after
    # sessions close that grows round after round (a leak; other figures vary with the machine).
    # Its own memory, not the RSS: most of the RSS is the binary's code, so 10 % of it would let a
    # leak many times larger through (docs/performance.md).
    if closed["anonymous_growth"] > CYCLES["growth_limit"]:
        print(f"web: the server's own memory after sessions close grew round after round, to "
              f"{closed['anonymous_growth']:.2f}× the first round's (more than {CYCLES['growth_limit']:.2f}×)",
              file=sys.stderr)
        return 1
    return 1 if errors > 0 or not alive else 0


if __name__ == "__main__":
    sys.exit(main())
