#!/usr/bin/env python3
"""Checks the README and the pages in docs/ against the code, so that an example cannot go stale.

- Every relative link (`[text](path)`, `[text](path#anchor)`, `![image](path)`) leads to a file
  or folder of the repository, and an anchor to a heading of the page it names.
- Every ```session block is run through the built binary, `.build/debug/flowshell`, with stdin
  a pipe. A line `flowshell> COMMAND` is a line typed; the lines after it, up to the next one,
  are what that line printed (stdout and stderr as they came); lines before the first are what
  the shell printed at start. Words after `session` on the fence are the binary's arguments
  (```session --output json).
- Every ```console block is run with bash in the repository's folder: a line `$ COMMAND` is a
  command (`flowshell` is the built binary), and the lines after it are its output.

Each block runs with a scratch HOME and XDG folders of its own, so nothing of the user's or of
another block counts, and its output is compared line by line after stripping trailing spaces.
A line that is `…` alone stands for any lines (none too): for what changes from run to run,
such as a booking's time, or what a page leaves out. A session is run once for each line typed
(the first K lines, for each K), so that each line's output is checked where the page shows it.

Run it after a build: `swift build --product flowshell && python3 scripts/check_docs.py`;
`make test` does. Pass pages (README.md docs/config.md) to check only those.
"""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# FLOWSHELL_BINARY names another build of the binary to check the pages against.
BINARY = os.environ.get("FLOWSHELL_BINARY") or os.path.join(ROOT, ".build", "debug", "flowshell")
PROMPT = "flowshell> "
ELLIPSIS = "…"
# A run that takes longer than this has hung: every example finishes in a second or two.
TIMEOUT_SECONDS = 120

FENCE_OPEN = re.compile(r"^(\s*)(`{3,})(\S*)\s*(.*)$")
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def pages(arguments):
    if arguments:
        return [os.path.relpath(os.path.abspath(path), ROOT) for path in arguments]
    return ["README.md"] + sorted(os.path.relpath(path, ROOT) for path in glob.glob(os.path.join(ROOT, "docs", "*.md")))


def blocks(text):
    """The fenced blocks of a page: (line number, language, info words, body lines), and the
    page's lines outside them."""
    found, prose = [], []
    lines = text.split("\n")
    index = 0
    while index < len(lines):
        match = FENCE_OPEN.match(lines[index])
        if not match:
            prose.append(lines[index])
            index += 1
            continue
        indent, fence, language, info = match.groups()
        start = index + 1
        index += 1
        body = []
        while index < len(lines) and not re.match(r"^\s*" + fence + r"\s*$", lines[index]):
            line = lines[index]
            body.append(line[len(indent):] if line.startswith(indent) else line.lstrip())
            index += 1
        index += 1
        found.append((start, language, info.split(), body))
    return found, prose


