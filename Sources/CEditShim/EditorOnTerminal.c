#define _GNU_SOURCE
#include "EditorState.h"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// Where libedit's own complaints go for an editor on a terminal of its own ("cannot read
// termcap database"): they are about this process, not for the person at that terminal.
static FILE *fs_discarded_file = NULL;

static void fs_open_discarded(void) {
    fs_discarded_file = fopen("/dev/null", "we");
}

static FILE *fs_discarded(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, fs_open_discarded);
    return fs_discarded_file;
}

// A terminal type as terminfo names them (xterm-256color, vt100): anything else is not looked up.
static int fs_is_terminal_type(const char *name) {
    size_t length = name ? strlen(name) : 0;
    if (length == 0 || length > 64) return 0;
    for (const char *c = name; *c; c++) {
        int ok = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9')
            || *c == '-' || *c == '+' || *c == '.' || *c == '_';
        if (!ok) return 0;
    }
    return 1;
}

fs_editor *fs_editor_create_on(const char *program, int history_size, fs_completer completer, void *context,
                               int input_fd, int output_fd, const char *terminal_type) {
    fs_editor *editor = calloc(1, sizeof *editor);
    if (!editor) return NULL;
    editor->on_own_terminal = 1;
    editor->owns_files = 1;
    editor->completer = completer;
    editor->context = context;
    editor->update_pipe[0] = editor->update_pipe[1] = -1;
    editor->resize_pipe[0] = editor->resize_pipe[1] = -1;
    pthread_mutex_init(&editor->lock, NULL);
    // libedit's FILE*s are on copies of the descriptors, closed with the editor; the descriptors
    // themselves stay the caller's. Errors and output go to the same terminal.
    int in_copy = fcntl(input_fd, F_DUPFD_CLOEXEC, 0);
    int out_copy = fcntl(output_fd, F_DUPFD_CLOEXEC, 0);
    editor->in = in_copy >= 0 ? fdopen(in_copy, "r") : NULL;
    editor->out = out_copy >= 0 ? fdopen(out_copy, "w") : NULL;
    if (!editor->in && in_copy >= 0) close(in_copy);
    if (!editor->out && out_copy >= 0) close(out_copy);
    editor->in_fd = input_fd;
    editor->out_fd = output_fd;
    editor->err_fd = output_fd;
    editor->history = history_init();
    if (!editor->in || !editor->out || !editor->history || fs_make_pipe(editor->update_pipe) != 0
        || fs_make_pipe(editor->resize_pipe) != 0) {
        fs_editor_destroy(editor);
        return NULL;
    }
    FILE *errors = fs_discarded();
    fs_libedit_lock();
    editor->el = el_init(program, editor->in, editor->out, errors ? errors : editor->out);
    if (editor->el) {
        // el_init read the process's TERM; this terminal's is the one its client named.
        if (!fs_is_terminal_type(terminal_type) || el_set(editor->el, EL_TERMINAL, terminal_type) != 0) {
            el_set(editor->el, EL_TERMINAL, "dumb");
        }
        fs_editor_configure(editor);
        // Ctrl-C and Ctrl-\ reach the reader as bytes: with no process group on the terminal to
        // signal, the line discipline would otherwise swallow them.
        el_set(editor->el, EL_SETTY, "-d", "-isig", NULL);
        // Between lines, too, the line discipline neither edits nor echoes (libedit's mode for
        // then would turn both on): what is typed while a command runs waits as it was typed, and
        // the next read edits and shows it, as when it is typed at the prompt.
        el_set(editor->el, EL_SETTY, "-x", "-isig", "-icanon", "-echo", "-iexten", NULL);
    }
    fs_libedit_unlock();
    return fs_editor_finish(editor, history_size);
}

void fs_editor_resized(fs_editor *editor) {
    char byte = (char)SIGWINCH;
    ssize_t ignored = write(editor->resize_pipe[1], &byte, 1);
    (void)ignored;
}

int fs_editor_is_reading(fs_editor *editor) {
    // Without the editor's lock: whoever holds it may be writing to the terminal, which the
    // caller (the server's network thread) is the one to read.
    return atomic_load(&editor->reading_now);
}

// terminfo's own calls (libtinfo, which libedit uses): declared here, as libedit's header does not.
extern int tgetent(char *buffer, const char *name);
extern int tgetnum(const char *capability);

int fs_terminal_colours(const char *terminal_type) {
    if (!fs_is_terminal_type(terminal_type)) return -1;
    // tgetent sets ncurses' global terminal, which libedit's editors also use: under their lock.
    fs_libedit_lock();
    int colours = tgetent(NULL, terminal_type) == 1 ? tgetnum("Co") : -1;
    fs_libedit_unlock();
    return colours;
}
