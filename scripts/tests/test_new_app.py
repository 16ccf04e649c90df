"""`flowshell new app` as a newcomer would use it: in a scratch folder outside the repository it
writes a package that depends on this checkout by path; `swift build` in it gives a binary that
says its own name and version and runs its own feature, and `NAME serve` serves that flow to a
browser, where a command runs through a WebSocket; a second feature added with `flowshell new
feature` builds with it; `swift test` passes for both.

The package is built in .build/new-app-check (kept between runs, so that only its own targets
are built again), not in the package's folder.
"""
import os
import re
import subprocess

import pytest
from webclient import Server, Tab, screen_of

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRATCH = os.path.join(ROOT, ".build", "new-app-check")


def run(arguments, folder, stdin=None):
    result = subprocess.run(arguments, cwd=folder, input=stdin, capture_output=True, text=True)
    assert result.returncode == 0, (
        f"`{' '.join(arguments)}` failed with status {result.returncode}:\n{result.stdout[-3000:]}{result.stderr[-6000:]}"
    )
    return result.stdout


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return str(tmp_path_factory.mktemp("new-app"))


@pytest.fixture(scope="module")
def package(build, folder):
    """The package `flowshell new app notes` wrote, with a second feature as
    docs/your-own-shell.md says to add one."""
    flowshell = str(build / "flowshell")
    run([flowshell, "new", "app", "notes", "--path", folder], folder)
    package = os.path.join(folder, "notes")
    run([flowshell, "new", "feature", "Todo", "--package", package], folder)
    return package


@pytest.fixture(scope="module")
def binary(package):
    """The app, built with `swift build`."""
    run(["swift", "build", "--scratch-path", SCRATCH], package)
    return os.path.join(SCRATCH, "debug", "notes")


@pytest.fixture
def app_home(folder):
    home = os.path.join(folder, "home")
    os.makedirs(home, exist_ok=True)
    return home


def test_package_depends_on_this_checkout_by_path(package):
    with open(os.path.join(package, "Package.swift"), encoding="utf-8") as file:
        # Relative when the two folders are near (the clone in the temporary folder), else absolute.
        found = re.search(r'\.package\(name: "FlowShell", path: "([^"]*)"\)', file.read())
    assert found is not None, "Package.swift does not depend on FlowShell by path"
    checkout = os.path.realpath(os.path.join(package, found.group(1)))
    assert checkout == os.path.realpath(ROOT), f"Package.swift depends on {checkout}, not on this checkout"


def test_app_says_its_own_name_and_version(binary, package):
    version = run([binary, "--version"], package)
    assert version == "notes 0.1.0\n", f"--version printed {version!r}"


def test_app_greets_at_a_pipe(binary, folder, app_home):
    environment = dict(os.environ, HOME=app_home, XDG_STATE_HOME=os.path.join(app_home, "state"))
    result = subprocess.run([binary], cwd=folder, input="greet\n", capture_output=True, text=True, env=environment)
    assert result.returncode == 0, f"a piped session ended with {result.returncode}: {result.stderr}"
    assert "Hello from notes.home" in result.stdout and "Hello!" in result.stdout, (
        f"a piped session did not greet:\n{result.stdout}"
    )


def test_app_serve_greets_in_a_browser_session(binary, app_home):
    """`notes serve` runs notes-serve from beside notes: a browser's session opens on the app's own
    screen, and a command sent through the WebSocket runs there."""
    server = Server([binary, "serve"], app_home)
    try:
        tab = Tab(server)
        first = tab.wait(lambda message: message.get("type") == "screen")
        assert first["screen"] == "notes.home", f"the browser session opened on {first['screen']!r}, not notes.home"
        session = next((message for message in tab.messages if message.get("type") == "session"), {})
        assert session.get("app") == "notes", f"the browser session is of {session.get('app')!r}, not notes"
        answers = tab.run("greet")
        greeted = screen_of(answers)
        assert greeted is not None and greeted.get("status") == "greeted 1 time" and not answers[-1].get("failed"), (
            f"greet through the WebSocket answered {answers}"
        )
        tab.close()
    finally:
        server.stop()


def test_swift_test_passes_for_both_features(binary, package):
    run(["swift", "test", "--scratch-path", SCRATCH], package)
    tests = run(["swift", "test", "--scratch-path", SCRATCH, "--skip-build", "--list-tests"], package)
    assert "TodoHomeTests" in tests and "NotesHomeTests" in tests, f"the tests of both features did not run:\n{tests}"
