"""What the end-to-end checks share: where the binaries under test are (the debug build `make
test` made, or `--build-dir`), the repository, and the servers they start (each in a scratch
home of its own, stopped when its test ends)."""
import pathlib

import pytest
from webclient import Server

REPOSITORY = pathlib.Path(__file__).resolve().parents[2]


def pytest_addoption(parser):
    parser.addoption("--build-dir", default=str(REPOSITORY / ".build" / "debug"),
                     help="the folder of the binaries under test (default: make test's debug build)")
    parser.addoption("--screenshots", default=str(REPOSITORY / ".build" / "web-screenshots"),
                     help="where the browser checks photograph each sample screen ('' for nowhere)")


@pytest.fixture(scope="session")
def repository():
    return REPOSITORY


@pytest.fixture(scope="session")
def build(request):
    """The folder of flowshell and flowshell-serve."""
    folder = pathlib.Path(request.config.getoption("--build-dir")).resolve()
    if not (folder / "flowshell").exists():
        pytest.fail(f"no flowshell in {folder}: build it first (swift build --product flowshell)")
    return folder


@pytest.fixture
def home(tmp_path):
    """A scratch home for the servers and terminals of one test (its data and state folders)."""
    return str(tmp_path)


@pytest.fixture
def serve(build, home):
    """Starts `flowshell-serve` (options as Server takes them) in the test's home unless given
    another; every server started is stopped when the test ends."""
    servers = []

    def start(binary=None, home_folder=None, **options):
        server = Server(binary or build / "flowshell-serve", home_folder or home, **options)
        servers.append(server)
        return server

    yield start
    for server in servers:
        if server.alive():
            server.stop()
