// Starting a program on a pseudo-terminal for the end-to-end tests: the calls Swift cannot
// import from glibc without _GNU_SOURCE (posix_openpt, POSIX_SPAWN_SETSID) or cannot call
// (the variadic ioctl).
#ifndef CPSEUDOTERMINAL_H
#define CPSEUDOTERMINAL_H

#include <sys/types.h>

/// Opens a pseudo-terminal of rows × columns and starts path on it in a new session, in
/// directory, with argv and envp (NULL-terminated). Returns the child's pid and stores the
/// master side in *master, or returns -1 with errno set.
pid_t fs_spawn_on_pseudo_terminal(int *master, int rows, int columns, const char *path,
                                  char *const argv[], char *const envp[], const char *directory);

#endif
