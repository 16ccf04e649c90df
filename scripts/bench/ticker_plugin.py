"""The screen `make bench`'s live rows watch: a Python plugin whose screen changes by itself
every BENCH_TICK_SECONDS and shows the moment it changed (CLOCK_MONOTONIC, in nanoseconds,
which the bench reads on the same machine's clock when the bytes reach the terminal)."""

import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "plugins", "python"))
import flowshell_plugin as fp  # noqa: E402


class Ticker(fp.Screen):
    id = "bench.ticker"
    title = "Ticker"
    events = {}
    every = float(os.environ.get("BENCH_TICK_SECONDS", "1"))

    def __init__(self, input):
        self.ticks = 0
        self.stamp = 0

    def view(self):
        return fp.view("Ticker", [fp.text(f"tick {self.ticks} stamp={self.stamp}.")])

    def tick(self):
        self.ticks += 1
        # Read last, right before the view goes out.
        self.stamp = time.monotonic_ns()


if __name__ == "__main__":
    fp.Plugin("Ticker", [Ticker]).run()
