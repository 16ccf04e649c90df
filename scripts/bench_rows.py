"""What the benches of one front end each (bench_web.py, bench_ssh.py, bench_flowtest.py,
bench_mcp.py, bench_cluster.py) share: their command line, the debug binary a quick run measures,
a process's memory, the figures of a row, and where the result is written."""

import argparse
import json
import os
import pathlib
import statistics
import subprocess

ROOT = pathlib.Path(__file__).resolve().parent.parent


def arguments(description):
    """A parser of the bench's command line, with `--quick` (CI's short run on the debug build)."""
    parser = argparse.ArgumentParser(description=description.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    return parser


def debug_binary(name, rows):
    """The debug build's `name`, which a quick run measures; None, having said that `rows` are
    skipped, when `make test` has not built it."""
    binary = ROOT / ".build" / "debug" / name
    if not binary.exists():
        print(f"{rows} skipped: no debug {name} (make test builds it)")
        return None
    return binary


def build_measured(arguments, binary, rows, make_targets):
    """The folder of the build a run measures and that build's name: on `--quick` the debug build
    (None, having said that `rows` are skipped, when `make test` has not built `binary`); else the
    release build, made first with `make_targets` unless `--no-build` takes it as it is."""
    if arguments.quick:
        if debug_binary(binary, rows) is None:
            return None
        return ROOT / ".build" / "debug", "debug"
    if not getattr(arguments, "no_build", False):
        subprocess.run(["make", "--no-print-directory", *make_targets], cwd=ROOT, check=True)
    return ROOT / ".build" / "release", "release"


def rss_kib(pid):
    """The resident memory of process `pid`, in KiB (0 once it has gone)."""
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid):
    """The CPU time process `pid` has spent so far, user and system, in seconds."""
    fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def summary(times, digits=3):
    """A row's figures of `times`: the median (p50) with the min–max, the p99 and the count."""
    ordered = sorted(times)
    return {"p50": round(statistics.median(times), digits), "min": round(ordered[0], digits),
            "max": round(ordered[-1], digits),
            "p99": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))], digits), "count": len(times)}


def save(name, result):
    """Writes a run's `result` to .build/bench/NAME.json, beside the other benches' results."""
    path = ROOT / ".build" / "bench" / f"{name}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(result, indent=2) + "\n")
