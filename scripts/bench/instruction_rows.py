"""`make bench`'s instruction rows (issue 44): the instructions a command costs, counted by
valgrind's callgrind, which gives the same count for the same binary and input whatever else the
machine is doing — so that, unlike a timing, a change in the count is never noise.

- *per-command rows*: each of bench.py's per-command rows, for FlowShell's release binary and the
  Python baselines (`cmd.Cmd`, and cmd2 in the full run: its start alone takes a minute under
  callgrind): the instructions of a session of N commands then `quit`, less those of a session
  of `quit` alone, divided by N. The sessions are bench.py's (stdin from a file, stdout to
  /dev/null), each in a fresh state folder.
- *filter with 1,000 config commands*: `filter Kia` / `filter` under config.json with 1,000 config
  commands added on other screens than the car list, against `quit` alone under the same
  config: a command must not cost more because the config declares commands elsewhere. And the
  same with the 1,000 spread over `"*"` and five screens as the scale rows spread them, so that
  the car list offers a third of them (and lists them under every screen it shows).
- *`flowshell test`*: the instructions of `flowshell test` of the generated flows of
  bench_flowtest.py at 250 and 1,000 transitions, per transition, and their growth — linear
  (4× the transitions, 4× the instructions, with the start's share making it a little less).

Hashing is made deterministic (`SWIFT_DETERMINISTIC_HASHING`, `PYTHONHASHSEED`), so that two runs
of the same binary give the same count to within a few instructions. Each run's callgrind profile
is kept in `.build/bench/callgrind/` for `callgrind_annotate`.

`bench/instructions.json` is the committed reference. The quick run (CI) fails when a FlowShell
figure exceeds the reference's by more than 10 %; it names the rows that fell by more than 10 %
too, whose reference should be saved again (`--save`) so that the check guards the gain.
"""

import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
import bench_flowtest  # noqa: E402
import scale_rows  # noqa: E402
from apt_tool import apt_tool  # noqa: E402

# The commands of each session, as in the measurements.
COMMANDS = 400
# How much more than the reference a FlowShell figure may cost before the check fails.
TOLERANCE = 0.10
# The goals of issue 44, as text and as a test of the row (FlowShell's figure f, the row).
PER_COMMAND_GOAL = ("≤ 0.5× cmd.Cmd", lambda f, row: "cmd" in row["programs"] and f <= 0.5 * row["programs"]["cmd"])
FLOWTEST_SIZES = (250, 1_000)
LABELS = {
    "filter.config1000": "`filter Kia` / `filter`, config.json with 1,000 more config commands on other screens",
    "filter.config1000.here": "`filter Kia` / `filter`, config.json with 1,000 more config commands, 333 on the car list",
    "flowtest.250": "`flowshell test`, 250 transitions: per transition",
    "flowtest.1000": "`flowshell test`, 1,000 transitions: per transition",
}

COLLECTED = re.compile(rb"Collected : (\d+)")


def config_with_commands_elsewhere(config, count):
    """config.json with `count` config commands leading to the operators, spread over four
    screens other than the car list (and not over `"*"`, which would add them to the list too)."""
    more = json.loads(json.dumps(config))
    sources = ["cars.details", "cars.operators", "booking.list", "auth.account"]
    more["transitions"] += [
        {"from": sources[index % len(sources)], "command": f"go{index}", "summary": "Go",
         "to": "cars.operators", "style": "push"}
        for index in range(count)
    ]
    return more


def find_valgrind(log):
    """valgrind's path: installed from apt when missing and allowed, else None."""
    return apt_tool("valgrind", log)


def without_debug_info(binary, work):
    """A copy of `binary` without its DWARF (its symbols kept, for callgrind_annotate): the Swift
    toolchain writes debug information that valgrind 3.19's reader gives up on."""
    copy = work / "flowshell-callgrind"
    strip = shutil.which("strip") or shutil.which("llvm-strip")
    if not strip:
        sys.exit("bench: the instruction rows need strip (binutils) to give valgrind a binary it can read")
    subprocess.run([strip, "--strip-debug", "-o", str(copy), str(binary)], check=True)
    return copy


def valgrind_version(valgrind):
    return subprocess.run([valgrind, "--version"], capture_output=True, text=True).stdout.strip()


