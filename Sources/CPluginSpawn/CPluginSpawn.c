#define _GNU_SOURCE
#include "CPluginSpawn.h"

#include <signal.h>
#include <spawn.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/syscall.h>
#endif

extern char **environ;

int flowshell_plugin_spawn(const char *path, char *const argv[], const char *directory,
                           int input, int output, int error, int search_path, pid_t *pid) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    int status = posix_spawn_file_actions_init(&actions);
    if (status != 0) return status;
    status = posix_spawnattr_init(&attributes);
    if (status != 0) {
        posix_spawn_file_actions_destroy(&actions);
        return status;
    }
    posix_spawn_file_actions_adddup2(&actions, input, STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, output, STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, error, STDERR_FILENO);
#if defined(__linux__)
    if (directory != NULL) posix_spawn_file_actions_addchdir_np(&actions, directory);
#endif
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    // Nothing but its three standard descriptors: a descriptor the shell inherited without
    // close-on-exec (a pipe of whoever started it) would otherwise be held open by the
    // plugin and everything it starts, long after the shell has gone.
    posix_spawn_file_actions_addclosefrom_np(&actions, 3);
#endif
    sigset_t defaults;
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE);
    sigaddset(&defaults, SIGINT);
    sigaddset(&defaults, SIGQUIT);
    sigaddset(&defaults, SIGTERM);
    sigaddset(&defaults, SIGHUP);
    sigset_t none;
    sigemptyset(&none);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    posix_spawnattr_setsigmask(&attributes, &none);
#if defined(POSIX_SPAWN_SETSID)
    // A session of its own: no controlling terminal (no /dev/tty, no TIOCSTI, no taking the
    // terminal's foreground), and a process group of its own, whose id is its pid.
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSID);
#else
    posix_spawnattr_setpgroup(&attributes, 0);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP);
#endif
    if (search_path) {
        status = posix_spawnp(pid, path, &actions, &attributes, argv, environ);
    } else {
        status = posix_spawn(pid, path, &actions, &attributes, argv, environ);
    }
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    return status;
}

int flowshell_plugin_pipe(int descriptors[2]) {
#if defined(__linux__)
    return pipe2(descriptors, O_CLOEXEC) == 0 ? 0 : errno;
#else
    if (pipe(descriptors) != 0) return errno;
    fcntl(descriptors[0], F_SETFD, FD_CLOEXEC);
    fcntl(descriptors[1], F_SETFD, FD_CLOEXEC);
    return 0;
#endif
}

int flowshell_plugin_exit_watch(pid_t pid) {
#if defined(__linux__)
#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif
    int descriptor = (int)syscall(SYS_pidfd_open, pid, 0);
    if (descriptor >= 0) fcntl(descriptor, F_SETFD, FD_CLOEXEC);
    return descriptor;
#else
    (void)pid;
    errno = ENOSYS;
    return -1;
#endif
}

int flowshell_plugin_pending_bytes(int descriptor) {
    int count = 0;
    if (ioctl(descriptor, FIONREAD, &count) != 0) return 0;
    return count;
}
