#define _GNU_SOURCE
#include "CEditShim.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

// Closes every descriptor but `keep_a` and `keep_b`, with close_range where the kernel has it.
static void fs_close_all_but(int keep_a, int keep_b) {
    int low = keep_a < keep_b ? keep_a : keep_b;
    int high = keep_a < keep_b ? keep_b : keep_a;
    struct rlimit limit;
    int last = getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY && limit.rlim_cur < 65536
        ? (int)limit.rlim_cur - 1 : 65535;
    int ranges[3][2] = {{0, low - 1}, {low + 1, high - 1}, {high + 1, last}};
    for (int index = 0; index < 3; index++) {
        int first = ranges[index][0], end = ranges[index][1];
        if (first > end) continue;
#ifdef SYS_close_range
        if (syscall(SYS_close_range, (unsigned)first, index == 2 ? ~0U : (unsigned)end, 0) == 0) continue;
#endif
        for (int fd = first; fd <= end; fd++) close(fd);
    }
}

int fs_close_after_exit(int fd) {
    int death[2];
    if (pipe2(death, O_CLOEXEC) != 0) return -1;
    pid_t child = fork();
    if (child < 0) {
        int saved = errno;
        close(death[0]);
        close(death[1]);
        errno = saved;
        return -1;
    }
    if (child == 0) {
        // Only async-signal-safe calls from here: the parent has other threads.
        signal(SIGINT, SIG_IGN);
        signal(SIGQUIT, SIG_IGN);
        signal(SIGHUP, SIG_IGN);
        signal(SIGTERM, SIG_DFL);
        fs_close_all_but(fd, death[0]);
        char byte;
        // The parent never writes: the read ends when its last copy of the pipe closes.
        while (read(death[0], &byte, 1) < 0 && errno == EINTR) {}
        _exit(0);
    }
    close(death[0]);
    return (int)child;
}
