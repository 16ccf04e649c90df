#!/usr/bin/env python3
"""The median round trip of a plugin command, for the example plugins.

Speaks the plugin protocol to each example plugin as the shell does (hello, screens, open), then
times COUNT `command` requests: from writing the request line to reading its response line. The
requests are encoded beforehand and the answers are not decoded here, so what is measured is
the pipe hops and the plugin's work (reading the request, running the screen's command,
encoding its whole view); the shell adds its own decoding of the answer (some 20 µs for a
small view with Foundation's JSONDecoder).

    swift build                      # the Swift example plugin: .build/debug/trips-plugin
    python3 scripts/bench_plugins.py [--count 5000] [--release]
    python3 scripts/bench_plugins.py --view-memory 1000000 [--release]

`--view-memory ROWS` measures instead what `make bench` reports as a row: the shell's peak RSS
while a plugin answers a view of ROWS rows, over the answer's JSON bytes (see `view_memory`).

Not a test: figures vary with the machine and its load.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def bench(name, command, screen, commands, count):
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=REPOSITORY)
    out = process.stdout

    def send(message):
        process.stdin.write((json.dumps(message) + "\n").encode())
        process.stdin.flush()

    out.readline()  # the plugin's hello
    send({"type": "hello", "protocol": "flowshell-plugin", "version": "1.0.0", "features": ["cancel"]})
    send({"type": "request", "id": 1, "method": "screens", "params": {}})
    out.readline()
    send({"type": "request", "id": 2, "method": "open", "params": {"instance": 1, "screen": screen, "input": {"carID": "rio"}}})
    out.readline()
    lines = []
    for index in range(count + 200):
        words = commands[index % len(commands)].split()
        request = {"type": "request", "id": 3 + index, "method": "command",
                   "params": {"instance": 1, "command": words[0], "arguments": words[1:]}}
        lines.append((json.dumps(request, separators=(",", ":")) + "\n").encode())
    times = []
    for index, line in enumerate(lines):
        start = time.perf_counter_ns()
        process.stdin.write(line)
        process.stdin.flush()
        answer = out.readline()
        elapsed = time.perf_counter_ns() - start
        if b'"error"' in answer:
            sys.exit(f"{name}: the plugin refused a command: {answer.decode()[:200]}")
        if index >= 200:  # the first ones warm the plugin up
            times.append(elapsed / 1000)
    process.stdin.close()
    process.wait()
    times.sort()
    print(f"{name:28} median {statistics.median(times):7.1f} µs   p90 {times[int(len(times) * 0.9)]:7.1f} µs   ({count} commands)")


# The flow of the view-memory row: the fake plugin of the protocol tests, whose `rows N` answers
# with a table of N rows, opened by a link.
FAKE_PLUGIN = os.path.join(REPOSITORY, "Tests", "FlowPluginsTests", "Fixtures", "fake_plugin.py")


def view_flow(folder):
    """Writes the flow of the view-memory row in `folder`; returns its path."""
    config = os.path.join(folder, "view-memory.json")
    with open(config, "w") as file:
        json.dump({"app": "viewmemory", "root": "cars.list", "modules": ["Cars"],
                   "plugins": [{"module": "Fake", "command": [sys.executable, FAKE_PLUGIN], "timeoutMs": 600000}],
                   "transitions": [{"from": "cars.list", "on": "selected", "to": "cars.details", "style": "push"},
                                   {"from": "fake.echo", "on": "done", "style": "pop"}],
                   "links": {"/echo/:word": ["cars.list", "fake.echo"]}}, file)
    return config


def view_json_bytes(rows):
    """The bytes of the fake plugin's answer to `rows N`: the line as it writes it."""
    table = {"kind": "table", "columns": [{"title": "N"}, {"title": "Text"}], "rows": [[str(n), f"row {n}"] for n in range(rows)]}
    return len(json.dumps({"type": "response", "id": 3, "result": {"view": {"title": "Rows", "components": [table]}}})) + 1


def shell_peak_rss(flowshell, config, lines, folder):
    """The shell's own peak RSS (MB) once it has shown what `lines` ask for: read from
    /proc while it still runs (a finished process's figure would include the plugin's, which
    it reaped). `where` ends the lines, and its stack's second line says they are done."""
    environment = dict(os.environ, FLOWSHELL_ALLOW_PLUGINS="1", XDG_STATE_HOME=os.path.join(folder, "state"),
                       XDG_DATA_HOME=os.path.join(folder, "data"))
    environment.pop("COLUMNS", None)
    process = subprocess.Popen([flowshell, "--config", config], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, env=environment, cwd=folder)
    process.stdin.write("".join(line + "\n" for line in lines + ["where"]).encode())
    process.stdin.flush()
    for line in process.stdout:
        if line.startswith(b"2. "):
            break
    else:
        sys.exit(f"bench: the shell ended before showing {lines}")
    with open(f"/proc/{process.pid}/status") as status:
        peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
    process.stdin.close()
    process.stdout.read()
    process.wait()
    return peak / 1024


def view_memory(flowshell, rows, rounds, folder):
    """Peak RSS of the shell while the plugin answers a view of `rows` rows, less its peak RSS
    with the plugin's screen open but no large view, divided by the answer's JSON bytes:
    paired, each round measuring both. Returns the ratios, one a round, and the JSON's MB."""
    os.makedirs(folder, exist_ok=True)
    config = view_flow(folder)
    ratios = []
    size = view_json_bytes(rows)
    for _ in range(rounds):
        base = shell_peak_rss(flowshell, config, ["open /echo/x"], folder)
        big = shell_peak_rss(flowshell, config, ["open /echo/x", f"rows {rows}"], folder)
        ratios.append((big - base) * 1024 * 1024 / size)
    return ratios, size / 1e6


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=5000, help="commands timed per plugin (default 5000)")
    parser.add_argument("--release", action="store_true", help="time .build/release/trips-plugin (swift build -c release)")
    parser.add_argument("--view-memory", type=int, metavar="ROWS",
                        help="instead: the shell's peak RSS over a ROWS-row plugin view's JSON (.build/debug/flowshell unless --release)")
    options = parser.parse_args()
    if options.view_memory:
        flowshell = os.path.join(REPOSITORY, ".build", "release" if options.release else "debug", "flowshell")
        ratios, megabytes = view_memory(flowshell, options.view_memory, 3, os.path.join(REPOSITORY, ".build", "bench", "view-memory"))
        print(f"{options.view_memory:,}-row view ({megabytes:.1f} MB of JSON): peak RSS ÷ JSON {statistics.median(ratios):.2f} "
              f"({min(ratios):.2f}–{max(ratios):.2f})")
        return
    swift_plugin = os.path.join(REPOSITORY, ".build", "release" if options.release else "debug", "trips-plugin")
    bench("Python (weather.forecast)", [sys.executable, "examples/plugins/weather.py"], "weather.forecast",
          ["days 3", "days 4"], options.count)
    if os.path.exists(swift_plugin):
        bench("Swift (trips.planner)", [swift_plugin], "trips.planner", ["add Berlin", "clear"], options.count)
    else:
        print(f"Swift (trips.planner): build it first ({os.path.relpath(swift_plugin, REPOSITORY)} is missing)")


if __name__ == "__main__":
    main()
