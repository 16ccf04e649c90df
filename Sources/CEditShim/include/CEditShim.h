// A fixed-signature C layer over libedit for Swift, which cannot call the variadic el_set,
// el_get and history, nor touch the C globals stdin, stdout and stderr under Swift 6.
#ifndef CEDITSHIM_H
#define CEDITSHIM_H

#include <stddef.h>

/// What a completion request yields: text to insert at the cursor and a listing of the
/// candidates to print above the prompt. Either may be NULL; both are malloc'd and freed by C.
typedef struct {
    char *insert;
    char *listing;
    int delete_count;
} fs_completion;

/// Called on Tab with the line's text before the cursor and the context given at creation.
typedef fs_completion (*fs_completer)(void *context, const char *before_cursor);

typedef struct fs_editor fs_editor;

/// Creates an emacs-mode line editor on the process's stdin/stdout/stderr, with a history
/// of at most history_size entries and Tab bound to the completer.
fs_editor *fs_editor_create(const char *program, int history_size, fs_completer completer, void *context);
/// Creates the same editor on a terminal of its own — the slave side of a pseudo-terminal a
/// server made for one session — reading keys from input_fd and writing to output_fd (both
/// stay the caller's, to close after fs_editor_destroy), with the terminal type its client
/// named ("dumb" when terminfo does not know it). The process's signals, job control and
/// ~/.editrc are not its: Ctrl-C and Ctrl-\ arrive as bytes and interrupt the read, a window
/// size comes through fs_editor_resized, and the read ends when the terminal's other side closes.
/// Several such editors may read at once, each on its own thread.
fs_editor *fs_editor_create_on(const char *program, int history_size, fs_completer completer, void *context,
                               int input_fd, int output_fd, const char *terminal_type);
void fs_editor_destroy(fs_editor *editor);

/// Tells an editor made by fs_editor_create_on that its terminal's window size changed (set on
/// the terminal already): the line being read is fitted to it at once, or the next read is.
void fs_editor_resized(fs_editor *editor);

/// Whether a line is being read now (the terminal is in the editor's mode); callable from any
/// thread, and never waits.
int fs_editor_is_reading(fs_editor *editor);

/// How many colours a terminal of `terminal_type` shows, as terminfo says (-1: none, or a type
/// terminfo does not know).
int fs_terminal_colours(const char *terminal_type);

/// Bounds the line being read to `characters` (0: no bound): a character typed or pasted
/// once the line holds one more than that is dropped unseen, so that the line stays too long by
/// one and its reader can refuse it, while a paste of megabytes costs no more than that.
/// Editing keys (Enter, Backspace, Ctrl-C, escape sequences) still work.
void fs_editor_set_longest_line(fs_editor *editor, int characters);

/// Sets the prompt. Invisible sequences (colours) are enclosed in '\1' characters.
void fs_editor_set_prompt(fs_editor *editor, const char *prompt);

/// Reads a line. Returns 1 with *line set (valid until the next call, trailing newline kept),
/// 0 at end of input or once the process is asked to end (SIGTERM, SIGHUP), -1 when
/// interrupted by Ctrl-C or Ctrl-\. The terminal is back in its normal mode on return.
int fs_editor_read(fs_editor *editor, const char **line);

/// Shows `text` (may be NULL) on the editor's output, or its error output when `to_error`, and,
/// when `prompt` is not NULL, makes it the prompt; callable from any thread. While a line is read (on another
/// thread), the text goes above the prompt and the half-typed line, which are drawn again
/// below it with the cursor where it was; otherwise it is written at once.
void fs_editor_show(fs_editor *editor, const char *text, int to_error, const char *prompt);

/// Shows a screen — `text`, each of its rows ended by "\n" — on the editor's output as
/// fs_editor_show does, but drawn over the screen shown last when that is still the last thing
/// written (no other line of text, no line entered, no resize since; a progress line without a
/// newline below it does not count) and fitted the window with the prompt: a screen that
/// changes by itself, or a command's progress, is redrawn in place rather than printed again.
void fs_editor_show_screen(fs_editor *editor, const char *text);

