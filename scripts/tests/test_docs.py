"""Checks the README and the pages in docs/ against the code, so that an example cannot go stale.

- Every relative link (`[text](path)`, `[text](path#anchor)`, `![image](path)`) leads to a file
  or folder of the repository, and an anchor to a heading of the page it names.
- Every ```session block is run through the built binary, `.build/debug/flowshell`, with stdin
  a pipe. A line `flowshell> COMMAND` is a line typed; the lines after it, up to the next one,
  are what that line printed (stdout and stderr as they came); lines before the first are what
  the shell printed at start. Words after `session` on the fence are the binary's arguments
  (```session --output json).
- Every ```console block is run with bash in the repository's folder: a line `$ COMMAND` is a
  command (`flowshell` is the built binary, `notes` the one of examples/notes), and the lines
  after it are its output.
- A code block whose fence names a file of the repository is that file as it is
  (```swift source=PATH) or a part of it, its lines in a row (```swift excerpt=PATH, indented
  as the reader would write them): code a guide shows is code CI compiles and tests.
- Every API a page names exists: `Type.member` (and `name.member` after `let name = Type(`
  in a code block) is declared in the repository's Swift (as a `func`, `var`, `let`, `case` or
  `init` of that type or an extension of it), and a code span that is only a type's name
  (`FlowHarness`) names a type the repository declares, or one of the standard library's.

Each block runs with a scratch HOME and XDG folders of its own, so nothing of the user's or of
another block counts, and its output is compared line by line after stripping trailing spaces.
A line that is `…` alone stands for any lines (none too): for what changes from run to run,
such as a booking's time, or what a page leaves out. A session is run once for each line typed
(the first K lines, for each K), so that each line's output is checked where the page shows it.

Run it after a build: `swift build --product flowshell && python3 -m pytest scripts/tests/test_docs.py`;
`make test` does. Each check of each page is a test of its own, named by the page (and the
block's line): `-k config.md` checks only docs/config.md.
"""
import functools
import glob
import os
import re
import subprocess
import tempfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PROMPT = "flowshell> "
ELLIPSIS = "…"
# A run that takes longer than this has hung: every example finishes in a second or two.
TIMEOUT_SECONDS = 120

FENCE_OPEN = re.compile(r"^(\s*)(`{3,})(\S*)\s*(.*)$")
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def pages():
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


@functools.cache
def anchors(path):
    """The anchors of the headings of the page at `path`."""
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
    return result


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


def check_session(binary, page, number, arguments, body, tools):
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
            printed = run([binary] + arguments, stdin, environment(scratch, tools))
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
        for command, output in zip(commands, expected, strict=True):
            actual = lines(run(["bash", "-o", "pipefail", "-c", command], b"", env))
            if not matches(output, actual):
                problems.append(f"{page}:{number}: `{command}` printed something else:\n" + difference(output, actual))
    return problems


SWIFT_ROOTS = ["Sources", "Features", "Libraries", "examples", "plugins", "Tests", "Fuzz"]
DECLARATION = re.compile(r"^(\s*)(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|private|fileprivate|internal|open|final|static|"
                         r"class|nonisolated|mutating|override|indirect|convenience|required|lazy|weak|isolated)\s+)*"
                         r"(struct|class|enum|protocol|actor|extension|typealias|func|var|let|case|init|subscript)\b\s*([A-Za-z_][\w]*)?")
# What the standard library, Foundation, Testing and the packages a page mentions declare: names a
# page may use without the repository declaring them.
KNOWN_TYPES = {
    "String", "Int", "Bool", "Double", "Data", "Date", "URL", "Codable", "Equatable", "Hashable", "Sendable", "Error",
    "Array", "Dictionary", "Set", "Optional", "AsyncSequence", "AsyncStream", "Duration", "Task", "Clock", "ContinuousClock",
    "TestClock", "JSONEncoder", "JSONDecoder", "FileManager", "ProcessInfo", "Never", "Void", "Character", "Substring",
    "ClosedRange", "Range", "CaseIterable", "RawRepresentable", "MainActor", "Package", "PackageDescription", "Target",
    "Product", "SwiftSetting", "Resource", "Testing", "Issue", "Foundation", "Mutex", "UUID", "AsyncThrowingStream",
    "Hummingbird", "ArgumentParser", "GRDB", "Clocks", "Subprocess", "TestStore",
}
# OpenSSH's configuration keywords (sshd_config, ssh_config), which the SSH pages name.
OPENSSH_KEYWORDS = {
    "ForceCommand", "StrictModes", "SendEnv", "MaxStartups", "LoginGraceTime", "ClientAliveInterval",
    "AuthorizedKeysCommand",
}
# Members the compiler makes (CaseIterable's, RawRepresentable's), and file names read as members.
SYNTHESIZED = {"allCases", "rawValue", "self", "init", "shared", "hashValue", "description"}
FILE_EXTENSIONS = {"swift", "json", "jsonl", "md", "txt", "svg", "png", "dot", "c", "h", "sqlite", "py", "sh", "fs", "schema"}


