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


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=5000, help="commands timed per plugin (default 5000)")
    parser.add_argument("--release", action="store_true", help="time .build/release/trips-plugin (swift build -c release)")
    options = parser.parse_args()
    swift_plugin = os.path.join(REPOSITORY, ".build", "release" if options.release else "debug", "trips-plugin")
    bench("Python (weather.forecast)", [sys.executable, "examples/plugins/weather.py"], "weather.forecast",
          ["days 3", "days 4"], options.count)
    if os.path.exists(swift_plugin):
        bench("Swift (trips.planner)", [swift_plugin], "trips.planner", ["add Berlin", "clear"], options.count)
    else:
        print(f"Swift (trips.planner): build it first ({os.path.relpath(swift_plugin, REPOSITORY)} is missing)")


if __name__ == "__main__":
    main()
