"""FlowShell plugins in Python: a screen is a small class.

Standard library only. Protocol 1.2 (docs/plugins.md): JSON lines on stdin/stdout, ``hello`` both
ways, requests ``screens``, ``open``, ``command``, ``appear``, ``close``, ``resolve``,
``condition`` with ids, ``cancel`` by id, and ``update`` lines the plugin sends unasked.

    import flowshell_plugin as fp

    class Forecast(fp.Screen):
        id = "weather.forecast"
        title = "Weather"
        inputs = ["carID"]                       # what the screen cannot be opened without
        events = {"done": []}                    # event name -> payload keys it always carries

        def __init__(self, input):
            self.car = input["carID"]
            self.days = 3

        def view(self):                          # the state as ViewProperties
            return fp.view(f"Weather near {self.car}", [fp.text(f"{self.days} days")])

        @fp.command("days", "Show N days", fp.arg("N", values=["1", "2", "3"]))
        def set_days(self, n):
            self.days = int(n)

        @fp.command("done", "Close the forecast")
        def done(self):
            self.emit("done")

    if __name__ == "__main__":
        fp.Plugin("Weather", [Forecast]).run()

A screen shown again because the one above it closed gets ``appear(self)`` (look your data up
again there). A screen that changes by itself sets ``every = SECONDS`` and writes ``tick(self)``:
the plugin calls it that often while the screen is open and sends its new view as an ``update``.

A condition guards may name is a function the plugin calls when the shell asks:
``fp.Plugin("Parking", [Spots], conditions={"paid": ("a paid ticket", has_ticket)})`` declares
``paid`` (called "a paid ticket" in messages) and answers with ``has_ticket()``.

``print`` in a screen goes to the plugin's log (stderr), never into the protocol. A long command
calls ``self.sleep(seconds)`` or ``self.check_cancelled()`` between slices of work so that
Ctrl-C in the shell (a ``cancel``) stops it. ``Forecast.open({...})`` and ``screen.run("days 2")``
drive a screen in-process, for tests.
"""

import collections
import json
import os
import select
import shlex
import sys
import time

PROTOCOL = "flowshell-plugin"
VERSION = "1.3.0"
FEATURES = ["cancel", "appear", "update", "conditions"]


class UserError(Exception):
    """A refusal whose message the shell shows as is (one line, in the user's words)."""


class Cancelled(Exception):
    """Raised inside a command when the shell cancelled it."""


class UnknownCommand(Exception):
    """The screen has no command of that name."""


# --- View helpers: the --output json encoding of ViewProperties -------------------------------

def view(title, components=(), status=None):
    """A screen's ViewProperties; the helper adds its commands."""
    result = {"title": title, "components": list(components)}
    if status is not None:
        result["status"] = status
    return result


def heading(text):
    return {"kind": "heading", "text": text}


def text(text):
    return {"kind": "text", "text": text}


def items(values, numbered=False):
    return {"kind": "list", "items": list(values), "numbered": numbered}


def column(title, alignment="leading", shrinks_first=False, keeps_width=False):
    return {"title": title, "alignment": alignment, "shrinksFirst": shrinks_first, "keepsWidth": keeps_width}


def table(columns, rows, opens=None, offers=(), with_column=0):
    """columns: titles or column(...) values; rows: lists of strings. opens: the command a row
    opens when picked, offers: those each row offers, each run with the row's cell in column
    `with_column` as its argument (a View where a person clicks shows them; the terminal keeps
    typing)."""
    columns = [c if isinstance(c, dict) else column(c) for c in columns]
    result = {"kind": "table", "columns": columns, "rows": [[str(cell) for cell in row] for row in rows]}
    if opens is not None or offers:
        result["rowCommands"] = {"column": with_column, "offers": list(offers)}
        if opens is not None:
            result["rowCommands"]["opens"] = opens
    return result


def key_value(pairs):
    """pairs: a dict or (key, value) tuples, in order."""
    pairs = pairs.items() if isinstance(pairs, dict) else pairs
    return {"kind": "keyValue", "pairs": [{"key": k, "value": str(v)} for k, v in pairs]}


def message(style, text):
    """style: error, warning, success, info or muted."""
    return {"kind": "message", "style": style, "text": text}


def divider():
    return {"kind": "divider"}


# --- Commands ---------------------------------------------------------------------------------

def arg(name, optional=False, rest=False, values=()):
    """A positional argument (NAME); rest=True takes the rest of the line."""
    return {"name": name, "kind": "positional", "optional": optional, "rest": rest, "values": list(values)}


