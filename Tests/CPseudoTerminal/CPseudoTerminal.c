#define _GNU_SOURCE
#include "CPseudoTerminal.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <unistd.h>

pid_t fs_spawn_on_pseudo_terminal(int *master, int rows, int columns, const char *path,
                                  char *const argv[], char *const envp[], const char *directory) {
    char name[256];
    int fd = posix_openpt(O_RDWR | O_NOCTTY);
    if (fd < 0) return -1;
    if (grantpt(fd) != 0 || unlockpt(fd) != 0 || ptsname_r(fd, name, sizeof name) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    struct winsize size = { .ws_row = (unsigned short)rows, .ws_col = (unsigned short)columns };
    ioctl(fd, TIOCSWINSZ, &size);

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    // Opened after setsid, the terminal becomes the new session's controlling terminal, so
    // Ctrl-C typed on it is delivered as SIGINT.
    posix_spawn_file_actions_addopen(&actions, 0, name, O_RDWR, 0);
    posix_spawn_file_actions_adddup2(&actions, 0, 1);
    posix_spawn_file_actions_adddup2(&actions, 0, 2);
    posix_spawn_file_actions_addclose(&actions, fd);
    posix_spawn_file_actions_addchdir_np(&actions, directory);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSID);

    pid_t pid = -1;
    int status = posix_spawn(&pid, path, &actions, &attributes, argv, envp);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    if (status != 0) {
        close(fd);
        errno = status;
        return -1;
    }
    *master = fd;
    return pid;
}
