// The state of one line editor, shared by the shim's files (not part of its public header).
#ifndef CEDITSHIM_EDITOR_STATE_H
#define CEDITSHIM_EDITOR_STATE_H

#include "CEditShim.h"

#include <histedit.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <wchar.h>

// Text to show above the prompt while a line is read, in the order it was given.
struct fs_update {
    char *text;
    // Whether it goes to the editor's error descriptor rather than its output.
    int to_error;
    // A screen: as many rows as its newlines, replacing the screen shown last when nothing
    // came after it (see screen_rows); 0 for other text.
    int screen_rows;
    struct fs_update *next;
};

// A reverse incremental search (Ctrl-R) as bash and fish show it: the prompt reads
// "(reverse-i-search)`sel': " and the line is the latest of the history that contains what was
// typed, the cursor on the match. Its keys are taken by the reader (fs_read_char) and applied
// by fs_search_step, which libedit calls as a bound key's function, so that libedit redraws the
// prompt and the line as for any edit.
struct fs_search {
    int active;
    // What was typed to search for, in the locale's encoding.
    char pattern[256];
    size_t length;
    // The history when the search began, newest first.
    char **entries;
    int count;
    // The entry shown (an index into entries), or -1: the line as it was before the search.
    int found;
    int failed;
    // The line and its cursor (in bytes) before the search, for Ctrl-G.
    char *original;
    size_t original_cursor;
    char *prompt;
    // What the next step does (FS_SEARCH_*), and a key to hand libedit after the search ends.
    int request;
    int has_pending;
    wchar_t pending;
};

struct fs_editor {
    EditLine *el;
    History *history;
    HistEvent event;
    char *prompt;
    fs_completer completer;
    void *context;
    // The terminal: where keys are read, where output and errors go, and libedit's FILE*s on
    // it. For the process's own terminal these are stdin, stdout and stderr; an editor made
    // with fs_editor_create_on has its own (dups of the descriptors it was given, closed with it).
    int in_fd, out_fd, err_fd;
    FILE *in, *out;
    int owns_files;
    // 1 for an editor on a terminal of its own (fs_editor_create_on): the process's signals,
    // job control and ~/.editrc are not its; Ctrl-C and Ctrl-\ come as bytes from its terminal.
    int on_own_terminal;
    // Wakes the reader to fit the line to a new window size (an editor on its own terminal;
    // the process's terminal is told by SIGWINCH, through the job-control pipe).
    int resize_pipe[2];
    // Shared with other threads (fs_editor_show), under the lock: whether a line is being
    // read, the updates waiting, the prompt to show next, and the pipe that wakes the reader.
    pthread_mutex_t lock;
    int reading;
    // `reading` for other threads that must not wait for the lock (fs_editor_is_reading): its
    // holder may be blocked writing to the terminal, which the asking thread is the one to drain.
    atomic_int reading_now;
    struct fs_update *first, *last;
    char *next_prompt;
    int update_pipe[2];
    // The rows of the screen written last when nothing was written after it (no other text, no
    // line entered, no resize) and it fitted the window with the prompt: a new screen is drawn
    // over it, in place, as Rich's Live does; 0 otherwise.
    int screen_rows;
    // The reader's own: where it is in an escape sequence typed (no update may split one).
    int escape_state;
    // The reader's own: the reverse search under way (Ctrl-R), if any.
    struct fs_search search;
    // The most characters a line takes (0: no bound): what is typed or pasted beyond one more
    // than that is dropped before libedit sees it (fs_editor_set_longest_line).
    int longest_line;
    // The reader's own: bytes read at once while the line is over that bound, not yet taken.
    unsigned char held[4096];
    int held_start, held_end;
};

// A non-blocking, close-on-exec pipe.
int fs_make_pipe(int fds[2]);

// The lock held around every call into libedit (EditLock.c says why).
void fs_libedit_lock(void);
void fs_libedit_unlock(void);

// Sets up `editor->el` (made by el_init on the editor's FILE*s) as every editor is: emacs
// keys, history, the read function, Tab, Ctrl-R and the updates key; under the libedit lock.
void fs_editor_configure(fs_editor *editor);

// The end of making an editor, as every editor ends it: its history holds `history_size` lines,
// none twice in a row; or, when its history or libedit's editor could not be made, the editor
// is destroyed and NULL returned.
fs_editor *fs_editor_finish(fs_editor *editor, int history_size);

#endif
