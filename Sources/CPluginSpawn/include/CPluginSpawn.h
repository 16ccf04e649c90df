#ifndef C_PLUGIN_SPAWN_H
#define C_PLUGIN_SPAWN_H

#include <sys/types.h>

/// Starts `argv[0]` (searched in PATH when `search_path` is non-zero and it has no '/') with
/// `argv`, in the folder `directory`, with `input`, `output` and `error` as its standard
/// descriptors, in a process group of its own (so the terminal's Ctrl-C reaches the shell
/// only), with default signal dispositions and no blocked signals. Returns 0 and sets `pid`, or
/// an errno value.
int flowshell_plugin_spawn(const char *path, char *const argv[], const char *directory,
                           int input, int output, int error, int search_path, pid_t *pid);

/// Makes a pipe whose two descriptors close on exec (the child gets only what is dup'ed to
/// its standard descriptors). Returns 0, or an errno value.
int flowshell_plugin_pipe(int descriptors[2]);

#endif