def swift_declarations():
    """The repository's Swift declarations: the names of its types, and the members each type
    (with its extensions) declares, by type name."""
    types, members, supertypes = set(), {}, {}
    for base in SWIFT_ROOTS:
        for path in glob.glob(os.path.join(ROOT, base, "**", "*.swift"), recursive=True):
            if "/.build/" in path:
                continue
            owner = []  # (indentation, type name) of the declarations around the line
            with open(path, encoding="utf-8") as handle:
                for line in handle:
                    match = DECLARATION.match(line)
                    if not match:
                        continue
                    indent, kind, name = len(match.group(1)), match.group(2), match.group(3)
                    while owner and owner[-1][0] >= indent:
                        owner.pop()
                    if kind in ("struct", "class", "enum", "protocol", "actor", "extension", "typealias") and name:
                        types.add(name)
                        # What a class inherits is its own to a reader (`FeatureHarness.advance`).
                        inherited = re.search(r"\bclass\s+\w+(?:<[^>]*>)?\s*:\s*([A-Z]\w*)", line)
                        if inherited:
                            supertypes[name] = inherited.group(1)
                        if kind != "typealias":
                            owner.append((indent, name))
                        continue
                    if owner and name or kind in ("init", "subscript"):
                        member = name or kind
                        if owner:
                            members.setdefault(owner[-1][1], set()).add(member)
                        # `case a, b`: each is a member.
                        if kind == "case":
                            for extra in re.findall(r",\s*([A-Za-z_]\w*)", line.split("=")[0].split("(")[0]):
                                members.setdefault(owner[-1][1], set()).add(extra)
    for name, parent in supertypes.items():
        seen = {name}
        while parent and parent not in seen:
            seen.add(parent)
            members.setdefault(name, set()).update(members.get(parent, set()))
            parent = supertypes.get(parent)
    # The package's products and targets (`FlowShellKit`, `Notes`), which a page names as modules.
    for manifest in glob.glob(os.path.join(ROOT, "**", "Package.swift"), recursive=True):
        if "/.build" not in manifest:
            with open(manifest, encoding="utf-8") as handle:
                types.update(re.findall(r'name:\s*"([A-Za-z]\w*)"', handle.read()))
                handle.seek(0)
                types.update(re.findall(r'^\s*"([A-Z]\w*)",\s*$', handle.read(), re.M))
    return types, members


MEMBER = re.compile(r"\b([A-Z][A-Za-z0-9]*)\.([a-z_][A-Za-z0-9_]*)\b")
BOUND = re.compile(r"\b(?:let|var)\s+([a-z]\w*)\s*=\s*(?:try\s+)?(?:await\s+)?([A-Z]\w*)\(")
CODE_SPAN = re.compile(r"`([^`\n]+)`")


def check_names(page, text, found, declared):
    """Every `Type.member` and bare type name the page names exists in the repository's Swift."""
    types, members = declared
    problems = []
    pieces = [(number, span) for number, line in enumerate(text.split("\n"), 1) for span in CODE_SPAN.findall(line)]
    for start, language, _, body in found:
        if language == "swift":
            bound = {}
            for offset, line in enumerate(body):
                for name, kind in BOUND.findall(line):
                    bound[name] = kind
                for name, member in re.findall(r"\b([a-z]\w*)\.([a-z_]\w*)\(", line):
                    kind = bound.get(name)
                    if kind in members and kind not in KNOWN_TYPES and member not in members[kind] and member not in SYNTHESIZED:
                        problems.append(f"{page}:{start + offset}: {name}.{member}: {kind} has no '{member}'")
                pieces.append((start + offset, line))
    for number, piece in pieces:
        for kind, member in MEMBER.findall(piece):
            if member in SYNTHESIZED or member in FILE_EXTENSIONS or kind in KNOWN_TYPES:
                continue
            if kind in types and kind in members and member not in members[kind]:
                problems.append(f"{page}:{number}: {kind}.{member}: {kind} has no '{member}'")
    # What a page's own code declares or uses (a tutorial's new feature) it may name too.
    own = {name for _, language, _, body in found if language == "swift"
           for line in body for name in re.findall(r"\b([A-Z]\w*)(?:\.|\(|:|\s*\{)", line)}
    for number, line in enumerate(text.split("\n"), 1):
        for span in CODE_SPAN.findall(line):
            if (re.fullmatch(r"[A-Z][a-z]+[A-Z][A-Za-z0-9]*", span) and span not in types | own
                    and span not in KNOWN_TYPES | OPENSSH_KEYWORDS):
                problems.append(f"{page}:{number}: `{span}` names no type of the repository")
    return problems


