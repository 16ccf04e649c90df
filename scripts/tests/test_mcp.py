"""`flowshell mcp` through the real Python MCP client (the `mcp` package), on the previous
protocol revision (mode="legacy": the initialize handshake) and the current one (mode="auto":
it probes server/discover, which the server answers): the tool list is the same bytes for every
session; an agent opens the sample flow, selects a car and books it, and the sign-in guard
fires as it does for a person; a command not offered is refused with the words and
did-you-mean a browser tab gets; what reaches the machine (`shell`, `run FILE`, `>`) is not
offered; every screen of the sample stays small. Bad requests (not JSON, a wrong handle, an
argument too long) get a JSON-RPC error and the session goes on.
"""
import http.client
import json
import os
import subprocess

import anyio
import jsonschema
import pytest
from mcp import Client, StdioServerParameters
from mcp.client.subscriptions import ResourceUpdated
from mcp.shared.exceptions import MCPError
from mcp.types import ElicitResult, ResourceUpdatedNotification

MODES = ["legacy", "auto"]


def parameters(build, home, repository):
    env = dict(os.environ, XDG_DATA_HOME=f"{home}/data", XDG_STATE_HOME=f"{home}/state", HOME=home)
    env.pop("FLOWSHELL_ALLOW_PLUGINS", None)
    return StdioServerParameters(
        command=str(build / "flowshell"), args=["mcp", "--config", str(repository / "config.json")], env=env, cwd=home)


def person(answers, asked):
    """An elicitation callback: the person at the agent's host, who gives `answers` in turn."""
    async def answer(context, params):
        asked.append(params.message)
        return ElicitResult(action=answers.pop(0))
    return answer


def run(agent):
    """Runs `agent(client_factory)` to its end."""
    anyio.run(agent)


def text_of(result):
    return "\n".join(block.text for block in result.content if block.type == "text")


@pytest.mark.parametrize("mode", MODES)
def test_an_agent_books_a_car_under_the_guards_a_person_has(build, home, repository, mode):
    async def agent():
        async with Client(parameters(build, home, repository), mode=mode) as client:
            # The revision the client settled on: the stateless one when it asked for it.
            assert client.protocol_version == ("2025-11-25" if mode == "legacy" else "2026-07-28")
            opened = await client.call_tool("open", {})
            assert not opened.is_error, text_of(opened)
            screen = opened.structured_content
            handle = screen["handle"]
            assert screen["screen"] == "cars.list"
            commands = {command["name"]: command for command in screen["view"]["commands"]}
            # Each command carries the schema of its arguments: what may be selected now.
            assert "rio" in commands["select"]["inputSchema"]["properties"]["CAR-ID"]["enum"]
            assert "Kia Rio" in text_of(opened)

            selected = await client.call_tool("run", {"handle": handle, "command": "select", "arguments": {"CAR-ID": "rio"}})
            assert not selected.is_error, text_of(selected)
            assert selected.structured_content["screen"] == "cars.details"

            booked = await client.call_tool("run_line", {"handle": handle, "line": "book"})
            # The flow's guard fires: signing in comes first, as for a person.
            assert booked.structured_content["screen"] == "auth.login", text_of(booked)

            refused = await client.call_tool("run_line", {"handle": handle, "line": "logn alice"})
            assert refused.is_error
            assert "did you mean login" in text_of(refused).lower() or "login" in text_of(refused), text_of(refused)

            signed = await client.call_tool("run", {"handle": handle, "command": "login", "arguments": {"NAME": "alice"}})
            assert not signed.is_error, text_of(signed)
            assert signed.structured_content["screen"] == "booking.confirm", text_of(signed)

            # hours suggests 1, 2, 3, 4, 8, 24 and takes 1 to 72: a validating client may send 5.
            commands = {command["name"]: command for command in signed.structured_content["view"]["commands"]}
            hours = commands["hours"]["inputSchema"]
            assert "enum" not in hours["properties"]["HOURS"] and "24" in hours["properties"]["HOURS"]["examples"]
            jsonschema.validate({"HOURS": "5"}, hours)
            with pytest.raises(jsonschema.ValidationError):
                jsonschema.validate({"HOURS": "five"}, hours)
            five = await client.call_tool("run", {"handle": handle, "command": "hours", "arguments": {"HOURS": "5"}})
            assert not five.is_error and "5 hours" in text_of(five), text_of(five)

            screen = await client.call_tool("screen", {"handle": handle})
            assert screen.structured_content["screen"] == "booking.confirm"
            closed = await client.call_tool("close", {"handle": handle})
            assert closed.structured_content == {"handle": handle, "closed": True}
    run(agent)