int fs_history_add(fs_editor *editor, const char *line);
/// Loads a history file; returns the number of entries, or -1.
int fs_history_load(fs_editor *editor, const char *path);
/// Saves the history to a file; returns the number of entries, or -1.
int fs_history_save(fs_editor *editor, const char *path);
/// The history's lines, oldest first, each ended by "\n", in a string the caller frees; NULL
/// when memory runs out.
char *fs_history_text(fs_editor *editor);

/// Installs the handlers of SIGINT and SIGQUIT, so that Ctrl-C and Ctrl-\ interrupt a read
/// (the line is abandoned) instead of ending the process, and of SIGTERM and SIGHUP, so that
/// the process ends through its normal path: a read returns as at the end of input. Each
/// handler records that its signal arrived and wakes the reader. Returns 0, or -1 with errno.
int fs_install_interrupt_handler(void);
/// Whether SIGINT or SIGQUIT arrived since the last fs_take_interrupt, without a system call.
int fs_interrupt_pending(void);
/// Whether Ctrl-C (or Ctrl-\) arrived since the last call, which clears the record; always
/// true once SIGTERM or SIGHUP arrived, so that a running command is cancelled.
int fs_take_interrupt(void);
/// The read end of the pipe Ctrl-C writes to (-1 before the handler is installed), for a
/// watcher that cancels a running command.
int fs_interrupt_descriptor(void);
/// The signal (SIGTERM or SIGHUP) that asked the process to end, or 0.
int fs_termination_signal(void);

/// Ignores SIGPIPE, so writing to a closed pipe fails with EPIPE instead of killing the process.
void fs_ignore_broken_pipe(void);

/// The width in columns of the terminal on fd, or 0 when fd is not a terminal.
int fs_terminal_width(int fd);
/// The rows of the terminal on `fd`, or 0 when it is not a terminal.
int fs_terminal_height(int fd);

/// The columns a Unicode scalar takes on a terminal (wcwidth): 2 for wide East Asian
/// characters, 0 for combining marks, -1 when not printable.
int fs_scalar_width(unsigned int scalar);

/// Sets LC_CTYPE from the environment, without which libedit drops non-ASCII input.
void fs_use_environment_locale(void);

/// Hands `fd` to a child process (`/bin/sh` waiting to read the end of a pipe this process
/// holds) that closes it once this process has ended, and holds nothing else of this one's.
/// The last close of an inotify descriptor that holds watches waits for the kernel to retire
/// them (tens of milliseconds), at exit too; the child pays that wait, and nothing waits for
/// the child. Returns the child's process id, or -1 with errno.
int fs_close_after_exit(int fd);

/// Runs `command` with `/bin/sh -c` in a process group of its own that owns the terminal on
/// `terminal_fd` while it runs (a pager reads keys from the terminal, which only the
/// foreground group may), with the `length` bytes of `text` on its standard input; then takes
/// the terminal back for this process's group and restores the terminal's modes, whether the
/// command quit, was interrupted, stopped or died. Returns its exit status (128 + the signal
/// that ended it), or -1 when it could not be started or this process is not in the
/// terminal's foreground.
int fs_run_in_foreground(const char *command, const char *text, size_t length, int terminal_fd);

/// Opens a pseudo-terminal pair of rows × columns for a server's session: *master is the
/// server's side, *slave the session's terminal (neither becomes this process's controlling
/// terminal; both close on exec). Signals, the line discipline's editing and its echo are off on
/// it: nothing there takes signals, so Ctrl-C and Ctrl-\ stay bytes for the line editor, which
/// edits and shows what is typed. Returns 0, or -1 with errno.
int fs_open_pseudo_terminal(int *master, int *slave, int rows, int columns);

/// Sets the window size of the pseudo-terminal whose server side is `master`; 0, or -1 with errno.
int fs_resize_pseudo_terminal(int master, int rows, int columns);

#endif
