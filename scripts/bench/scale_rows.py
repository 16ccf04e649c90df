"""`make bench`'s scale rows (issue 35): how a cost grows with its work. Each row measures the
release binary at two sizes of one kind of work, paired with a session that does none of it (so
that the start's cost, which does not grow, is not counted), and gives the growth: the ratio of
the larger size's cost to the smaller's, and its exponent — log(ratio) ÷ log(size ratio), 1 for a
cost in proportion to its work, 2 for one that grows with its square. Each row has a goal for the
ratio (issue 35); the quick run (CI) fails when an exponent exceeds its goal's by half.

- *pushes*: a session of N `deeper` (a config command of every screen that pushes the operators'
  screen, under a copy of config.json with `"maxDepth": 10000`) then N `back`, against one of
  `quit` alone; CPU time. N 200 → 800, goal ≤ 5×.
- *config commands*: `check` of config.json with N config commands added (spread over `"*"` and
  five screens, as issue 11's 10k-entry config is), against `check` of config.json; CPU time.
  N 1,000 → 8,000, goal ≤ 10×.
- *plugin screens*: `check` of a flow whose plugin (`many_screens_plugin.py`) declares N screens,
  against one whose plugin declares one; the declarations are read from the shell's cache, as at
  every start after the first (each size has a state folder of its own, asked once before the
  rounds), so the plugin's own time is not counted; CPU time. N 10,000 → 40,000, goal ≤ 5×.
- *config memory*: peak RSS of start → `quit` under config.json with N config commands added,
  less under config.json alone, per command added and per byte of config added. N 1,000 →
  8,000, goal ≤ 10× (in proportion to the config's bytes).
"""

import json
import math
import shutil
import statistics
from pathlib import Path

HERE = Path(__file__).resolve().parent

# Each row: its sizes, the goal for the ratio of the larger size's cost to the smaller's.
SIZES = {
    "scale.pushes": ((200, 800), 5.0),
    "scale.check.commands": ((1_000, 8_000), 10.0),
    "scale.check.screens": ((10_000, 40_000), 5.0),
    "scale.config.memory": ((1_000, 8_000), 10.0),
}

LABELS = {
    "scale.pushes": "pushes, then as many pops (`deeper`, `back`): CPU",
    "scale.check.commands": "`check` with config commands: CPU",
    "scale.check.screens": "`check` with a plugin's screens (declarations cached): CPU",
    "scale.config.memory": "peak RSS at start with config commands",
}


def goal_exponent(key):
    """The exponent the row's goal allows: log(goal ratio) ÷ log(size ratio)."""
    (small, large), ratio = SIZES[key]
    return math.log(ratio) / math.log(large / small)


def config_with_commands(config, count):
    """config.json with `count` config commands leading to the operators, spread over `"*"` and
    five screens (all valid: `check` finds nothing)."""
    big = json.loads(json.dumps(config))
    sources = ["*", "cars.list", "cars.details", "cars.operators", "booking.list", "auth.account"]
    big["transitions"] += [
        {"from": sources[index % len(sources)], "command": f"go{index}", "summary": "Go",
         "to": "cars.operators", "style": "push"}
        for index in range(count)
    ]
    return big


def write_inputs(root, folder):
    """The configs and sessions of the scale rows, in `folder`; returns their paths by name."""
    folder.mkdir(parents=True, exist_ok=True)
    config = json.loads((root / "config.json").read_text())
    paths = {}
    for count in sorted({0, *SIZES["scale.check.commands"][0], *SIZES["scale.config.memory"][0]}):
        path = folder / f"commands-{count}.json"
        path.write_text(json.dumps(config_with_commands(config, count), separators=(",", ":")))
        paths[f"commands-{count}"] = path
    deep = dict(config, maxDepth=10_000)
    deep["transitions"] = config["transitions"] + [
        {"from": "*", "command": "deeper", "summary": "Open the operators once more", "to": "cars.operators", "style": "push"}]
    paths["deep"] = folder / "deep.json"
    paths["deep"].write_text(json.dumps(deep, indent=2))
    for count in (1, *SIZES["scale.check.screens"][0]):
        flow = {"app": "many", "root": "many.s0", "modules": [],
                "plugins": [{"module": "Many", "command": ["python3", str(HERE / "many_screens_plugin.py"), str(count)],
                             "timeoutMs": 600_000}],
                "transitions": [{"from": "*", "on": "home", "to": "many.s0", "style": "root"}]}
        paths[f"screens-{count}"] = folder / f"screens-{count}.json"
        paths[f"screens-{count}"].write_text(json.dumps(flow, indent=2))
    return paths


