#!/usr/bin/env python3
"""`make bench`: FlowShell's speed and memory, measured side by side with the shells people
would otherwise use — Python's `cmd.Cmd` and cmd2 — and a minimal Swift readLine loop.

    python3 scripts/bench.py            # the full run, for people (a few minutes)
    python3 scripts/bench.py --quick    # under a minute: what CI runs
    python3 scripts/bench.py --save     # ... and make this run the committed reference
    python3 scripts/bench.py --print bench/results.json   # the table of an earlier result
    python3 scripts/bench.py --live-only [--save]         # only issue 22's live rows (merged into the reference)
    python3 scripts/bench.py --instructions-only [--quick] [--save]   # only issue 44's instruction rows

What it does, in order:

1. Builds FlowShell as it is installed (`make release`: optimized, the Swift runtime linked in)
   and the Swift floor, `scripts/bench/readline_loop.swift`, with `swiftc -O` into the build
   folder, in the same run.
2. Sets up the baselines in `.build/bench/` (git-ignored): a venv made by the real Python
   interpreter (not a pyenv shim, which adds ~100 ms a start) with cmd2 from PyPI; the stdlib
   `cmd.Cmd` runs on the same interpreter. Both run `scripts/bench/baseline_app.py`, the same
   trivial car app, so the frameworks are compared, not the apps; it prints what FlowShell
   prints, the help FlowShell gives in JSON laid out as FlowShell lays it out, and keeps where
   the user is as FlowShell does. Before measuring, every row's session is run by each shell
   and the outputs compared byte for byte: a difference stops the benchmark (issue 35: every
   row compares the same work). hyperfine comes from apt when it is missing.
3. Measures every row of the table in issue 13, **paired**: each round runs every program once
   (A B C A B C …, the order rotating each round), so a change in the machine's load hits all
   of them alike. Each figure is the median over the rounds, with the min–max.

   - *start → quit*: wall time, CPU time and max RSS of a session that types `quit`.
   - *per-command rows*: CPU time per command, measured as the paired difference between a
     session of N commands then `quit` and a session of `quit` alone, divided by N (stdin from
     a file, so not a terminal, as a pipe; stdout to /dev/null; Python's default buffering).
     N is chosen per program so that the commands take about the same CPU time as each other.
   - *navigation* also reports wall time per command. From a script, as here, no shell keeps
     where the user is (FlowShell does only with `--restore`); the terminal's navigation row
     below saves it before each prompt.
   - *RSS over many commands*: max RSS after a tenth of M mixed commands and after all M.
   - issue 11's *check of a 10k-entry config* and *restore of a 20,000-screen state*, with
     inputs generated in `.build/bench/inputs`, timed with hyperfine when it is there (else
     with the same paired runner).
   - issue 24's *plugin view*: the shell's peak RSS while a plugin (the protocol tests' fake
     plugin) answers a table of 1,000,000 rows (100,000 in quick mode), less its peak with
     the plugin's screen open and no large view, over the answer's JSON bytes; paired rounds,
     the shell's own figure read from /proc while it runs (`scripts/bench_plugins.py`).
   - issue 22's *live prompt* rows, at a pseudo-terminal (`scripts/bench/live_rows.py` says
     what each includes): CPU and context switches of an idle prompt against the Swift loop's,
     the latency from a screen's state change to its bytes on the terminal, and the CPU and
     memory of the shell while its screen changes 1,000 times a second.
   - issue 35's rows at a pseudo-terminal (`live_rows.py`): start → quit with the prompt awaited
     and `quit` typed, for every shell; `select rio` / `back` typed in turn, each shell saving
     where the user is before each prompt (on the repository's disk, `.build/bench/run`; the
     file system is recorded).
   - issue 35's *scale rows* (`scripts/bench/scale_rows.py` says what each includes): pushes then
     pops, `check` with config commands and with a plugin's screens, and the memory a config's
     commands take at start, each at two sizes with the growth and its exponent.
   - issue 44's *instruction rows* (`scripts/bench/instruction_rows.py`), counted by valgrind's
     callgrind before anything is timed: every per-command row's instructions per command for
     FlowShell, `cmd.Cmd` and (in the full run) cmd2; `filter` under a config with 1,000 more
     commands on other screens; `flowshell test` at 250 and 1,000 transitions.
4. Prints the table (Markdown) and writes the result as JSON to `.build/bench/results.json`
   (the instruction rows to `.build/bench/instructions.json`); `--save` writes them to
   `bench/results.json` and `bench/instructions.json`, the committed references.
5. In quick mode (or with `--check`) compares the run with `bench/results.json` and exits 1 only
   on a gross regression: a FlowShell figure at least 3× the reference's, by more than a floor
   (2 µs a command, 10 ms, 5 MB, 50 context switches, 2 % of a core), whose ratio to `cmd.Cmd` in this run (the row's own, or
   cmd.Cmd's start → quit for a row without one) is also at least 3× the reference's ratio — so
   a slow or busy machine does not fail it. The wall time of navigation, mostly the disk's
   flush, is reported but not checked. It also exits 1 when a scale row's growth exponent
   exceeds its goal's by more than half (a cost that grows with the square of its work), and
   when a FlowShell instruction row exceeds `bench/instructions.json` by more than 10 % — a count,
   which the machine's load does not change, so the check can be that close.
"""

import argparse
import hashlib
import json
import os
import platform
import shlex
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "bench"))
import instruction_rows  # noqa: E402
import live_rows  # noqa: E402
import scale_rows  # noqa: E402
from apt_tool import apt_tool  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
BENCH_SOURCES = ROOT / "scripts" / "bench"
WORK = ROOT / ".build" / "bench"
REFERENCE = ROOT / "bench" / "results.json"
LATEST = WORK / "results.json"
INSTRUCTIONS_REFERENCE = ROOT / "bench" / "instructions.json"
INSTRUCTIONS_LATEST = WORK / "instructions.json"
LAUNCHER = WORK / "measure"
CMD2_VERSION = "4.3.1"
RESULT_VERSION = 1