class Counter:
    """Runs programs under callgrind and reads how many instructions they executed."""

    def __init__(self, valgrind, work, env):
        self.valgrind = valgrind
        self.folder = work / "callgrind"
        shutil.rmtree(self.folder, ignore_errors=True)
        self.folder.mkdir(parents=True)
        self.env = dict(env, SWIFT_DETERMINISTIC_HASHING="1", PYTHONHASHSEED="0")

    def count(self, name, argv, stdin_path=None, accepted=(0,)):
        """The instructions `argv` executes with stdin from `stdin_path` (or nothing), stdout to
        /dev/null, in a fresh folder of its own (`{run}` in argv stands for it). Stops the
        benchmark when the program fails or writes to stderr."""
        run_dir = self.folder / f"{name}.run"
        shutil.rmtree(run_dir, ignore_errors=True)
        run_dir.mkdir()
        log_path = self.folder / f"{name}.log"
        argv = [str(a).replace("{run}", str(run_dir)) for a in argv]
        command = [self.valgrind, "--tool=callgrind", f"--callgrind-out-file={self.folder / name}.out",
                   f"--log-file={log_path}"] + argv
        with open(stdin_path or os.devnull, "rb") as stdin:
            result = subprocess.run(command, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                    cwd=run_dir, env=self.env)
        errors = result.stderr.decode(errors="replace").strip()
        found = COLLECTED.search(log_path.read_bytes())
        if result.returncode not in accepted or errors or not found:
            sys.exit(f"bench: under callgrind, {' '.join(argv)} exited {result.returncode}:\n{errors}\n"
                     f"(valgrind's log: {log_path})")
        return int(found.group(1))


def measure(shells, command_rows, session_file, flowshell_argv, work, env, full, log, valgrind):
    """Every instruction row. `shells` maps a program's key to a function of a run folder giving
    its argv; `command_rows` is bench.py's (key, label, commands); `flowshell_argv(config)`
    FlowShell's argv under another config (`{run}` for its folder)."""
    counter = Counter(valgrind, work, env)
    programs = [key for key in shells if full or key != "cmd2"]
    quit_only = session_file([])
    session = {key: session_file([commands[i % len(commands)] for i in range(COMMANDS)])
               for key, _, commands in command_rows}
    jobs = {}
    for program in programs:
        argv = shells[program](Path("{run}"))
        jobs[(program, "quit")] = (argv, quit_only)
        for key, _, _ in command_rows:
            jobs[(program, key)] = (argv, session[key])
    inputs = work / "instruction-inputs"
    inputs.mkdir(parents=True, exist_ok=True)
    config = json.loads((HERE.parent.parent / "config.json").read_text())
    many = inputs / "config-1000-commands.json"
    many.write_text(json.dumps(config_with_commands_elsewhere(config, 1_000), separators=(",", ":")))
    jobs[("flowshell", "config1000.quit")] = (flowshell_argv(many), quit_only)
    jobs[("flowshell", "config1000.filter")] = (flowshell_argv(many), session["filter"])
    here = inputs / "config-1000-commands-here.json"
    here.write_text(json.dumps(scale_rows.config_with_commands(config, 1_000), separators=(",", ":")))
    jobs[("flowshell", "config1000here.quit")] = (flowshell_argv(here), quit_only)
    jobs[("flowshell", "config1000here.filter")] = (flowshell_argv(here), session["filter"])
    binary = flowshell_argv(many)[0]
    for size in FLOWTEST_SIZES:
        flow = inputs / f"generated-{size}.json"
        flow.write_text(json.dumps(bench_flowtest.generated_config(size), indent=1))
        # `flowshell test` exits 1 when it finds something; the generated flows have nothing to find.
        jobs[("flowshell", f"flowtest.{size}")] = ([binary, "test", "--config", str(flow), "--format", "json"], None)

    log(f"instructions: {len(jobs)} runs under callgrind ({', '.join(programs)}; {COMMANDS} commands a session)")
    workers = max(1, min(4, os.cpu_count() or 1))
    with concurrent.futures.ThreadPoolExecutor(workers) as pool:
        futures = {job: pool.submit(counter.count, f"{job[0]}-{job[1]}", argv, stdin)
                   for job, (argv, stdin) in jobs.items()}
        counts = {job: future.result() for job, future in futures.items()}

    rows = {}
    for key, label, commands in command_rows:
        rows[key] = {
            "label": label, "commands": commands, "n": COMMANDS,
            "programs": {p: round((counts[(p, key)] - counts[(p, "quit")]) / COMMANDS) for p in programs},
            "goal": PER_COMMAND_GOAL[0],
        }
    filter_cost = rows["filter"]["programs"]["flowshell"]
    many_cost = round((counts[("flowshell", "config1000.filter")] - counts[("flowshell", "config1000.quit")]) / COMMANDS)
    rows["filter.config1000"] = {
        "label": LABELS["filter.config1000"], "commands": rows["filter"]["commands"], "n": COMMANDS,
        "programs": {"flowshell": many_cost}, "goal": "≤ 1.2× `filter` under config.json",
        "met": many_cost <= 1.2 * filter_cost,
    }
    here_cost = round((counts[("flowshell", "config1000here.filter")] - counts[("flowshell", "config1000here.quit")])
                      / COMMANDS)
    rows["filter.config1000.here"] = {
        "label": LABELS["filter.config1000.here"], "commands": rows["filter"]["commands"], "n": COMMANDS,
        "programs": {"flowshell": here_cost}, "goal": "≤ 1.2× `filter` under config.json",
        "met": here_cost <= 1.2 * filter_cost,
    }
    small, large = FLOWTEST_SIZES
    for size in FLOWTEST_SIZES:
        rows[f"flowtest.{size}"] = {"label": LABELS[f"flowtest.{size}"], "n": size,
                                    "programs": {"flowshell": round(counts[("flowshell", f"flowtest.{size}")] / size)}}
    growth = counts[("flowshell", f"flowtest.{large}")] / counts[("flowshell", f"flowtest.{small}")]
    rows[f"flowtest.{large}"].update({"growth": round(growth, 2), "goal": f"{large / small:g}× the transitions: "
                                      f"≤ {1.1 * large / small:g}× the instructions", "met": growth <= 1.1 * large / small})
    for key, _, _ in command_rows:
        rows[key]["met"] = PER_COMMAND_GOAL[1](rows[key]["programs"]["flowshell"], rows[key])
    return rows