@pytest.mark.parametrize("mode", MODES)
def test_the_tool_list_is_the_same_for_every_session(build, home, repository, mode):
    lists = []

    async def agent():
        for _ in range(2):
            async with Client(parameters(build, home, repository), mode=mode) as client:
                await client.call_tool("open", {})
                tools = await client.list_tools()
                lists.append(json.dumps([tool.model_dump(by_alias=True, exclude_none=True) for tool in tools.tools], sort_keys=True))
    run(agent)
    assert lists[0] == lists[1]
    assert [tool["name"] for tool in json.loads(lists[0])] == ["open", "screen", "run", "run_line", "complete", "close"]


@pytest.mark.parametrize("mode", MODES)
def test_nothing_of_the_machine_is_offered(build, home, repository, mode):
    async def agent():
        async with Client(parameters(build, home, repository), mode=mode) as client:
            opened = await client.call_tool("open", {})
            handle = opened.structured_content["handle"]
            offered = {command["name"] for command in opened.structured_content["globalCommands"]}
            offered |= {command["name"] for command in opened.structured_content["view"]["commands"]}
            assert not offered & {"shell", "edit"}, offered
            for line in ["shell ls", "run notes.txt", "help > notes.txt", "help | cat", "edit"]:
                refused = await client.call_tool("run_line", {"handle": handle, "line": line})
                assert refused.is_error, (line, text_of(refused))
            ran = await client.call_tool("run", {"handle": handle, "command": "shell", "arguments": {}})
            assert ran.is_error
            completed = await client.call_tool("complete", {"handle": handle, "text": "sh"})
            assert "shell" not in completed.structured_content["candidates"]
            assert "shell" not in completed.structured_content["insert"]
            # Nothing the agent read names this machine's folders.
            assert home not in text_of(opened) + json.dumps(opened.structured_content)
    run(agent)


def test_every_sample_screen_is_small(build, home, repository):
    """Each screen of the sample, as the agent reads it: at most 1 KB of text and 4 KB of JSON."""
    sizes = {}

    async def agent():
        async with Client(parameters(build, home, repository), mode="auto", elicitation_callback=person(["accept"], [])) as client:
            async def measure(result):
                assert not result.is_error, text_of(result)
                structured = result.structured_content
                sizes[structured["screen"]] = (len(text_of(result).encode()), len(json.dumps(structured).encode()))
                return structured["handle"]

            handle = await measure(await client.call_tool("open", {}))
            for line in ["operators", "back", "select rio", "book", "login alice", "confirm", "back", "bookings", "back", "account"]:
                await measure(await client.call_tool("run_line", {"handle": handle, "line": line}))
    run(agent)
    assert {"cars.list", "cars.operators", "cars.details", "auth.login", "booking.confirm", "booking.list", "auth.account"} <= set(sizes)
    for screen, (text, structured) in sizes.items():
        assert text <= 1024, f"{screen}: {text} bytes of text"
        assert structured <= 4096, f"{screen}: {structured} bytes of JSON"


def test_a_bad_request_gets_an_error_and_the_session_goes_on(build, home, repository):
    async def agent():
        async with Client(parameters(build, home, repository), mode="legacy") as client:
            handle = (await client.call_tool("open", {})).structured_content["handle"]
            with pytest.raises(MCPError):
                await client.call_tool("screen", {"handle": "0" * 32})
            with pytest.raises(MCPError):
                await client.call_tool("run_line", {"handle": handle, "line": "x" * 5000})
            with pytest.raises(MCPError):
                await client.call_tool("fly", {"handle": handle})
            assert (await client.call_tool("screen", {"handle": handle})).structured_content["screen"] == "cars.list"
    run(agent)


