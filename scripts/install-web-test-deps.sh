#!/usr/bin/env bash
# Makes sure what the browser tests (scripts/tests/test_web.py) drive is installed: Debian's headless
# Chromium and its WebDriver (chromium, chromium-driver) and Selenium from PyPI, with pytest and
# websockets (scripts/install-python-test-deps.sh), which run the tests. Installs what is
# missing when this user may; otherwise says so in one line, and the browser tests are skipped
# with a line saying why (the WebSocket tests still run).
set -uo pipefail

"$(dirname "$0")/install-python-test-deps.sh"
source "$(dirname "$0")/apt-install.sh"

missing=()
for package in chromium chromium-driver; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done

if [ ${#missing[@]} -gt 0 ]; then
    apt_install "browser tests" "the browser tests' headless Chromium" "${missing[@]}"
fi

if ! python3 -c "import selenium" 2>/dev/null; then
    echo "Installing selenium (drives the browser tests)…" >&2
    python3 -m pip install --quiet selenium >/dev/null 2>&1 || true
fi
# Debian's own Python refuses pip (PEP 668, "externally managed"): its python3-selenium then.
python3 -c "import selenium" 2>/dev/null || apt_install "browser tests" "drives the browser tests" python3-selenium 2>/dev/null || true
python3 -c "import selenium" 2>/dev/null || echo "browser tests: selenium could not be installed; run: python3 -m pip install selenium" >&2
exit 0