def growth_row(key, costs, unit, metric, rounds, extra=None):
    """A row from each round's cost at the two sizes: the medians (min–max) of each size, the
    ratio's median (min–max) and its exponent."""
    (small, large), goal = SIZES[key]
    ratios = [b / a for a, b in zip(costs[small], costs[large], strict=False) if a > 0]
    if not ratios:
        raise RuntimeError(f"bench: {key}: the smaller size cost nothing measurable")
    ratio = statistics.median(ratios)
    row = {
        "label": LABELS[key],
        "unit": unit, "metric": metric, "rounds": rounds, "sizes": [small, large],
        "programs": {"flowshell": tidy_summary(costs[large])},
        "small": tidy_summary(costs[small]),
        "growth": {"median": round(ratio, 2), "min": round(min(ratios), 2), "max": round(max(ratios), 2)},
        "exponent": round(math.log(ratio) / math.log(large / small), 2) if ratio > 0 else 0.0,
        "goal_exponent": round(goal_exponent(key), 2),
        "goal_ratio": goal,
    }
    if extra:
        row.update(extra)
    return row


def tidy_summary(values):
    def tidy(value):
        return float(f"{value:.4g}")
    return {"median": tidy(statistics.median(values)), "min": tidy(min(values)), "max": tidy(max(values))}