def test_lines_that_are_no_request_get_json_rpc_errors(build, home, repository):
    """Malformed lines, straight onto the server's stdin: each gets its error, then a request is answered."""
    server = parameters(build, home, repository)
    lines = [
        "{not json",
        json.dumps({"jsonrpc": "2.0", "id": 1}),
        json.dumps({"jsonrpc": "2.0", "id": 2, "method": "nothing"}),
        json.dumps({"jsonrpc": "2.0", "id": 3, "method": "ping", "params": {"x": "y" * 70000}}),
        # Nested deeper than the decoder goes: not read as JSON, rather than overflowing a stack.
        '{"jsonrpc": "2.0", "id": 5, "method": "ping", "params": {"x": ' + "[" * 20000 + "]" * 20000 + "}}",
        json.dumps({"jsonrpc": "2.0", "id": 4, "method": "ping"}),
    ]
    result = subprocess.run([server.command, *server.args], input="\n".join(lines) + "\n", capture_output=True, text=True,
                            env=server.env, cwd=server.cwd, timeout=60)
    answers = [json.loads(line) for line in result.stdout.splitlines()]
    codes = sorted((str(answer["id"]), answer.get("error", {}).get("code") or 0) for answer in answers)
    # The line too long to read has no id the server could know.
    assert codes == [("1", -32600), ("2", -32601), ("4", 0), ("None", -32700), ("None", -32700), ("None", -32600)], answers
    assert next(answer for answer in answers if answer["id"] == 4)["result"] == {}


async def a_no_then_a_yes(client):
    """Signs in on the way to booking the rio, then confirms twice: the person's no refuses in
    words and stays at the confirmation; their yes books it."""
    handle = (await client.call_tool("open", {"link": "/cars/rio"})).structured_content["handle"]
    await client.call_tool("run_line", {"handle": handle, "line": "book"})
    signed = await client.call_tool("run", {"handle": handle, "command": "login", "arguments": {"NAME": "alice"}})
    assert signed.structured_content["screen"] == "booking.confirm", text_of(signed)
    declined = await client.call_tool("run", {"handle": handle, "command": "confirm"})
    assert declined.is_error
    assert declined.structured_content["screen"] == "booking.confirm"
    assert "said no" in text_of(declined)
    confirmed = await client.call_tool("run", {"handle": handle, "command": "confirm"})
    assert not confirmed.is_error, text_of(confirmed)
    assert confirmed.structured_content["screen"] == "cars.details", text_of(confirmed)
    bookings = await client.call_tool("run_line", {"handle": handle, "line": "open /bookings"})
    assert "Kia Rio" in text_of(bookings)


async def confirm_is_refused_without_a_person(client):
    """A client that cannot ask its person: `confirm` runs nothing and says why."""
    handle = (await client.call_tool("open", {"link": "/cars/rio"})).structured_content["handle"]
    await client.call_tool("run_line", {"handle": handle, "line": "book"})
    await client.call_tool("run_line", {"handle": handle, "line": "login alice"})
    refused = await client.call_tool("run_line", {"handle": handle, "line": "confirm"})
    assert refused.is_error
    assert "cannot ask its person" in text_of(refused)
    assert refused.structured_content["screen"] == "booking.confirm"


@pytest.mark.parametrize("mode", MODES)
def test_confirm_asks_the_agents_person_and_goes_on_only_with_a_yes(build, home, repository, mode):
    asked = []

    async def agent():
        answers = person(["decline", "accept"], asked)
        async with Client(parameters(build, home, repository), mode=mode, elicitation_callback=answers) as client:
            await a_no_then_a_yes(client)
    run(agent)
    assert len(asked) == 2 and all("confirm" in message for message in asked), asked


def test_a_client_that_cannot_ask_its_person_runs_nothing_that_needs_one(build, home, repository):
    async def agent():
        async with Client(parameters(build, home, repository), mode="legacy") as client:
            await confirm_is_refused_without_a_person(client)
    run(agent)


def agents_url(server):
    return f"http://{server.authority}/mcp?token={server.token}"


