#!/usr/bin/env python3
"""`make bench`'s rows for `flowshell test` (issue 34): the sample flow explored wholly, and
generated flows of 250, 500 and 1,000 transitions, each the wall and CPU time of the whole
command (start, check, exploration, report), as median with min–max over paired rounds; and the
CPU time per transition at each size, which does not grow when the cost is linear in transitions.

    python3 scripts/bench_flowtest.py            # make release's binary, the goals checked
    python3 scripts/bench_flowtest.py --quick    # CI: the debug build `make test` made, small, no goals

A generated flow of N transitions has the sample's car list and operators: N/2 commands the
config adds to the list, each opening the operators, and N/2 to the operators, each going back
to the list, besides choosing a car and an operator; every transition is taken once.
Writes .build/bench/flowtest.json; not a test (figures vary with the machine and its load).
"""
import json
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

import bench_rows
from bench_rows import ROOT

GOALS = {"sample_seconds": 1.0, "thousand_seconds": 30.0, "linearity": 1.5}


def generated_config(transitions):
    """A flow of `transitions` transitions over the sample's Cars module (see the module's doc)."""
    fixed = [
        {"from": "cars.list", "on": "selected", "to": "cars.details", "style": "push"},
        {"from": "cars.operators", "on": "chosen", "to": "cars.list", "style": "popTo"},
    ]
    count = transitions - len(fixed)
    opening = [{"from": "cars.list", "command": f"go{index}", "to": "cars.operators", "style": "push"}
               for index in range(count - count // 2)]
    closing = [{"from": "cars.operators", "command": f"back{index}", "to": "cars.list", "style": "popTo"}
               for index in range(count // 2)]
    return {"app": "generated", "root": "cars.list", "modules": ["Cars"], "transitions": fixed + opening + closing}


def run_test(binary, config, folder):
    """One `flowshell test --format json` of `config`: its wall time, its CPU time (user and
    system, which a machine busy with other work disturbs less) and its report."""
    with tempfile.TemporaryFile() as output, tempfile.TemporaryFile() as errors:
        started = time.perf_counter()
        process = subprocess.Popen([str(binary), "test", "--config", str(config), "--format", "json"], cwd=folder,
                                   stdout=output, stderr=errors)
        _, status, usage = os.wait4(process.pid, 0)
        elapsed = time.perf_counter() - started
        process.returncode = os.waitstatus_to_exitcode(status)
        output.seek(0)
        errors.seek(0)
        if process.returncode not in (0, 1):
            sys.exit(f"bench: flowshell test --config {config} failed ({process.returncode}):\n{errors.read().decode()}")
        return elapsed, usage.ru_utime + usage.ru_stime, json.loads(output.read())


def summary(values):
    return {"median": round(statistics.median(values), 3), "min": round(min(values), 3), "max": round(max(values), 3)}


def main():
    arguments = bench_rows.arguments(__doc__).parse_args()
    if arguments.quick:
        binary = bench_rows.debug_binary("flowshell", "flowshell test rows")
        sizes, rounds, build = [100, 200], 3, "debug"
        if binary is None:
            return 0
    else:
        subprocess.run(["make", "--no-print-directory", "release"], cwd=ROOT, check=True)
        binary = ROOT / ".build" / "release" / "flowshell"
        sizes, rounds, build = [250, 500, 1000], 7, "release"
    with tempfile.TemporaryDirectory(prefix="flowshell-test-bench-") as folder:
        configs = {"sample": ROOT / "config.json"}
        for size in sizes:
            path = pathlib.Path(folder) / f"generated-{size}.json"
            path.write_text(json.dumps(generated_config(size), indent=1))
            configs[size] = path
        times = {name: [] for name in configs}
        cpu = {name: [] for name in configs}
        reports = {}
        # Paired: each round runs every config once, so a change in the machine's load hits all alike.
        for _ in range(rounds):
            for name, path in configs.items():
                elapsed, used, report = run_test(binary, path, folder)
                times[name].append(elapsed)
                cpu[name].append(used)
                reports[name] = report
    rows = {}
    for name, values in times.items():
        report = reports[name]
        coverage = report["coverage"]["transitions"]
        row = {"seconds": summary(values), "cpu_seconds": summary(cpu[name]), "paths": report["explored"]["paths"],
               "states": report["explored"]["states"], "transitions": coverage["total"], "covered": coverage["covered"],
               "findings": len(report["findings"])}
        if name != "sample":
            row["cpu_ms_per_transition"] = round(statistics.median(cpu[name]) * 1000 / coverage["total"], 3)
        rows[str(name)] = row
    result = {"build": build, "rounds": rounds, "rows": rows}
    bench_rows.save("flowtest", result)
    for name, row in rows.items():
        seconds, used = row["seconds"], row["cpu_seconds"]
        label = "the sample flow" if name == "sample" else f"a generated flow of {name} transitions"
        extra = f", {row['cpu_ms_per_transition']} ms of CPU a transition" if "cpu_ms_per_transition" in row else ""
        print(f"flowshell test ({build} build): {label}  wall median {seconds['median']} s (min {seconds['min']}, max {seconds['max']}), "
              f"CPU median {used['median']} s (min {used['min']}, max {used['max']}); "
              f"{row['paths']} paths, {row['covered']}/{row['transitions']} transitions covered, {row['findings']} findings{extra}")
    failures = [name for name, row in rows.items() if row["covered"] != row["transitions"] or row["findings"] > 0]
    if failures:
        print(f"flowshell test rows: not explored wholly, or with findings: {', '.join(failures)}")
    if arguments.quick:
        return 1 if failures else 0
    # Linear (with a fixed start) when a transition of the largest flow costs no more than one of the smallest.
    linearity = rows[str(sizes[-1])]["cpu_ms_per_transition"] / rows[str(sizes[0])]["cpu_ms_per_transition"]
    met = (rows["sample"]["seconds"]["median"] <= GOALS["sample_seconds"]
           and rows[str(sizes[-1])]["seconds"]["median"] <= GOALS["thousand_seconds"]
           and linearity <= GOALS["linearity"] and not failures)
    print(f"flowshell test: a transition of the {sizes[-1]}-transition flow takes {linearity:.2f}× the CPU of one of the "
          f"{sizes[0]}-transition flow (goal ≤ {GOALS['linearity']}×: linear); sample goal ≤ {GOALS['sample_seconds']} s, "
          f"{sizes[-1]} transitions goal ≤ {GOALS['thousand_seconds']} s (wall) — goals {'met' if met else 'missed'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
