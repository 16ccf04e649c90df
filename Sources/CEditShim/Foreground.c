#define _GNU_SOURCE
#include "CEditShim.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

extern char **environ;

// The text goes to the command's standard input from a thread of its own: the command may
// stop reading (a pager waits for a key between pages), and the shell must still wait for it.
struct fs_feed {
    int fd;
    char *text;
    size_t length;
};

static void *fs_feed_thread(void *argument) {
    struct fs_feed *feed = argument;
    size_t written = 0;
    while (written < feed->length) {
        ssize_t count = write(feed->fd, feed->text + written, feed->length - written);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) break; // the command quit early (EPIPE): the rest is not wanted
        written += (size_t)count;
    }
    close(feed->fd);
    free(feed->text);
    free(feed);
    return NULL;
}

static int fs_start_feed(int fd, const char *text, size_t length) {
    struct fs_feed *feed = malloc(sizeof *feed);
    if (!feed) return -1;
    feed->fd = fd;
    feed->length = length;
    feed->text = malloc(length > 0 ? length : 1);
    if (!feed->text) {
        free(feed);
        return -1;
    }
    memcpy(feed->text, text, length);
    // The thread takes no signals: they are the shell's signal thread's to take.
    sigset_t all, previous;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &previous);
    pthread_t thread;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    int status = pthread_create(&thread, &attributes, fs_feed_thread, feed);
    pthread_attr_destroy(&attributes);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    if (status != 0) {
        free(feed->text);
        free(feed);
        return -1;
    }
    return 0;
}

int fs_run_in_foreground(const char *command, const char *text, size_t length, int terminal_fd) {
    if (tcgetpgrp(terminal_fd) != getpgrp()) return -1;
    struct termios modes;
    int has_modes = tcgetattr(terminal_fd, &modes) == 0;
    int input[2];
    if (pipe(input) != 0) return -1;
    fcntl(input[0], F_SETFD, FD_CLOEXEC);
    fcntl(input[1], F_SETFD, FD_CLOEXEC);

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, input[0], STDIN_FILENO);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    // A group of its own, with the signals a pager expects as they are by default and none
    // blocked: the shell catches Ctrl-C and ignores SIGPIPE, which a child would inherit.
    sigset_t none, defaults;
    sigemptyset(&none);
    sigemptyset(&defaults);
    int reset[] = { SIGINT, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU, SIGPIPE, SIGCHLD, SIGTERM, SIGHUP, SIGWINCH, SIGCONT };
    for (size_t i = 0; i < sizeof reset / sizeof reset[0]; i++) sigaddset(&defaults, reset[i]);
    posix_spawnattr_setpgroup(&attributes, 0);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    char *argv[] = { "sh", "-c", (char *)command, NULL };
    pid_t pid = -1;
    int spawned = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    close(input[0]);
    if (spawned != 0) {
        close(input[1]);
        return -1;
    }

    // Taking back the terminal from a background group raises SIGTTOU unless it is ignored.
    struct sigaction ignore, previous_ttou;
    memset(&ignore, 0, sizeof ignore);
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    sigaction(SIGTTOU, &ignore, &previous_ttou);
    // Both sides set the group, so that whichever runs first, the terminal goes to it.
    setpgid(pid, pid);
    tcsetpgrp(terminal_fd, pid);
    if (fs_start_feed(input[1], text, length) != 0) close(input[1]);

    int status = 0;
    int stops = 0;
    for (;;) {
        pid_t waited = waitpid(pid, &status, WUNTRACED);
        if (waited < 0) {
            if (errno == EINTR) continue;
            status = -1;
            break;
        }
        if (WIFSTOPPED(status)) {
            // Stopped before it had the terminal (it read first), or by Ctrl-Z: the pager owns
            // the terminal until it quits, so it goes on; one that keeps stopping is ended.
            if (++stops > 8) {
                kill(-pid, SIGKILL);
            } else {
                tcsetpgrp(terminal_fd, pid);
                kill(-pid, SIGCONT);
            }
            continue;
        }
        break;
    }
    tcsetpgrp(terminal_fd, getpgrp());
    if (has_modes) tcsetattr(terminal_fd, TCSADRAIN, &modes);
    sigaction(SIGTTOU, &previous_ttou, NULL);
    if (status == -1) return -1;
    if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
    return WEXITSTATUS(status);
}
