"""`flowshell serve` end to end, on the debug build `make test` made: first over the WebSocket
(the token and Origin checks, bad input of every kind closing only its own session, the same
answers as the terminal's, where each tab is and the deep links its address opens, a duplicated
tab, Cancel), then the sample flow in a real headless Chromium driven by Selenium (a car's row →
its details, Back and Forward, book → sign in → confirm, an update pushed by another session,
Cancel, a wrong token, two tabs, a duplicated tab, a reload, a deep link in a new tab, quit, the
keyboard), each sample screen's layout checked from the DOM at three sizes (1,100×900, a phone's
390×844, a laptop's 1,280×800) and photographed at each; last, the server stopped and started
again on the same folders, its tabs coming back where they were. Waits are on messages and on
the page, never on the clock; a deadline only bounds a hang.

    python3 -m pytest scripts/tests/test_web.py [--build-dir .build/debug] [--screenshots DIR]

Without Chromium, chromedriver or Selenium the browser's checks are skipped, saying why; under
FLOWSHELL_REQUIRE_BROWSER=1 (CI) they fail instead.
"""
import json
import os
import pathlib
import re
import shutil
import socket
import subprocess
import threading

import pytest
from terminal import Terminal

try:
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select, WebDriverWait
except ImportError:
    pass  # the `driver` fixture skips the browser's checks, saying why (or fails them under CI)
from webclient import DEADLINE, MuteSocket, Refused, Tab, http_get, raw_frame, screen_of

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]


class Tabs:
    """Opens the test's tabs, and remembers them so that what they were told can be searched."""

    def __init__(self):
        self.opened = []

    def open(self, server, **arguments):
        """A tab whose session has shown its first screen."""
        tab = Tab(server, **arguments)
        self.opened.append(tab)
        tab.wait(lambda message: message.get("type") == "screen")
        return tab

    def refused(self, server, **arguments):
        """The refusal a tab gets (its HTTP status or close code, and the reason), or None."""
        try:
            self.opened.append(Tab(server, **arguments))
            self.opened[-1].close()
        except Refused as refusal:
            return refusal
        return None


@pytest.fixture
def tabs(home):
    """The test's tabs; when it ends, none may have been told a path of the server's machine:
    neither the scratch home the servers ran in (their data folders, a plugin's file) nor the
    repository."""
    opened = Tabs()
    yield opened
    for tab in opened.opened:
        tab.close()
    told = [json.dumps(message) for tab in opened.opened for message in tab.messages]
    leaks = [message for message in told if home in message or str(REPOSITORY) in message]
    assert not leaks, f"no tab is told a path of the server's machine ({len(told)} messages; {leaks[:2]})"


@pytest.fixture
def server(serve):
    """A server of the sample flow in the test's scratch home."""
    return serve()


def terminal(build, home, lines):
    """What the terminal's `--output json` says for `lines`, on the server's data folder: its
    messages on stdout and on stderr, in order each."""
    result = subprocess.run([str(build / "flowshell"), "--output", "json", "--keep-going"], input="\n".join(lines) + "\n",
                            capture_output=True, text=True, cwd=home, timeout=DEADLINE,
                            env={"HOME": home, "XDG_DATA_HOME": f"{home}/data", "XDG_STATE_HOME": f"{home}/state", "PATH": "/usr/bin:/bin"})
    return [json.loads(line) for line in (result.stdout + result.stderr).splitlines() if line.startswith("{")]


def terminal_errors(build, home, lines):
    """The error messages the terminal's `--output json` gives for `lines`."""
    # A script's errors name their line (`line 2: `); the page's lines are not a script.
    return [re.sub(r"^line \d+: ", "", message["message"]) for message in terminal(build, home, lines) if message["type"] == "error"]


# Half-typed lines, each completed with Tab and run, in this order (each starts where the last
# left): an argument's value, a global command, an alias, a word retyped in its case, a
# setting's names listed, a link's parameter from its module, a command's name.
HALF_TYPED = ["select r", "ba", "alias ch sort", "ch DIS", "set co", "open /cars/p", "wh"]


def test_tab_completes_as_at_the_terminal(server, tabs, build, home):
    """Tab in a tab gives what Tab at the terminal gives: the same lines come of the same
    half-typed ones (the terminal's read back from its `history`), and what the terminal lists
    the page is offered."""
    socket = tabs.open(server)
    completed, listed = [], []
    for text in HALF_TYPED:
        answer = socket.complete(text)
        line = text[:len(text) - answer["deleting"]] + answer["insert"]
        completed.append(line.strip())
        listed.append(answer["candidates"])
        socket.run(line)
    socket.close()
    environment = {"HOME": home, "XDG_DATA_HOME": f"{home}/data", "XDG_STATE_HOME": f"{home}/state", "PATH": "/usr/bin:/bin",
                   "TERM": "xterm", "NO_COLOR": "1", "LANG": "C.UTF-8"}
    terminal = Terminal([str(build / "flowshell")], environment, columns=100)
    terminal.expect("Cars › ")
    for text, candidates in zip(HALF_TYPED, listed, strict=True):
        terminal.type(text + "\t")
        for candidate in candidates:
            terminal.expect(candidate)
        if candidates:
            terminal.expect("› ")
        terminal.type("\r")
        terminal.expect("› ")
    terminal.type("history\r")
    terminal.expect(f"{len(HALF_TYPED) + 1}  history")
    history = [re.sub(r"^\d+\s+", "", line.decode().strip()) for line in terminal.last_consumed.split(b"\n")
               if re.match(rb"^\s*\d+  ", line.strip())][:len(HALF_TYPED)]
    terminal.type("quit\r")
    terminal.wait()
    assert history == completed, f"Tab in the page completes as at the terminal: {completed}"
    assert listed[HALF_TYPED.index("set co")] == ["color", "confirm-quit"] and listed[HALF_TYPED.index("wh")] == [], (
        f"and lists what it lists ({listed})"
    )
    assert (
        completed[HALF_TYPED.index("open /cars/p")] == "open /cars/polo" and completed[HALF_TYPED.index("ch DIS")] == "ch distance"
    ), "a link's parameter and an alias's argument complete in the page"


def settings_file(home):
    """Where the terminal and the server keep the sample app's settings."""
    return pathlib.Path(home) / "data" / "flowshell" / "carsharing" / "settings.sqlite"


def test_settings_are_the_data_folder_s_as_for_two_terminals(server, tabs, build, home):
    """The modules' settings are the data folder's, as for two terminals: a sign-in at the
    terminal holds in a new tab, and a sign-out in a tab holds at the terminal."""
    terminal(build, home, ["account", "login carol"])
    assert settings_file(home).exists(), "a sign-in at the terminal is kept in the data folder"
    tab = tabs.open(server)
    account = screen_of(tab.run("account"))
    assert account["screen"] == "auth.account" and account.get("status") == "signed in as carol", (
        f"signed in at the terminal, a new tab is signed in too ({account['screen']}, {account.get('status')!r})"
    )
    tab.run("logout")
    tab.close()
    screens = [message["screen"] for message in terminal(build, home, ["account"]) if message["type"] == "screen"]
    assert screens[-1:] == ["auth.login"], f"signed out in a tab, the terminal asks to sign in again ({screens})"
    other = tabs.open(server)
    assert screen_of(other.run("account"))["screen"] == "auth.login", "and so does another tab"
    other.close()


def test_page_is_served_with_its_token_and_no_secret(server):
    status, head, body = http_get(server, f"/?token={server.token}")
    assert status == 200 and b"<title>FlowShell</title>" in body, "the page answers with its token"
    assert body.startswith(b"<!doctype html>") and b'<meta charset="utf-8">' in body, "a whole document, its head first"
    assert "set-cookie" not in head.lower() and server.token not in head, (
        "and sets no cookie (cookies reach every port of a host)"
    )
    assert http_get(server, "/?token=wrong")[0] == 403, "the page with a wrong token is refused (403)"
    status, head, body = http_get(server, "/?token=wrong")
    assert b'<link rel="stylesheet"' in body and b"What to do" in body, (
        "the refusal is a page in the page's style that says what to do"
    )
    assert body.startswith(b"<!doctype html>") and b"<title>This address does not open this server</title>" in body, (
        "the refusal is a whole document with a title of its own"
    )
    status, head, body = http_get(server, "/")
    assert status == 200 and server.token.encode() not in body, (
        "the page without a token (a reload) is served: it holds no secret"
    )
    status, head, deep = http_get(server, "/cars/rio/-/booking.confirm")
    assert status == 200 and deep == body, "every path is the page, which opens the deep link it names"
    status, head, icon = http_get(server, "/favicon.ico")
    assert status == 200 and "image/svg+xml" in head and icon.startswith(b"<svg"), "the page has an icon"