@pytest.mark.parametrize("mode", MODES)
def test_serve_mcp_serves_agents_on_the_browsers_port(serve, repository, mode):
    """`serve --mcp`: the same tools over Streamable HTTP, behind the server's token, and the
    agent's person is asked on both revisions (input_required; an elicitation on the call's stream)."""
    server = serve(extra=["--mcp", "--config", str(repository / "config.json")])
    asked = []

    async def agent():
        async with Client(agents_url(server), mode=mode, elicitation_callback=person(["accept"], asked)) as client:
            handle = (await client.call_tool("open", {"link": "/cars/rio"})).structured_content["handle"]
            booked = await client.call_tool("run_line", {"handle": handle, "line": "book"})
            assert booked.structured_content["screen"] == "auth.login", text_of(booked)
            await client.call_tool("run", {"handle": handle, "command": "login", "arguments": {"NAME": "alice"}})
            confirmed = await client.call_tool("run_line", {"handle": handle, "line": "confirm"})
            assert not confirmed.is_error, text_of(confirmed)
            assert confirmed.structured_content["screen"] == "cars.details"
            refused = await client.call_tool("run_line", {"handle": handle, "line": "shell ls"})
            assert refused.is_error
    run(agent)
    assert len(asked) == 1, asked


def test_a_2025_client_over_http_is_asked_on_the_calls_stream(serve, repository):
    """A 2025-11-25 client over HTTP: the call of a command that needs its person's yes is
    answered with a stream of events — the server's elicitation/create, which the client answers
    in a POST of its own, then the call's result — and the command runs only with a yes."""
    server = serve(extra=["--mcp", "--config", str(repository / "config.json")])
    asked = []

    async def agent():
        async with Client(agents_url(server), mode="legacy", elicitation_callback=person(["decline", "accept"], asked)) as client:
            assert client.protocol_version == "2025-11-25"
            await a_no_then_a_yes(client)
    run(agent)
    assert len(asked) == 2 and all("confirm" in message for message in asked), asked


def test_a_2025_client_over_http_that_cannot_ask_its_person_runs_nothing_that_needs_one(serve, repository):
    server = serve(extra=["--mcp", "--config", str(repository / "config.json")])

    async def agent():
        async with Client(agents_url(server), mode="legacy") as client:
            await confirm_is_refused_without_a_person(client)
    run(agent)


def test_a_handle_survives_a_restart_of_serve(serve, home, repository):
    extra = ["--mcp", "--config", str(repository / "config.json")]
    server = serve(extra=extra)
    handle = None

    async def before():
        nonlocal handle
        async with Client(agents_url(server), mode="auto") as client:
            handle = (await client.call_tool("open", {})).structured_content["handle"]
            selected = await client.call_tool("run", {"handle": handle, "command": "select", "arguments": {"CAR-ID": "zoe"}})
            assert selected.structured_content["screen"] == "cars.details"
    run(before)
    assert server.stop()
    again = serve(extra=extra, port=server.port)
    assert again.token == server.token

    async def after():
        async with Client(agents_url(again), mode="legacy") as client:
            screen = await client.call_tool("screen", {"handle": handle})
            assert screen.structured_content["screen"] == "cars.details"
            assert "Renault Zoe" in text_of(screen)
            closed = await client.call_tool("close", {"handle": handle})
            assert closed.structured_content["closed"] is True
            with pytest.raises(MCPError) as forgotten:
                await client.call_tool("screen", {"handle": handle})
            assert "open" in str(forgotten.value)
    run(after)


def test_serve_mcp_lets_in_only_the_token(serve, repository):
    server = serve(extra=["--mcp", "--config", str(repository / "config.json")])
    ping = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "ping"})
    for path, headers, status in [
        ("/mcp", {}, 401),
        ("/mcp?token=0", {}, 401),
        ("/mcp", {"Authorization": f"Bearer {server.token}"}, 200),
        (f"/mcp?token={server.token}", {"Origin": "http://elsewhere.example"}, 403),
        (f"/mcp?token={server.token}", {}, 200),
    ]:
        connection = http.client.HTTPConnection(server.host, server.port, timeout=60)
        connection.request("POST", path, body=ping, headers={"Content-Type": "application/json", **headers})
        response = connection.getresponse()
        body = json.loads(response.read())
        connection.close()
        assert response.status == status, (path, headers, body)
        assert ("result" in body) == (status == 200), body
    # What is no request gets JSON-RPC's error, and a body past the bound is not read.
    for body, status, code in [("{oops", 200, -32700), (json.dumps({"jsonrpc": "2.0", "id": 1}), 200, -32600),
                               ("x" * 70000, 413, -32600)]:
        connection = http.client.HTTPConnection(server.host, server.port, timeout=60)
        connection.request("POST", f"/mcp?token={server.token}", body=body, headers={"Content-Type": "application/json"})
        response = connection.getresponse()
        answer = json.loads(response.read())
        connection.close()
        assert (response.status, answer["error"]["code"]) == (status, code), answer


