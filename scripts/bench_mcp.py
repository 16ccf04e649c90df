#!/usr/bin/env python3
"""`make bench`'s rows for agents over MCP, through the Python `mcp` client (2.3.0, as agents'
hosts use it) on the current revision (mode="auto"): a `run` round trip — from calling the tool
to having its answer, the screen after `sort` on the car list — over stdio (`flowshell mcp`) and
over HTTP (`serve --mcp`), paired in one run: rounds of calls alternate between the two, so that
the machine's load falls on both alike; p50 (median, min–max) and p99 of each. Each round runs
on a session of its own: beyond 200 lines at once, a session's lines are paced to 100 a second
by the server's guard (`LineRate`, as a tab's and an SSH login's), which is a bound, not the
round trip these rows measure. The same calls over
HTTP without the MCP client (Python's http.client on a kept-alive connection) tell how much of
the HTTP row is the server's. Then the HTTP
server's memory per agent session (its RSS with 100 sessions open, each on a car's details, less
before them) and the CPU it spends while they sit idle for 10 s.

    python3 scripts/bench_mcp.py            # release builds, the goals checked
    python3 scripts/bench_mcp.py --quick    # CI: the debug build `make test` made, short, no goals
    python3 scripts/bench_mcp.py --no-build # the release binaries as they are

Writes .build/bench/mcp.json; not a test (figures vary with the machine and its load).
"""
import http.client
import json
import os
import pathlib
import sys
import tempfile
import time

import anyio
from mcp import Client, StdioServerParameters

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import bench_rows  # noqa: E402
from bench_rows import ROOT, cpu_seconds, rss_kib, summary  # noqa: E402
from webclient import Server  # noqa: E402

CONFIG = str(ROOT / "config.json")
GOALS = {"stdio_p50_ms": 2.0, "stdio_p99_ms": 5.0, "http_p50_ms": 3.0, "memory_per_session_mb": 0.2}


def environment(home):
    env = dict(os.environ, XDG_DATA_HOME=f"{home}/data", XDG_STATE_HOME=f"{home}/state", HOME=home)
    env.pop("FLOWSHELL_ALLOW_PLUGINS", None)
    return env


class Agent:
    """One client with one session open on the car list, whose `run` calls are timed."""

    def __init__(self, client):
        self.client = client
        self.handle = None
        self.calls = 0

    async def open(self):
        opened = await self.client.call_tool("open", {})
        self.handle = opened.structured_content["handle"]

    async def timed_runs(self, count, times):
        """`count` calls of `run`, each `sort` by another order than the last (the screen changes
        each time); their times in ms are added to `times`."""
        for _ in range(count):
            order = ("price", "name", "distance")[self.calls % 3]
            self.calls += 1
            started = time.perf_counter_ns()
            answer = await self.client.call_tool(
                "run", {"handle": self.handle, "command": "sort", "arguments": {"ORDER": order}})
            times.append((time.perf_counter_ns() - started) / 1e6)
            if answer.is_error:
                raise RuntimeError(f"sort {order} failed: {answer.content}")


