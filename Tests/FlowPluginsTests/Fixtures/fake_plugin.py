"""A plugin that misbehaves on request, for the protocol tests. It speaks the protocol by hand
(not through flowshell_plugin.py) so that each fault is exactly what a test names.

Usage: fake_plugin.py MODE — normal, version2, nohello, exit, garbage, deaf (stops reading after open),
escapes (terminal escape sequences in its title, a command's summary and an argument's values; a right-to-left override in the summary),
badutf8 (answers open with a line that is not UTF-8), deep (answers open nested 600 levels deep, past what JSON decoders take),
undeclared (its view lists commands its screen does not declare, one named like the global back),
collide (its screen's id is a linked screen's, cars.details),
hangcondition (never answers 'condition'), failcondition (answers 'condition' with an error),
stubborn (ignores SIGTERM and, when its stdin ends, says so on stderr and sleeps 300 s instead of exiting),
wrongtypes (answers `echo WHAT` wrongly: WHAT is view, text, result, title or kind).
Commands of its screen fake.echo: echo TEXT, rows N, emit, undeclared, stray, crash, hang, slow.
Its condition `unlocked` (protocol 1.2) holds once `unlock` was typed on its screen fake.lock.
"""

import json
import os
import signal
import sys
import threading
import time

mode = sys.argv[1] if len(sys.argv) > 1 else "normal"
if mode == "stubborn":
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
out = sys.stdout
lock = threading.Lock()
cancelled = set()
cancel_seen = threading.Condition()


def send(message):
    with lock:
        out.write(json.dumps(message) + "\n")
        out.flush()


def answer(request_id, result=None, error=None, code=None):
    if error is not None:
        send({"type": "response", "id": request_id, "error": {"message": error, "code": code}})
    else:
        send({"type": "response", "id": request_id, "result": result})


ECHO = {
    "id": "fake.echo", "title": "Echo", "inputs": ["word"],
    "events": [{"name": "done", "payload": ["word"]}],
    "commands": [{"name": name, "summary": name, "arguments": arguments} for name, arguments in [
        ("echo", [{"name": "TEXT", "rest": True, "optional": True}]),
        ("rows", [{"name": "N"}]),
        ("emit", []), ("undeclared", []), ("stray", []), ("crash", []), ("hang", []), ("slow", []),
    ]],
}


LOCK = {
    "id": "fake.lock", "title": "Lock",
    "events": [{"name": "unlocked"}],
    "commands": [{"name": "unlock", "summary": "Unlock"}],
}
CONDITIONS = [{"name": "unlocked", "summary": "the unlock code"}]
unlocked = False


if mode == "escapes":
    ECHO["commands"].append({"name": "paint", "summary": "Paint\x1b]0;summary\x07\u202eevil",
                             "arguments": [{"name": "COLOUR", "values": ["red\x1b]0;value\x07", "blue"]}]})
TITLE = "Echo\x1b]0;title\x07 " if mode == "escapes" else "Echo "


if mode == "collide":
    ECHO["id"] = "cars.details"


def view(title, components=()):
    return {"title": title, "components": list(components)}


if mode == "exit":
    sys.stderr.write("cannot start: something is missing\n")
    sys.exit(4)
if mode == "garbage":
    out.write("Loading the fake plugin…\n")
    out.write("{not json\n")
    out.flush()
if mode != "nohello":
    send({"type": "hello", "protocol": "flowshell-plugin", "version": "2.0.0" if mode == "version2" else "1.2.0", "features": ["cancel", "conditions"]})

screens = {}
requests = []
arrived = threading.Condition()


def reader():
    for line in sys.stdin:
        message = json.loads(line)
        if message.get("type") == "cancel":
            with cancel_seen:
                cancelled.add(message["id"])
                cancel_seen.notify_all()
            continue
        with arrived:
            requests.append(message)
            arrived.notify_all()
        if mode == "deaf" and message.get("method") == "open":
            while True:          # reads nothing more: the shell's writes fill the pipe
                time.sleep(3600)
    with arrived:
        requests.append(None)
        arrived.notify_all()


threading.Thread(target=reader, daemon=True).start()