def test_serve_without_mcp_serves_no_agents(serve, repository):
    server = serve(extra=["--config", str(repository / "config.json")])
    connection = http.client.HTTPConnection(server.host, server.port, timeout=60)
    connection.request("POST", f"/mcp?token={server.token}", body="{}", headers={"Content-Type": "application/json"})
    assert connection.getresponse().status in (404, 405)
    connection.close()


async def open_alices_bookings(client):
    """Opens My bookings in a new session of `client`, signed in as alice, who has booked
    nothing yet; returns the URI of that session's screen."""
    handle = (await client.call_tool("open", {"link": "/bookings"})).structured_content["handle"]
    signed = await client.call_tool("run_line", {"handle": handle, "line": "login alice"})
    assert signed.structured_content["screen"] == "booking.list", text_of(signed)
    assert "Kia Rio" not in text_of(signed)
    return f"flowshell://sessions/{handle}/screen"


async def book_the_rio_at_the_terminal(command, repository, env, cwd):
    """A person books the Kia Rio as alice at the terminal (`command`), on the data folder `env` names."""
    terminal = await anyio.run_process(
        [str(command), "--config", str(repository / "config.json")],
        input=b"open /cars/rio\nbook\nlogin alice\nconfirm\nquit\n", env=env, cwd=cwd, check=False)
    assert terminal.returncode == 0, terminal.stderr


def terminal_env(home):
    """The environment of a terminal on the data folder of a server that `serve` started in `home`."""
    env = dict(os.environ, XDG_DATA_HOME=f"{home}/data", XDG_STATE_HOME=f"{home}/terminal-state", HOME=home)
    env.pop("FLOWSHELL_ALLOW_PLUGINS", None)
    return env


# The 2025-11-25 revision's subscription, which the client calls deprecated (2026-07-28 listens instead).
@pytest.mark.filterwarnings("ignore:resources/subscribe is removed")
def test_a_booking_made_at_the_terminal_updates_the_agents_bookings(build, home, repository):
    """My bookings changes by itself when another session books: an agent that subscribed to its
    screen is told (notifications/resources/updated) and reads it again, without polling."""
    updated = anyio.Event()
    server = parameters(build, home, repository)

    async def notified(message):
        if isinstance(message, ResourceUpdatedNotification):
            updated.set()

    async def agent():
        async with Client(server, mode="legacy", message_handler=notified) as client:
            uri = await open_alices_bookings(client)
            await client.subscribe_resource(uri)
            # A person books at the terminal, on the same data folder.
            await book_the_rio_at_the_terminal(server.command, repository, server.env, server.cwd)
            with anyio.fail_after(120):  # a liveness bound only: the notification ends the wait
                await updated.wait()
            screen = await client.read_resource(uri)
            assert "Kia Rio" in screen.contents[0].text
    run(agent)


def test_a_booking_made_at_the_terminal_reaches_an_agent_listening_over_http(build, serve, home, repository):
    """Over HTTP, on the current revision, an agent listens (subscriptions/listen) for its My
    bookings: the server acknowledges the screen, and tells the agent on that stream when a
    booking made at the terminal changed it; the agent reads it again, without polling."""
    server = serve(extra=["--mcp", "--config", str(repository / "config.json")])

    async def agent():
        async with Client(agents_url(server), mode="auto") as client:
            uri = await open_alices_bookings(client)
            async with client.listen(resource_subscriptions=[uri, "flowshell://sessions/nobody/screen"]) as subscription:
                # Only the screen of a session there is is honored.
                assert subscription.honored.resource_subscriptions == [uri]
                # A person books at the terminal, on the server's data folder.
                await book_the_rio_at_the_terminal(build / "flowshell", repository, terminal_env(home), home)
                with anyio.fail_after(120):  # a liveness bound only: the event ends the wait
                    async for event in subscription:
                        assert event == ResourceUpdated(uri=uri)
                        break
            screen = await client.read_resource(uri)
            assert "Kia Rio" in screen.contents[0].text
    run(agent)


