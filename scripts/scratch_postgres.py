"""A PostgreSQL server of a test's own, as the Swift tests' ScratchPostgres makes one: a cluster in a
scratch folder (made as the `postgres` user when the tests run as root, since initdb refuses root),
on a free port of loopback, trusting the local user `flowshell`; stopped and removed by stop()."""
import glob
import os
import shutil
import socket
import subprocess
import tempfile

# A liveness bound only, for pg_ctl's waits.
DEADLINE = 120


def binaries():
    """The folder of the server's programs: FLOWSHELL_POSTGRES_BIN, else Debian's newest; None when
    PostgreSQL's server is not installed."""
    given = os.environ.get("FLOWSHELL_POSTGRES_BIN")
    if given:
        return given
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=lambda path: int(path.split("/")[-3]))
    return os.path.dirname(found[-1]) if found else None


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class ScratchPostgres:
    def __init__(self):
        self.bin = binaries()
        if not self.bin:
            raise RuntimeError("PostgreSQL's server is not installed: scripts/install-postgres-test-deps.sh")
        self.folder = tempfile.mkdtemp(prefix="flowshell-postgres-")
        self.data = os.path.join(self.folder, "data")
        self.port = free_port()
        self.owner = "postgres" if os.geteuid() == 0 else None
        if self.owner:
            shutil.chown(self.folder, user=self.owner)
        self.run("initdb", "-D", self.data, "-U", "flowshell", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C")
        self.start()

    @property
    def address(self):
        return f"postgres://flowshell@127.0.0.1:{self.port}/postgres"

    def run(self, tool, *arguments):
        command = [os.path.join(self.bin, tool), *arguments]
        if self.owner:
            command = ["runuser", "-u", self.owner, "--", *command]
        # Output to a file, not a pipe: the server pg_ctl starts would hold a pipe open for its life.
        with tempfile.TemporaryFile() as said:
            status = subprocess.call(command, stdout=said, stderr=said, timeout=DEADLINE)
            if status != 0:
                said.seek(0)
                raise RuntimeError(f"{tool} failed: {said.read().decode(errors='replace')}")

    def query(self, sql):
        """What `sql` answers, as psql prints it unaligned (one line a row)."""
        return subprocess.run([os.path.join(self.bin, "psql"), "-At", "-h", "127.0.0.1", "-p", str(self.port), "-U", "flowshell",
                               "-d", "postgres", "-c", sql], capture_output=True, text=True, check=True, timeout=DEADLINE).stdout

    def start(self):
        options = f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.folder} -c fsync=off"
        self.run("pg_ctl", "-D", self.data, "-l", os.path.join(self.folder, "log"), "-w", "-t", str(DEADLINE), "-o", options,
                 "start")

    def stop(self):
        try:
            self.run("pg_ctl", "-D", self.data, "-m", "immediate", "-w", "-t", str(DEADLINE), "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)
