#!/usr/bin/env python3
"""Checks `flowshell new app` as a newcomer would use it: in a scratch folder outside the
repository it writes a package that depends on this checkout by path; `swift build` in it gives
a binary that says its own name and version and runs its own feature, and `NAME serve` serves
that flow to a browser, where a command runs through a WebSocket; a second feature added with
`flowshell new feature` builds with it; `swift test` passes for both.

The package is built in .build/new-app-check (kept between runs, so that only its own
targets are built again), not in the package's folder.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
from webclient import Server, Socket, screen_of  # noqa: E402
SCRATCH = os.path.join(ROOT, ".build", "new-app-check")


def run(arguments, folder, stdin=None):
    result = subprocess.run(arguments, cwd=folder, input=stdin, capture_output=True, text=True)
    if result.returncode != 0:
        print(result.stdout[-3000:], result.stderr[-6000:], file=sys.stderr)
        sys.exit(f"check_new_app: `{' '.join(arguments)}` failed with status {result.returncode}")
    return result.stdout


def expect(condition, message):
    if not condition:
        sys.exit(f"check_new_app: {message}")


def main():
    flowshell = os.path.join(ROOT, ".build", "debug", "flowshell")
    with tempfile.TemporaryDirectory(prefix="flowshell-new-app-") as folder:
        run([flowshell, "new", "app", "notes", "--path", folder], folder)
        package = os.path.join(folder, "notes")
        with open(os.path.join(package, "Package.swift"), encoding="utf-8") as file:
            # Relative when the two folders are near (the clone in the temporary folder), else absolute.
            found = re.search(r'\.package\(name: "FlowShell", path: "([^"]*)"\)', file.read())
        expect(found is not None, "Package.swift does not depend on FlowShell by path")
        checkout = os.path.realpath(os.path.join(package, found.group(1)))
        expect(checkout == os.path.realpath(ROOT), f"Package.swift depends on {checkout}, not on this checkout")
        # A second feature, as docs/your-own-shell.md says to add one.
        run([flowshell, "new", "feature", "Todo", "--package", package], folder)
        run(["swift", "build", "--scratch-path", SCRATCH], package)
        binary = os.path.join(SCRATCH, "debug", "notes")
        version = run([binary, "--version"], package)
        expect(version == "notes 0.1.0\n", f"--version printed {version!r}")
        home = os.path.join(folder, "home")
        environment = dict(os.environ, HOME=home, XDG_STATE_HOME=os.path.join(home, "state"))
        result = subprocess.run([binary], cwd=folder, input="greet\n", capture_output=True, text=True, env=environment)
        expect(result.returncode == 0, f"a piped session ended with {result.returncode}: {result.stderr}")
        expect("Hello from notes.home" in result.stdout and "Hello!" in result.stdout,
               f"a piped session did not greet:\n{result.stdout}")
        serve_and_greet(binary, home)
        run(["swift", "test", "--scratch-path", SCRATCH], package)
        tests = run(["swift", "test", "--scratch-path", SCRATCH, "--skip-build", "--list-tests"], package)
        expect("TodoHomeTests" in tests and "NotesHomeTests" in tests, f"the tests of both features did not run:\n{tests}")
    print("new app: a package outside the repository builds with a second feature, says 'notes 0.1.0', greets "
          "at a pipe and in a browser session (notes serve), and passes its tests")


def serve_and_greet(binary, home):
    """`notes serve` runs notes-serve from beside notes: a browser's session opens on the app's own
    screen, and a command sent through the WebSocket runs there."""
    os.makedirs(home, exist_ok=True)
    server = Server([binary, "serve"], home)
    try:
        socket = Socket(server)
        first = socket.wait(lambda message: message.get("type") == "screen")
        expect(first["screen"] == "notes.home", f"the browser session opened on {first['screen']!r}, not notes.home")
        session = next((message for message in socket.messages if message.get("type") == "session"), {})
        expect(session.get("app") == "notes", f"the browser session is of {session.get('app')!r}, not notes")
        answers = socket.run("greet")
        greeted = screen_of(answers)
        expect(greeted is not None and greeted.get("status") == "greeted 1 time" and not answers[-1].get("failed"),
               f"greet through the WebSocket answered {answers}")
        socket.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
