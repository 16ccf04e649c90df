"""docs/tutorial.md, run on a copy of the repository, so that the tutorial cannot rot.

Every ```sh block is run line by line with bash in the copy (each must succeed); every block
whose info string names a file (```swift file=PATH) is written to that path first. The steps
follow each other, so they are one test.
"""
import os
import re
import shutil
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FENCE = re.compile(r"^```(\w+)(?:\s+file=(\S+))?\s*\n(.*?)^```\s*$", re.S | re.M)


def copy_repository(target):
    """Copies the files git knows (tracked, or untracked but not ignored): no build folders."""
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=ROOT, check=True, capture_output=True).stdout.decode().split("\0")
    for path in filter(None, listed):
        source = os.path.join(ROOT, path)
        if not os.path.isfile(source):
            continue
        os.makedirs(os.path.dirname(os.path.join(target, path)), exist_ok=True)
        shutil.copy2(source, os.path.join(target, path))


def test_tutorial_runs_on_a_copy_of_the_repository(tmp_path):
    with open(os.path.join(ROOT, "docs", "tutorial.md"), encoding="utf-8") as handle:
        tutorial = handle.read()
    steps = FENCE.findall(tutorial)
    assert steps, "docs/tutorial.md has no steps"
    copy = str(tmp_path)
    copy_repository(copy)
    # The tutorial never serves a browser: the copy is built without the web server.
    environment = dict(os.environ, HOME=copy, XDG_STATE_HOME=os.path.join(copy, ".state"), FLOWSHELL_WITHOUT_WEB="1")
    for language, path, body in steps:
        if path:
            print(f"tutorial: write {path}", flush=True)
            with open(os.path.join(copy, path), "w", encoding="utf-8") as handle:
                handle.write(body)
        elif language == "sh":
            for line in body.splitlines():
                if not line.strip() or line.lstrip().startswith("#"):
                    continue
                print(f"tutorial: $ {line}", flush=True)
                result = subprocess.run(["bash", "-o", "pipefail", "-c", line], cwd=copy, env=environment,
                                        capture_output=True, text=True)
                print(result.stdout[-3000:], end="", flush=True)
                assert result.returncode == 0, f"`{line}` failed with status {result.returncode}:\n{result.stderr[-6000:]}"
    print(f"tutorial: {len(steps)} steps ran", flush=True)
