"""`make bench`'s rows of a live prompt (issue 22), each of the release binary at a
pseudo-terminal with a person's prompt up:

- *idle*: CPU time and context switches of every thread of the shell over a window in which
  nothing happens, against the Swift readLine loop at the same kind of terminal (the terminal's
  own: a program blocked in read).
- *latency*: from a screen's state change to its bytes on the terminal. The screen is a Python
  plugin's (`ticker_plugin.py`) that changes by itself a few times a second and shows the
  CLOCK_MONOTONIC moment it changed; the bench notes the moment the bytes showing it arrive at
  the terminal's other side. It includes the plugin's write of its update, the shell's read and
  decoding of it, the new state's rendering and redraw above the prompt, the terminal driver and
  the bench's own wake-up; the changes are spaced wider than the shell's redraw interval, so
  that each is the first after a quiet spell.
- *busy*: the same screen changing 1,000 times a second: the shell's CPU (not the plugin's) as a
  percentage of one core, and its resident memory at the window's start and end.

CPU time is read from /proc/PID/task/*/schedstat (nanoseconds), context switches from each
thread's voluntary and involuntary counts in /proc/PID/task/*/status.
"""

import fcntl
import json
import os
import pty
import re
import select
import signal
import statistics
import struct
import termios
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


class TerminalSession:
    """A program on a new pseudo-terminal (as its controlling terminal), its output drained."""

    def __init__(self, argv, env, cwd):
        pid, master = pty.fork()
        if pid == 0:
            try:
                os.chdir(cwd)
                os.execve(argv[0], argv, env)
            finally:
                os._exit(127)
        self.pid, self.master = pid, master
        fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.buffer = b""

    def read(self, timeout):
        """Reads what is there within `timeout` seconds; returns (bytes, arrival in ns)."""
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return b"", None
        arrived = time.monotonic_ns()
        try:
            data = os.read(self.master, 65536)
        except OSError:
            return b"", None
        return data, arrived

    def expect(self, text, timeout=60):
        """Waits (a liveness bound only) until `text` has been written."""
        deadline = time.monotonic() + timeout
        while text not in self.buffer:
            if time.monotonic() > deadline:
                raise RuntimeError(f"bench: waited {timeout} s for {text!r}; the terminal shows:\n"
                                   f"{self.buffer[-2000:].decode(errors='replace')}")
            data, _ = self.read(0.5)
            self.buffer += data
        self.buffer = self.buffer[self.buffer.index(text) + len(text):]

    def drain_for(self, seconds, on_data=None):
        """Reads everything written for `seconds`, handing each read to `on_data`."""
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            data, arrived = self.read(left)
            if data and on_data:
                on_data(data, arrived)

    def close(self):
        try:
            os.write(self.master, b"quit\r")
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline:
                done, _ = os.waitpid(self.pid, os.WNOHANG)
                if done:
                    break
                self.read(0.1)
            else:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
        finally:
            os.close(self.master)


def counters(pid):
    """CPU nanoseconds and context switches of every thread of `pid`, and its RSS in MB."""
    cpu, switches = 0, 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            cpu += int((task / "schedstat").read_text().split()[0])
            for line in (task / "status").read_text().splitlines():
                if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                    switches += int(line.split()[1])
        except (OSError, ValueError, IndexError):
            continue  # a thread that ended meanwhile
    rss = 0.0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            rss = int(line.split()[1]) / 1024
    return cpu, switches, rss


def summary(values):
    def tidy(value):
        return float(f"{value:.4g}")
    return {"median": tidy(statistics.median(values)), "min": tidy(min(values)), "max": tidy(max(values))}


def ticker_config(work, tick_seconds):
    """A flow whose root is the ticker plugin's screen, written under the bench folder."""
    config = {
        "app": "bench-live",
        "root": "bench.ticker",
        "modules": ["Ticker"],
        "plugins": [{"module": "Ticker", "command": ["python3", str(HERE / "ticker_plugin.py")], "timeoutMs": 5000}],
        "transitions": [],
    }
    path = work / f"ticker-{tick_seconds}.json"
    path.write_text(json.dumps(config, indent=2))
    return path


def flowshell_argv(binary, config, run_dir):
    return [str(binary), "--config", str(config), "--allow-plugins", "--fresh", "--no-history",
            "--data-dir", str(run_dir / "data"), "--state", str(run_dir / "state.json")]


