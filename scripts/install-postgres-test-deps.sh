#!/usr/bin/env bash
# Makes sure PostgreSQL's server programs are installed (Debian's postgresql): the tests of the
# shared store (`serve --database`) make a cluster of their own in a scratch folder with them, and
# the multi-server checks (scripts/tests/test_database.py) run several `serve` nodes on it.
# Installs it when missing and this user may; otherwise prints the one command to run.
set -uo pipefail

ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
    echo "The shared store's tests need PostgreSQL's server; install it with your package manager." >&2
    exit 1
fi
run=()
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        run=(sudo)
    else
        echo "The shared store's tests need PostgreSQL's server. Install it with:" >&2
        echo "    sudo apt-get update && sudo apt-get install -y postgresql" >&2
        exit 1
    fi
fi
echo "Installing postgresql (the shared store's tests start servers of their own)…" >&2
"${run[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${run[@]}" apt-get install -y -qq postgresql >/dev/null