@pytest.mark.parametrize("path", ["/?token=TOKEN", "/app.js", "/ws"])
def test_request_addressed_to_another_name_is_refused(server, path):
    path = path.replace("TOKEN", server.token)
    assert http_get(server, path, host=f"evil.example:{server.port}")[0] == 421, (
        f"a request for {path} addressed to another name is refused (421)"
    )


def test_websocket_with_wrong_token_origin_or_name_is_refused(server, tabs):
    wrong = tabs.refused(server, token="0" * len(server.token))
    assert wrong is not None and wrong.status == 1008 and "not this server's" in wrong.reason, (
        f"a WebSocket whose hello carries a wrong token is told so and closed, before any session ({wrong})"
    )
    assert tabs.refused(server, origin="http://evil.example").status == 400, "a WebSocket from another origin is refused"
    assert tabs.refused(server, origin=None).status == 400, "a WebSocket without an Origin is refused"
    assert (
        tabs.refused(server, host=f"evil.example:{server.port}", origin=f"http://evil.example:{server.port}").status == 400
    ), "a WebSocket addressed to another name is refused"


def test_line_before_hello_is_refused(server, tabs):
    unsaid = Tab(server, greet=False)
    tabs.opened.append(unsaid)
    unsaid.send_json({"type": "run", "line": "select rio", "id": 1})
    code = unsaid.wait_closed()
    told = [message.get("reason") for message in unsaid.messages]
    assert (
        code == 1008 and told == ["the page did not say hello first"] and not any(m.get("type") == "screen" for m in unsaid.messages)
    ), f"a line before the hello is refused, and no session opens ({code}, {told})"


def test_tab_key_lets_that_tab_back_and_no_other(server, tabs):
    # A tab's key: it lets that tab back in without the token (a reload), and no other tab.
    keyed = tabs.open(server)
    keyed.run("select polo")
    keyed.close()
    back = tabs.open(server, tab=keyed.tab, key=keyed.key)
    assert back.tab == keyed.tab and screen_of(back.messages)["title"] == "Volkswagen Polo", (
        "a tab comes back in with its key, without the token, where it was"
    )
    back.close()
    other = tabs.refused(server, tab="f" * 32, key=keyed.key)
    assert other is not None and other.status == 1008, f"a tab's key lets no other tab in ({other})"


def test_long_line_at_the_terminal_is_cut_or_refused(build, home):
    # At the terminal, as in a tab, a line is at most 4,096 bytes: a longer one is refused unread,
    # and a message quoting a long word of a line within it is cut.
    long_line = terminal_errors(build, home, ["select " + "a" * 4000, "select " + "a" * (10 * 1024 * 1024)])
    assert (
        len(long_line) == 2 and len(long_line[0]) < 2000 and "characters cut" in long_line[0] and long_line[0].startswith("no car 'aaa")
    ), (
        f"a long word comes back cut in its error, saying how much was cut ({len(long_line[0]) if long_line else None} characters)"
    )
    assert (
        len(long_line) == 2 and long_line[1] == "the line is longer than 4096 bytes, the most a line may have — nothing ran"
    ), f"a 10 MB line is refused unread ({long_line[1][:80] if len(long_line) == 2 else long_line})"


def errors_of(answers):
    return [message["message"] for message in answers if message["type"] == "error"]


def test_session_runs_lines_as_the_terminal_does(server, tabs, build, home):
    socket = tabs.open(server)
    first = screen_of(socket.messages)
    session = next(message for message in socket.messages if message["type"] == "session")
    assert first["title"] == "Cars" and first["v"] == 1, (
        "a session opens on the root screen, in the --output json encoding"
    )
    offered = [command["name"] for command in session["globalCommands"]]
    links = list(json.loads((REPOSITORY / "config.json").read_text())["links"])
    assert session.get("links") == links, (
        f"the page is told the flow's links, as the config writes them ({session.get('links')})"
    )
    assert offered and not any(name in ("shell", "run") for name in offered), (
        f"the page is not offered shell or run ({offered})"
    )
    listing = next(message for message in socket.run("help") if message["type"] == "help")
    assert [command["name"] for command in listing["globalCommands"]] == offered, (
        "help lists what the page was offered, and no more"
    )
    tab = socket.complete("")["candidates"]
    assert "help" in tab and "shell" not in tab and "run" not in tab, f"and so does Tab ({tab})"
    assert screen_of(socket.run("select rio"))["title"] == "Kia Rio", "a line runs through the dispatcher (select rio)"
    answers = socket.run("nonsense")
    web_errors = errors_of(answers)
    assert answers[-1]["failed"] and web_errors == terminal_errors(build, home, ["select rio", "nonsense"]), (
        f"an unknown command gets the terminal's own error: {web_errors}"
    )
    answers = socket.run("where")
    assert any(message["type"] == "stack" and len(message["stack"]) == 2 for message in answers), (
        "where answers with the stack"
    )
    assert screen_of(socket.run("back"))["title"] == "Cars", "back goes back"
    assert not settings_file(home).exists(), "tabs that change no setting open no settings database, as at the terminal"


def test_session_has_no_files_or_programs_of_the_server(server, tabs, home):
    # A tab's session is composed without the terminal's files and programs: it has no shell,
    # run, edit or redirection, and says so in those words rather than as an unknown command.
    socket = tabs.open(server)
    for line, said in [("shell ls", "shell: this session has no programs of the server's machine"),
                       ("run script.txt", "run: this session has no files of the server's machine"),
                       ("edit", "edit: this session has no programs of the server's machine")]:
        errors = errors_of(socket.run(line))
        assert errors == [said], (
            f"{line.split()[0]} in a browser session says it has no {said.split()[-5]} of the server's ({errors})"
        )
    target = pathlib.Path(home) / "redirected"
    for line, lacking in [(f"show > {target}", "files"), (f"select rio >> {target}", "files"), ("show | cat", "programs")]:
        answers = socket.run(line)
        errors = errors_of(answers)
        assert (
            len(errors) == 1 and errors[0].startswith(f"this session has no {lacking} of the server's machine, so no redirection")
            and not any(message["type"] == "screen" for message in answers)
        ), (
            f"a browser session has no redirection, says it has no {lacking}, and runs nothing of the line"
            f" ({line.split()[0]} {line.split()[-2]}: {errors})"
        )
    assert not target.exists(), "and nothing was written"
    socket.run("alias sh2 shell")
    errors = errors_of(socket.run("sh2 ls"))
    assert errors == ["shell: this session has no programs of the server's machine"], f"nor through an alias ({errors})"
    assert not settings_file(home).exists(), "tabs that change no setting open no settings database, as at the terminal"


# Bad input, each of which closes the session that sent it with a close code, unread. Those that
# break RFC 6455 itself — text that is not UTF-8 (1007), a frame the client did not mask (1002) —
# are frames the WebSocket library will not send, written raw onto its socket.
BAD_INPUT = [
    ("text that is not JSON", "\x00garbage{", 1003),
    ("an unknown message type", json.dumps({"type": "eval", "line": "x"}), 1003),
    ("a run message without a line", json.dumps({"type": "run"}), 1003),
    ("a line of control characters", json.dumps({"type": "run", "line": "back\u001b[2J"}), 1003),
    ("a line over 4096 bytes", json.dumps({"type": "run", "line": "x" * 5000}), 1003),
    ("a binary frame", b"\x01\x02", 1003),
    ("a frame of 100 KiB", "x" * 100 * 1024, 1009),
    # A message too large is too large in several frames too (1009).
    ("a message of 20 KiB in two frames", ["x" * 10 * 1024, "x" * 10 * 1024], 1009),
    ("a text frame that is not UTF-8",
     raw_frame(json.dumps({"type": "run", "line": "x", "id": 1}).encode()[:-2] + b"\xff\xfe}"), 1007),
    ("a message that is not UTF-8 across two frames",
     raw_frame(b'{"type": "run", "line": "\xe2', fin=False) + raw_frame(b'\x28\xa1", "id": 1}', opcode=0x0), 1007),
    ("a frame the client did not mask", raw_frame(json.dumps({"type": "run", "line": "home", "id": 1}).encode(), masked=False), 1002),
]


