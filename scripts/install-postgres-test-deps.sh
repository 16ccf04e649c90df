#!/usr/bin/env bash
# Makes sure PostgreSQL's server programs are installed (Debian's postgresql): the tests of the
# shared store (`serve --database`) make a cluster of their own in a scratch folder with them, and
# the multi-server checks (scripts/tests/test_database.py) run several `serve` nodes on it.
# Installs it when missing and this user may; otherwise prints the one command to run.
set -uo pipefail

ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 && exit 0
source "$(dirname "$0")/apt-install.sh"
apt_install "the shared store's tests" "they start PostgreSQL servers of their own" postgresql
