"""A front end of FlowShell's session written outside its package, on its public API alone:
examples/pipe-front-end is copied to a scratch folder outside the repository, pointed at this
checkout by path, built, run over a pipe and tested. A declaration it needs that is only
`package` (or internal) fails the build.

The package is built in .build/outside-front-end-check (kept between runs, so that only its own
targets are built again).
"""
import json
import os
import shutil
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRATCH = os.path.join(ROOT, ".build", "outside-front-end-check")


def run(arguments, folder):
    result = subprocess.run(arguments, cwd=folder, capture_output=True, text=True)
    assert result.returncode == 0, (
        f"`{' '.join(arguments)}` failed with status {result.returncode}:\n{result.stdout[-3000:]}{result.stderr[-6000:]}"
    )
    return result.stdout


@pytest.fixture(scope="module")
def package(tmp_path_factory):
    """The example, copied outside the repository and pointed at this checkout, built with its tests."""
    package = str(tmp_path_factory.mktemp("outside-front-end") / "pipe-front-end")
    shutil.copytree(os.path.join(ROOT, "examples", "pipe-front-end"), package)
    manifest = os.path.join(package, "Package.swift")
    with open(manifest, encoding="utf-8") as file:
        text = file.read()
    assert 'path: "../.."' in text, "examples/pipe-front-end/Package.swift does not depend on ../.."
    with open(manifest, "w", encoding="utf-8") as file:
        file.write(text.replace('path: "../.."', f"path: {json.dumps(ROOT)}"))
    run(["swift", "build", "--build-tests", "--scratch-path", SCRATCH], package)
    return package


def test_it_answers_over_a_pipe_with_its_own_command_and_audit(package):
    lines = [{"line": "add"}, {"line": "echo over the pipe"}, {"line": "where"}, {"line": "quit"}]
    result = subprocess.run([os.path.join(SCRATCH, "debug", "pipe-shell")], cwd=package, capture_output=True, text=True,
                            input="".join(json.dumps(line) + "\n" for line in lines), timeout=120)
    assert result.returncode == 0, result.stderr
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    texts = [answer.get("lines") for answer in answers if answer.get("type") == "text"]
    done = [answer for answer in answers if answer.get("type") == "done"]
    assert ["over the pipe"] in texts, result.stdout
    assert len(done) == 4 and not any(answer["failed"] for answer in done), result.stdout
    assert result.stderr.splitlines() == [f"audit: {line['line']}" for line in lines]


def test_its_own_test_passes(package):
    run(["swift", "test", "--skip-build", "--scratch-path", SCRATCH], package)