async def paired_round_trips(flowshell, server, home, calls, rounds, warmup):
    """The round trips over stdio and over HTTP, `calls` each, in `rounds` alternating rounds."""
    stdio = StdioServerParameters(command=str(flowshell), args=["mcp", "--config", CONFIG], env=environment(home), cwd=home)
    url = f"http://{server.authority}/mcp?token={server.token}"
    times = {"stdio": [], "http": []}
    async with Client(stdio, mode="auto") as over_stdio, Client(url, mode="auto") as over_http:
        agents = {"stdio": Agent(over_stdio), "http": Agent(over_http)}
        for agent in agents.values():
            await agent.open()
            await agent.timed_runs(warmup, [])
        for index in range(rounds):
            order = list(agents.items())
            if index % 2:
                order.reverse()
            for name, agent in order:
                await agent.open()
                await agent.timed_runs(calls // rounds, times[name])
    return times


def plain_http_round_trips(server, calls, warmup):
    """The same `run` calls as one JSON-RPC POST each on a kept-alive connection with Python's
    http.client, no MCP client: how much of the HTTP row is the server's."""
    connection = http.client.HTTPConnection(server.host, server.port, timeout=120)
    meta = {"io.modelcontextprotocol/protocolVersion": "2026-07-28"}

    def call(name, arguments, number):
        body = json.dumps({"jsonrpc": "2.0", "id": number, "method": "tools/call",
                           "params": {"name": name, "arguments": arguments, "_meta": meta}})
        connection.request("POST", f"/mcp?token={server.token}", body,
                           {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"})
        answer = json.loads(connection.getresponse().read())
        if "error" in answer or answer["result"].get("isError"):
            raise RuntimeError(f"{name} failed: {answer}")
        return answer["result"]

    times = []
    for number in range(warmup + calls):
        # A session of its own every 100 calls, well within the server's line rate (see above).
        if number % 100 == 0:
            handle = call("open", {}, 0)["structuredContent"]["handle"]
        started = time.perf_counter_ns()
        call("run", {"handle": handle, "command": "sort", "arguments": {"ORDER": ("price", "name", "distance")[number % 3]}},
             number + 1)
        times.append((time.perf_counter_ns() - started) / 1e6)
    connection.close()
    return times[warmup:]


async def open_sessions(server, count):
    """Opens `count` sessions on a car's details over HTTP; returns the client's handles."""
    url = f"http://{server.authority}/mcp?token={server.token}"
    async with Client(url, mode="auto") as client:
        handles = []
        for _ in range(count):
            opened = await client.call_tool("open", {"link": "/cars/rio"})
            if opened.is_error:
                raise RuntimeError(f"open failed: {opened.content}")
            handles.append(opened.structured_content["handle"])
        return handles


def main():
    parser = bench_rows.arguments(__doc__)
    parser.add_argument("--no-build", action="store_true", help="use the release binaries as they are")
    arguments = parser.parse_args()
    measured = bench_rows.build_measured(arguments, "flowshell-serve", "mcp rows", ["release", "release-serve"])
    if measured is None:
        return 0
    folder, build = measured
    calls, rounds, warmup, sessions, idle = (60, 4, 10, 20, 2) if arguments.quick else (300, 10, 50, 100, 10)
    home = tempfile.mkdtemp(prefix="flowshell-mcp-bench-")
    result = {"build": build}
    server = Server(str(folder / "flowshell-serve"), home, extra=["--mcp", "--config", CONFIG])
    try:
        times = anyio.run(paired_round_trips, folder / "flowshell", server, home, calls, rounds, warmup)
        result["run_ms"] = {name: summary(values) for name, values in times.items()}
        result["run_ms"]["plain_http"] = summary(plain_http_round_trips(server, calls, warmup))
        # One session first, and closed: the app's services (shared) are then set up.
        anyio.run(open_sessions, server, 1)
        time.sleep(1)
        before = rss_kib(server.process.pid)
        anyio.run(open_sessions, server, sessions)
        time.sleep(1)
        after = rss_kib(server.process.pid)
        cpu_start = cpu_seconds(server.process.pid)
        time.sleep(idle)
        idle_cpu = cpu_seconds(server.process.pid) - cpu_start
        result["memory"] = {"sessions": sessions, "before_mb": round(before / 1024, 1),
                            "per_session_mb": round((after - before) / sessions / 1024, 3)}
        result["idle"] = {"sessions": sessions, "seconds": idle, "server_cpu_s": round(idle_cpu, 3)}
        alive = server.alive()
    finally:
        server.stop()
    bench_rows.save("mcp", result)

    for name, figure in result["run_ms"].items():
        transport = {"stdio": "stdio", "http": "HTTP", "plain_http": "HTTP without the mcp client (http.client)"}[name]
        print(f"mcp ({build}): run round trip over {transport}, {figure['count']} calls: p50 {figure['p50']} ms "
              f"({figure['min']}–{figure['max']}), p99 {figure['p99']} ms")
    print(f"mcp ({build}): memory per agent session, {sessions} sessions over HTTP: {result['memory']['per_session_mb']} MB "
          f"beyond the server's {result['memory']['before_mb']} MB")
    print(f"mcp ({build}): {sessions} idle agent sessions × {idle} s: the server used {result['idle']['server_cpu_s']} s of CPU")
    if not arguments.quick:
        run = result["run_ms"]
        met = (run["stdio"]["p50"] <= GOALS["stdio_p50_ms"] and run["stdio"]["p99"] <= GOALS["stdio_p99_ms"]
               and run["http"]["p50"] <= GOALS["http_p50_ms"]
               and result["memory"]["per_session_mb"] <= GOALS["memory_per_session_mb"])
        print("mcp goals " + ("met" if met else "missed")
              + f" (stdio p50 ≤ {GOALS['stdio_p50_ms']} ms and p99 ≤ {GOALS['stdio_p99_ms']} ms, "
              + f"HTTP p50 ≤ {GOALS['http_p50_ms']} ms, ≤ {GOALS['memory_per_session_mb']} MB an agent session)")
    return 0 if alive else 1


if __name__ == "__main__":
    sys.exit(main())
