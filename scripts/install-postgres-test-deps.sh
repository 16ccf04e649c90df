#!/usr/bin/env bash
# Makes sure PostgreSQL's server programs are installed (Debian's postgresql): the tests of the
# shared store (`serve --database`) make a cluster of their own in a scratch folder with them, and
# the multi-server checks (scripts/tests/test_database.py) run several `serve` nodes on it.
# Installs it when missing and this user may; otherwise prints the one command to run.
set -uo pipefail

ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 && exit 0
source "$(dirname "$0")/apt-install.sh"
status=0
apt_install "the shared store's tests start servers of their own" postgresql || status=$?
case $status in
    0) ;;
    2) echo "The shared store's tests need PostgreSQL's server; install it with your package manager." >&2 ;;
    3)
        echo "The shared store's tests need PostgreSQL's server. Install it with:" >&2
        echo "    sudo apt-get update && sudo apt-get install -y postgresql" >&2
        ;;
esac
exit $((status == 0 ? 0 : 1))
