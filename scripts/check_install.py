#!/usr/bin/env python3
"""Checks `make install`: into a scratch DESTDIR, from the debug build `make test` made, it
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
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Every subcommand, with its options (flags and options taking a value), as a person types them.
COMMANDS = {
    "run": ["--config", "--history", "--no-history", "--color", "--output", "--open", "--state", "--fresh",
            "--restore", "--script", "--keep-going", "--data-dir", "--record", "--allow-plugins"],
    "check": ["--config", "--allow-plugins", "--format"],
    "test": ["--config", "--allow-plugins", "--format", "--require-coverage", "--depth", "--paths", "--values", "--deadline",
             "--seed", "--findings"],
    "graph": ["--config", "--allow-plugins", "--format"],
    "replay": ["--config", "--allow-plugins", "--allow"],
    "trust": ["--config"],
    "untrust": ["--config"],
    # Its options are flowshell-serve's, which it runs with the same arguments.
    "serve": [],
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
    "ENVIRONMENT": ["NO_COLOR", "PAGER", "TERM", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME", "EDITOR"],
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


def check_man_page(path):
    """The man page's sections of the prompt say what they should, its one EXIT STATUS section
    is the detailed one (not mdoc's generic `.Ex -std`), and groff reads it without a warning."""
    with open(path, encoding="utf-8") as file:
        text = file.read()
    sections = {}
    current = None
    for line in text.splitlines():
        if line.startswith(".Sh "):
            current = line[4:].strip('"')
            if current in sections:
                fail(f"the man page has two {current} sections")
            sections[current] = ""
        elif current:
            sections[current] += line + "\n"
    for section, words in MAN_SECTIONS.items():
        if section not in sections:
            fail(f"the man page has no {section} section")
        missing = [w for w in words if w.lower() not in sections[section].lower()]
        if missing:
            fail(f"the man page's {section} does not say {missing}")
    if ".Ex -std" in text:
        fail("the man page has mdoc's generic exit status, which contradicts the detailed one")
    if shutil.which("groff"):
        lint = subprocess.run(["groff", "-mdoc", "-ww", "-z", path], capture_output=True, text=True)
        if lint.returncode != 0 or lint.stderr.strip():
            fail(f"groff warns about the man page:\n{lint.stderr}")


def fail(message):
    print(f"check_install: {message}", file=sys.stderr)
    sys.exit(1)


def main():
    scratch = tempfile.mkdtemp(prefix="flowshell-install-")
    try:
        destdir = os.path.join(scratch, "root")
        install = subprocess.run(["make", "install", f"DESTDIR={destdir}", "PREFIX=/usr", "INSTALL_CONFIGURATION=debug"],
                                 cwd=ROOT, capture_output=True, text=True)
        if install.returncode != 0:
            fail(f"make install failed:\n{install.stdout}{install.stderr}")
        prefix = os.path.join(destdir, "usr")
        binary = os.path.join(prefix, "bin", "flowshell")
        if not os.access(binary, os.X_OK):
            fail(f"no executable at {binary}")
        version = subprocess.run([binary, "--version"], capture_output=True, text=True, check=True).stdout
        if version != "flowshell 0.1.0\n":
            fail(f"the installed binary's --version printed {version!r}")
        # flowshell serve runs flowshell-serve, installed beside it.
        serve_help = subprocess.run([binary, "serve", "--help"], capture_output=True, text=True)
        if serve_help.returncode != 0 or "--port" not in serve_help.stdout:
            fail(f"flowshell serve --help did not show the server's options:\n{serve_help.stdout}{serve_help.stderr}")
        sections = subprocess.run(["readelf", "-S", binary], capture_output=True, text=True, check=True).stdout
        if ".symtab" in sections:
            fail("the installed binary is not stripped (it has a .symtab)")

        # The binary's own description of its command line holds nothing this list lacks.
        dump = json.loads(subprocess.run([binary, "--experimental-dump-help"], capture_output=True, text=True,
                                         check=True).stdout)
        for path, names in declared(dump["command"]):
            if path and path[-1] == "help":
                continue  # ArgumentParser's own `help SUBCOMMAND`.
            expected = ROOT_OPTIONS if not path else COMMANDS.get(path[-1])
            if expected is None:
                fail(f"subcommand {' '.join(path)} is not listed in {__file__}")
            extra = set(names) - set(expected) - {"--help", "--version"}
            if extra:
                fail(f"{' '.join(path) or 'flowshell'} has options not listed in {__file__}: {sorted(extra)}")

        files = {
            "man page": os.path.join(prefix, "share", "man", "man1", "flowshell.1"),
            "bash completion": os.path.join(prefix, "share", "bash-completion", "completions", "flowshell"),
            "zsh completion": os.path.join(prefix, "share", "zsh", "site-functions", "_flowshell"),
            "fish completion": os.path.join(prefix, "share", "fish", "vendor_completions.d", "flowshell.fish"),
        }
        words = set(COMMANDS) | {o for options in COMMANDS.values() for o in options} | set(ROOT_OPTIONS)
        for what, path in files.items():
            if not os.path.isfile(path):
                fail(f"no {what} at {path}")
            with open(path, encoding="utf-8") as file:
                text = file.read()
            # The man page writes an option as `Fl -config` (mdoc), the scripts as `--config`
            # or (fish) `-l 'config'`.
            missing = sorted(w for w in words
                             if w not in text and w.replace("--", "Fl -", 1) not in text
                             and "-l '" + w[2:] + "'" not in text)
            if missing:
                fail(f"the {what} does not name {missing}")
        check_man_page(files["man page"])
        print(f"make install: a stripped flowshell that runs (and flowshell-serve beside it), its man page and 3 completion scripts naming "
              f"{len(COMMANDS)} subcommands and {len(words) - len(COMMANDS)} options")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