def count_text(value):
    """`22.7 k`, `1.62 M`."""
    for scale, suffix in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if value >= scale:
            return f"{value / scale:.3g} {suffix}"
    return f"{value:.0f}"


def table(rows, reference=None):
    """The rows as a Markdown table: FlowShell's instructions and the baselines', the ratios, the
    goal, and the reference's FlowShell figure."""
    old = (reference or {}).get("rows", {})
    lines = ["| instructions per command | FlowShell | cmd.Cmd | cmd2 | ÷ cmd.Cmd | ÷ cmd2 | goal | met | reference |",
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for key, row in rows.items():
        programs = row["programs"]
        flowshell = programs["flowshell"]
        cells = [row["label"], count_text(flowshell)]
        cells += [count_text(programs[p]) if p in programs else "" for p in ("cmd", "cmd2")]
        cells += [f"{flowshell / programs[p]:.2f}×" if programs.get(p) else "" for p in ("cmd", "cmd2")]
        goal = row.get("goal", "")
        if "growth" in row:
            goal = f"{goal} (grew {row['growth']:g}×)"
        cells += [goal, {True: "yes", False: "no"}.get(row.get("met"), "")]
        then = old.get(key, {}).get("programs", {}).get("flowshell")
        cells.append(f"{count_text(then)} ({flowshell / then - 1:+.0%})" if then else "")
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def regressions(rows, reference):
    """The rows whose FlowShell figure exceeds the reference's by more than the tolerance, and
    those below it by more than the tolerance (whose reference should be saved again)."""
    worse, better = [], []
    for key, row in rows.items():
        then = reference.get("rows", {}).get(key, {}).get("programs", {}).get("flowshell")
        if not then:
            continue
        now = row["programs"]["flowshell"]
        line = f"{row['label']}: {count_text(now)} instructions against {count_text(then)} ({now / then - 1:+.0%})"
        if now > then * (1 + TOLERANCE):
            worse.append(line)
        elif now < then * (1 - TOLERANCE):
            better.append(line)
    return worse, better


def result(rows, machine, mode):
    """The rows as the JSON kept in `.build/bench/instructions.json` and `bench/instructions.json`."""
    return {"version": 1, "mode": mode, "commands": COMMANDS, "tolerance": TOLERANCE, "machine": machine, "rows": rows}
