#!/usr/bin/env python3
"""Checks that a front end of FlowShell's session can be written outside its package, on its
public API alone: examples/pipe-front-end is copied to a scratch folder outside the repository,
pointed at this checkout by path, built, run over a pipe and tested. A declaration it needs
that is only `package` (or internal) fails the build.

The package is built in .build/outside-front-end-check (kept between runs, so that only its own
targets are built again).
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRATCH = os.path.join(ROOT, ".build", "outside-front-end-check")


def run(arguments, folder, stdin=None):
    result = subprocess.run(arguments, cwd=folder, input=stdin, capture_output=True, text=True)
    if result.returncode != 0:
        print(result.stdout[-3000:], result.stderr[-6000:], file=sys.stderr)
        sys.exit(f"check_outside_front_end: `{' '.join(arguments)}` failed with status {result.returncode}")
    return result.stdout


def main():
    with tempfile.TemporaryDirectory(prefix="flowshell-outside-front-end-") as folder:
        package = os.path.join(folder, "pipe-front-end")
        shutil.copytree(os.path.join(ROOT, "examples", "pipe-front-end"), package)
        manifest = os.path.join(package, "Package.swift")
        with open(manifest, encoding="utf-8") as file:
            text = file.read()
        if 'path: "../.."' not in text:
            sys.exit("check_outside_front_end: examples/pipe-front-end/Package.swift does not depend on ../..")
        with open(manifest, "w", encoding="utf-8") as file:
            file.write(text.replace('path: "../.."', f"path: {json.dumps(ROOT)}"))
        run(["swift", "build", "--build-tests", "--scratch-path", SCRATCH], package)
        lines = [{"line": "add"}, {"line": "echo over the pipe"}, {"line": "where"}, {"line": "quit"}]
        result = subprocess.run([os.path.join(SCRATCH, "debug", "pipe-shell")], cwd=folder, capture_output=True, text=True,
                                input="".join(json.dumps(line) + "\n" for line in lines))
        answers = [json.loads(line) for line in result.stdout.splitlines()]
        texts = [answer.get("lines") for answer in answers if answer.get("type") == "text"]
        done = [answer for answer in answers if answer.get("type") == "done"]
        if result.returncode != 0 or ["over the pipe"] not in texts or len(done) != 4 or any(answer["failed"] for answer in done):
            sys.exit(f"check_outside_front_end: the pipe's answers were\n{result.stdout}\n{result.stderr}")
        if result.stderr.splitlines() != [f"audit: {line['line']}" for line in lines]:
            sys.exit(f"check_outside_front_end: the audit said\n{result.stderr}")
        run(["swift", "test", "--skip-build", "--scratch-path", SCRATCH], package)
    print("check_outside_front_end: a front end outside the package built on public API, answered over a pipe and passed its test")


if __name__ == "__main__":
    main()
