/*
 * measure ARGV...: runs one program, stdin inherited, stdout to /dev/null, stderr inherited,
 * and prints on its own stdout "WALL_NS CPU_US MAXRSS_KB STATUS" — the program's wall time, its
 * user + system CPU time, its peak resident set size and its exit status (128 + N on signal N).
 *
 * `make bench` (scripts/bench.py) starts every measured program through this launcher rather
 * than from Python: Linux carries a process's peak RSS across fork and exec, so a child of the
 * benchmark's Python process (tens of MB) would report at least that much. Forked from this
 * small launcher, the floor is well under a megabyte.
 */
#include <fcntl.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: measure PROGRAM [ARGUMENT...]\n");
        return 2;
    }
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    pid_t pid = fork();
    if (pid < 0) {
        perror("measure: fork");
        return 2;
    }
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);
        if (null < 0 || dup2(null, STDOUT_FILENO) < 0) {
            perror("measure: /dev/null");
            _exit(127);
        }
        close(null);
        execv(argv[1], argv + 1);
        perror("measure: exec");
        _exit(127);
    }
    int status = 0;
    struct rusage usage;
    if (wait4(pid, &status, 0, &usage) < 0) {
        perror("measure: wait4");
        return 2;
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    long long wall = (long long)(end.tv_sec - start.tv_sec) * 1000000000LL + (end.tv_nsec - start.tv_nsec);
    long long cpu = (long long)(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000000LL
        + usage.ru_utime.tv_usec + usage.ru_stime.tv_usec;
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    printf("%lld %lld %ld %d\n", wall, cpu, usage.ru_maxrss, code);
    return 0;
}