@pytest.mark.parametrize("what, payload, code", BAD_INPUT, ids=[case[0] for case in BAD_INPUT])
def test_bad_input_closes_only_its_own_session(server, tabs, what, payload, code):
    bystander = tabs.open(server)
    victim = tabs.open(server)
    before = len(victim.messages)
    if what.startswith(("a text frame that is not", "a message that is not", "a frame the client")):
        victim.send_raw(payload)
    else:
        victim.connection.send(payload)
    closed = victim.wait_closed()
    ran = [message for message in victim.messages[before:] if message.get("type") in ("screen", "done")]
    assert closed == code and not ran, (
        f"{what} closes that session, unread ({closed}, expected {code}; {len(ran)} answers)"
    )
    victim.drop()
    assert server.alive() and screen_of(bystander.run("show"))["title"] == "Cars", (
        "another session goes on after that"
    )


def test_socket_closed_mid_command_ends_only_its_session(server, tabs):
    # A socket closed while its command runs: the command is cancelled, the server goes on.
    bystander = tabs.open(server)
    quitter = tabs.open(server)
    quitter.send_json({"type": "run", "line": "wait 600", "id": 1})
    quitter.drop()
    assert server.alive() and screen_of(bystander.run("select zoe"))["title"] == "Renault Zoe", (
        "a socket closed mid-command ends only its session"
    )


def test_reloaded_tab_resumes_and_quit_ends_it(server, tabs, home):
    # --state for a tab: a reload (a new socket naming the tab) comes back to where it was.
    tab = tabs.open(server)
    tab_id = next(message for message in tab.messages if message["type"] == "session")["tab"]
    tab.run("select polo")
    tab.close()
    again = tabs.open(server, tab=tab_id)
    assert screen_of(again.messages)["title"] == "Volkswagen Polo", "a tab reloaded resumes where it was"
    again.run("quit")
    code = again.wait_closed()
    assert any(message["type"] == "ended" for message in again.messages) and code == 1000, (
        f"quit ends the tab's session, and the server closes its socket ({code})"
    )
    fresh = tabs.open(server, tab=tab_id)
    assert screen_of(fresh.messages)["title"] == "Cars", "after quit the tab starts afresh"
    fresh.close()
    assert not settings_file(home).exists(), "tabs that change no setting open no settings database, as at the terminal"


def location_of(messages):
    """The last place a socket was told its tab is at."""
    places = [message for message in messages if message.get("type") == "location"]
    return places[-1] if places else None


# The address follows the flow: the server tells the page where its tab is (the stack's deep
# link, else its linked part and the screens above); a tab the server does not know opens the
# deep link its page's address names; a copy of a tab still open (a duplicated tab) is a tab of
# its own where that one is, at once; a tab coming back is the same tab.

def test_tab_is_told_where_it_is(server, tabs):
    tab = tabs.open(server)
    assert location_of(tab.messages) == {"v": 1, "type": "location", "path": "/", "opensHere": True}, (
        f"a new tab is told it is at / ({location_of(tab.messages)})"
    )
    answers = tab.run("select rio")
    told = location_of(answers)
    assert (
        told and told["path"] == "/cars/rio" and told["opensHere"]
        and answers.index(told) < answers.index(screen_of(answers))
    ), f"select rio: the tab is told it is at /cars/rio, before its screen ({told})"
    assert location_of(tab.run("filter kia")) is None, "a screen at the same place says nothing new about where it is"
    answers = tab.run("book")
    told = location_of(tab.run("login gil")) or location_of(answers)
    assert told and told["path"] == "/cars/rio/-/booking.confirm" and not told["opensHere"], (
        f"the booking, which no link opens, is at the car's link and the screen above it ({told})"
    )
    tab.run("cancel")


DEEP_LINKS = [("/cars/rio", "Kia Rio", "a deep link"),
              ("/cars/rio/-/booking.confirm", "Kia Rio", "a booking's address (its linked part)"),
              ("/-/cars.operators", "Cars", "the operators' address (no linked part)")]


@pytest.mark.parametrize("path, title, what", DEEP_LINKS, ids=[case[0] for case in DEEP_LINKS])
def test_new_tab_opens_the_deep_link_its_address_names(server, tabs, path, title, what):
    tab = tabs.open(server)
    deep = tabs.open(server, path=path)
    assert screen_of(deep.messages)["title"] == title and deep.tab != tab.tab, (
        f"a new tab with the token at {path} opens {what}: {screen_of(deep.messages)['title']}"
    )


def test_address_no_link_matches_opens_the_root(server, tabs):
    nowhere = tabs.open(server, path="/nowhere")
    errors = [message["message"] for message in nowhere.messages if message["type"] == "error"]
    assert (
        screen_of(nowhere.messages)["title"] == "Cars" and any("no link matches '/nowhere'" in error for error in errors)
    ), f"an address no link matches opens the root, saying so ({errors})"
    nowhere.close()


def test_copy_of_a_tab_still_open_is_a_tab_of_its_own(server, tabs):
    # A duplicated tab: the page's storage copied, the original still open.
    tab = tabs.open(server)
    tab.run("select polo")
    copy = tabs.open(server, tab=tab.tab, key=tab.key, path="/cars/polo")
    assert copy.tab != tab.tab and screen_of(copy.messages)["title"] == "Volkswagen Polo", (
        f"a copy of a tab still open is a tab of its own, where that one is, at once ({screen_of(copy.messages)['title']})"
    )
    assert (
        screen_of(tab.run("back"))["title"] == "Cars" and screen_of(copy.run("show"))["title"] == "Volkswagen Polo"
    ), "and each goes its own way"
    copy.close()
    # A new tab opened at a deep link from a tab still open (window.open copies its storage):
    # it opens that link, not where the tab it came from is.
    tab.run("select polo")
    opened_elsewhere = tabs.open(server, tab=tab.tab, key=tab.key, path="/cars/zoe")
    assert opened_elsewhere.tab != tab.tab and screen_of(opened_elsewhere.messages)["title"] == "Renault Zoe", (
        f"a copy of a tab on Polo opened at /cars/zoe opens Renault Zoe ({screen_of(opened_elsewhere.messages)['title']})"
    )
    assert screen_of(tab.run("show"))["title"] == "Volkswagen Polo", "and the tab it came from stays on Polo"
    opened_elsewhere.close()
    tab.run("back")
    # A reload: the page went away and comes back as the same tab, where it was.
    tab.close()
    back = tabs.open(server, tab=tab.tab, key=tab.key, path="/", resume=True)
    assert back.tab == tab.tab and screen_of(back.messages)["title"] == "Cars", (
        "a tab that comes back (resume) is the same tab, where it was"
    )
    back.close()


def test_cancel_stops_a_running_line_and_a_waiting_one(server, tabs):
    """The page's Cancel is the terminal's Ctrl-C: it cancels the line running, or a line
    waiting to run, which then does not run; the session goes on."""
    tab = tabs.open(server)
    # Numbers of its own, apart from those the client gives the lines it runs.
    tab.send_json({"type": "run", "line": "wait 600", "id": 101})
    tab.send_json({"type": "run", "line": "select rio", "id": 102})
    tab.send_json({"type": "cancel", "id": 102})
    tab.send_json({"type": "cancel", "id": 101})
    tab.wait(lambda message: message.get("type") == "done" and message.get("id") == 102)
    dones = {message["id"]: message["failed"] for message in tab.messages if message.get("type") == "done"}
    warnings = [message["message"] for message in tab.messages if message.get("type") == "warning"]
    assert dones == {101: True, 102: True} and warnings.count("cancelled") == 2, (
        f"cancel stops a running line and a waiting one, each said cancelled ({dones}, {warnings})"
    )
    assert not any(message.get("type") == "screen" and message["title"] == "Kia Rio" for message in tab.messages), (
        "and the waiting line never ran"
    )
    assert screen_of(tab.run("select zoe"))["title"] == "Renault Zoe", "the session goes on after a cancel"
    tab.send_json({"type": "cancel", "id": 999})
    assert screen_of(tab.run("back"))["title"] == "Cars", "a cancel of a line that is not there changes nothing"
    tab.close()


def test_tab_and_cancel_are_answered_while_a_line_runs(server, tabs):
    """The tab's session reads what the page sends while a line runs: Tab is answered at once,
    and a cancel stops the line."""
    tab = tabs.open(server)
    tab.send_json({"type": "run", "line": "wait 600", "id": 201})
    offer = tab.complete("sel")
    assert offer["insert"].startswith("ect"), f"Tab is answered while a line runs ({offer})"
    assert not any(message.get("type") == "done" for message in tab.messages), "and the line still runs"
    tab.send_json({"type": "cancel", "id": 201})
    done = tab.wait(lambda message: message.get("type") == "done" and message.get("id") == 201)
    assert done["failed"], "the cancelled line failed"
    assert screen_of(tab.run("select zoe"))["title"] == "Renault Zoe", "the session goes on after a cancel"
    tab.close()