@pytest.mark.filterwarnings("ignore:resources/subscribe is removed")
def test_a_booking_made_at_the_terminal_reaches_a_2025_client_over_http(build, serve, home, repository):
    """Over HTTP, on 2025-11-25, initialize is answered with an Mcp-Session-Id, the client
    subscribes to its My bookings (resources/subscribe) and opens its GET stream: a booking made
    at the terminal is told on that stream, and the agent reads the screen again, without polling."""
    server = serve(extra=["--mcp", "--config", str(repository / "config.json")])
    updated = anyio.Event()
    told = []

    async def notified(message):
        if isinstance(message, ResourceUpdatedNotification):
            told.append(str(message.params.uri))
            updated.set()

    async def agent():
        async with Client(agents_url(server), mode="legacy", message_handler=notified) as client:
            assert client.server_capabilities.resources.subscribe
            uri = await open_alices_bookings(client)
            await client.subscribe_resource(uri)
            await book_the_rio_at_the_terminal(build / "flowshell", repository, terminal_env(home), home)
            with anyio.fail_after(120):  # a liveness bound only: the notification ends the wait
                await updated.wait()
            assert told == [uri]
            screen = await client.read_resource(uri)
            assert "Kia Rio" in screen.contents[0].text
    run(agent)


def test_a_2025_subscription_over_http_needs_its_connection(serve, repository):
    """Without the Mcp-Session-Id initialize answered, resources/subscribe over HTTP is refused in
    words, and a GET naming a connection the server does not know gets 404."""
    server = serve(extra=["--mcp", "--config", str(repository / "config.json")])
    connection = http.client.HTTPConnection(server.authority, timeout=60)
    headers = {"Authorization": f"Bearer {server.token}", "Content-Type": "application/json"}
    opened = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "open", "arguments": {}}}
    connection.request("POST", "/mcp", json.dumps(opened), headers)
    handle = json.loads(connection.getresponse().read())["result"]["structuredContent"]["handle"]
    subscribe = {"jsonrpc": "2.0", "id": 2, "method": "resources/subscribe",
                 "params": {"uri": f"flowshell://sessions/{handle}/screen"}}
    connection.request("POST", "/mcp", json.dumps(subscribe), headers)
    error = json.loads(connection.getresponse().read())["error"]
    assert error["code"] == -32602 and "Mcp-Session-Id" in error["message"], error
    connection.request("GET", "/mcp", headers=dict(headers, **{"Mcp-Session-Id": "nobody", "Accept": "text/event-stream"}))
    response = connection.getresponse()
    response.read()
    assert response.status == 404


def test_a_shell_of_ones_own_serves_agents_too(build, home):
    """examples/greeter, which `flowshell new app` wrote: its server program (what `greeter mcp`
    runs, as `greeter serve` runs it) serves its own flow to an agent."""
    env = dict(os.environ, XDG_DATA_HOME=f"{home}/data", XDG_STATE_HOME=f"{home}/state", HOME=home)
    server = StdioServerParameters(command=str(build / "GreeterServe"), args=["mcp"], env=env, cwd=home)

    async def agent():
        async with Client(server, mode="auto") as client:
            assert client.server_info.name == "greeter"
            opened = await client.call_tool("open", {})
            assert opened.structured_content["screen"] == "greeter.home", text_of(opened)
            refused = await client.call_tool("run_line", {"handle": opened.structured_content["handle"], "line": "shell ls"})
            assert refused.is_error
    run(agent)


def test_an_agents_session_is_recorded_and_replays(build, home, repository):
    """`mcp --record FOLDER`: each session the agent opens is recorded as a terminal's is, in a
    file named by its handle's first 8 characters, and `flowshell replay` plays it back for a
    person to see what the agent did; `--audit-log FILE` logs the agent's lines with that name."""
    server = parameters(build, home, repository)
    folder = f"{home}/agents"
    audit = f"{home}/audit.jsonl"
    server.args += ["--record", folder, "--audit-log", audit]
    lines = ["book", "logn alice", "login alice", "back"]

    async def agent():
        nonlocal handle
        async with Client(server, mode="auto") as client:
            handle = (await client.call_tool("open", {"link": "/cars/rio"})).structured_content["handle"]
            for line in lines:
                await client.call_tool("run_line", {"handle": handle, "line": line})
            await client.call_tool("close", {"handle": handle})
    handle = None
    run(agent)
    recording = f"{folder}/{handle[:8]}.jsonl"
    assert os.listdir(folder) == [f"{handle[:8]}.jsonl"]
    records = [json.loads(line) for line in open(recording)]
    assert [record["line"] for record in records if record["type"] == "input"] == lines
    assert {"type": "start", "link": "/cars/rio"}.items() <= records[1].items()

    replay = subprocess.run(
        [server.command, "replay", recording, "--config", str(repository / "config.json")],
        env=server.env, cwd=home, capture_output=True, text=True, timeout=120)
    assert replay.returncode == 0, replay.stdout + replay.stderr

    # A recording that shows what the agent did not see is a difference.
    edited = f"{home}/edited.jsonl"
    with open(edited, "w") as file:
        file.write(open(recording).read().replace('"title":"Sign in"', '"title":"Sign up"'))
    replay = subprocess.run(
        [server.command, "replay", edited, "--config", str(repository / "config.json")],
        env=server.env, cwd=home, capture_output=True, text=True, timeout=120)
    assert replay.returncode == 1, replay.stdout + replay.stderr
    assert "Sign up" in replay.stdout + replay.stderr

    logged = [json.loads(line) for line in open(audit)]
    assert [(record["frontEnd"], record["session"]) for record in logged] == [("agent", handle[:8])] * len(lines)