def choice(name, values):
    """A positional argument that is one of `values` and nothing else: a View may run its
    command as soon as one is chosen."""
    return {"name": name, "kind": "positional", "optional": False, "rest": False, "values": list(values), "choice": True}


def option(name, value_name=None, optional=True, values=()):
    """--name VALUE, passed to the method as a keyword argument."""
    result = {"name": name, "kind": "option", "optional": optional, "rest": False, "values": list(values)}
    result["valueName"] = value_name or name.upper()
    return result


def flag(name):
    """--name, passed as a keyword argument True or False."""
    return {"name": name, "kind": "flag", "optional": True, "rest": False, "values": []}


def command(name, summary="", *arguments, primary=False):
    """Marks a method as the screen's command `name`; its arguments are arg/choice/option/flag
    values. primary=True: what the screen is for, shown first and stronger where commands are
    buttons."""
    def mark(method):
        method._flowshell_command = {"name": name, "summary": summary, "arguments": list(arguments)}
        if primary:
            method._flowshell_command["primary"] = True
        return method
    return mark


def _python_name(name):
    return name.replace("-", "_")


def _parse(description, words):
    positionals, keywords = [], {}
    declared = [a for a in description["arguments"] if a["kind"] == "positional"]
    for a in description["arguments"]:
        if a["kind"] == "flag":
            keywords[_python_name(a["name"])] = False
    loose, index, only_positional = [], 0, False
    while index < len(words):
        word = words[index]
        index += 1
        if not only_positional and word == "--":
            only_positional = True
            continue
        if not only_positional and word.startswith("--") and len(word) > 2:
            name, _, inline = word[2:].partition("=")
            match = next((a for a in description["arguments"] if a["kind"] != "positional" and a["name"] == name), None)
            if match is None:
                raise UserError(f"no option '--{name}'")
            if match["kind"] == "flag":
                keywords[_python_name(name)] = True
            elif inline:
                keywords[_python_name(name)] = inline
            elif index < len(words):
                keywords[_python_name(name)] = words[index]
                index += 1
            else:
                raise UserError(f"--{name} needs a value")
            continue
        loose.append(word)
    for position, a in enumerate(declared):
        if a["rest"]:
            if position < len(loose):
                positionals.append(" ".join(loose[position:]))
            loose = loose[:position]
            break
        if position < len(loose):
            positionals.append(loose[position])
        elif not a["optional"]:
            raise UserError(f"missing {a['name']}")
    if len(loose) > len(declared):
        raise UserError("too many arguments")
    return positionals, keywords


# --- Screens ----------------------------------------------------------------------------------

class Screen:
    """One screen. Set id, title, inputs and events; write __init__(self, input), view(self)
    and commands marked with @command."""

    id = ""
    title = ""
    inputs = []
    events = {}

    #: Seconds between calls of tick() while the screen is open; None: never.
    every = None

    def view(self):
        return view(self.title)

    def appear(self):
        """The screen is shown again (the one above it closed): look its data up again."""

    def tick(self):
        """Called every `every` seconds while the screen is open; change the state here."""

    # What a command may call.
    def emit(self, name, **payload):
        """Emits the event `name` with its payload; the shell routes it by the flow."""
        if name not in self.events:
            raise RuntimeError(f"{self.id} emits '{name}', which it does not declare in events")
        self._emitted.append({"name": name, "payload": {k: str(v) for k, v in payload.items()}})

    def check_cancelled(self):
        """Raises Cancelled when the shell cancelled the running command."""
        self.sleep(0)

    def sleep(self, seconds):
        """Waits, but stops at once (raising Cancelled) when the shell cancels the command."""
        if self._cancel is None:
            time.sleep(seconds)
        elif self._cancel(seconds):
            raise Cancelled()

    # The declaration and running.
    _emitted = []
    _cancel = None

    @classmethod
    def commands(cls):
        found = {}
        for klass in reversed(cls.__mro__):      # in the order written, a subclass's last
            for name, method in vars(klass).items():
                if callable(method) and hasattr(method, "_flowshell_command"):
                    found[method._flowshell_command["name"]] = (method._flowshell_command, name)
        return list(found.values())

    @classmethod
    def declaration(cls):
        return {
            "id": cls.id,
            "title": cls.title or cls.id,
            "inputs": list(cls.inputs),
            "events": [{"name": name, "payload": list(keys)} for name, keys in cls.events.items()],
            "commands": [description for description, _ in cls.commands()],
        }

    @classmethod
    def open(cls, input=None):
        """Builds the screen with `input` (a dict), as the shell would: for tests."""
        missing = [key for key in cls.inputs if key not in (input or {})]
        if missing:
            raise UserError(f"missing input '{missing[0]}'")
        screen = cls(dict(input or {}))
        screen._emitted = []
        return screen

    def perform(self, name, words, cancel=None):
        """Runs the command `name` with the words typed after it; returns the events emitted."""
        match = next(((d, m) for d, m in self.commands() if d["name"] == name), None)
        if match is None:
            raise UnknownCommand(name)
        description, method = match
        positionals, keywords = _parse(description, words)
        self._emitted, self._cancel = [], cancel
        try:
            getattr(self, method)(*positionals, **keywords)
        finally:
            self._cancel = None
        return self._emitted

    def run(self, line):
        """Runs a typed line (`days 2`), for tests; returns the events as (name, payload) pairs."""
        words = shlex.split(line)
        return [(e["name"], e["payload"]) for e in self.perform(words[0], words[1:])]

    def rendered(self):
        """The view with the commands, as the shell receives it."""
        result = dict(self.view())
        result.setdefault("components", [])
        result["commands"] = [description for description, _ in self.commands()]
        return result