# The programs, in the order of the table's columns, with their names there.
PROGRAMS = {
    "flowshell": "FlowShell",
    "cmd": "cmd.Cmd",
    "cmd2": "cmd2",
    "swift": "Swift readLine loop",
}

# The rows that time commands: (key, label, the commands a session cycles through).
COMMAND_ROWS = [
    ("where", "`where`", ["where"]),
    ("filter", "`filter Kia` / `filter`", ["filter Kia", "filter"]),
    ("sort", "`sort price` (nothing changes)", ["sort price"]),
    ("help", "`help`", ["help"]),
    ("navigation", "`select rio` / `back` (a script: where you are is not kept)", ["select rio", "back"]),
]

# What the RSS row types, round and round.
MIXED = ["where", "filter Kia", "filter", "sort price", "help", "select rio", "back"]

# The modes: the rounds of each paired row, and the rounds before them that are not counted; the
# CPU seconds the commands of a session aim at — at least `target_cpu`, and at least
# `start_factor` times the program's start-up, so that a slow start's jitter (cmd2's) does not
# drown the commands; the mixed commands of the RSS row (whole cycles of MIXED, a multiple of
# 10 × 7, so that each session ends on the list); the runs of the issue-11 rows.
MODES = {
    "quick": {"rounds": 3, "warmup": 0, "start_rounds": 7, "target_cpu": 0.05, "start_factor": 0.15,
              "rss_commands": 700, "big_runs": 3, "big_warmup": 0, "view_rows": 100_000, "view_rounds": 3,
              "live_window": 2.0, "live_rounds": 1, "scale_rounds": 3, "terminal_rounds": 5,
              "terminal_commands": 100, "terminal_command_rounds": 2},
    "full": {"rounds": 15, "warmup": 1, "start_rounds": 31, "target_cpu": 0.4, "start_factor": 2.0,
             "rss_commands": 35_000, "big_runs": 10, "big_warmup": 1, "view_rows": 1_000_000, "view_rounds": 3,
             "live_window": 10.0, "live_rounds": 3, "scale_rounds": 9, "terminal_rounds": 21,
             "terminal_commands": 400, "terminal_command_rounds": 7},
}

# Regression floors, by unit: a difference smaller than this is never a regression.
FLOORS = {"µs": 2.0, "ms": 10.0, "MB": 5.0, "×": 1.0, "switches": 50.0, "%": 2.0}


STARTED = time.monotonic()


def log(message):
    """Progress, on stderr with the seconds since the start, so that stdout is only the table."""
    print(f"bench: [{time.monotonic() - STARTED:5.1f} s] {message}", file=sys.stderr, flush=True)