def check_view(page, number, body):
    """A ```json view block is ViewProperties as the shell reads them: JSON that the schema
    accepts (when Python's jsonschema is installed, as CI installs it)."""
    import json
    try:
        view = json.loads("\n".join(body))
    except ValueError as error:
        return [f"{page}:{number}: the view is not JSON: {error}"]
    try:
        import jsonschema
    except ImportError:
        return []
    with open(os.path.join(ROOT, "view-properties.schema.json"), encoding="utf-8") as handle:
        schema = json.load(handle)
    problems = sorted(jsonschema.Draft202012Validator(schema).iter_errors(view), key=lambda error: list(error.path))
    return [f"{page}:{number}: the view does not fit view-properties.schema.json: {problem.message}" for problem in problems]


def check_code_block(page, number, info, body):
    """A block that names a file is that file (`source=`) or a run of its lines (`excerpt=`)."""
    for word in info:
        kind, _, path = word.partition("=")
        if kind not in ("source", "excerpt"):
            continue
        full = os.path.join(ROOT, path)
        if not os.path.isfile(full):
            return [f"{page}:{number}: {path} is no file of the repository"]
        with open(full, encoding="utf-8") as handle:
            text = handle.read()
        if kind == "source":
            if "\n".join(body).rstrip("\n") != text.rstrip("\n"):
                return [f"{page}:{number}: the block is not {path} as it is"]
            continue
        lines = text.split("\n")
        for start in range(len(lines) - len(body) + 1):
            indent = len(lines[start]) - len(lines[start].lstrip())
            if all((line == "" and not lines[start + k].strip()) or lines[start + k] == " " * indent + line
                   for k, line in enumerate(body)):
                break
        else:
            return [f"{page}:{number}: the block is not a part of {path} as it is"]
    return []


def read(page):
    with open(os.path.join(ROOT, page), encoding="utf-8") as handle:
        return handle.read()


def prose_lines(text, found):
    """The page's numbered lines outside its fenced blocks."""
    inside = set()
    for start, _, _, body in found:
        inside.update(range(start, start + len(body) + 2))
    return [(number + 1, line) for number, line in enumerate(text.split("\n")) if number + 1 not in inside]


def runnable_blocks():
    """Every ```session and ```console block of every page, as (page, line, language, info, body)."""
    return [(page, start, language, info, body) for page in pages() for start, language, info, body in blocks(read(page))[0]
            if language in ("session", "console")]


@pytest.fixture(scope="module")
def declared():
    return swift_declarations()


@pytest.fixture(scope="module")
def binary(build):
    """The binary the pages are checked against: the build's, or the one FLOWSHELL_BINARY names."""
    return os.environ.get("FLOWSHELL_BINARY") or str(build / "flowshell")


@pytest.fixture(scope="module")
def tools(binary, tmp_path_factory):
    """A folder for PATH with `flowshell` (and `notes`, examples/notes' binary, when built)."""
    folder = tmp_path_factory.mktemp("docs-tools")
    os.symlink(binary, folder / "flowshell")
    notes = os.path.join(os.path.dirname(binary), "NotesApp")
    if os.access(notes, os.X_OK):
        os.symlink(notes, folder / "notes")
    return str(folder)


def report(problems):
    return "\n".join(problems)


@pytest.mark.parametrize("page", pages())
def test_links_lead_to_files_and_headings(page):
    text = read(page)
    problems = check_links(page, prose_lines(text, blocks(text)[0]))
    assert not problems, report(problems)


@pytest.mark.parametrize("page", pages())
def test_names_of_the_api_exist(page, declared):
    text = read(page)
    problems = check_names(page, text, blocks(text)[0], declared)
    assert not problems, report(problems)


@pytest.mark.parametrize("page", pages())
def test_code_blocks_are_the_files_they_name_and_views_fit_the_schema(page):
    problems = []
    for start, language, info, body in blocks(read(page))[0]:
        problems += check_code_block(page, start, info, body)
        if language == "json" and "view" in info:
            problems += check_view(page, start, body)
    assert not problems, report(problems)


@pytest.mark.parametrize("page, start, language, info, body", runnable_blocks(),
                         ids=[f"{page}:{start}" for page, start, *_ in runnable_blocks()])
def test_session_prints_what_the_page_shows(page, start, language, info, body, binary, tools):
    if language == "session":
        problems = check_session(binary, page, start, info, body, tools)
    else:
        problems = check_console(page, start, body, tools)
    assert not problems, report(problems)
