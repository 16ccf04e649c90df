#!/usr/bin/env python3
"""Runs the Swift test suite (`swift test --skip-build`) with a watchdog.

A test that waits for something that never comes would otherwise hang the whole run until CI's
own limit, with nothing said. Here, when the suite prints nothing for QUIET_LIMIT seconds, or
runs longer than RUN_LIMIT, the tests that started and did not finish are named, the test
process's threads are printed (with gdb, when there is one), and the run fails.
"""
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time

QUIET_LIMIT = 600
RUN_LIMIT = 1800


def main() -> int:
    # Its output comes in blocks (it is not a terminal), so the names of the tests that did not
    # finish may miss the last few; the threads printed say where the process waits.
    command = [os.environ.get("SWIFT", "swift"), "test", "--skip-build"] + sys.argv[1:]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               errors="replace", start_new_session=True)
    running: dict[str, float] = {}
    last_output = started = time.monotonic()
    stalled: list[str] = []

    def watch() -> None:
        while process.poll() is None:
            time.sleep(5)
            now = time.monotonic()
            if now - last_output > QUIET_LIMIT or now - started > RUN_LIMIT:
                stalled.append(f"nothing printed for {int(now - last_output)} s" if now - last_output > QUIET_LIMIT
                               else f"the suite ran past {RUN_LIMIT} s")
                report_hang(process.pid, running)
                os.killpg(process.pid, signal.SIGKILL)
                return

    threading.Thread(target=watch, daemon=True).start()
    assert process.stdout is not None
    for line in process.stdout:
        last_output = time.monotonic()
        sys.stdout.write(line)
        sys.stdout.flush()
        if match := re.search(r"Test (\S+) started", line):
            running[match.group(1)] = last_output
        elif match := re.search(r"Test (\S+) (passed|failed|skipped)", line):
            running.pop(match.group(1), None)
    status = process.wait()
    if stalled:
        print(f"run_swift_tests: stopped the suite: {stalled[0]}", file=sys.stderr)
        return 1
    return status


def report_hang(pid: int, running: dict[str, float]) -> None:
    now = time.monotonic()
    print("\nrun_swift_tests: these tests started and did not finish:", file=sys.stderr)
    for name, since in sorted(running.items(), key=lambda item: item[1]):
        print(f"  {name} (for {int(now - since)} s)", file=sys.stderr)
    if not shutil.which("gdb"):
        return
    # The test process is the suite runner's child.
    children = subprocess.run(["pgrep", "-P", str(pid), "-f", "PackageTests"], capture_output=True, text=True).stdout.split()
    for child in children or [str(pid)]:
        print(f"run_swift_tests: the threads of process {child}:", file=sys.stderr)
        trace = subprocess.run(["gdb", "-p", child, "-batch", "-ex", "thread apply all bt 30"],
                               capture_output=True, text=True, timeout=300).stdout
        frames = [line for line in trace.splitlines() if line.startswith(("Thread", "#"))]
        print("\n".join(frames), file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
