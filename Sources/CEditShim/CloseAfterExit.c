#define _GNU_SOURCE
#include "CEditShim.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <unistd.h>

int fs_close_after_exit(int fd) {
    // The parent never writes: the child's read ends when this process's end of it closes.
    int death[2];
    if (pipe2(death, O_CLOEXEC) != 0) return -1;
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attributes);
    posix_spawn_file_actions_adddup2(&actions, death[0], 0);
    posix_spawn_file_actions_adddup2(&actions, fd, 3);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    // Nothing else of this process's: a pipe the child held would keep its reader waiting.
    posix_spawn_file_actions_addclosefrom_np(&actions, 4);
#endif
    sigset_t signals;
    sigemptyset(&signals);
    posix_spawnattr_setsigmask(&attributes, &signals);
    sigfillset(&signals);
    posix_spawnattr_setsigdefault(&attributes, &signals);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    // A new program, not a copy of this one: it holds none of this process's memory, whose
    // shared mappings (a database's) would keep their disk from being made read-only.
    char *arguments[] = {"sh", "-c", "read -r _", NULL};
    char *environment[] = {NULL};
    pid_t child;
    int status = posix_spawn(&child, "/bin/sh", &actions, &attributes, arguments, environment);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    close(death[0]);
    if (status != 0) {
        close(death[1]);
        errno = status;
        return -1;
    }
    // death[1] stays open, unseen by anything this process starts (close-on-exec), until it exits.
    return (int)child;
}
