"""Driving `flowshell serve --ssh` with Debian's OpenSSH client, for its tests and its benchmark:
starting the server in a scratch home with keys made by ssh-keygen, the `ssh` command line for a
key, and a session through a pseudo-terminal (pexpect) at 80×24.
"""
import os
import re
import subprocess

# A liveness bound only: nothing here waits on the clock for a result.
DEADLINE = 120
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Za-z0-9]|\x1b[=>]|\r")


def plain(text):
    """`text` without escape sequences and carriage returns."""
    return ANSI.sub("", text)


def make_key(folder, name, kind="ed25519", comment=None):
    """A key pair made by ssh-keygen in `folder`; returns the private key's path."""
    path = os.path.join(folder, name)
    subprocess.run(["ssh-keygen", "-q", "-t", kind, "-N", "", "-C", comment or name, "-f", path], check=True)
    return path


def public_line(key):
    with open(key + ".pub") as file:
        return file.read().strip()


class Server:
    """`flowshell-serve --ssh --ssh-port 0` in a scratch home, its port read from what it prints;
    with `keeps_places`, a login goes on where its user's last session was (the server's default)."""

    def __init__(self, binary, home, authorized_keys, extra=(), config=None, environment=None, preexec_fn=None,
                 keeps_places=False):
        env = dict(os.environ, HOME=home, XDG_DATA_HOME=f"{home}/data", XDG_STATE_HOME=f"{home}/state",
                   XDG_CONFIG_HOME=f"{home}/config", LANG="C.UTF-8")
        env.pop("FLOWSHELL_ALLOW_PLUGINS", None)
        env.update(environment or {})
        command = [binary] if isinstance(binary, str) else list(binary)
        # Each login starts at the root unless the check is of where a user's last session was:
        # the checks log in again and again, each expecting the car list.
        arguments = ["--ssh", "--ssh-port", "0", "--authorized-keys", authorized_keys, *(["--config", config] if config else []),
                     *([] if keeps_places else ["--ssh-start-at-root"]), *extra]
        self.process = subprocess.Popen([*command, *arguments], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        text=True, env=env, cwd=home, preexec_fn=preexec_fn)
        self.printed = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                rest = self.process.stderr.read() if self.process.poll() is not None else ""
                raise RuntimeError(f"the server printed no port: {self.printed!r} {rest!r}")
            self.printed.append(line.rstrip("\n"))
            match = re.search(r"over SSH at (\S+) port (\d+)", line)
            if match:
                self.host, self.port = match.group(1), int(match.group(2))
                break
        self.home = home

    def ssh(self, key, *extra, user="someone", log_level="ERROR"):
        """The ssh command line that logs in with `key` (None: no key of its own)."""
        known_hosts = os.path.join(self.home, "known_hosts")
        command = ["ssh", "-F", "/dev/null", "-p", str(self.port), "-o", "StrictHostKeyChecking=accept-new",
                   "-o", f"UserKnownHostsFile={known_hosts}", "-o", "IdentitiesOnly=yes", "-o", f"LogLevel={log_level}",
                   "-o", "ConnectTimeout=60"]
        if key:
            command += ["-i", key]
        return command + list(extra) + [f"{user}@{self.host}"]

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=DEADLINE)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def alive(self):
        return self.process.poll() is None


def session(server, key, rows=24, columns=80, term="xterm", command=()):
    """`ssh` with `key` on a new pseudo-terminal of `rows` × `columns` (pexpect), logged in."""
    import pexpect
    argv = server.ssh(key) + list(command)
    env = dict(os.environ, TERM=term, LANG="C.UTF-8")
    child = pexpect.spawn(argv[0], argv[1:], dimensions=(rows, columns), env=env, encoding="utf-8", timeout=DEADLINE)
    return child