def without_fields(value, names):
    """`value` (a record) without the fields `names`, wherever they are in it."""
    if isinstance(value, dict):
        return {key: without_fields(item, names) for key, item in value.items() if key not in names}
    if isinstance(value, list):
        return [without_fields(item, names) for item in value]
    return value


def test_a_recording_made_before_effect_and_minimum_replays(build, home, repository):
    """A recording made before FlowShell wrote a command's `effect` and an argument's `minimum`
    and `maximum` (the same session with those fields taken out: the booking's confirm changes
    what the app keeps, its hours take 1 to 72) replays without a difference; a field it has is
    still compared."""
    server = parameters(build, home, repository)
    folder = f"{home}/agents"
    server.args += ["--record", folder]

    async def agent():
        async with Client(server, mode="auto") as client:
            handle = (await client.call_tool("open", {"link": "/cars/rio"})).structured_content["handle"]
            for line in ["book", "login alice", "hours 3"]:
                await client.call_tool("run_line", {"handle": handle, "line": line})
    run(agent)
    [name] = os.listdir(folder)
    records = [json.loads(line) for line in open(f"{folder}/{name}")]
    text = json.dumps(records)
    assert '"effect": "changes"' in text and '"minimum": 1' in text, "the session shows the fields"

    def replayed(records, file):
        with open(file, "w") as out:
            out.writelines(json.dumps(record, separators=(",", ":")) + "\n" for record in records)
        return subprocess.run(
            [server.command, "replay", file, "--config", str(repository / "config.json")],
            env=server.env, cwd=home, capture_output=True, text=True, timeout=120)

    old = replayed([without_fields(record, {"effect", "minimum", "maximum"}) for record in records], f"{home}/old.jsonl")
    assert old.returncode == 0, old.stdout + old.stderr
    assert "no difference" in old.stdout

    # A field the recording has is compared: another effect is a difference.
    other = replayed(json.loads(text.replace('"effect": "changes"', '"effect": "destroys"')), f"{home}/other.jsonl")
    assert other.returncode == 1, other.stdout + other.stderr
    assert "destroys" in other.stdout + other.stderr


def test_serve_records_the_agents_sessions(serve, home, repository):
    """`serve --mcp --record-agents FOLDER`: over HTTP too, each agent session is a recording of
    its own, named by its handle's first 8 characters, with the lines the agent ran."""
    folder = f"{home}/agents"
    server = serve(extra=["--mcp", "--config", str(repository / "config.json"), "--record-agents", folder])
    handles = []

    async def agent():
        async with Client(agents_url(server), mode="auto") as client:
            for car in ["rio", "zoe"]:
                handle = (await client.call_tool("open", {})).structured_content["handle"]
                await client.call_tool("run", {"handle": handle, "command": "select", "arguments": {"CAR-ID": car}})
                handles.append(handle)
    run(agent)
    assert sorted(os.listdir(folder)) == sorted(f"{handle[:8]}.jsonl" for handle in handles)
    for handle, car in zip(handles, ["rio", "zoe"], strict=True):
        records = [json.loads(line) for line in open(f"{folder}/{handle[:8]}.jsonl")]
        assert [record["line"] for record in records if record["type"] == "input"] == [f"select {car}"]
