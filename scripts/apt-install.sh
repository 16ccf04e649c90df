# Sourced by the install-*deps.sh scripts: what they share to install Debian packages.
#
# apt_install WHO WHY PACKAGE...: installs the packages with apt-get, as root or through sudo
# that asks no password, saying why in one line. When it cannot, it says so in one line that
# begins with WHO (what needs them) and tells what to do, and returns 1.
apt_install() {
    local who=$1 why=$2
    shift 2
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "$who: $* not installed, and no apt-get here; install them with your package manager" >&2
        return 1
    fi
    local run=()
    if [ "$(id -u)" -ne 0 ]; then
        if ! { command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; }; then
            echo "$who: $* not installed; run: sudo apt-get update && sudo apt-get install -y $*" >&2
            return 1
        fi
        run=(sudo)
    fi
    echo "Installing $* ($why)…" >&2
    if ! { "${run[@]}" apt-get update -qq && DEBIAN_FRONTEND=noninteractive "${run[@]}" apt-get install -y -qq "$@" >/dev/null; }; then
        echo "$who: installing $* failed" >&2
        return 1
    fi
}
