"""`flowshell --output json` driven through a pipe as a program drives it: it sends one line,
reads the records up to that line's `done` and only then sends the next — no waiting for
silence. Each line's answer is whole before its `done` (the sign-in's message and screen,
`login`'s booking screen), a failed line says so, and every record follows output.schema.json.
"""
import json
import os
import subprocess
import threading

import pytest

# A liveness bound only: a shell that never answers fails the test instead of hanging it.
DEADLINE = 120


@pytest.fixture
def shell(build, home, repository):
    env = {"HOME": home, "XDG_DATA_HOME": f"{home}/data", "XDG_STATE_HOME": f"{home}/state", "PATH": os.environ["PATH"]}
    process = subprocess.Popen([str(build / "flowshell"), "--config", str(repository / "config.json"), "--output", "json"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               cwd=home, env=env)
    watchdog = threading.Timer(DEADLINE, process.kill)
    watchdog.start()
    yield process
    watchdog.cancel()
    if process.poll() is None:
        process.kill()
    process.wait()


def records(stream):
    """The records of `stream` up to and with the next `done`."""
    read = []
    while True:
        line = stream.readline()
        assert line, f"the shell closed its output before the line's done; it had said {read}"
        read.append(json.loads(line))
        if read[-1]["type"] == "done":
            return read


def send(shell, line):
    """Sends `line` and reads its answer: the records before its `done`, and the `done`."""
    shell.stdin.write(line + "\n")
    shell.stdin.flush()
    *answer, done = records(shell.stdout)
    return answer, done


def test_each_line_is_answered_up_to_its_done(shell):
    # The first screen is shown before any line is read: the first line's answer follows it.
    first = json.loads(shell.stdout.readline())
    assert (first["type"], first["screen"]) == ("screen", "cars.list")

    answer, done = send(shell, "select rio")
    assert [(record["type"], record.get("screen")) for record in answer] == [("screen", "cars.details")]
    assert done == {"v": 1, "type": "done", "id": 1, "failed": False}

    # The guard's message and the sign-in it opened are both this line's answer.
    answer, done = send(shell, "book")
    assert [record["type"] for record in answer] == ["message", "screen"]
    assert answer[0]["message"] == "sign-in is needed first" and answer[1]["screen"] == "auth.login"
    assert (done["id"], done["failed"]) == (2, False)

    # login answers with the screen the guard went on to, which a reader of silence misread.
    answer, done = send(shell, "login alice")
    assert [(record["type"], record.get("screen")) for record in answer] == [("screen", "booking.confirm")]
    assert (done["id"], done["failed"]) == (3, False)

    # A failed line: nothing on stdout but its done, which says it failed; its error is on
    # stderr, written before the done.
    answer, done = send(shell, "fly")
    assert answer == [] and (done["id"], done["failed"]) == (4, True)
    error = json.loads(shell.stderr.readline())
    assert (error["type"], error["message"]) == ("error", "line 4: unknown command 'fly' here — try help")

    answer, done = send(shell, "where")
    assert [record["type"] for record in answer] == ["stack"] and done["id"] == 5

    # quit is answered too, and then the shell ends: with status 1, as a line failed.
    answer, done = send(shell, "quit")
    assert answer == [] and (done["id"], done["failed"]) == (6, False)
    assert shell.stdout.read() == ""
    assert shell.wait() == 1


def test_every_record_follows_its_schema(build, home, repository):
    jsonschema = pytest.importorskip("jsonschema")
    referencing = pytest.importorskip("referencing")
    lines = ["select rio", "book", "login alice", "help hours", "help", "hours 2", "fly", "where", "set", "alias a where",
             "alias", "history", "confirm", "bookings"]
    result = subprocess.run([str(build / "flowshell"), "--config", str(repository / "config.json"), "--output", "json",
                             "--keep-going"], input="\n".join(lines) + "\n", capture_output=True, text=True, cwd=home,
                            timeout=DEADLINE,
                            env={"HOME": home, "XDG_DATA_HOME": f"{home}/data", "XDG_STATE_HOME": f"{home}/state"})
    shown = [json.loads(line) for line in (result.stdout + result.stderr).splitlines()]
    schemas = {name: json.loads((repository / name).read_text(encoding="utf-8"))
               for name in ["output.schema.json", "view-properties.schema.json"]}
    registry = referencing.Registry().with_resources(
        (schema["$id"], referencing.Resource.from_contents(schema)) for schema in schemas.values())
    validator = jsonschema.Draft202012Validator(schemas["output.schema.json"], registry=registry)
    jsonschema.Draft202012Validator.check_schema(schemas["output.schema.json"])
    wrong = [(record["type"], error.message) for record in shown for error in validator.iter_errors(record)]
    assert wrong == []
    # Every type the schema names but warning was shown, so each definition met a record.
    assert {record["type"] for record in shown} == {
        "screen", "usage", "help", "stack", "text", "message", "error", "done"}
    assert [record["id"] for record in shown if record["type"] == "done"] == list(range(1, len(lines) + 1))
