#!/usr/bin/env bash
# Makes sure the Python tools of the end-to-end checks are installed: pytest, which runs them
# (scripts/tests/), websockets, the WebSocket client they and the benchmark talk to
# `flowshell serve` through, mcp, the MCP client they talk to `flowshell mcp` through, and ruff,
# which lints scripts/. Installs what is missing with pip
# (for this user when the system's Python is "externally managed"); otherwise says in one line
# what to run. FlowShell itself needs no Python.
set -uo pipefail

missing=()
python3 -c "import pytest" 2>/dev/null || missing+=(pytest)
# websockets 15 or later: its sync client takes `proxy`, which the checks set (to none).
python3 -c "import sys, websockets.sync.client; sys.exit(int(websockets.__version__.split('.')[0]) < 15)" 2>/dev/null \
    || missing+=("websockets>=15")
# mcp 2.3.0: the client that speaks both revisions the server answers (2025-11-25, 2026-07-28).
python3 -c "import importlib.metadata, sys; sys.exit(importlib.metadata.version('mcp') != '2.3.0')" 2>/dev/null \
    || missing+=("mcp==2.3.0")
python3 -m ruff --version >/dev/null 2>&1 || missing+=(ruff)
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing ${missing[*]} (the Python checks' tools)…" >&2
python3 -m pip install --quiet --upgrade "${missing[@]}" >/dev/null 2>&1 \
    || python3 -m pip install --quiet --user --break-system-packages --upgrade "${missing[@]}" >/dev/null 2>&1 \
    || echo "Python checks: pip install ${missing[*]} failed; run: python3 -m pip install ${missing[*]}" >&2
exit 0