def measure(flowshell_bin, work, paired, session_file, rounds, log):
    """Every scale row; `paired` and `session_file` are bench.py's (paired runs through the
    measuring launcher, and the session files)."""
    inputs = write_inputs(HERE.parent.parent, work / "inputs")
    run_dir = work / "run"
    shutil.rmtree(run_dir, ignore_errors=True)
    run_dir.mkdir(parents=True)
    quit_only = session_file([])
    rows = {}

    def shell(config, *more):
        return [str(flowshell_bin), "--config", str(config), "--fresh", "--no-history",
                "--state", str(run_dir / "state.json"), "--data-dir", str(run_dir / "data"), *more]

    # Pushes then pops.
    (small, large), _ = SIZES["scale.pushes"]
    variants = {0: (shell(inputs["deep"]), quit_only, run_dir, None)}
    for count in (small, large):
        variants[count] = (shell(inputs["deep"]), session_file(["deeper"] * count + ["back"] * count), run_dir, None)
    log(f"scale: {small} → {large} pushes and pops, {rounds} rounds")
    samples = paired(variants, rounds, 1)
    costs = {count: [(b["cpu"] - a["cpu"]) * 1000 for a, b in zip(samples[0], samples[count], strict=False)] for count in (small, large)}
    rows["scale.pushes"] = growth_row("scale.pushes", costs, "ms", "CPU of N pushes and N pops", rounds)

    # `check` with config commands, and the memory of a config at start.
    (small, large), _ = SIZES["scale.check.commands"]
    variants = {count: ([str(flowshell_bin), "check", "--config", str(inputs[f"commands-{count}"])], quit_only, run_dir, None)
                for count in (0, small, large)}
    log(f"scale: check with {small:,} → {large:,} config commands, {rounds} rounds")
    samples = paired(variants, rounds, 1)
    costs = {count: [(b["cpu"] - a["cpu"]) * 1000 for a, b in zip(samples[0], samples[count], strict=False)] for count in (small, large)}
    rows["scale.check.commands"] = growth_row("scale.check.commands", costs, "ms", "CPU of check beyond config.json's", rounds)

    (small, large), _ = SIZES["scale.config.memory"]
    variants = {count: (shell(inputs[f"commands-{count}"]), quit_only, run_dir, None) for count in (0, small, large)}
    log(f"scale: memory at start with {small:,} → {large:,} config commands, {rounds} rounds")
    samples = paired(variants, rounds, 1)
    costs = {count: [b["rss"] - a["rss"] for a, b in zip(samples[0], samples[count], strict=False)] for count in (small, large)}
    added_bytes = inputs[f"commands-{large}"].stat().st_size - inputs["commands-0"].stat().st_size
    per_command = statistics.median(costs[large]) * 1024 * 1024 / large
    per_byte = statistics.median(costs[large]) * 1024 * 1024 / added_bytes
    rows["scale.config.memory"] = growth_row(
        "scale.config.memory", costs, "MB", "peak RSS beyond config.json's", rounds,
        {"bytes_per_command": round(per_command), "bytes_per_config_byte": round(per_byte, 1),
         "config_bytes_per_command": round(added_bytes / large)})

    # `check` with a plugin's screens, read from the declarations' cache.
    (small, large), _ = SIZES["scale.check.screens"]
    variants = {}
    for count in (1, small, large):
        state = run_dir / f"screens-{count}"
        argv = ["/usr/bin/env", f"XDG_STATE_HOME={state}", str(flowshell_bin), "check", "--allow-plugins",
                "--config", str(inputs[f"screens-{count}"])]
        variants[count] = (argv, quit_only, run_dir, None)
    log(f"scale: check with a plugin's {small:,} → {large:,} screens, {rounds} rounds (after one that fills the cache)")
    samples = paired(variants, rounds, 1)
    costs = {count: [(b["cpu"] - a["cpu"]) * 1000 for a, b in zip(samples[1], samples[count], strict=False)] for count in (small, large)}
    rows["scale.check.screens"] = growth_row("scale.check.screens", costs, "ms", "CPU of check beyond one screen's", rounds)
    return rows


def exceeded(rows):
    """The scale rows whose growth exponent exceeds its goal's by more than half."""
    found = []
    for row in rows.values():
        if "exponent" in row and row["exponent"] > 1.5 * row["goal_exponent"]:
            found.append(f"{row['label']}: grew {row['growth']['median']}× (exponent {row['exponent']}), "
                         f"more than half again the goal's exponent {row['goal_exponent']} (≤ {row['goal_ratio']:g}×)")
    return found


def format_figure(figure, unit):
    def number(value):
        return f"{value:.3g}" if abs(value) < 100 else f"{value:.0f}"
    return f"{number(figure['median'])} ({number(figure['min'])}–{number(figure['max'])}) {unit}"


def table(rows):
    """The scale rows as a Markdown table: each size's cost, the growth, its exponent, the goal."""
    lines = ["| work | N | cost at the smaller N | at the larger N | growth | exponent | goal | met |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    for row in rows.values():
        if "exponent" not in row:
            continue
        small, large = row["sizes"]
        growth = row["growth"]
        met = row["growth"]["median"] <= row["goal_ratio"]
        label = row["label"]
        if "bytes_per_command" in row:
            label += (f" ({row['bytes_per_command']:,} bytes per command, {row['bytes_per_config_byte']:g} per byte of "
                      f"config; a command is {row['config_bytes_per_command']} bytes)")
        lines.append(f"| {label} | {small:,} → {large:,} | {format_figure(row['small'], row['unit'])} | "
                     f"{format_figure(row['programs']['flowshell'], row['unit'])} | {growth['median']:g}× "
                     f"({growth['min']:g}–{growth['max']:g}) | {row['exponent']:g} | ≤ {row['goal_ratio']:g}× "
                     f"(exponent ≤ {row['goal_exponent']:g}) | {'yes' if met else 'no'} |")
    return "\n".join(lines)