def free_port():
    """A port nothing listens on now, for a server started again where its pages are."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def comes_to_be(wait, condition):
    """Whether the page comes to meet `condition` within the deadline (a bound on a hang only)."""
    try:
        wait.until(condition)
        return True
    except TimeoutException:
        return False


def test_sessions_outlive_a_restart(build, home, serve, tabs, browser_if_any):
    """Sessions outlive a restart: the token is kept in the app's state folder (owner only), so
    the printed address and every tab's key work after the server is stopped and started again
    on the same folders; each tab comes back where it was, signed in as before — by itself, or
    reloaded. `--new-token` shuts every tab out."""
    driver = browser_if_any
    port = free_port()
    server = serve(port=port)
    first_token = server.token
    token_file = pathlib.Path(home) / "state" / "flowshell" / "carsharing" / "web-token"
    try:
        assert token_file.read_text().strip() == server.token and (token_file.stat().st_mode & 0o777) == 0o600, (
            "the token is kept in the app's state folder, readable by its owner only"
        )
        tab = tabs.open(server)
        # Whoever the earlier checks left signed in signs out first.
        if screen_of(tab.run("account"))["screen"] == "auth.account":
            tab.run("logout")
            tab.run("account")
        tab.run("login hana")
        tab.run("home")
        tab.run("select polo")
        # A tab gone silent: it never answers the server's close (a WebSocket library would).
        silent = MuteSocket(server)
        while b'"admitted"' not in silent.read_frame()[1]:
            pass
        if driver:
            wait = WebDriverWait(driver, DEADLINE)
            driver.get(server.url)
            wait.until(lambda d: d.find_element(By.ID, "title").text == "Cars")
            driver.find_element(By.CSS_SELECTOR, 'button.row-open[title="select zoe"]').click()
            wait.until(lambda d: d.find_element(By.ID, "title").text == "Renault Zoe")
            driver.execute_script("window.flowshellMarker = 'before the restart'")
    finally:
        stopped = server.stop()
    assert stopped and server.process.returncode == 0, (
        "told to stop while a tab does not answer its close, the server stops by itself once its grace is over"
        f" (exit status {server.process.returncode})"
    )
    if driver:
        wait.until(lambda d: d.find_element(By.ID, "connection").get_attribute("data-kind") == "lost")
        assert "Reconnecting" in driver.find_element(By.ID, "connection").text, (
            f"a page whose server stopped says it reconnects ({driver.find_element(By.ID, 'connection').text!r})"
        )
    server = serve(port=port)
    try:
        assert server.token == first_token and server.port == port, (
            "started again on the same folders, the server prints the same address"
        )
        back = tabs.open(server, tab=tab.tab, key=tab.key, path="/cars/polo", resume=True)
        assert back.tab == tab.tab and screen_of(back.messages)["title"] == "Volkswagen Polo", (
            f"a tab that comes back after the restart continues where it was ({screen_of(back.messages)['title']})"
        )
        back.run("home")
        account = screen_of(back.run("account"))
        assert account["screen"] == "auth.account" and account.get("status") == "signed in as hana", (
            f"signed in as before ({account['screen']}, {account.get('status')!r})"
        )
        back.close()
        if driver:
            wait.until(lambda d: d.find_element(By.ID, "connection").get_attribute("data-kind") == "ok"
                       and d.find_element(By.ID, "title").text == "Renault Zoe")
            assert driver.execute_script("return window.flowshellMarker") == "before the restart", (
                "the page reconnects by itself and shows the same screen, without a reload"
            )
            driver.refresh()
            wait.until(lambda d: d.find_element(By.ID, "title").text == "Renault Zoe"
                       and d.find_element(By.ID, "connection").get_attribute("data-kind") == "ok")
            assert driver.execute_script("return location.pathname") == "/cars/zoe", (
                "reloaded, it shows the same screen, at its address"
            )
    finally:
        server.stop()
    server = serve(port=port, extra=("--new-token",))
    try:
        assert server.token != first_token and token_file.read_text().strip() == server.token, (
            "--new-token makes a new token, kept in its place"
        )
        refused_key = tabs.refused(server, tab=tab.tab, key=tab.key)
        assert refused_key is not None and refused_key.status == 1008 and refused_key.door, (
            f"after --new-token a tab's old key lets nothing in, and the page is told to ask for the address ({refused_key})"
        )
        if driver:
            assert comes_to_be(wait, lambda d: d.find_element(By.ID, "door").is_displayed()), (
                "and the page asks for the printed address"
            )
            driver.find_element(By.ID, "door-address").send_keys(server.url)
            driver.find_element(By.CSS_SELECTOR, "#door button").click()
            assert (
                comes_to_be(wait, lambda d: d.find_element(By.ID, "connection").get_attribute("data-kind") == "ok"
                            and d.find_element(By.TAG_NAME, "body").get_attribute("data-ended") != "true"
                            and d.find_element(By.ID, "title").text == "Renault Zoe")
            ), "pasting the printed address into the page lets it in again, where the tab was"
    finally:
        server.stop()


def test_settings_that_cannot_be_kept_are_shared_in_memory(serve, tabs, home):
    """A data folder that cannot hold the settings: the server says so at start and each tab is
    told, and the tabs still share the settings, in memory, as they share the app's services."""
    blocker = pathlib.Path(home) / "not-a-folder"
    blocker.write_text("")
    server = serve(extra=("--data-dir", str(blocker / "data")))
    try:
        first = tabs.open(server)
        warnings = [message["message"] for message in first.messages if message["type"] == "warning"]
        assert any("not-a-folder" in warning and "--data-dir" in warning for warning in warnings), (
            f"a tab is told that its settings last only while the server runs ({warnings})"
        )
        first.run("account")
        first.run("login dora")
        second = tabs.open(server)
        account = screen_of(second.run("account"))
        assert account["screen"] == "auth.account" and account.get("status") == "signed in as dora", (
            f"and the tabs share the sign-in in memory ({account['screen']}, {account.get('status')!r})"
        )
        first.close()
        second.close()
    finally:
        server.stop()
    said = server.said()
    assert "'not-a-folder' is a file" in said and "--data-dir" in said, (
        f"the server says so at start ({said.strip()[:160]!r})"
    )


def test_places_that_cannot_be_kept_are_told_once(serve, tabs, home):
    """A state folder where tabs' places cannot be kept (a file is in its way): every tab is
    told so once — the first one too, whose own place is the first that fails — in words that
    name no tab's id."""
    (pathlib.Path(home) / "state").write_text("")
    server = serve()
    try:
        opened = []
        for _ in range(2):
            tab = tabs.open(server)
            # What the tab's start says comes before the answer to its first line.
            tab.run("where")
            opened.append(tab)
        for index, tab in enumerate(opened):
            told = [message["message"] for message in tab.messages
                    if message.get("type") == "warning" and "lasts only while the server runs" in message["message"]]
            assert len(told) == 1, (
                f"tab {index + 1} is told once that where it is lasts only while the server runs ({told})"
            )
            assert not any(re.search("[0-9a-f]{32}", message) for message in told), (
                f"in words naming no tab ({told})"
            )
        for tab in opened:
            tab.close()
    finally:
        server.stop()


# A plugin whose screen carries control characters: an escape sequence, a bell, a tab, a
# right-to-left override.
LOUD_PLUGIN = """
import os, sys
sys.path.insert(0, {examples!r})
import weather
import flowshell_plugin as fp

class Loud(weather.Forecast):
    def view(self):
        return fp.view("Weather \\x1b[31mred\\x07\\u202eevil", [fp.text("bell\\x07 tab\\there \\x1b]0;owned\\x07")],
                       status="\\x1b[2Jcleared")

    @fp.command("crash", "Stop the plugin at once")
    def crash(self):
        os._exit(3)

fp.Plugin("Weather", [Loud, weather.Wind]).run()
"""


