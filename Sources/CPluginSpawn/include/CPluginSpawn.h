#ifndef C_PLUGIN_SPAWN_H
#define C_PLUGIN_SPAWN_H

#include <sys/types.h>

/// Starts `argv[0]` (searched in PATH when `search_path` is non-zero and it has no '/') with
/// `argv`, in the folder `directory`, with `input`, `output` and `error` as its standard
/// descriptors and no other, in a session of its own (no controlling terminal; its own process group, whose
/// id is its pid, so the terminal's Ctrl-C reaches the shell only), with default signal
/// dispositions and no blocked signals. Returns 0 and sets `pid`, or an errno value.
int flowshell_plugin_spawn(const char *path, char *const argv[], const char *directory,
                           int input, int output, int error, int search_path, pid_t *pid);

/// Makes a pipe whose two descriptors close on exec (the child gets only what is dup'ed to
/// its standard descriptors). Returns 0, or an errno value.
int flowshell_plugin_pipe(int descriptors[2]);

/// A descriptor that becomes readable when the process `pid` (a child) ends, whatever its
/// descendants do (a pidfd); -1 where there is none (not Linux, or a kernel before 5.3).
int flowshell_plugin_exit_watch(pid_t pid);

/// How many bytes can be read from the pipe `descriptor` without waiting.
int flowshell_plugin_pending_bytes(int descriptor);

#endif
