#define _GNU_SOURCE
#include "CEditShim.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

int fs_open_pseudo_terminal(int *master, int *slave, int rows, int columns) {
    int outer = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (outer < 0) return -1;
    char name[128];
    int inner = -1;
    if (grantpt(outer) == 0 && unlockpt(outer) == 0 && ptsname_r(outer, name, sizeof name) == 0) {
        // O_NOCTTY: a server has no terminal of its own, and must not take a session's as one.
        inner = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC);
    }
    if (inner < 0) {
        int saved = errno;
        close(outer);
        errno = saved;
        return -1;
    }
    struct winsize size = { .ws_row = (unsigned short)rows, .ws_col = (unsigned short)columns };
    ioctl(outer, TIOCSWINSZ, &size);
    struct termios modes;
    if (tcgetattr(inner, &modes) == 0) {
        // No process group on this terminal takes signals: Ctrl-C and Ctrl-\ stay bytes (the
        // line discipline would otherwise swallow them, and what was typed ahead with them).
        // Nor does the line discipline edit or echo what is typed: the line editor does, when it
        // reads it (typed before the first prompt, it shows there).
        modes.c_lflag &= ~(tcflag_t)(ISIG | ICANON | ECHO | IEXTEN);
        modes.c_cc[VMIN] = 1;
        modes.c_cc[VTIME] = 0;
#ifdef IUTF8
        modes.c_iflag |= IUTF8;
#endif
        tcsetattr(inner, TCSANOW, &modes);
    }
    *master = outer;
    *slave = inner;
    return 0;
}

int fs_resize_pseudo_terminal(int master, int rows, int columns) {
    struct winsize size = { .ws_row = (unsigned short)rows, .ws_col = (unsigned short)columns };
    return ioctl(master, TIOCSWINSZ, &size);
}