# --- The plugin -------------------------------------------------------------------------------

class _Input:
    """The lines of stdin, read without a thread: between requests the plugin waits for the
    next one; inside a command, Screen.sleep() looks for a cancel of it, keeping the rest."""

    def __init__(self, descriptor):
        self.descriptor = descriptor
        self.buffer = b""
        self.pending = collections.deque()
        self.ended = False

    def _read(self, timeout):
        ready, _, _ = select.select([self.descriptor], [], [], timeout)
        if not ready:
            return
        data = os.read(self.descriptor, 1 << 16)
        if not data:
            self.ended = True
            return
        self.buffer += data
        while b"\n" in self.buffer:
            line, self.buffer = self.buffer.split(b"\n", 1)
            try:
                self.pending.append(json.loads(line))
            except ValueError:
                print("flowshell_plugin: skipped a line that is not JSON", file=sys.stderr)

    def next(self, timeout=None):
        """The next message; None at the end of stdin, or when `timeout` seconds pass first."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while not self.pending:
            if self.ended:
                return None
            remaining = None if deadline is None else max(0.0, deadline - time.monotonic())
            # Stdin is looked at even when the time is up: a screen that ticks without a pause
            # still has its requests read.
            self._read(remaining)
            if remaining == 0 and not self.pending:
                return None
        return self.pending.popleft()

    def cancelled(self, request_id, seconds):
        """Whether a cancel of request_id arrives within `seconds` (other messages wait their turn)."""
        deadline = time.monotonic() + seconds
        while True:
            for message in self.pending:
                if message.get("type") == "cancel" and message.get("id") == request_id:
                    self.pending.remove(message)
                    return True
            remaining = deadline - time.monotonic()
            if self.ended or remaining <= 0:
                if self.ended and remaining > 0:
                    time.sleep(remaining)
                return False
            self._read(remaining)


class Plugin:
    """The plugin of one module: Plugin("Weather", [Forecast]).run()."""

    def __init__(self, module, screens, resolvers=None, conditions=None):
        """resolvers: for a link parameter (`plate`), the input key it provides and a function
        from the link's value to that input's value, raising UserError when there is none:
        {"plate": ("carID", find_car)}.
        conditions: for a condition guards may name (`unlocked`), what it is called for people
        and a function telling whether it holds now, raising UserError when it cannot tell:
        {"unlocked": ("the unlock code", is_unlocked)}."""
        self.module = module
        self.screens = {screen.id: screen for screen in screens}
        self.resolvers = dict(resolvers or {})
        self.conditions = dict(conditions or {})
        self.instances = {}
        self.ticks = {}                   # instance -> when its screen's tick() is due
        self.input = None

    def send(self, message):
        data = (json.dumps(message, separators=(",", ":"), ensure_ascii=False) + "\n").encode()
        while data:
            data = data[os.write(1, data):]

    def answer(self, request_id, result=None, error=None, code=None):
        message = {"type": "response", "id": request_id}
        if error is not None:
            message["error"] = {"message": error} if code is None else {"message": error, "code": code}
        else:
            message["result"] = result
        self.send(message)

    def run(self):
        """Serves requests until stdin closes."""
        sys.stdout.flush()
        sys.stdout = sys.stderr           # print() goes to the log, never into the protocol
        self.input = _Input(0)
        self.send({"type": "hello", "protocol": PROTOCOL, "version": VERSION, "features": FEATURES})
        while True:
            due = min(self.ticks.values(), default=None)
            message = self.input.next(None if due is None else max(0, due - time.monotonic()))
            if message is None:
                if self.input.ended:
                    return
                self.tick_due()
                continue
            kind = message.get("type")
            if kind == "hello":
                major = str(message.get("version", "")).split(".")[0]
                if message.get("protocol") != PROTOCOL or major != VERSION.split(".")[0]:
                    print(f"the shell speaks {message.get('protocol')} {message.get('version')}; "
                          f"this plugin speaks {PROTOCOL} {VERSION}", file=sys.stderr)
                    sys.exit(1)
            elif kind == "request":
                self.handle(message)
            # A cancel of a request already answered needs nothing.

    def tick_due(self):
        """Runs the tick() of each screen whose time has come and sends what it shows now."""
        now = time.monotonic()
        for instance, due in list(self.ticks.items()):
            if due > now:
                continue
            screen = self.instances.get(instance)
            if screen is None:
                self.ticks.pop(instance, None)
                continue
            self.ticks[instance] = now + screen.every
            screen._emitted = []
            try:
                screen.tick()
            except Exception as failure:    # a bug in a screen: logged, the plugin goes on
                print(f"flowshell_plugin: tick of {screen.id} failed: {failure!r}", file=sys.stderr)
                continue
            self.send({"type": "update", "instance": instance, "view": screen.rendered(), "events": screen._emitted})

    def handle(self, request):
        request_id, method, params = request.get("id"), request.get("method"), request.get("params") or {}
        try:
            if method == "screens":
                declared = [screen.declaration() for screen in self.screens.values()]
                resolvers = [{"parameter": name, "produces": produces} for name, (produces, _) in self.resolvers.items()]
                module = {"name": self.module, "screens": declared, "resolvers": resolvers}
                if self.conditions:
                    module["conditions"] = [{"name": name, "summary": summary} for name, (summary, _) in self.conditions.items()]
                self.answer(request_id, {"modules": [module]})
            elif method == "condition":
                condition = self.conditions.get(params.get("name"))
                if condition is None:
                    raise UserError(f"this plugin tells no condition '{params.get('name')}'")
                self.answer(request_id, {"satisfied": bool(condition[1]())})
            elif method == "resolve":
                resolver = self.resolvers.get(params.get("parameter"))
                if resolver is None:
                    raise UserError(f"this plugin looks up no link parameter '{params.get('parameter')}'")
                self.answer(request_id, {"value": str(resolver[1](params.get("value", "")))})
            elif method == "open":
                screen_type = self.screens.get(params.get("screen"))
                if screen_type is None:
                    raise UserError(f"this plugin has no screen '{params.get('screen')}'")
                screen = screen_type.open(params.get("input") or {})
                self.instances[params["instance"]] = screen
                if screen.every:
                    self.ticks[params["instance"]] = time.monotonic() + screen.every
                self.answer(request_id, {"view": screen.rendered(), "events": []})
            elif method == "command":
                screen = self.instances.get(params.get("instance"))
                if screen is None:
                    raise UserError("that screen is not open in this plugin")
                events = screen.perform(params["command"], params.get("arguments") or [],
                                        lambda seconds: self.input.cancelled(request_id, seconds))
                self.answer(request_id, {"view": screen.rendered(), "events": events})
            elif method == "appear":
                screen = self.instances.get(params.get("instance"))
                if screen is None:
                    raise UserError("that screen is not open in this plugin")
                screen._emitted = []
                screen.appear()
                self.answer(request_id, {"view": screen.rendered(), "events": screen._emitted})
            elif method == "close":
                self.instances.pop(params.get("instance"), None)
                self.ticks.pop(params.get("instance"), None)
                self.answer(request_id, {})
            else:
                self.answer(request_id, error=f"unknown request '{method}'")
        except Cancelled:
            self.answer(request_id, error="cancelled", code="cancelled")
        except UnknownCommand as unknown:
            self.answer(request_id, error=f"unknown command '{unknown.args[0]}'", code="unknownCommand")
        except UserError as refusal:
            self.answer(request_id, error=str(refusal))
        except Exception as failure:    # a bug in a screen: said in one line, the plugin goes on
            print(f"flowshell_plugin: {method} failed: {failure!r}", file=sys.stderr)
            self.answer(request_id, error=f"the plugin failed: {failure}")