def slug(heading):
    """The anchor GitHub gives a heading: lowercase, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading).strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path, cache={}):
    if path not in cache:
        with open(path, encoding="utf-8") as handle:
            _, prose = blocks(handle.read())
        seen, result = {}, set()
        for line in prose:
            match = HEADING.match(line)
            if not match:
                continue
            base = slug(match.group(2))
            count = seen.get(base, 0)
            seen[base] = count + 1
            result.add(base if count == 0 else f"{base}-{count}")
        cache[path] = result
    return cache[path]


def check_links(page, prose):
    problems = []
    folder = os.path.dirname(os.path.join(ROOT, page))
    for number, line in prose:
        # Inline code is not a link.
        for target in LINK.findall(re.sub(r"`[^`]*`", "", line)):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target):
                continue  # https:, mailto:
            path, _, anchor = target.partition("#")
            resolved = os.path.normpath(os.path.join(folder, path)) if path else os.path.join(ROOT, page)
            if not resolved.startswith(ROOT + os.sep) or not os.path.exists(resolved):
                problems.append(f"{page}:{number}: the link {target} leads to no file of the repository")
            elif anchor and resolved.endswith(".md") and anchor not in anchors(resolved):
                problems.append(f"{page}:{number}: the link {target}: {os.path.relpath(resolved, ROOT)} has no heading #{anchor}")
    return problems


def environment(scratch, tools):
    env = {key: value for key, value in os.environ.items()
           if key not in ("COLUMNS", "LINES", "NO_COLOR", "FLOWSHELL_ALLOW_PLUGINS", "PAGER")}
    env.update(HOME=scratch, XDG_STATE_HOME=os.path.join(scratch, "state"), XDG_DATA_HOME=os.path.join(scratch, "data"),
               XDG_CONFIG_HOME=os.path.join(scratch, "config"), XDG_CACHE_HOME=os.path.join(scratch, "cache"),
               TERM="dumb", LANG="C.UTF-8", SHELL="/bin/sh", PATH=tools + os.pathsep + env.get("PATH", ""))
    return env


def run(arguments, stdin, env):
    """What a run printed, stdout and stderr in the order written (both are one pipe)."""
    result = subprocess.run(arguments, input=stdin, cwd=ROOT, env=env, timeout=TIMEOUT_SECONDS,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    return result.stdout.decode("utf-8", errors="replace")


def matches(expected, actual):
    """Whether the lines match, `…` alone standing for any lines."""
    pattern = "".join(r"(?:[^\n]*\n)*?" if line == ELLIPSIS else re.escape(line + "\n") for line in expected)
    return re.fullmatch(pattern, "".join(line + "\n" for line in actual)) is not None


def lines(text):
    result = [line.rstrip() for line in text.split("\n")]
    if result and result[-1] == "":
        result.pop()
    return result


def difference(expected, actual):
    return "\n".join(["  expected:"] + [f"    {line}" for line in expected] + ["  printed:"] + [f"    {line}" for line in actual])


def check_session(page, number, arguments, body, tools):
    typed, expected = [], [[]]
    for line in body:
        if line.startswith(PROMPT) or line.rstrip() == PROMPT.rstrip():
            typed.append(line[len(PROMPT):])
            expected.append([])
        else:
            expected[-1].append(line.rstrip())
    problems, before = [], ""
    for count in range(len(typed) + 1):
        with tempfile.TemporaryDirectory(prefix="flowshell-docs-") as scratch:
            stdin = "".join(line + "\n" for line in typed[:count]).encode()
            printed = run([BINARY] + arguments, stdin, environment(scratch, tools))
        if not printed.startswith(before):
            problems.append(f"{page}:{number}: the session printed something else before '{typed[count - 1]}' "
                            "when run with the lines after it left out; each line's output must not depend on what comes after")
            break
        actual = lines(printed[len(before):])
        if not matches(expected[count], actual):
            what = "at start" if count == 0 else f"after 'flowshell> {typed[count - 1]}'"
            problems.append(f"{page}:{number}: the session differs {what}:\n" + difference(expected[count], actual))
            break
        before = printed
    return problems


def check_console(page, number, body, tools):
    commands, expected = [], []
    for line in body:
        if line.startswith("$ "):
            commands.append(line[2:])
            expected.append([])
        elif commands:
            expected[-1].append(line.rstrip())
        elif line.strip():
            return [f"{page}:{number}: a console block starts with a command, `$ COMMAND`"]
    problems = []
    with tempfile.TemporaryDirectory(prefix="flowshell-docs-") as scratch:
        env = environment(scratch, tools)
        for command, output in zip(commands, expected):
            actual = lines(run(["bash", "-o", "pipefail", "-c", command], b"", env))
            if not matches(output, actual):
                problems.append(f"{page}:{number}: `{command}` printed something else:\n" + difference(output, actual))
    return problems


def main():
    if not os.access(BINARY, os.X_OK):
        sys.exit(f"check_docs: build the binary first ({os.path.relpath(BINARY, ROOT)}): swift build --product flowshell")
    problems, sessions = [], 0
    with tempfile.TemporaryDirectory(prefix="flowshell-docs-tools-") as tools:
        os.symlink(BINARY, os.path.join(tools, "flowshell"))
        for page in pages(sys.argv[1:]):
            with open(os.path.join(ROOT, page), encoding="utf-8") as handle:
                text = handle.read()
            found, _ = blocks(text)
            numbered = [(number + 1, line) for number, line in enumerate(text.split("\n"))]
            inside = set()
            for start, _, _, body in found:
                inside.update(range(start, start + len(body) + 2))
            problems += check_links(page, [(number, line) for number, line in numbered if number not in inside])
            for start, language, info, body in found:
                if language == "session":
                    sessions += 1
                    problems += check_session(page, start, info, body, tools)
                elif language == "console":
                    sessions += 1
                    problems += check_console(page, start, body, tools)
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        sys.exit(f"check_docs: {len(problems)} problems")
    print(f"check_docs: links and {sessions} sessions checked")


if __name__ == "__main__":
    main()
