#!/usr/bin/env bash
# Makes sure what the browser tests (scripts/tests/test_web.py) drive is installed: Debian's headless
# Chromium and its WebDriver (chromium, chromium-driver) and Selenium from PyPI, with pytest and
# websockets (scripts/install-python-test-deps.sh), which run the tests. Installs what is
# missing when this user may; otherwise says so in one line, and the browser tests are skipped
# with a line saying why (the WebSocket tests still run).
set -uo pipefail

"$(dirname "$0")/install-python-test-deps.sh"

missing=()
for package in chromium chromium-driver; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done

if [ ${#missing[@]} -gt 0 ]; then
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "browser tests: ${missing[*]} not installed and no apt-get here; install Chromium and chromedriver to run them" >&2
    elif [ "$(id -u)" -eq 0 ] || { command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; }; then
        run=()
        [ "$(id -u)" -eq 0 ] || run=(sudo)
        echo "Installing ${missing[*]} (the browser tests' headless Chromium)…" >&2
        "${run[@]}" apt-get update -qq \
            && DEBIAN_FRONTEND=noninteractive "${run[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null \
            || echo "browser tests: installing ${missing[*]} failed" >&2
    else
        echo "browser tests: ${missing[*]} not installed; run: sudo apt-get install -y ${missing[*]}" >&2
    fi
fi

if ! python3 -c "import selenium" 2>/dev/null; then
    echo "Installing selenium (drives the browser tests)…" >&2
    python3 -m pip install --quiet selenium >/dev/null 2>&1 || true
fi
# Debian's own Python refuses pip (PEP 668, "externally managed"): its python3-selenium then.
if ! python3 -c "import selenium" 2>/dev/null && command -v apt-get >/dev/null 2>&1 \
    && { [ "$(id -u)" -eq 0 ] || { command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; }; }; then
    run=()
    [ "$(id -u)" -eq 0 ] || run=(sudo)
    DEBIAN_FRONTEND=noninteractive "${run[@]}" apt-get install -y -qq python3-selenium >/dev/null 2>&1 || true
fi
python3 -c "import selenium" 2>/dev/null || echo "browser tests: selenium could not be installed; run: python3 -m pip install selenium" >&2
exit 0
