"""`make install`: into a scratch DESTDIR, from the debug build `make test` made, it
installs a stripped executable that runs, and a man page and bash, zsh and fish completion
scripts that name every subcommand and every option of the command line; the man page also
says what a person at the prompt opens it for (its sections below), in mdoc that groff reads
without a warning, and has one exit status section.

The commands and options are listed here by hand (a new one must be added here too), and
the binary's own description of its command line (--experimental-dump-help) is checked to
hold no others, so that neither list can drift from the other.
"""
import json
import os
import shutil
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Every subcommand, with its options (flags and options taking a value), as a person types them.
COMMANDS = {
    "run": ["--config", "--history", "--no-history", "--color", "--output", "--open", "--state", "--fresh",
            "--restore", "--script", "--keep-going", "--data-dir", "--database", "--record", "--allow-plugins"],
    "check": ["--config", "--allow-plugins", "--format"],
    "test": ["--config", "--allow-plugins", "--format", "--require-coverage", "--depth", "--paths", "--values", "--deadline",
             "--seed", "--findings"],
    "graph": ["--config", "--allow-plugins", "--format"],
    "replay": ["--config", "--allow-plugins", "--allow"],
    "trust": ["--config"],
    "untrust": ["--config"],
    # Its options are flowshell-serve's, which it runs with the same arguments.
    "serve": [],
    # Its options are flowshell-serve mcp's, which it runs.
    "mcp": [],
    "new": [],
    "app": ["--path", "--flowshell", "--url", "--from"],
    "feature": ["--screen", "--package"],
    "plugin": ["--language", "--package"],
}
ROOT_OPTIONS = ["--version", "--help"]
# What the man page says of the prompt: its sections, and words each must hold.
MAN_SECTIONS = {
    "THE PROMPT": ["Ctrl-R", "Ctrl-C", "Tab", "Global commands", "history", "edit", "alias", "Settings", "confirm-quit",
                   "booking-hours", "redirection", "startup file", "change by themselves"],
    "ENVIRONMENT": ["NO_COLOR", "PAGER", "TERM", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME", "EDITOR",
                    "FLOWSHELL_DATABASE"],
    "FILES": ["init", "history", "navigation.json"],
    "EXIT STATUS": ["quit STATUS", "128+N"],
}


def declared(command, path=()):
    """(command path, option names) for `command` and its subcommands, from the dump."""
    names = []
    for argument in command.get("arguments", []):
        if argument.get("shouldDisplay", True) is False:
            continue
        for name in argument.get("names", []):
            if name.get("kind") == "long":
                names.append("--" + name["name"])
    yield path, names
    for sub in command.get("subcommands", []):
        yield from declared(sub, path + (sub["commandName"],))


@pytest.fixture(scope="module")
def prefix(tmp_path_factory):
    """`make install` into a scratch DESTDIR with PREFIX=/usr; the installed prefix."""
    destdir = tmp_path_factory.mktemp("install") / "root"
    install = subprocess.run(["make", "install", f"DESTDIR={destdir}", "PREFIX=/usr", "INSTALL_CONFIGURATION=debug"],
                             cwd=ROOT, capture_output=True, text=True)
    assert install.returncode == 0, f"make install failed:\n{install.stdout}{install.stderr}"
    return os.path.join(destdir, "usr")


@pytest.fixture(scope="module")
def binary(prefix):
    binary = os.path.join(prefix, "bin", "flowshell")
    assert os.access(binary, os.X_OK), f"no executable at {binary}"
    return binary


def test_installed_binary_runs(binary):
    version = subprocess.run([binary, "--version"], capture_output=True, text=True, check=True).stdout
    assert version == "flowshell 0.1.0\n", f"the installed binary's --version printed {version!r}"


def test_serve_runs_flowshell_serve_installed_beside_it(binary):
    serve_help = subprocess.run([binary, "serve", "--help"], capture_output=True, text=True)
    assert serve_help.returncode == 0 and "--port" in serve_help.stdout, (
        f"flowshell serve --help did not show the server's options:\n{serve_help.stdout}{serve_help.stderr}"
    )


def test_installed_binary_is_stripped(binary):
    sections = subprocess.run(["readelf", "-S", binary], capture_output=True, text=True, check=True).stdout
    assert ".symtab" not in sections, "the installed binary is not stripped (it has a .symtab)"


def test_command_line_holds_nothing_this_list_lacks(binary):
    """The binary's own description of its command line holds nothing this list lacks."""
    dump = json.loads(subprocess.run([binary, "--experimental-dump-help"], capture_output=True, text=True,
                                     check=True).stdout)
    for path, names in declared(dump["command"]):
        if path and path[-1] == "help":
            continue  # ArgumentParser's own `help SUBCOMMAND`.
        expected = ROOT_OPTIONS if not path else COMMANDS.get(path[-1])
        assert expected is not None, f"subcommand {' '.join(path)} is not listed in {__file__}"
        extra = set(names) - set(expected) - {"--help", "--version"}
        assert not extra, f"{' '.join(path) or 'flowshell'} has options not listed in {__file__}: {sorted(extra)}"


FILES = {
    "man page": ("share", "man", "man1", "flowshell.1"),
    "bash completion": ("share", "bash-completion", "completions", "flowshell"),
    "zsh completion": ("share", "zsh", "site-functions", "_flowshell"),
    "fish completion": ("share", "fish", "vendor_completions.d", "flowshell.fish"),
}


@pytest.mark.parametrize("what", FILES)
def test_man_page_and_completion_scripts_name_every_command_and_option(prefix, what):
    path = os.path.join(prefix, *FILES[what])
    assert os.path.isfile(path), f"no {what} at {path}"
    words = set(COMMANDS) | {o for options in COMMANDS.values() for o in options} | set(ROOT_OPTIONS)
    with open(path, encoding="utf-8") as file:
        text = file.read()
    # The man page writes an option as `Fl -config` (mdoc), the scripts as `--config`
    # or (fish) `-l 'config'`.
    missing = sorted(w for w in words
                     if w not in text and w.replace("--", "Fl -", 1) not in text
                     and "-l '" + w[2:] + "'" not in text)
    assert not missing, f"the {what} does not name {missing}"


def test_man_page_says_what_the_prompt_needs(prefix):
    """The man page's sections of the prompt say what they should, its one EXIT STATUS section
    is the detailed one (not mdoc's generic `.Ex -std`), and groff reads it without a warning."""
    path = os.path.join(prefix, *FILES["man page"])
    with open(path, encoding="utf-8") as file:
        text = file.read()
    sections = {}
    current = None
    for line in text.splitlines():
        if line.startswith(".Sh "):
            current = line[4:].strip('"')
            assert current not in sections, f"the man page has two {current} sections"
            sections[current] = ""
        elif current:
            sections[current] += line + "\n"
    for section, words in MAN_SECTIONS.items():
        assert section in sections, f"the man page has no {section} section"
        missing = [w for w in words if w.lower() not in sections[section].lower()]
        assert not missing, f"the man page's {section} does not say {missing}"
    assert ".Ex -std" not in text, "the man page has mdoc's generic exit status, which contradicts the detailed one"
    if shutil.which("groff"):
        lint = subprocess.run(["groff", "-mdoc", "-ww", "-z", path], capture_output=True, text=True)
        assert lint.returncode == 0 and not lint.stderr.strip(), f"groff warns about the man page:\n{lint.stderr}"
