#!/usr/bin/env bash
# Makes sure the system packages FlowShell builds against are installed: libedit-dev (the
# line editor's headers) and libsqlite3-dev (SQLite, under GRDB). Installs them with apt-get when missing and this user may;
# otherwise prints the one command to run.
set -euo pipefail

packages=(libedit-dev libsqlite3-dev)
missing=()
for package in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
    echo "FlowShell needs the libedit and SQLite headers (Debian/Ubuntu: libedit-dev libsqlite3-dev); install them with your package manager." >&2
    exit 1
fi

if [ "$(id -u)" -eq 0 ]; then
    run=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    run=(sudo)
else
    echo "FlowShell needs ${missing[*]}. Install it with:" >&2
    echo "    sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    exit 1
fi

echo "Installing ${missing[*]} (needed to build FlowShell)…" >&2
"${run[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${run[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
