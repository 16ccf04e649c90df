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

source "$(dirname "$0")/apt-install.sh"
apt_install "FlowShell's build" "needed to build FlowShell" "${missing[@]}"