while True:
    with arrived:
        while not requests:
            arrived.wait()
        message = requests.pop(0)
    if message is None:
        if mode == "stubborn":
            sys.stderr.write(f"stdin ended; staying (process {os.getpid()})\n")
            sys.stderr.flush()
            time.sleep(300)
        sys.exit(0)
    if message.get("type") != "request":
        continue
    request_id, method, params = message["id"], message["method"], message.get("params", {})
    if method == "screens":
        answer(request_id, {"modules": [{"name": "Fake", "screens": [ECHO, LOCK], "resolvers": [{"parameter": "code", "produces": "word"}],
                                         "conditions": CONDITIONS}]})
    elif method == "condition" and mode == "hangcondition":
        continue                 # never answered
    elif method == "condition" and mode == "failcondition":
        answer(request_id, error="the lock is jammed")
    elif method == "condition":
        answer(request_id, {"satisfied": unlocked})
    elif method == "open" and params["screen"] == "fake.lock":
        screens[params["instance"]] = "lock"
        answer(request_id, {"view": view("Lock", [{"kind": "text", "text": "unlocked" if unlocked else "locked"}]), "events": []})
    elif method == "resolve":
        if params["value"] == "bad":
            answer(request_id, error="no word has the code 'bad'")
        else:
            answer(request_id, {"value": "word-" + params["value"]})
    elif method == "open" and mode == "badutf8":
        with lock:
            out.buffer.write(b'{"type": "response", "id": %d, "result": {"view": {"title": "bad \xff", "components": []}}}\n' % request_id)
            out.flush()
    elif method == "open" and mode == "deep":
        send({"type": "response", "id": request_id, "result": {"view": view("deep"), "extra": json.loads("[" * 600 + "]" * 600)}})
    elif method == "open" and mode == "undeclared":
        screens[params["instance"]] = params["input"]["word"]
        listed = [{"name": "echo", "summary": "echo"}, {"name": "back", "summary": "Not the shell's back"},
                  {"name": "wipe", "summary": "Never declared"}]
        answer(request_id, {"view": dict(view("Sneaky"), commands=listed), "events": []})
    elif method == "open":
        screens[params["instance"]] = params["input"]["word"]
        answer(request_id, {"view": view(TITLE + params["input"]["word"]), "events": []})
    elif method == "close":
        screens.pop(params["instance"], None)
        answer(request_id, {})
    elif method == "command":
        word = screens.get(params["instance"], "?")
        name, arguments = params["command"], params["arguments"]
        if name == "unlock":
            unlocked = True
            answer(request_id, {"view": view("Lock", [{"kind": "text", "text": "unlocked"}]), "events": [{"name": "unlocked", "payload": {}}]})
        elif name == "echo" and mode == "wrongtypes":
            wrong = {
                "view": {"view": True},
                "text": {"view": {"title": "T", "components": [{"kind": "text", "text": 5}]}},
                "result": True,
                "title": {"view": {"title": None, "components": []}},
                "kind": {"view": {"title": "T", "components": [{"kind": "sparkle"}]}},
            }[arguments[0]]
            answer(request_id, wrong)
        elif name == "echo":
            answer(request_id, {"view": view("Echo " + " ".join(arguments))})
        elif name == "rows":
            rows = [[str(n), "row %d" % n] for n in range(int(arguments[0]))]
            answer(request_id, {"view": view("Rows", [{"kind": "table", "columns": [{"title": "N"}, {"title": "Text"}], "rows": rows}])})
        elif name == "emit":
            answer(request_id, {"events": [{"name": "done", "payload": {"word": word}}]})
        elif name == "undeclared":
            answer(request_id, {"events": [{"name": "surprise", "payload": {}}]})
        elif name == "stray":
            out.write("a line that is no message\n")
            out.write("[1, 2, 3]\n")
            out.flush()
            answer(request_id, {"view": view("After stray lines")})
        elif name == "crash":
            os._exit(3)
        elif name == "hang":
            while True:          # ignores cancel too
                time.sleep(3600)
        elif name == "slow":
            with cancel_seen:
                while request_id not in cancelled:
                    cancel_seen.wait()
            answer(request_id, error="cancelled", code="cancelled")
        else:
            answer(request_id, error="unknown command " + name, code="unknownCommand")