def test_plugin_refused_until_trusted_then_served(build, home, serve, tabs, browser_if_any):
    """A flow with a plugin: refused until trusted, as at the terminal; then served, its screen
    in the browser like any other, its control characters shown as the terminal shows them."""
    driver = browser_if_any
    config = json.loads((REPOSITORY / "examples" / "plugins.json").read_text())
    loud = pathlib.Path(home) / "loud.py"
    loud.write_text(LOUD_PLUGIN.format(examples=str(REPOSITORY / "examples" / "plugins")))
    config["plugins"] = [{"module": "Weather", "command": ["python3", str(loud)], "timeoutMs": 10000}]
    config["transitions"] = [t for t in config["transitions"] if "trip" not in json.dumps(t)]
    path = pathlib.Path(home) / "plugins.json"
    path.write_text(json.dumps(config))
    untrusted = subprocess.run([str(build / "flowshell-serve"), "--port", "0", "--config", str(path)], capture_output=True,
                               text=True, timeout=DEADLINE, cwd=home,
                               env={"HOME": home, "XDG_DATA_HOME": f"{home}/data", "XDG_STATE_HOME": f"{home}/state",
                                    "PATH": "/usr/bin:/bin"})
    assert untrusted.returncode == 2 and "trust" in untrusted.stderr, (
        f"a config whose plugins are not trusted is not served ({untrusted.returncode}: {untrusted.stderr.strip()[:120]})"
    )
    server = serve(extra=("--config", str(path), "--allow-plugins"))
    try:
        socket = tabs.open(server)
        socket.run("select rio")
        screen = screen_of(socket.run("weather"))
        assert screen is not None and screen["screen"] == "weather.forecast", (
            "a plugin's screen opens in a browser session"
        )
        assert screen_of(socket.run("back"))["title"] == "Kia Rio", "and closes with back"
        socket.run("weather")
        said = [message["message"] for message in socket.run("crash") if message["type"] in ("error", "warning")]
        assert any("its log: " in message for message in said) and not any(home in message for message in said), (
            f"a plugin that stops is said, its log named without the server's folders ({said})"
        )
        socket.close()
        if driver:
            driver.get(server.url)
            wait = WebDriverWait(driver, DEADLINE)
            wait.until(lambda d: d.find_element(By.ID, "title").text == "Cars")
            line = driver.find_element(By.ID, "line")
            line.send_keys("select rio\n")
            wait.until(lambda d: d.find_element(By.ID, "title").text == "Kia Rio")
            line.send_keys("weather\n")
            wait.until(lambda d: d.find_element(By.ID, "title").text.startswith("Weather"))
            shown = driver.execute_script(
                "return [document.getElementById('title').textContent, document.querySelector('#components .text').textContent,"
                " document.getElementById('status').textContent, document.title, document.body.textContent]")
            assert (
                shown[:3] == ["Weather \ufffd[31mred\ufffd\ufffdevil", "bell\ufffd tab here \ufffd]0;owned\ufffd", "\ufffd[2Jcleared"]
            ), f"a plugin's control characters show as text in the page, as at the terminal ({shown[:3]})"
            assert (
                not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]", shown[4] + shown[3])
            ), "none reaches the page raw, nor a bidirectional control"
    finally:
        server.stop()


def test_flow_without_links(serve, tabs, browser_if_any):
    """A shell whose config has no links: the page is told none, and open's field shows no
    example (none of the car demo's)."""
    driver = browser_if_any
    server = serve(extra=("--config", str(REPOSITORY / "examples" / "modal-details.json")))
    try:
        socket = tabs.open(server)
        session = next(message for message in socket.messages if message["type"] == "session")
        assert session.get("links") == [], f"a flow without links: the page is told none ({session.get('links')})"
        socket.close()
        if driver:
            driver.get(server.url)
            WebDriverWait(driver, DEADLINE).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-screen")
                                                  == "cars.operators"
                                                  and d.find_elements(By.ID, "open-link"))
            placeholder = driver.find_element(By.ID, "open-link").get_attribute("placeholder")
            assert placeholder == "", f"and open's field shows no example ({placeholder!r})"
    finally:
        server.stop()


def book_in_session(socket, car):
    """Books `car` through a session of its own (signing in if asked)."""
    socket.run(f"select {car}")
    screen = screen_of(socket.run("book"))
    if screen["screen"] == "auth.login":
        screen = screen_of(socket.run("login bob"))
    return socket.run("confirm")


# What is wrong with the page's layout, in words, read from the DOM: the page wider than the
# window, or something one needs (the title, the breadcrumb, a button, the command line) hidden,
# empty, out of the window's width or cut short; a table that scrolls sideways, or a cell out of
# the window. Not pixels: a golden image differs with each
# Chromium and font, this does not.
LAYOUT_PROBLEMS = """
const width = document.documentElement.clientWidth;
const problems = [];
if (document.documentElement.scrollWidth > width) {
  problems.push(`the page is ${document.documentElement.scrollWidth}px wide in a window of ${width}px`);
}
const needed = [["the title", "#title"], ["the breadcrumb", "#breadcrumb li"], ["a command's button", "#commands button"],
                ["the command line", "#line"], ["the Run button", "#prompt button"], ["a global command's button", "#globals button"]];
for (const [what, selector] of needed) {
  const elements = [...document.querySelectorAll(selector)];
  if (elements.length === 0) problems.push(`${what} (${selector}) is missing`);
  for (const element of elements) {
    const box = element.getBoundingClientRect();
    const label = `${what} '${(element.textContent || element.id).trim().slice(0, 30)}'`;
    if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility === "hidden") problems.push(`${label} is not shown`);
    else if (box.left < 0 || box.right > width + 0.5) problems.push(`${label} is out of the window (${Math.round(box.left)}–${Math.round(box.right)} of ${width}px)`);
    else if (element.scrollWidth > element.clientWidth + 1 && element.tagName === "BUTTON") problems.push(`${label} is cut short`);
  }
}
for (const scroller of document.querySelectorAll(".table-scroll")) {
  if (scroller.scrollWidth > scroller.clientWidth + 1) problems.push(`a table scrolls sideways (${scroller.scrollWidth}px in ${scroller.clientWidth}px)`);
}
for (const cell of document.querySelectorAll(".table-scroll td")) {
  const box = cell.getBoundingClientRect();
  if (box.width > 0 && (box.left < 0 || box.right > width + 0.5)) problems.push(`a cell '${cell.textContent.trim().slice(0, 20)}' is out of the window`);
}
// Nothing is under the command line pinned at the window's foot, scrolled to the top or to the
// end: the part of each thing shown (cut by what scrolls it, and by the window) is above it.
const scrollers = [document.scrollingElement, ...document.querySelectorAll("main, main *")].filter((element) =>
  element.scrollHeight > element.clientHeight + 1 && (element === document.scrollingElement || /auto|scroll/.test(getComputedStyle(element).overflowY)));
const scrolledAt = scrollers.map((element) => element.scrollTop);
for (const end of [false, true]) {
  if (end) for (const element of scrollers) element.scrollTop = element.scrollHeight;
  const bar = document.getElementById("bar").getBoundingClientRect();
  for (const element of document.querySelectorAll("main :is(button, input, select, label, h1, h2, p, td, th, li, dt, dd)")) {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    let top = Math.max(box.top, 0), bottom = Math.min(box.bottom, window.innerHeight);
    for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
      if (getComputedStyle(parent).overflowY === "visible") continue;
      const clip = parent.getBoundingClientRect();
      top = Math.max(top, clip.top);
      bottom = Math.min(bottom, clip.bottom);
    }
    if (bottom - top > 0.5 && bottom > bar.top + 0.5 && top < bar.bottom - 0.5) {
      problems.push(`'${(element.textContent || element.id || element.tagName).trim().slice(0, 20)}' is under the command line${end ? " (scrolled to the end)" : ""}`);
    }
  }
}
scrollers.forEach((element, index) => { element.scrollTop = scrolledAt[index]; });
// A command's button follows its fields, on the screen and in the tab order: filled in, then pressed.
for (const form of document.querySelectorAll("#commands form")) {
  const button = form.querySelector("button[type=submit]");
  if (!button) continue;
  const at = button.getBoundingClientRect();
  for (const field of form.querySelectorAll("input, select")) {
    const box = field.getBoundingClientRect();
    const after = at.top >= box.bottom - 1 || (Math.abs(at.top - box.top) < box.height && at.left >= box.right - 1);
    if (!after || !(field.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING)) {
      problems.push(`${form.dataset.command}'s button comes before its field ${field.id}`);
    }
  }
}
return problems;
"""  # noqa: E501 - JavaScript, run in the page

# The sizes every sample screen is checked and photographed at: a wide window, a phone's, and a
# laptop's (1280×800, whose height the pinned command line once covered the screen's foot at).
WIDTHS = [("wide", 1100, 900), ("phone", 390, 844), ("laptop", 1280, 800)]


