# Sourced by the install-*deps.sh scripts: what they share to install Debian packages.
#
# apt_install WHY PACKAGE...: installs the packages with apt-get, as root or through sudo that
# asks no password, saying why in one line. Returns 0 once installed, 1 when apt-get failed,
# 2 when there is no apt-get here and 3 when this user may not install: each script says what
# that means for it, in its own words.
apt_install() {
    local why=$1
    shift
    command -v apt-get >/dev/null 2>&1 || return 2
    local run=()
    if [ "$(id -u)" -ne 0 ]; then
        { command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; } || return 3
        run=(sudo)
    fi
    echo "Installing $* ($why)…" >&2
    "${run[@]}" apt-get update -qq || return 1
    DEBIAN_FRONTEND=noninteractive "${run[@]}" apt-get install -y -qq "$@" >/dev/null || return 1
}
