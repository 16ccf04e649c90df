#!/usr/bin/env bash
# Makes sure what the SSH tests (scripts/tests/test_ssh.py) drive is installed: Debian's OpenSSH client
# (ssh, ssh-keygen), pexpect from PyPI, which types at it through a pseudo-terminal, paramiko, and
# pytest (scripts/install-python-test-deps.sh), which runs the tests. Installs
# what is missing when this user may; otherwise says so in one line, and the SSH tests are skipped
# with a line saying why.
set -uo pipefail

"$(dirname "$0")/install-python-test-deps.sh"
source "$(dirname "$0")/apt-install.sh"

if ! command -v ssh >/dev/null 2>&1 || ! command -v ssh-keygen >/dev/null 2>&1; then
    apt_install "SSH tests" "the SSH tests' client" openssh-client
fi

if ! python3 -c "import pexpect" 2>/dev/null; then
    echo "Installing pexpect (types at the SSH tests' client)…" >&2
    python3 -m pip install --quiet pexpect >/dev/null 2>&1 || echo "SSH tests: pip install pexpect failed" >&2
fi
# paramiko opens the channels OpenSSH's client does not (a client-opened agent channel, a channel
# of an unknown type), which the server must refuse without ending the connection.
if ! python3 -c "import paramiko" 2>/dev/null; then
    echo "Installing paramiko (opens the channels ssh does not, for the SSH tests)…" >&2
    python3 -m pip install --quiet paramiko >/dev/null 2>&1 || echo "SSH tests: pip install paramiko failed" >&2
fi
exit 0
