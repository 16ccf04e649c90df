"""What the benches of one front end each (bench_web.py, bench_ssh.py, bench_flowtest.py) share:
their command line, the debug binary a quick run measures, and a process's memory."""

import argparse
import pathlib

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


def rss_kib(pid):
    """The resident memory of process `pid`, in KiB (0 once it has gone)."""
    for line in pathlib.Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0