def why_no_browser():
    """Why the browser's checks cannot run here, or None when they can."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (scripts/install-web-test-deps.sh installs it)"
    if not shutil.which("chromium") or not shutil.which("chromedriver"):
        return "chromium and chromedriver are not installed (scripts/install-web-test-deps.sh installs them)"
    return None


@pytest.fixture(scope="session")
def browser_if_any():
    """A headless Chromium driven by Selenium, shared by the tests (each loads its own page), or
    None when either is missing."""
    if why_no_browser():
        yield None
        return
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    options = Options()
    options.binary_location = shutil.which("chromium")
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1100,900", "--force-prefers-reduced-motion"]:
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=options)
    yield driver
    driver.quit()


@pytest.fixture
def driver(browser_if_any):
    """The browser, or the test skipped with a line saying why — failed instead where the browser's
    checks must run (CI sets FLOWSHELL_REQUIRE_BROWSER=1, so that a failed install cannot pass as a
    skip)."""
    reason = why_no_browser()
    if reason and os.environ.get("FLOWSHELL_REQUIRE_BROWSER") == "1":
        pytest.fail(f"the browser tests run (FLOWSHELL_REQUIRE_BROWSER=1), but {reason}")
    if reason:
        pytest.skip(f"the browser tests: {reason}")
    return browser_if_any


@pytest.fixture(scope="session")
def screenshots(request):
    """Where the browser's checks photograph the sample screens, or None."""
    folder = request.config.getoption("--screenshots")
    if not folder:
        return None
    path = pathlib.Path(folder)
    path.mkdir(parents=True, exist_ok=True)
    return path


