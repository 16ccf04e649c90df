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

- *start → quit at a terminal*: wall and CPU time from starting a shell on a new
  pseudo-terminal (80×24, as its controlling terminal) to its exit, having waited for its
  prompt and typed `quit` and Enter, as a person does: FlowShell, `cmd.Cmd`, cmd2 (their prompt
  `> `) and the Swift loop (no prompt: `quit` is typed at once), paired, the order rotating.

- *commands at a terminal*: `select rio` and `back` typed in turn at a pseudo-terminal, each
  once the prompt is back, as a person types them: CPU per command (the process's clock over
  the commands ÷ their number) and wall time per command (from typing the line to its prompt
  being drawn again). Every shell saves where the user is before each prompt, as FlowShell does
  at a terminal (the baselines as baseline_app.py says: the same JSON, flushed, renamed).

CPU time is the process's CPU clock (`clock_getcpuclockid`, in nanoseconds), which counts
every thread the process had, those that ended inside the window too. Context switches are
counted per thread (the voluntary and involuntary counts in /proc/PID/task/*/status), each
thread's from the window's start, or from its birth inside the window, to the last time it was
seen: the threads are read every 50 ms, so a thread that ends inside the window loses only its
switches since it was last read.
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
        if b"\x1b[6n" in data:
            # A terminal answers where its cursor is (cmd2's prompt_toolkit asks, and waits).
            os.write(self.master, b"\x1b[1;1R")
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

    def drain_for(self, seconds, on_data=None, window=None):
        """Reads everything written for `seconds`, handing each read to `on_data`; reads the
        `window`'s threads at least every 50 ms meanwhile."""
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            data, arrived = self.read(min(left, 0.05) if window else left)
            if window:
                window.poll()
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


def process_cpu_ns(pid):
    """The CPU time of every thread `pid` ever had, in nanoseconds: its process CPU clock, whose
    id Linux forms from the pid (what `clock_getcpuclockid` returns)."""
    return time.clock_gettime_ns(((~pid) << 3) | 2)


def thread_switches(pid):
    """Each thread's voluntary and involuntary context switches so far, by thread id."""
    found = {}
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            count = 0
            for line in (task / "status").read_text().splitlines():
                if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")):
                    count += int(line.split()[1])
            found[int(task.name)] = count
        except (OSError, ValueError, IndexError):
            continue  # a thread that ended meanwhile
    return found


def rss_mb(pid):
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


class Window:
    """What a process spends between `Window(pid)` and `close()`: CPU nanoseconds (the process
    clock), context switches (per thread: from the start, or from a thread's birth, to the last
    time it was seen — `poll()` reads them as the window goes), RSS in MB at each end."""

    def __init__(self, pid):
        self.pid = pid
        self.cpu0 = process_cpu_ns(pid)
        self.rss0 = rss_mb(pid)
        self.first = thread_switches(pid)
        self.last = dict(self.first)
        self.polled = time.monotonic()

    def poll(self, every=0.05):
        """Reads the threads' counts, unless it did less than `every` seconds ago."""
        if time.monotonic() - self.polled >= every:
            self.last.update(thread_switches(self.pid))
            self.polled = time.monotonic()

    def close(self):
        """(CPU ns, context switches, RSS MB at the start, RSS MB at the end)."""
        self.poll(every=0)
        cpu = process_cpu_ns(self.pid) - self.cpu0
        switches = sum(count - self.first.get(tid, 0) for tid, count in self.last.items())
        return cpu, switches, self.rss0, rss_mb(self.pid)


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
                counted = Window(session.pid)
                session.drain_for(window, window=counted)
                cpu, switches, _, _ = counted.close()
            finally:
                session.close()
            samples[key]["cpu"].append(cpu / 1e6)
            samples[key]["switches"].append(switches)
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
            counted = Window(session.pid)
            stamps = []
            session.drain_for(window, lambda data, arrived, stamps=stamps: stamps.extend(STAMP.findall(data)), window=counted)
            spent, _, rss0, rss1 = counted.close()
        finally:
            session.close()
        cpu.append(spent / 1e9 / window * 100)
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


def measure_terminal_start(programs, run_dir, env, rounds, log):
    """Start → quit at a pseudo-terminal: each program of `programs` (key → (argv, prompt or
    None)) started, its prompt awaited, `quit` typed; wall ms from the start to its exit and CPU
    ms (its rusage), paired in rounds whose order rotates."""
    keys = list(programs)
    samples = {key: {"wall": [], "cpu": []} for key in keys}
    for round_index in range(rounds + 1):
        shift = round_index % len(keys)
        for key in keys[shift:] + keys[:shift]:
            argv, prompt = programs[key]
            started = time.monotonic_ns()
            session = TerminalSession(argv, env, run_dir)
            try:
                if prompt:
                    session.expect(prompt.encode())
                os.write(session.master, b"quit\r")
                while True:
                    done, status, usage = os.wait4(session.pid, os.WNOHANG)
                    if done:
                        break
                    data, _ = session.read(0.05)
                    session.buffer += data
                ended = time.monotonic_ns()
            finally:
                os.close(session.master)
            if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
                raise RuntimeError(f"bench: {argv[0]} at a terminal exited with status {status}:\n"
                                   f"{session.buffer[-2000:].decode(errors='replace')}")
            if round_index == 0:
                continue  # a warm-up round
            samples[key]["wall"].append((ended - started) / 1e6)
            samples[key]["cpu"].append((usage.ru_utime + usage.ru_stime) * 1000)
    log("terminal start: " + ", ".join(f"{key} {statistics.median(value['wall']):.1f} ms" for key, value in samples.items()))
    return {
        f"start.terminal.{metric}": {
            "unit": "ms", "metric": f"{metric} from start to exit at a pseudo-terminal, prompt awaited, quit typed",
            "rounds": rounds, "programs": {key: summary(value[metric]) for key, value in samples.items()}}
        for metric in ("wall", "cpu")
    }


def measure_terminal_commands(programs, lines, count, run_dir, env, rounds, log):
    """Commands typed at a pseudo-terminal: each program of `programs` (key → (argv, for each
    line of `lines` the text that ends its output and the text its prompt ends with, and its
    prompt at start)) started, `count` lines typed, each once the prompt is back after the
    last one's output; CPU µs and wall µs per command, paired in rounds."""
    keys = list(programs)
    samples = {key: {"cpu": [], "wall": []} for key in keys}
    for round_index in range(rounds + 1):
        shift = round_index % len(keys)
        for key in keys[shift:] + keys[:shift]:
            argv, prompts, first_prompt = programs[key]
            session = TerminalSession(argv, env, run_dir)
            try:
                session.expect(first_prompt.encode())
                session.drain_for(0.2)
                cpu0, wall0 = process_cpu_ns(session.pid), time.monotonic_ns()
                for index in range(count):
                    line = lines[index % len(lines)]
                    os.write(session.master, line.encode() + b"\r")
                    shown, prompt = prompts[line]
                    session.expect(shown.encode())
                    session.expect(prompt.encode())
                cpu1, wall1 = process_cpu_ns(session.pid), time.monotonic_ns()
            finally:
                session.close()
            if round_index == 0:
                continue  # a warm-up round
            samples[key]["cpu"].append((cpu1 - cpu0) / 1e3 / count)
            samples[key]["wall"].append((wall1 - wall0) / 1e3 / count)
    log("terminal commands: " + ", ".join(f"{key} {statistics.median(value['cpu']):.1f} µs CPU" for key, value in samples.items()))
    return {
        f"navigation.terminal{'' if metric == 'cpu' else '.wall'}": {
            "unit": "µs", "metric": f"{metric} per command typed at a pseudo-terminal, where you are saved before each prompt",
            "rounds": rounds, "n": count, "commands": lines,
            "programs": {key: summary(value[metric]) for key, value in samples.items()}}
        for metric in ("cpu", "wall")
    }