def measure_idle(flowshell_bin, swift_loop, config, run_dir, env, window, rounds, log):
    """CPU ms and context switches over `window` seconds at an idle prompt, per program."""
    programs = {
        "flowshell": (flowshell_argv(flowshell_bin, config, run_dir), "Cars › "),
        "swift": ([str(swift_loop)], None),
    }
    samples = {key: {"cpu": [], "switches": []} for key in programs}
    for _ in range(rounds):
        for key, (argv, prompt) in programs.items():
            session = TerminalSession(argv, env, run_dir)
            try:
                if prompt:
                    session.expect(prompt.encode())
                # What the start left to do settles first.
                session.drain_for(1.0)
                cpu0, switches0, _ = counters(session.pid)
                session.drain_for(window)
                cpu1, switches1, _ = counters(session.pid)
            finally:
                session.close()
            samples[key]["cpu"].append((cpu1 - cpu0) / 1e6)
            samples[key]["switches"].append(switches1 - switches0)
    log(f"idle: flowshell {samples['flowshell']}, swift {samples['swift']}")
    return {
        "live.idle.cpu": {"unit": "ms", "metric": f"CPU over {window:g} s at an idle prompt", "rounds": rounds,
                          "programs": {key: summary(value["cpu"]) for key, value in samples.items()}},
        "live.idle.switches": {"unit": "switches", "metric": f"context switches over {window:g} s at an idle prompt",
                               "rounds": rounds,
                               "programs": {key: summary(value["switches"]) for key, value in samples.items()}},
    }


STAMP = re.compile(rb"stamp=(\d+)\.")


def measure_latency(flowshell_bin, work, run_dir, env, window, log):
    """Milliseconds from the ticker's change (its stamp) to the stamp's bytes at the terminal."""
    config = ticker_config(work, 0.25)
    session = TerminalSession(flowshell_argv(flowshell_bin, config, run_dir), dict(env, BENCH_TICK_SECONDS="0.25"), run_dir)
    latencies, seen, pending = [], set(), b""
    try:
        session.expect(b"Ticker")
        session.drain_for(1.0)

        def on_data(data, arrived):
            nonlocal pending
            pending = (pending + data)[-4096:]
            for match in STAMP.finditer(pending):
                stamp = int(match.group(1))
                if stamp and stamp not in seen:
                    seen.add(stamp)
                    latencies.append((arrived - stamp) / 1e6)

        session.drain_for(window, on_data)
    finally:
        session.close()
    if not latencies:
        raise RuntimeError("bench: no update of the ticker reached the terminal")
    log(f"latency: {len(latencies)} updates")
    return {"live.latency": {"unit": "ms", "metric": "state change → bytes on the terminal", "n": len(latencies),
                             "programs": {"flowshell": summary(latencies)}}}


def measure_busy(flowshell_bin, work, run_dir, env, window, rounds, log):
    """The shell's CPU (% of a core) and RSS while its screen changes 1,000 times a second."""
    config = ticker_config(work, 0.001)
    cpu, rss_start, rss_end, redraws = [], [], [], []
    for _ in range(rounds):
        session = TerminalSession(flowshell_argv(flowshell_bin, config, run_dir), dict(env, BENCH_TICK_SECONDS="0.001"),
                                  run_dir)
        try:
            session.expect(b"Ticker")
            session.drain_for(1.0)
            cpu0, _, rss0 = counters(session.pid)
            stamps = []
            session.drain_for(window, lambda data, arrived: stamps.extend(STAMP.findall(data)))
            cpu1, _, rss1 = counters(session.pid)
        finally:
            session.close()
        cpu.append((cpu1 - cpu0) / 1e9 / window * 100)
        rss_start.append(rss0)
        rss_end.append(rss1)
        redraws.append(len(stamps))
    log(f"busy: CPU {cpu} %, RSS {rss_start} → {rss_end} MB, {redraws} redraws")
    if not any(redraws):
        raise RuntimeError("bench: the ticker's updates did not reach the terminal")
    rss = summary(rss_end)
    rss["after_tenth"] = round(statistics.median(rss_start), 1)
    return {
        "live.busy.cpu": {"unit": "%", "metric": f"shell CPU, % of a core, screen updated 1,000×/s for {window:g} s",
                          "rounds": rounds, "programs": {"flowshell": summary(cpu)}},
        "live.busy.rss": {"unit": "MB", "metric": f"RSS at the start → end of {window:g} s of 1,000 updates/s",
                          "rounds": rounds, "programs": {"flowshell": rss}},
    }