class Probe:
    """Another web server on this machine (a dev server, a notebook): it records what each
    request to it carries."""

    def __init__(self):
        import http.server
        recorded = self.requests = []

        class Recorder(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                recorded.append(self.path + "\n" + str(self.headers))
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.end_headers()
                self.wfile.write(b"<title>another server</title>")

            def log_message(self, *arguments):
                pass

        self.server = http.server.HTTPServer(("127.0.0.1", 0), Recorder)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


class Page:
    """The page in the browser, and what the checks do to it as a person would."""

    def __init__(self, driver, screenshots):
        self.driver = driver
        self.screenshots = screenshots
        self.wait = WebDriverWait(driver, DEADLINE)

    def open(self, url):
        """Loads `url`, the address the server printed, and waits for the list of cars."""
        self.driver.get(url)
        self.title_is("Cars")

    def title_is(self, text):
        self.wait.until(lambda d: d.find_element(By.ID, "title").text == text
                        and d.find_element(By.TAG_NAME, "body").get_attribute("data-busy") == "false")

    def command(self, name):
        return self.driver.find_element(By.CSS_SELECTOR, f'#commands form[data-command="{name}"]')

    def row(self, line):
        return self.driver.find_element(By.CSS_SELECTOR, f'#components button[title="{line}"]')

    def click(self, element):
        """Clicks `element` as a person would, once it is in view above the command line at
        the window's foot (WebDriver scrolls an element only to the window's edge)."""
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()

    def type_line(self, text):
        line = self.driver.find_element(By.ID, "line")
        line.send_keys(text)
        line.send_keys(Keys.ENTER)

    def path(self):
        return self.driver.execute_script("return location.pathname")

    def focused(self):
        return self.driver.execute_script("return document.activeElement && document.activeElement.id")

    def size_to(self, width, height):
        """Gives the window this size, once the page has followed it."""
        self.driver.set_window_size(width, height)
        # (Headless Chromium's page is as wide as the window asked for, and the window's height is.)
        self.wait.until(lambda d: d.execute_script("return [innerWidth, outerHeight]") == [width, height])

    def laid_out(self, name, also=None):
        """Checks the screen shown at each size from the DOM, photographs it at each (as it is
        shown, before `also`), and leaves the window wide; `also(label)` checks more at each."""
        for label, width, height in WIDTHS:
            self.size_to(width, height)
            problems = self.driver.execute_script(LAYOUT_PROBLEMS)
            shown = self.driver.execute_script("return window.innerWidth")
            assert not problems, (
                f"{name} at a {label} width ({shown}px) is laid out whole" + (f": {problems}" if problems else "")
            )
            if self.screenshots:
                self.driver.save_screenshot(str(self.screenshots / f"{name}-{label}.png"))
            if also:
                also(label)
        self.size_to(*WIDTHS[0][1:])


@pytest.fixture
def page(driver, screenshots):
    """The browser's page for one test; the tabs it opened are closed after it, and the window
    made wide again."""
    first = driver.current_window_handle
    yield Page(driver, screenshots)
    for handle in driver.window_handles:
        if handle != first:
            driver.switch_to.window(handle)
            driver.close()
    driver.switch_to.window(first)
    driver.set_window_size(*WIDTHS[0][1:])


def at_my_bookings(page, server, tabs):
    """The page on My bookings, signed in (by another session, as the data folder's sign-in is
    shared), with a booking of Kia Rio coming; the last line typed is `bookings`."""
    book_in_session(tabs.open(server), "rio")
    page.open(server.url)
    page.type_line("bookings")
    page.title_is("My bookings")


# The sample flow in a real headless Chromium, each part on a server of its own.

def test_browser_cars_list_sorts_and_is_laid_out_at_every_size(server, driver, page):
    page.open(server.url)
    assert "token" not in driver.current_url and page.path() == "/", "the page takes the token out of the address bar, at /"
    assert len(driver.find_elements(By.CSS_SELECTOR, "#components table th.trailing")) == 2, (
        "the cars table shows, its Price and Away columns aligned right"
    )
    assert not driver.find_elements(By.CSS_SELECTOR, '#commands form[data-command="select"]'), (
        "select is no form under the table: the rows are what opens a car"
    )

    def card_titles(label):
        if label == "phone":
            titles = [cell.text for cell in driver.find_elements(By.CSS_SELECTOR, "#components td.title")]
            first = driver.execute_script("const card = document.querySelector('#components tbody tr');"
                                          " return [...card.children].sort((a, b) =>"
                                          " a.getBoundingClientRect().top - b.getBoundingClientRect().top"
                                          " || a.getBoundingClientRect().left - b.getBoundingClientRect().left)[0].textContent")
            labelled = driver.execute_script("return [...document.querySelectorAll('#components tbody td:not(.title):not(.row-actions)')]"
                                             ".every((cell) =>"
                                             " getComputedStyle(cell, '::before').content.replace(/\"/g, '') === cell.dataset.label)")
            assert first == "Smart ForTwo" and "Kia Rio" in titles and labelled, (
                f"at a phone's width each car is a card, its name first and every other cell labelled ({first!r})"
            )

    def tab_scrolls_nothing(label):
        """Tab from the empty command line moves the focus on (to Run) and scrolls nothing away."""
        line = driver.find_element(By.ID, "line")
        line.clear()
        table = "document.querySelector('#components .table-scroll').getBoundingClientRect().top"
        before = driver.execute_script("document.getElementById('line').focus();"
                                       " document.querySelector('#components .table-scroll').scrollIntoView({block: 'start'});"
                                       f" return {table}")
        line.send_keys(Keys.TAB)
        page.wait.until(lambda d: d.execute_script("return document.activeElement !== document.getElementById('line')"))
        after, moved_to, height = driver.execute_script(f"return [{table}, document.activeElement.textContent, window.innerHeight]")
        assert moved_to == "Run" and abs(after - before) < 1 and 0 <= after < height, (
            f"at a {label} width Tab from the command line moves to Run, and the cars stay in view (their top at {before} → {after})"
        )
        # As it was: at the top, the command line focused.
        driver.execute_script("for (const element of [document.scrollingElement, document.querySelector('main')]) element.scrollTop = 0;"
                              " document.getElementById('line').focus()")

    page.laid_out("cars", lambda label: (card_titles(label), tab_scrolls_nothing(label)))
    placeholder = driver.find_element(By.ID, "open-link").get_attribute("placeholder")
    assert placeholder == "/cars/CAR-ID, /bookings", (
        f"open's field shows examples of the flow's own links ({placeholder!r})"
    )

    # A choice runs when it is chosen: no button to press.
    def car_names():
        return driver.execute_script("return [...document.querySelectorAll('#components tbody tr')]"
                                     ".map((row) => row.children[1].textContent.trim())")
    by_price = car_names()
    Select(page.command("sort").find_element(By.TAG_NAME, "select")).select_by_value("name")
    try:
        page.wait.until(lambda d: "by name" in d.find_element(By.ID, "status").text)
    except TimeoutException:
        pass
    assert (
        by_price[:2] == ["Smart ForTwo", "Kia Rio"] and car_names()[:3] == ["Kia Rio", "Nissan Leaf", "Renault Zoe"]
    ), f"choosing an order in sort's list sorts the cars at once, no button pressed ({car_names()[:3]})"
    Select(page.command("sort").find_element(By.TAG_NAME, "select")).select_by_value("price")
    page.wait.until(lambda d: "by price" in d.find_element(By.ID, "status").text)


def test_browser_car_row_opens_its_details_and_back_and_forward_go_through_the_flow(server, driver, page):
    page.open(server.url)
    # A car's row opens it; the address is its deep link; Back and Forward go through the flow.
    driver.execute_script("window.flowshellMarker = 'this page'")
    tab_before = driver.execute_script("return sessionStorage.getItem('flowshell.tab')")
    page.click(page.row("select rio"))
    page.title_is("Kia Rio")
    assert "Plate" in driver.find_element(By.ID, "components").text, (
        "a click on a car's row shows its details, as key-value pairs"
    )
    assert page.focused() == "title", f"the focus is on the new screen's heading ({page.focused()})"
    assert page.path() == "/cars/rio", f"the address is the car's deep link ({page.path()})"
    driver.back()
    page.title_is("Cars")
    assert (
        page.path() == "/" and driver.execute_script("return window.flowshellMarker") == "this page"
        and driver.execute_script("return sessionStorage.getItem('flowshell.tab')") == tab_before
    ), "the browser's Back goes back to the list, in the same page and session"
    assert page.focused() == "title", "and the focus is on the list's heading"
    driver.find_element(By.TAG_NAME, "body").send_keys("/")
    assert page.focused() == "line", "and the command line is one key away (/)"
    driver.forward()
    page.title_is("Kia Rio")
    assert page.path() == "/cars/rio", "Forward opens the car again"

    # The same at a phone's width, where each car is a card.
    page.size_to(*WIDTHS[1][1:])
    driver.back()
    page.title_is("Cars")
    page.click(page.row("select polo"))
    page.title_is("Volkswagen Polo")
    assert page.path() == "/cars/polo" and page.focused() == "title", (
        f"at a phone's width a car's card opens it too, at its address, the focus on its heading ({page.path()}, {page.focused()})"
    )
    driver.back()
    page.title_is("Cars")
    assert page.path() == "/" and driver.execute_script("return window.flowshellMarker") == "this page", (
        "and the browser's Back goes back to the list, in the same page"
    )
    page.click(page.row("select rio"))
    page.title_is("Kia Rio")
    page.size_to(*WIDTHS[0][1:])
    commands = [form.get_attribute("data-command") for form in driver.find_elements(By.CSS_SELECTOR, "#commands form")]
    assert commands[:1] == ["book"] and "primary" in page.command("book").get_attribute("class"), (
        f"book, the car's primary command, comes first and stronger ({commands})"
    )
    page.laid_out("details")


def test_browser_book_signs_in_and_confirms_and_updates_arrive_without_reload(server, tabs, driver, page):
    page.open(server.url)
    page.click(page.row("select rio"))
    page.title_is("Kia Rio")
    page.click(page.command("book").find_element(By.TAG_NAME, "button"))
    page.title_is("Sign in")
    assert len(driver.find_elements(By.CSS_SELECTOR, "#breadcrumb li.modal")) == 1, (
        "the sign-in layer is marked modal in the breadcrumb"
    )
    page.laid_out("sign-in")
    login = page.command("login")
    login.find_element(By.CSS_SELECTOR, "input[data-name]").send_keys("ann")
    page.click(login.find_element(By.TAG_NAME, "button"))
    page.title_is("Book Kia Rio")
    assert page.path() == "/cars/rio/-/booking.confirm", (
        f"the booking's address is the car's and the screen above it ({page.path()})"
    )
    page.laid_out("confirm")
    # A value chosen in hours' list applies at once, as a select that changes does in any web app.
    for label, width, height, hours in [(*WIDTHS[0], "3"), (*WIDTHS[1], "2")]:
        page.size_to(width, height)
        Select(page.command("hours").find_element(By.TAG_NAME, "select")).select_by_value(hours)
        assert (
            comes_to_be(page.wait, lambda d, hours=hours: f"{hours} hours" in d.find_element(By.ID, "components").text
                        and d.find_element(By.TAG_NAME, "body").get_attribute("data-busy") == "false")
        ), f"at a {label} width choosing {hours} in hours' list sets the booking's hours, no button pressed"
    page.size_to(*WIDTHS[0][1:])
    # Scrolled to the booking's end, then a line typed: the next screen shows from its top.
    driver.execute_script("for (const element of [document.scrollingElement, document.querySelector('main')])"
                          " element.scrollTop = element.scrollHeight")
    page.type_line("confirm")
    page.title_is("Kia Rio")
    assert "Booked Kia Rio" in driver.find_element(By.ID, "notices").text, (
        "confirm, typed and run with Enter, books the car"
    )
    page.wait.until(lambda d: d.execute_script("return location.pathname") == "/cars/rio")
    assert page.focused() == "line", "a line typed at the command line leaves the focus there"
    heading = driver.execute_script("const title = document.getElementById('title').getBoundingClientRect();"
                                    " return [title.top, document.querySelector('header').getBoundingClientRect().bottom]")
    assert heading[0] >= heading[1] - 0.5 and heading[0] >= 0, (
        f"and the new screen shows from its top, its heading in view ({heading})"
    )
    page.type_line("home")
    page.title_is("Cars")
    page.click(page.command("bookings").find_element(By.TAG_NAME, "button"))
    page.title_is("My bookings")
    assert page.path() == "/bookings" and "Kia Rio" in driver.find_element(By.ID, "components").text, (
        "My bookings shows the booking, at /bookings"
    )
    offered = [button.get_attribute("title") for button in driver.find_elements(By.CSS_SELECTOR, "#components td.row-actions button")]
    assert len(offered) == 1 and offered[0].startswith("cancel BK-"), (
        f"the coming booking's row offers cancel ({offered})"
    )

    def statuses_shown(label):
        if label == "phone":
            cells = driver.execute_script("return [...document.querySelectorAll('#components td[data-label=\"Status\"]')].map((cell) => {"
                                          " const box = cell.getBoundingClientRect();"
                                          " return [cell.textContent,"
                                          " box.width > 0 && box.left >= 0 && box.right <= window.innerWidth]; })")
            assert (
                cells and all(shown and text in ("coming", "running", "done", "cancelled") for text, shown in cells)
            ), f"at a phone's width every booking's status is in view ({cells})"
    page.laid_out("bookings", statuses_shown)

    # Another session books: the list shows it without a reload.
    other = tabs.open(server)
    book_in_session(other, "polo")
    other.close()
    page.wait.until(lambda d: "Volkswagen Polo" in d.find_element(By.ID, "components").text)
    assert int(driver.find_element(By.TAG_NAME, "body").get_attribute("data-updates")) > 0, (
        "a booking made elsewhere appears without reload, pushed as an update"
    )


def test_browser_cancel_stops_a_running_refresh(server, driver, page):
    page.open(server.url)
    # A running command shows that it runs, and Cancel stops it (the terminal's Ctrl-C). Both
    # clicks in one turn of the page: the server cancels the line whether it runs yet or waits.
    page.type_line("home")
    page.title_is("Cars")
    shown_running = driver.execute_script(
        "document.querySelector('#commands form[data-command=\"refresh\"] button').click();"
        " const running = document.getElementById('running');"
        " const shown = !running.hidden && getComputedStyle(running).display !== 'none' && running.textContent.includes('refresh');"
        " document.getElementById('cancel').click(); return shown;")
    assert shown_running, "a running refresh shows that it runs, with a Cancel button"
    page.wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-busy") == "false")
    assert (
        "cancelled" in driver.find_element(By.ID, "notices").text and not driver.find_element(By.ID, "running").is_displayed()
    ), f"Cancel stops it ({driver.find_element(By.ID, 'notices').text!r})"


def test_browser_command_line_completes_and_recalls(server, tabs, driver, page):
    at_my_bookings(page, server, tabs)
    # Completion and history on the command line.
    line = driver.find_element(By.ID, "line")
    def tab_completes(typed):
        """Types `typed` and Tab; returns the line once the server's answer has been applied."""
        line.clear()
        line.send_keys(typed)
        before = driver.find_element(By.TAG_NAME, "body").get_attribute("data-completed")
        line.send_keys(Keys.TAB)
        page.wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-completed") != before)
        return line.get_attribute("value")

    completed = tab_completes("can")
    assert completed == "cancel ", f"Tab completes a command's name ({completed!r})"
    completed = tab_completes("open /cars/r")
    assert completed == "open /cars/rio ", f"Tab completes a link, as at the terminal ({completed!r})"
    for label, width, height in WIDTHS:
        page.size_to(width, height)
        tab_completes("set co")
        offered = [item.text for item in driver.find_elements(By.CSS_SELECTOR, "#suggestions li")]
        box = driver.execute_script("const box = document.getElementById('suggestions').getBoundingClientRect();"
                                    " return [box.top, box.bottom, window.innerHeight]")
        # Each with what it does, as Tab lists them at the terminal (`color — colour and text …`).
        assert (
            [text.split(" — ")[0] for text in offered] == ["color", "confirm-quit"] and all(" — " in text for text in offered)
            and driver.find_element(By.ID, "suggestions").is_displayed() and box[0] >= 0 and box[1] <= box[2]
        ), f"at a {label} width Tab lists several candidates within the window, each with what it is ({offered}, {box})"
    page.size_to(*WIDTHS[0][1:])
    page.click(driver.find_element(By.CSS_SELECTOR, "#suggestions li"))
    assert line.get_attribute("value") == "set color ", (
        f"and a click on one puts it in the line ({line.get_attribute('value')!r})"
    )
    line.clear()
    line.send_keys(Keys.ARROW_UP)
    # The buttons' lines are history too, as the dispatcher's `history` lists them.
    assert line.get_attribute("value") == "bookings", f"↑ brings back the last line ({line.get_attribute('value')!r})"
    line.clear()


def test_browser_reload_duplicated_tab_deep_link_and_second_tab(server, tabs, driver, page):
    at_my_bookings(page, server, tabs)
    # A reload comes back to where the tab was.
    driver.refresh()
    page.title_is("My bookings")
    assert page.path() == "/bookings", "a reloaded page resumes where the tab was, at its address"

    # A duplicated tab (its session storage copied, the original open) shows its screen at once,
    # as a tab of its own.
    first_tab = driver.current_window_handle
    first_id = driver.execute_script("return sessionStorage.getItem('flowshell.tab')")
    driver.execute_script("window.open(location.href)")
    driver.switch_to.window([handle for handle in driver.window_handles if handle != first_tab][0])
    page.title_is("My bookings")
    copy_id = driver.execute_script("return sessionStorage.getItem('flowshell.tab')")
    assert copy_id and copy_id != first_id, "a duplicated tab shows the same screen, as a tab of its own"
    driver.close()
    driver.switch_to.window(first_tab)

    # A new tab opened at a deep link from this one (which gets a copy of its session storage)
    # opens that link, not where this tab is.
    driver.execute_script(f"window.open('/cars/zoe?token={server.token}')")
    driver.switch_to.window([handle for handle in driver.window_handles if handle != first_tab][0])
    assert comes_to_be(page.wait, lambda d: d.find_element(By.ID, "title").text == "Renault Zoe"), (
        f"a tab opened at /cars/zoe from a tab on My bookings opens Renault Zoe ({driver.find_element(By.ID, 'title').text})"
    )
    assert (
        page.path() == "/cars/zoe" and driver.execute_script("return sessionStorage.getItem('flowshell.tab')") != first_id
    ), f"at its address, as a tab of its own ({page.path()})"
    driver.close()
    driver.switch_to.window(first_tab)
    assert driver.find_element(By.ID, "title").text == "My bookings", "and the tab it came from stays on My bookings"

    # A second tab is a session of its own.
    driver.switch_to.new_window("tab")
    driver.get(server.url)
    page.title_is("Cars")
    page.type_line("select zoe")
    page.title_is("Renault Zoe")
    driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
    page.title_is("Cars")
    assert page.path() == "/", "Escape goes back, and the address with it"
    driver.switch_to.window(first_tab)
    assert (
        driver.find_element(By.ID, "title").text == "My bookings"
        and [item.text.split("\n")[0] for item in driver.find_elements(By.CSS_SELECTOR, "#breadcrumb li")] == ["Cars", "My bookings"]
    ), "two tabs keep separate stacks"


def test_browser_token_stays_with_its_server(server, tabs, driver, page):
    at_my_bookings(page, server, tabs)
    # The token stays with its server: out of the address and the tab's history, in no
    # cookie, not kept by the page; another server on this machine never receives it.
    assert server.token not in driver.execute_script("return location.href"), "the token is not in location.href"
    assert driver.execute_script("return document.cookie") == "" and not driver.get_cookies(), (
        "the page keeps no cookie"
    )
    kept = driver.execute_script("return JSON.stringify(sessionStorage) + JSON.stringify(localStorage)")
    assert server.token not in kept and "flowshell.key" in kept, "the tab keeps its own key, not the token"
    probe = Probe()
    try:
        for host in ["127.0.0.1", "localhost"]:
            driver.get(f"http://{host}:{probe.port}/probe")
            page.wait.until(lambda d: d.title == "another server")
        driver.back()
        driver.back()
        page.title_is("My bookings")
        assert server.token not in driver.execute_script("return location.href"), (
            "going back to the page, it comes back in without the token"
        )
    finally:
        probe.stop()
    probed = [request for request in probe.requests if request.startswith("/probe")]
    assert len(probed) == 2 and not any(server.token in request for request in probe.requests), (
        f"requests to another local port carry no token ({len(probe.requests)} requests, the page's and its icon's)"
    )


def test_browser_new_tab_needs_the_printed_address_and_quit_ends_the_session(server, tabs, driver, page):
    at_my_bookings(page, server, tabs)
    first_tab = driver.current_window_handle
    # A new tab needs the printed address: the page's address alone lets nothing in; the page
    # asks for it, and takes it pasted.
    driver.switch_to.new_window("tab")
    driver.get(f"http://{server.authority}/bookings")
    page.wait.until(lambda d: d.find_element(By.ID, "connection").get_attribute("data-kind") == "ended")
    assert (
        "needs the address the serve command printed" in driver.find_element(By.ID, "connection").text
        and driver.find_element(By.ID, "door").is_displayed()
    ), "a new tab without the printed address is told it needs it, and asked for it"
    driver.find_element(By.ID, "door-address").send_keys(server.url)
    driver.find_element(By.CSS_SELECTOR, "#door button").click()
    page.title_is("My bookings")
    assert (
        page.path() == "/bookings" and server.token not in driver.execute_script("return location.href + JSON.stringify(sessionStorage)")
    ), "given the address, it opens the deep link it is at, and keeps no token"

    # The deep link in a new tab, with the token step: the address the server printed with the
    # link's path.
    driver.get(f"http://{server.authority}/cars/rio?token={server.token}")
    page.title_is("Kia Rio")
    assert page.path() == "/cars/rio" and "token" not in driver.current_url, (
        "a deep link opened with the token shows Kia Rio, at /cars/rio"
    )

    # quit: the page says so plainly and offers nothing more.
    page.type_line("quit")
    page.wait.until(lambda d: d.find_element(By.ID, "ended").is_displayed())
    assert (
        "You left this session" in driver.find_element(By.ID, "ended").text
        and not driver.find_element(By.ID, "bar").is_displayed() and not driver.find_element(By.ID, "actions").is_displayed()
    ), "after quit the page says so and offers no command"
    assert page.focused() == "restart", "and the focus is on starting a new session"

    # A wrong token: refused, with a page that says what to do.
    driver.get(server.url.replace(server.token, "0" * len(server.token)))
    body = driver.find_element(By.TAG_NAME, "body").text
    assert (
        "token is not this server's" in body and "What to do" in body
        and driver.execute_script("return getComputedStyle(document.body).fontFamily").find("serif") != 0
    ), "a wrong token is refused with a styled page that says what to do"
    driver.close()
    driver.switch_to.window(first_tab)
    assert server.alive(), "the server is still running at the end"


def test_audit_log_records_a_tab_s_lines(serve, tabs, home):
    # With --audit-log, a tab's lines are recorded as an SSH login's are (the same handler).
    log = pathlib.Path(home) / "lines.jsonl"
    server = serve(extra=["--audit-log", str(log)])
    socket = tabs.open(server)
    socket.run("where")
    assert errors_of(socket.run("shell ls")) == ["shell: this session has no programs of the server's machine"]
    assert server.stop(), "the server stops by itself"
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert [(r["frontEnd"], r["line"], r["failed"]) for r in records] == [("browser", "where", False), ("browser", "shell ls", True)], (
        f"each line of the tab recorded, the refused one as failed ({records})"
    )
    assert records[0]["session"] and records[0]["session"] == records[1]["session"] and "user" not in records[0], (
        f"the tab's id names the session; a tab has no user ({records[0]})"
    )