def run_checked(argv, **kwargs):
    """Runs a set-up step; stops the benchmark with its output when it fails."""
    result = subprocess.run(argv, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        sys.exit(f"bench: {' '.join(map(str, argv))} failed ({result.returncode}):\n"
                 f"{result.stdout}{result.stderr}")
    return result.stdout


# ---------------------------------------------------------------------------------------------
# Set-up: builds, the venv, hyperfine, the generated inputs.


def build_flowshell():
    """Builds the binary as it is installed (`make release`) and returns its path."""
    log("make release")
    started = time.monotonic()
    run_checked(["make", "--no-print-directory", "release"], cwd=ROOT)
    log(f"built in {time.monotonic() - started:.0f} s")
    bin_path = run_checked(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT).strip()
    return Path(bin_path) / "flowshell"


def build_swift_loop():
    """Compiles the minimal readLine loop with `swiftc -O` into the build folder."""
    source = BENCH_SOURCES / "readline_loop.swift"
    binary = WORK / "readline_loop"
    log("swiftc -O scripts/bench/readline_loop.swift")
    run_checked(["swiftc", "-O", str(source), "-o", str(binary)])
    return binary


def build_launcher():
    """Compiles `scripts/bench/measure.c`, the launcher every measured program starts from."""
    compiler = shutil.which("cc") or shutil.which("clang")
    if not compiler:
        sys.exit("bench: no C compiler (cc or clang) for scripts/bench/measure.c")
    run_checked([compiler, "-O2", "-o", str(LAUNCHER), str(BENCH_SOURCES / "measure.c")])
    return LAUNCHER


def real_python():
    """The interpreter itself, never a pyenv shim (a shell script that adds ~100 ms a start)."""
    executable = Path(sys.executable).resolve()
    if "shims" in executable.parts:
        found = subprocess.run([str(executable), "-c", "import sys; print(sys.executable)"],
                               capture_output=True, text=True)
        executable = Path(found.stdout.strip()).resolve()
    return executable


def set_up_venv():
    """Makes `.build/bench/venv` with cmd2 from PyPI, once; returns its interpreter."""
    venv = WORK / "venv"
    python = venv / "bin" / "python"
    marker = venv / f".cmd2-{CMD2_VERSION}"
    if not marker.exists():
        interpreter = real_python()
        log(f"making the venv with {interpreter.name} {platform.python_version()} and cmd2 {CMD2_VERSION}")
        shutil.rmtree(venv, ignore_errors=True)
        run_checked([str(interpreter), "-m", "venv", str(venv)])
        run_checked([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                     f"cmd2=={CMD2_VERSION}"])
        marker.touch()
    return python


def set_up_hyperfine():
    """hyperfine's path: installed from apt when missing and allowed, else None."""
    found = apt_tool("hyperfine", log)
    if found is None:
        log("hyperfine is missing and cannot be installed: the issue-11 rows use the paired runner")
    return found


def generate_inputs():
    """Issue 11's inputs: a 10k-entry config, and a 20,000-screen state with its deep config.

    - `big-config.json`: config.json plus 10,000 config commands leading to the operators,
      spread over `"*"` and five screens (all valid: `check` finds nothing), written compactly
      to stay under the loader's 1 MiB limit.
    - `deep-config.json`: config.json with `"maxDepth": 10000`.
    - `deep-state.json`: the car list, then `cars.operators` and `cars.list` with
      `{"operator": …}` alternating, pushed, 20,000 screens in all; restoring it keeps the first
      10,000 and names the rest as not reopened.
    """
    inputs = WORK / "inputs"
    inputs.mkdir(parents=True, exist_ok=True)
    config = json.loads((ROOT / "config.json").read_text())

    big = json.loads(json.dumps(config))
    sources = ["*", "cars.list", "cars.details", "cars.operators", "booking.list", "auth.account"]
    big["transitions"] += [
        {"from": sources[index % len(sources)], "command": f"go{index}", "summary": "Go",
         "to": "cars.operators", "style": "push"}
        for index in range(10_000)
    ]
    (inputs / "big-config.json").write_text(json.dumps(big, separators=(",", ":")))

    deep = dict(config, maxDepth=10_000)
    (inputs / "deep-config.json").write_text(json.dumps(deep, indent=2))
    operators = ["CityDrive", "GreenGo", "UrbanWheels"]
    screens = [{"feature": "cars.list", "flowRoot": False, "input": {}, "presentation": "root"}]
    while len(screens) < 20_000:
        screens.append({"feature": "cars.operators", "flowRoot": False, "input": {}, "presentation": "pushed"})
        operator = operators[(len(screens) // 2) % len(operators)]
        screens.append({"feature": "cars.list", "flowRoot": False, "input": {"operator": operator},
                        "presentation": "pushed"})
    state = {"v": 1, "app": config["app"], "screens": screens[:20_000]}
    (inputs / "deep-state.json").write_text(json.dumps(state))
    return inputs


def file_system_of(path):
    """The type of the file system `path` is on, from /proc/mounts (None elsewhere)."""
    try:
        mounts = Path("/proc/mounts").read_text().splitlines()
    except OSError:
        return None
    resolved = str(Path(path).resolve())
    best, kind = "", None
    for line in mounts:
        fields = line.split()
        mount_point = fields[1].replace("\\040", " ")
        inside = resolved == mount_point or resolved.startswith(mount_point.rstrip("/") + "/")
        if inside and len(mount_point) >= len(best):
            best, kind = mount_point, fields[2]
    return kind


def write_help_listing(flowshell_bin):
    """FlowShell's help of the car list as it gives it in JSON (`--output json`), for the
    baselines to lay out (`--help-listing`): they show the same help."""
    scratch = WORK / "help-listing-run"
    shutil.rmtree(scratch, ignore_errors=True)
    result = subprocess.run([str(flowshell_bin), "--config", str(ROOT / "config.json"), "--fresh", "--no-history",
                             "--state", str(scratch / "state.json"), "--data-dir", str(scratch / "data"),
                             "--output", "json"],
                            input="help\nquit\n", capture_output=True, text=True)
    listing = next((json.loads(line) for line in result.stdout.splitlines()
                    if line.startswith("{") and json.loads(line).get("type") == "help"), None)
    if result.returncode != 0 or listing is None:
        sys.exit(f"bench: FlowShell's help in JSON could not be read:\n{result.stdout}{result.stderr}")
    path = WORK / "help-listing.json"
    path.write_text(json.dumps(listing, ensure_ascii=False))
    return path


def compare_outputs(shells, argvs, folder):
    """Each row's session (its commands twice, then `quit`), the start's and the RSS row's, run by
    every shell from a fresh state: the baselines must print what FlowShell prints, byte for
    byte, or the rows would not compare the same work. Stops the benchmark at the first line
    that differs."""
    sessions = {"start → quit": []}
    sessions.update({label: commands * 2 for _, label, commands in COMMAND_ROWS})
    sessions["the RSS row's mixed commands"] = MIXED * 2
    for label, lines in sessions.items():
        path = session_file(lines)
        printed = {}
        for program in shells:
            run_dir = folder / program.key
            shutil.rmtree(run_dir, ignore_errors=True)
            run_dir.mkdir(parents=True)
            with open(path, "rb") as stdin:
                result = subprocess.run(argvs[program.key](run_dir), stdin=stdin, capture_output=True, env=ENV)
            if result.returncode != 0 or result.stderr:
                sys.exit(f"bench: {PROGRAMS[program.key]} failed on the session of {label}:\n"
                         f"{result.stderr.decode(errors='replace')}")
            printed[program.key] = result.stdout.decode(errors="replace").splitlines()
        expected = printed["flowshell"]
        for key, lines_printed in printed.items():
            if lines_printed == expected:
                continue
            index = next((i for i, (a, b) in enumerate(zip(expected, lines_printed, strict=False)) if a != b),
                         min(len(expected), len(lines_printed)))
            sys.exit(f"bench: for {label}, {PROGRAMS[key]} prints otherwise than FlowShell at line {index + 1}:\n"
                     f"  FlowShell: {expected[index] if index < len(expected) else '(nothing)'!r}\n"
                     f"  {PROGRAMS[key]}: {lines_printed[index] if index < len(lines_printed) else '(nothing)'!r}\n"
                     f"scripts/bench/baseline_app.py must print what FlowShell prints for the rows to compare the same work")


# ---------------------------------------------------------------------------------------------
# Running and pairing.


class Program:
    """One shell under test: how to start it, with its own state and data folder."""

    def __init__(self, key, argv, run_dir):
        self.key = key
        self.argv = argv
        self.run_dir = run_dir


def child_environment():
    """The environment for every program: no width from the caller, Python's default buffering,
    and Python's bytecode cache in the build folder rather than beside the scripts."""
    env = dict(os.environ)
    for name in ("COLUMNS", "LINES", "PYTHONUNBUFFERED", "PYTHONDONTWRITEBYTECODE"):
        env.pop(name, None)
    env["PYTHONPYCACHEPREFIX"] = str(WORK / "pycache")
    return env


ENV = None


def session_file(lines):
    """A file with these lines then `quit`, under `.build/bench/sessions`, made once."""
    text = "".join(line + "\n" for line in lines) + "quit\n"
    folder = WORK / "sessions"
    folder.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha1(text.encode()).hexdigest()[:16]
    path = folder / f"{len(lines)}-{digest}.txt"
    if not path.exists():
        path.write_text(text)
    return path


def run_once(argv, stdin_path, cwd, check=False):
    """One process, through the `measure` launcher: stdin from the file, stdout to /dev/null.
    Returns its wall time (s), CPU time (s) and max RSS (MB); with `check`, stops the benchmark
    when it fails or writes to stderr (a command that went wrong is not a figure)."""
    with open(stdin_path, "rb") as stdin:
        result = subprocess.run([str(LAUNCHER)] + [str(a) for a in argv], stdin=stdin, capture_output=True,
                                cwd=cwd, env=ENV)
    fields = result.stdout.split()
    errors = result.stderr.decode(errors="replace")
    if result.returncode != 0 or len(fields) != 4 or fields[3] != b"0" or (check and errors.strip()):
        status = fields[3].decode() if len(fields) == 4 else "?"
        sys.exit(f"bench: {shlex.join(map(str, argv))} < {stdin_path.name} exited {status}:\n{errors}")
    wall_ns, cpu_us, rss_kb = (int(field) for field in fields[:3])
    return {"wall": wall_ns / 1e9, "cpu": cpu_us / 1e6, "rss": rss_kb / 1024}


def paired(variants, rounds, warmup=1, check_first=True):
    """Runs every variant once per round, the order rotating each round; returns, per variant,
    one sample per measured round (the warm-up rounds are dropped).

    `variants` maps a name to (argv, stdin file, cwd, prepare), prepare a callable or None.
    With `check_first`, the first round stops the benchmark on anything written to stderr."""
    names = list(variants)
    samples = {name: [] for name in names}
    for round_index in range(warmup + rounds):
        shift = round_index % len(names)
        for name in names[shift:] + names[:shift]:
            argv, stdin_path, cwd, prepare = variants[name]
            if prepare:
                prepare()
            sample = run_once(argv, stdin_path, cwd, check=check_first and round_index == 0)
            if round_index >= warmup:
                samples[name].append(sample)
    return samples


def summary(values, scale=1.0):
    """Median, min and max of the values, times `scale`, rounded for the JSON."""
    def tidy(value):
        return float(f"{value * scale:.4g}")
    return {"median": tidy(statistics.median(values)), "min": tidy(min(values)), "max": tidy(max(values))}


# ---------------------------------------------------------------------------------------------
# The rows.


def measure_start(programs, rounds, warmup):
    """start → quit: wall, CPU and max RSS of a session that only types `quit`."""
    quit_only = session_file([])
    variants = {p.key: (p.argv, quit_only, p.run_dir, None) for p in programs}
    samples = paired(variants, rounds, warmup)
    rows = {}
    for metric, unit, scale in (("wall", "ms", 1000), ("cpu", "ms", 1000), ("rss", "MB", 1)):
        rows[f"start.{metric}"] = {
            "unit": unit, "rounds": rounds,
            "programs": {key: summary([s[metric] for s in values], scale) for key, values in samples.items()},
        }
    return rows


def calibrate(program, commands, start_cpu, mode):
    """How many commands a session of this program needs to spend the mode's target on them.

    A trial session is timed against the start-up's median, with four times as many commands
    each time until the commands stand out of the start-up's jitter."""
    target_cpu = max(mode["target_cpu"], mode["start_factor"] * start_cpu)
    trial = len(commands) * max(1, 100 // len(commands))
    while True:
        path = session_file([commands[i % len(commands)] for i in range(trial)])
        spent = run_once(program.argv, path, program.run_dir, check=True)["cpu"] - start_cpu
        if spent >= max(0.01, 0.2 * target_cpu) or trial >= 100_000:
            break
        trial *= 4
    per_command = max(spent, 1e-3) / trial
    count = int(target_cpu / per_command)
    count = max(len(commands) * 10, min(count, 400_000))
    return count - count % len(commands)


def measure_commands(programs, commands, start_cpu, mode):
    """CPU (and wall) time per command: paired sessions of N commands against `quit` alone."""
    quit_only = session_file([])
    variants, counts = {}, {}
    for program in programs:
        count = calibrate(program, commands, start_cpu[program.key], mode)
        counts[program.key] = count
        lines = [commands[i % len(commands)] for i in range(count)]
        variants[(program.key, 0)] = (program.argv, quit_only, program.run_dir, None)
        variants[(program.key, count)] = (program.argv, session_file(lines), program.run_dir, None)
    samples = paired(variants, mode["rounds"], mode["warmup"])
    per_command = {}
    for program in programs:
        count = counts[program.key]
        base, long = samples[(program.key, 0)], samples[(program.key, count)]
        per_command[program.key] = {
            metric: [(b[metric] - a[metric]) / count for a, b in zip(base, long, strict=False)] for metric in ("cpu", "wall")
        }
    return per_command, counts


def measure_rss(programs, mode):
    """Max RSS after a tenth of M mixed commands, and after M."""
    total = mode["rss_commands"]  # whole cycles of MIXED in both sessions: each ends on the list
    rows = {"rss.tenth": {}, "rss.all": {}}
    for program in programs:
        for key, count in (("rss.tenth", total // 10), ("rss.all", total)):
            path = session_file([MIXED[i % len(MIXED)] for i in range(count)])
            rows[key][program.key] = run_once(program.argv, path, program.run_dir, check=True)["rss"]
    return rows


def measure_big(flowshell_bin, hyperfine, runs, warmup, inputs):
    """Issue 11's rows: `check` of the 10k-entry config, and restoring the 20,000-screen state
    (the state file copied anew before each run, since leaving saves the restored stack)."""
    run_dir = WORK / "run" / "restore"
    run_dir.mkdir(parents=True, exist_ok=True)
    state = run_dir / "state.json"
    check = [str(flowshell_bin), "check", "--config", str(inputs / "big-config.json")]
    restore = [str(flowshell_bin), "--config", str(inputs / "deep-config.json"), "--state", str(state),
               "--data-dir", str(run_dir / "data"), "--no-history"]

    def prepare():
        shutil.copyfile(inputs / "deep-state.json", state)

    prepare()
    # Once with stderr read, to see that it does what it should.
    quit_only = session_file([])
    with open(quit_only) as stdin:
        dropped = subprocess.run(restore, stdin=stdin, capture_output=True, text=True, env=ENV)
    if dropped.returncode != 0 or "were not reopened" not in dropped.stderr:
        sys.exit(f"bench: restoring the deep state did not say what it dropped:\n{dropped.stderr}")
    rows = {}
    if hyperfine:
        export = WORK / "hyperfine.json"
        commands = {"check10k": check, "restore20k": restore}
        for key, argv in commands.items():
            options = ["--prepare", shlex.join(["cp", str(inputs / "deep-state.json"), str(state)])] \
                if key == "restore20k" else []
            run_checked([hyperfine, "-N", "--style", "none", "--warmup", str(warmup), "--runs", str(runs),
                         "--export-json", str(export)] + options + [shlex.join(argv)], env=ENV)
            result = json.loads(export.read_text())["results"][0]
            rows[key] = {"unit": "ms", "tool": "hyperfine", "runs": runs,
                         "programs": {"flowshell": summary(result["times"], 1000)}}
    else:
        variants = {"check10k": (check, quit_only, run_dir, None),
                    "restore20k": (restore, quit_only, run_dir, prepare)}
        samples = paired(variants, runs, warmup, check_first=False)
        for key, values in samples.items():
            rows[key] = {"unit": "ms", "tool": "paired", "runs": runs,
                         "programs": {"flowshell": summary([s["wall"] for s in values], 1000)}}
    return rows


def measure_plugin_view(flowshell_bin, rows, rounds):
    """Issue 24's row: the shell's peak RSS while a plugin answers a view of `rows` rows (a
    table), less its peak with the plugin's screen open and no large view, over the answer's
    JSON bytes — paired, each round measuring both (`scripts/bench_plugins.py`)."""
    sys.path.insert(0, str(ROOT / "scripts"))
    import bench_plugins
    ratios, megabytes = bench_plugins.view_memory(str(flowshell_bin), rows, rounds, str(WORK / "run" / "view-memory"))
    return {"unit": "×", "metric": "peak RSS ÷ JSON bytes", "rounds": rounds, "n": rows,
            "label": f"a plugin's {rows:,}-row view ({megabytes:.1f} MB of JSON): peak RSS ÷ JSON (issue 24)",
            "programs": {"flowshell": summary(ratios)}}


# ---------------------------------------------------------------------------------------------
# Goals, the table, the regression check.

# Each row's goal from issue 13 (and issue 11 for the last two), as text and as a test of the
# medians (FlowShell's figure f, and the row's programs by key).
GOALS = {
    "start.wall": ("≤ 0.5× cmd.Cmd",
                   lambda f, p: f <= 0.5 * p["cmd"]),
    "start.rss": ("≤ 20 MB", lambda f, p: f <= 20),
    "where": ("≥ 3× cmd.Cmd throughput", lambda f, p: f * 3 <= p["cmd"]),
    "filter": ("≤ 15 µs and ≥ 12× cmd2", lambda f, p: f <= 15 and f * 12 <= p["cmd2"]),
    "sort": ("≤ 5 µs", lambda f, p: f <= 5),
    "help": ("≤ 15 µs", lambda f, p: f <= 15),
    "navigation": ("≤ 20 µs and ≥ 9× cmd2", lambda f, p: f <= 20 and f * 9 <= p["cmd2"]),
    "navigation.terminal": ("≥ 10× cmd2 (issue 23's floor)", lambda f, p: f * 10 <= p["cmd2"]),
    "start.terminal.wall": ("≤ 0.5× cmd.Cmd", lambda f, p: f <= 0.5 * p["cmd"]),
    "rss": ("flat, and ≤ 20 MB", lambda f, p: f <= 20),
    "check10k": ("well under 1 s", lambda f, p: f < 1000),
    "plugin.view": ("≤ 4× its JSON", lambda f, p: f <= 4),
    "restore20k": ("well under 1 s", lambda f, p: f < 1000),
    "live.idle.switches": ("none beyond the terminal's own (the Swift loop's)", lambda f, p: f <= p.get("swift", 0)),
    "live.latency": ("median ≤ 1 ms", lambda f, p: f <= 1),
    "live.busy.cpu": ("≤ 5% of a core", lambda f, p: f <= 5),
    "live.busy.rss": ("flat", lambda f, p: True),
}


def collect(results_rows, per_command, counts, rss, mode):
    """Turns the per-command samples and RSS figures into rows of the result."""
    for key, label, commands in COMMAND_ROWS:
        samples, n = per_command[key], counts[key]
        results_rows[key] = {
            "label": label, "unit": "µs", "metric": "CPU per command", "rounds": mode["rounds"],
            "commands": commands, "n": n,
            "programs": {program: summary(values["cpu"], 1e6) for program, values in samples.items()},
        }
        if key == "navigation":
            results_rows["navigation.wall"] = {
                "label": label, "unit": "µs", "metric": "wall per command", "rounds": mode["rounds"],
                "commands": commands, "n": n,
                "programs": {program: summary(values["wall"], 1e6) for program, values in samples.items()},
            }
    results_rows["rss"] = {
        "label": f"RSS over {mode['rss_commands']:,} commands", "unit": "MB", "metric": "max RSS",
        "commands": MIXED, "n": mode["rss_commands"],
        "programs": {program: {"median": round(value, 1), "min": round(value, 1), "max": round(value, 1),
                               "after_tenth": round(rss["rss.tenth"][program], 1)}
                     for program, value in rss["rss.all"].items()},
    }


LABELS = {
    "start.wall": "start → `quit`, wall",
    "start.cpu": "start → `quit`, CPU",
    "start.rss": "start → `quit`, max RSS",
    "navigation.wall": "`select rio` / `back`, wall per command",
    "navigation.terminal": "`select rio` / `back` at a terminal, saved before each prompt (CPU)",
    "navigation.terminal.wall": "`select rio` / `back` at a terminal, wall per command",
    "start.terminal.wall": "start → `quit` at a terminal, wall",
    "start.terminal.cpu": "start → `quit` at a terminal, CPU",
    "check10k": "`check` of a 10k-entry config (issue 11)",
    "restore20k": "restore a 20,000-screen state (issue 11)",
    "live.idle.cpu": "idle prompt, CPU over the window (issue 22)",
    "live.idle.switches": "idle prompt, context switches over the window (issue 22)",
    "live.latency": "state change → bytes on the terminal (issue 22)",
    "live.busy.cpu": "screen updated 1,000×/s, shell CPU % of a core (issue 22)",
    "live.busy.rss": "screen updated 1,000×/s, RSS start → end (issue 22)",
}


def format_figure(figure, unit):
    """`151 (148–160) µs`."""
    def number(value):
        return f"{value:.3g}" if value < 100 else f"{value:.0f}"
    if figure["min"] == figure["max"]:
        text = f"{number(figure['median'])} {unit}"
    else:
        text = f"{number(figure['median'])} ({number(figure['min'])}–{number(figure['max'])}) {unit}"
    if "after_tenth" in figure:
        text = f"{number(figure['after_tenth'])} → {text}"
    return text


def table(result):
    """The result as a Markdown table: medians (min–max), ratios, goals."""
    header = ["work", "FlowShell", "cmd.Cmd", "cmd2", "Swift loop", "FlowShell ÷ cmd.Cmd", "÷ cmd2",
              "÷ Swift loop", "goal", "met"]
    lines = ["| " + " | ".join(header) + " |", "|" + " --- |" * len(header)]
    for key, row in result["rows"].items():
        if "exponent" in row:
            continue  # a scale row: scale_rows.table shows it
        programs, unit = row["programs"], row["unit"]
        flowshell = programs["flowshell"]["median"]
        cells = [LABELS.get(key, row.get("label", key))]
        cells += [format_figure(programs[p], unit) if p in programs else "" for p in PROGRAMS]
        for baseline in ("cmd", "cmd2", "swift"):
            other = programs.get(baseline, {}).get("median")
            cells.append(f"{flowshell / other:.2f}×" if other else "")
        goal = GOALS.get(key)
        if goal:
            met = goal[1](flowshell, {p: v["median"] for p, v in programs.items()})
            if key in ("rss", "live.busy.rss"):
                met = met and flowshell - programs["flowshell"]["after_tenth"] <= 1
            cells += [goal[0], "yes" if met else "no"]
        else:
            cells += ["", ""]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


# Rows the regression check leaves out: the wall time of a navigation is mostly the disk's
# flush, which another program's writes can slow many times over.
NOT_CHECKED = {"navigation.wall", "navigation.terminal.wall"}


def regressions(result, reference):
    """The rows where FlowShell is at least 3× worse than the reference, beyond noise: by at
    least the unit's floor, and by 3× relative to cmd.Cmd in the same run too — the row's own
    cmd.Cmd figure, or for a row without one cmd.Cmd's start → quit — so that a slower or busier
    machine, which slows cmd.Cmd as well, is not taken for a regression."""
    def baseline(rows, key):
        figure = rows.get(key, {}).get("programs", {}).get("cmd") \
            or rows.get("start.wall", {}).get("programs", {}).get("cmd")
        return figure["median"] if figure else None

    found = []
    for key, row in result["rows"].items():
        old = reference.get("rows", {}).get(key)
        if key in NOT_CHECKED or "exponent" in row or not old or "flowshell" not in old["programs"]:
            continue
        now, then = row["programs"]["flowshell"]["median"], old["programs"]["flowshell"]["median"]
        if now < 3 * then or now - then < FLOORS.get(row["unit"], 0):
            continue
        now_base, then_base = baseline(result["rows"], key), baseline(reference["rows"], key)
        if now_base and then_base and now / now_base < 3 * (then / then_base):
            continue
        found.append(f"{LABELS.get(key, row.get('label', key))}: {now:g} {row['unit']} "
                     f"against {then:g} {row['unit']} in {REFERENCE.relative_to(ROOT)}")
    return found


# ---------------------------------------------------------------------------------------------


def swift_version():
    """The first line of `swift --version`."""
    output = subprocess.run(["swift", "--version"], capture_output=True, text=True)
    text = (output.stdout or output.stderr).strip().splitlines()
    return text[0] if text else "unknown"


def main():
    global ENV
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="the quick run, for CI (under a minute)")
    parser.add_argument("--save", action="store_true", help=f"write the result to {REFERENCE.relative_to(ROOT)}")
    parser.add_argument("--check", action="store_true",
                        help="fail on a gross regression against the reference (always in --quick)")
    parser.add_argument("--no-build", action="store_true", help="use the release binary as it is")
    parser.add_argument("--live-only", action="store_true",
                        help="measure only the live-prompt rows; with --save, replace only those rows of the reference")
    parser.add_argument("--instructions-only", action="store_true",
                        help="count only the instruction rows (callgrind); with --save, write only their reference")
    parser.add_argument("--print", metavar="RESULT", type=Path,
                        help="print the table of a result written before (such as bench/results.json) and stop")
    arguments = parser.parse_args()
    if arguments.print:
        printed = json.loads(arguments.print.read_text())
        if "tolerance" in printed:  # instruction rows
            print(instruction_rows.table(printed["rows"]))
            return 0
        print(table(printed))
        print()
        print(scale_rows.table(printed["rows"]))
        return 0
    mode_name = "quick" if arguments.quick else "full"
    mode = MODES[mode_name]

    WORK.mkdir(parents=True, exist_ok=True)
    ENV = child_environment()
    if arguments.no_build:
        flowshell_bin = ROOT / ".build" / "release" / "flowshell"
    else:
        flowshell_bin = build_flowshell()
    swift_loop = build_swift_loop()
    build_launcher()
    venv_python = set_up_venv()
    hyperfine = set_up_hyperfine()
    inputs = generate_inputs()

    run_root = WORK / "run"
    shutil.rmtree(run_root, ignore_errors=True)
    help_listing = write_help_listing(flowshell_bin)
    argvs = {
        "flowshell": lambda d: [str(flowshell_bin), "--config", str(ROOT / "config.json"),
                                "--state", str(d / "state.json"), "--data-dir", str(d / "data"), "--no-history"],
        "cmd": lambda d: [str(venv_python), str(BENCH_SOURCES / "baseline_cmd.py"), "--state", str(d / "state.json"),
                          "--help-listing", str(help_listing)],
        "cmd2": lambda d: [str(venv_python), str(BENCH_SOURCES / "baseline_cmd2.py"), "--state", str(d / "state.json"),
                           "--help-listing", str(help_listing)],
        "swift": lambda d: [str(swift_loop)],
    }
    programs = []
    for key in PROGRAMS:
        run_dir = run_root / key
        run_dir.mkdir(parents=True)
        programs.append(Program(key, argvs[key](run_dir), run_dir))
    shells = [p for p in programs if p.key != "swift"]
    if not arguments.live_only:
        log("the baselines print what FlowShell prints, session by session")
        compare_outputs(shells, argvs, run_root / "compare")
    if not arguments.live_only:
        instructions_text, instructions = count_instructions(flowshell_bin, argvs, mode_name, arguments)
        if arguments.instructions_only:
            print(instructions_text)
            if instructions:
                print("instructions above their reference:\n  " + "\n  ".join(instructions), file=sys.stderr)
            return 1 if instructions else 0
    state_fs = file_system_of(run_root)
    if state_fs == "tmpfs":
        log("warning: .build/bench/run is on tmpfs: the navigation row does not measure a real disk")

    load_before = os.getloadavg()
    started = time.monotonic()
    rows = {}
    if not arguments.live_only:
        log(f"{mode_name} run: start → quit, {mode['start_rounds']} rounds")
        rows = measure_start(programs, mode["start_rounds"], mode["warmup"])
        start_cpu = {key: value["median"] / 1000 for key, value in rows["start.cpu"]["programs"].items()}
        per_command, counts = {}, {}
        for key, label, commands in COMMAND_ROWS:
            log(f"{label}: {mode['rounds']} rounds")
            per_command[key], counts[key] = measure_commands(shells, commands, start_cpu, mode)
        log(f"RSS over {mode['rss_commands']:,} commands")
        rss = measure_rss(shells, mode)
        collect(rows, per_command, counts, rss, mode)
        log("issue 11: check of 10k entries, restore of 20,000 screens")
        rows.update(measure_big(flowshell_bin, hyperfine, mode["big_runs"], mode["big_warmup"], inputs))
        log(f"issue 24: a plugin's {mode['view_rows']:,}-row view, {mode['view_rounds']} rounds")
        rows["plugin.view"] = measure_plugin_view(flowshell_bin, mode["view_rows"], mode["view_rounds"])
        rows.update(scale_rows.measure(flowshell_bin, WORK / "scale", paired, session_file, mode["scale_rounds"], log))
    live_dir = run_root / "live"
    live_dir.mkdir(parents=True, exist_ok=True)
    window, live_rounds = mode["live_window"], mode["live_rounds"]
    live_env = dict(ENV, TERM="xterm-256color", NO_COLOR="1", HOME=str(live_dir), XDG_STATE_HOME=str(live_dir / "state"))
    log(f"issue 22: an idle prompt and a live screen, {window:g} s windows")
    rows.update(live_rows.measure_idle(flowshell_bin, swift_loop, ROOT / "config.json", live_dir, live_env, window,
                                       live_rounds, log))
    rows.update(live_rows.measure_latency(flowshell_bin, WORK, live_dir, live_env, window, log))
    rows.update(live_rows.measure_busy(flowshell_bin, WORK, live_dir, live_env, window, live_rounds, log))
    if not arguments.live_only:
        terminal = {p.key: p for p in programs}
        log(f"issue 35: start → quit at a terminal, {mode['terminal_rounds']} rounds")
        rows.update(live_rows.measure_terminal_start(
            {"flowshell": (terminal["flowshell"].argv, "Cars › "), "cmd": (terminal["cmd"].argv, "> "),
             "cmd2": (terminal["cmd2"].argv, ">"), "swift": (terminal["swift"].argv, None)},
            live_dir, live_env, mode["terminal_rounds"], log))
        count = mode["terminal_commands"]
        log(f"issue 35: select rio / back at a terminal, {count} commands, {mode['terminal_command_rounds']} rounds")
        # Each line's output ends with its screen's commands; then the prompt (cmd2's is drawn
        # by prompt_toolkit, with cursor movements after its `>`).
        shown = {"select rio": "commands: book", "back": "7 of 7 cars, by price"}
        rows.update(live_rows.measure_terminal_commands(
            {"flowshell": (terminal["flowshell"].argv, {"select rio": (shown["select rio"], "Kia Rio › "),
                                                        "back": (shown["back"], "Cars › ")}, "Cars › "),
             "cmd": (terminal["cmd"].argv, {line: (text, "> ") for line, text in shown.items()}, "> "),
             "cmd2": (terminal["cmd2"].argv, {line: (text, ">") for line, text in shown.items()}, ">")},
            ["select rio", "back"], count, live_dir, live_env, mode["terminal_command_rounds"], log))
    for key, row in rows.items():
        row.setdefault("label", LABELS.get(key, key))
        if key in GOALS:
            row["goal"] = GOALS[key][0]
    load_after = os.getloadavg()

    result = {
        "version": RESULT_VERSION,
        "mode": mode_name,
        "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "seconds": round(time.monotonic() - started, 1),
        "machine": {
            "cores": os.cpu_count(),
            "load_before": [round(x, 2) for x in load_before],
            "load_after": [round(x, 2) for x in load_after],
            "system": f"{platform.system()} {platform.release()} {platform.machine()}",
            "swift": swift_version(),
            "python": platform.python_version(),
            "cmd2": CMD2_VERSION,
            "hyperfine": bool(hyperfine),
            "state_file_system": state_fs,
        },
        "rows": rows,
    }
    LATEST.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n")
    if arguments.save:
        REFERENCE.parent.mkdir(exist_ok=True)
        saved = result
        if arguments.live_only and REFERENCE.exists():
            # The other rows stay the reference's; the live rows say when and where they were measured.
            saved = json.loads(REFERENCE.read_text())
            for row in rows.values():
                row["measured"] = {"date": result["date"], "mode": mode_name, "load_before": result["machine"]["load_before"]}
            saved["rows"].update(rows)
        REFERENCE.write_text(json.dumps(saved, indent=2, ensure_ascii=False) + "\n")

    machine = result["machine"]
    print(table(result))
    print()
    print(scale_rows.table(rows))
    print()
    if not arguments.live_only:
        print(instructions_text)
    print(f"{mode_name} run, {result['seconds']:.0f} s: {machine['cores']} cores, load "
          f"{' '.join(map(str, machine['load_before']))} before and "
          f"{' '.join(map(str, machine['load_after']))} after; {machine['swift']}; Python "
          f"{machine['python']}, cmd2 {CMD2_VERSION}; state on {state_fs}. "
          f"Per-command rows: CPU per command, paired against a `quit`-only session.")
    print(f"written to {LATEST.relative_to(ROOT)}" + (f" and {REFERENCE.relative_to(ROOT)}" if arguments.save else ""))

    if arguments.quick or arguments.check:
        found = scale_rows.exceeded(rows) + ([] if arguments.live_only else instructions)
        if REFERENCE.exists():
            found = regressions(result, json.loads(REFERENCE.read_text())) + found
        else:
            log(f"no {REFERENCE.relative_to(ROOT)} to compare with")
        if found:
            print("gross regressions (≥ 3× the reference), costs that grow too fast, or instructions above "
                  "their reference:\n  " + "\n  ".join(found), file=sys.stderr)
            return 1
        print(f"no row is 3× worse than {REFERENCE.relative_to(ROOT)}, and no cost grows more than half again "
              f"as fast as its goal allows")
    return 0


def count_instructions(flowshell_bin, argvs, mode_name, arguments):
    """The instruction rows (`scripts/bench/instruction_rows.py`): counted, written to
    `.build/bench/instructions.json` (and with `--save` to `bench/instructions.json`), and in the
    quick run (or with `--check`) compared with the reference. Returns their table with what the
    comparison found, and the rows above their reference by more than its tolerance — or, in a
    run that checks them, the reason they could not be counted."""
    checks = arguments.quick or arguments.check
    valgrind = instruction_rows.find_valgrind(log)
    if not valgrind:
        reason = "valgrind is missing and cannot be installed here (apt-get install valgrind): no instruction rows"
        log(reason)
        return reason, [reason] if checks else []

    binary = instruction_rows.without_debug_info(flowshell_bin, WORK)

    def flowshell_argv(config):
        run = Path("{run}")
        return [str(binary), "--config", str(config), "--state", str(run / "state.json"),
                "--data-dir", str(run / "data"), "--no-history"]

    shells = {"flowshell": lambda _: flowshell_argv(ROOT / "config.json"), "cmd": argvs["cmd"], "cmd2": argvs["cmd2"]}
    rows = instruction_rows.measure(shells, COMMAND_ROWS, session_file, flowshell_argv, WORK, ENV,
                                    mode_name == "full", log, valgrind)
    machine = {"date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "swift": swift_version(),
               "python": platform.python_version(), "cmd2": CMD2_VERSION,
               "valgrind": instruction_rows.valgrind_version(valgrind),
               "system": f"{platform.system()} {platform.release()} {platform.machine()}"}
    reference = json.loads(INSTRUCTIONS_REFERENCE.read_text()) if INSTRUCTIONS_REFERENCE.exists() else None
    if reference and mode_name == "quick":
        # A quick run leaves cmd2 out: its figures are the reference's, from a full run.
        for key, row in rows.items():
            cmd2 = reference["rows"].get(key, {}).get("programs", {}).get("cmd2")
            if cmd2:
                row["programs"]["cmd2"] = cmd2
                row["cmd2_from_reference"] = True
    result = instruction_rows.result(rows, machine, mode_name)
    INSTRUCTIONS_LATEST.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n")
    if arguments.save:
        INSTRUCTIONS_REFERENCE.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n")
    lines = [instruction_rows.table(rows, reference), ""]
    where = INSTRUCTIONS_REFERENCE.relative_to(ROOT)
    lines.append(f"Instructions per command counted by callgrind, {instruction_rows.COMMANDS} commands a session less "
                 f"`quit` alone; written to {INSTRUCTIONS_LATEST.relative_to(ROOT)}" + (f" and {where}" if arguments.save else "")
                 + ("; cmd2's figures are the reference's (a quick run leaves cmd2 out)" if mode_name == "quick" else ""))
    worse = []
    if checks and reference:
        worse, better = instruction_rows.regressions(rows, reference)
        if better:
            lines.append(f"more than {instruction_rows.TOLERANCE:.0%} below {where} (save the reference again so that "
                         "the check guards the gain):\n  " + "\n  ".join(better))
        if not worse:
            lines.append(f"no row's FlowShell instructions exceed {where} by more than {instruction_rows.TOLERANCE:.0%}")
    elif checks:
        lines.append(f"no {where} to compare the instructions with")
    return "\n".join(lines), worse


if __name__ == "__main__":
    sys.exit(main())
