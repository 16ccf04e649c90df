#define _GNU_SOURCE
#include "CEditShim.h"

#include <errno.h>
#include <histedit.h>
#include <limits.h>
#include <locale.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <wchar.h>

struct fs_editor {
    EditLine *el;
    History *history;
    HistEvent event;
    char *prompt;
    fs_completer completer;
    void *context;
    FILE *out;
    char *saved_line;
};

static volatile sig_atomic_t fs_interrupted = 0;
// Ctrl-C wakes the reader through this pipe. A signal cannot be relied on to interrupt the
// read itself: it lands on any thread of the process (the Swift runtime has several, which
// block signals), and libedit retries a read interrupted once.
static int fs_interrupt_pipe[2] = { -1, -1 };

static void fs_on_interrupt(int signal_number) {
    (void)signal_number;
    int saved = errno;
    fs_interrupted = 1;
    if (fs_interrupt_pipe[1] >= 0) {
        char byte = 1;
        ssize_t ignored = write(fs_interrupt_pipe[1], &byte, 1);
        (void)ignored;
    }
    errno = saved;
}

// SIGTERM or SIGHUP: the process is asked to end. Recorded here, it makes the reader return
// as at the end of input and a running command cancel, so the shell ends through its normal
// path (history and state saved, terminal restored).
static volatile sig_atomic_t fs_termination = 0;

static void fs_on_termination(int signal_number) {
    int saved = errno;
    fs_termination = signal_number;
    if (fs_interrupt_pipe[1] >= 0) {
        char byte = 1;
        ssize_t ignored = write(fs_interrupt_pipe[1], &byte, 1);
        (void)ignored;
    }
    errno = saved;
}

// Another thread (the config watcher) wakes the reader through this pipe.
static int fs_wake_pipe[2] = { -1, -1 };

void fs_wake_reader(void) {
    if (fs_wake_pipe[1] >= 0) {
        char byte = 1;
        ssize_t ignored = write(fs_wake_pipe[1], &byte, 1);
        (void)ignored;
    }
}

// A non-blocking, close-on-exec pipe: pipe2 on Linux; pipe and fcntl elsewhere (macOS).
static int fs_make_pipe(int fds[2]) {
#ifdef __linux__
    return pipe2(fds, O_NONBLOCK | O_CLOEXEC);
#else
    if (pipe(fds) != 0) return -1;
    for (int i = 0; i < 2; i++) {
        fcntl(fds[i], F_SETFL, fcntl(fds[i], F_GETFL) | O_NONBLOCK);
        fcntl(fds[i], F_SETFD, FD_CLOEXEC);
    }
    return 0;
#endif
}

static void fs_drain(int fd) {
    char buffer[64];
    if (fd < 0) return;
    while (read(fd, buffer, sizeof buffer) > 0) {}
}

static void fs_drain_interrupt_pipe(void) {
    char buffer[64];
    if (fs_interrupt_pipe[0] < 0) return;
    while (read(fs_interrupt_pipe[0], buffer, sizeof buffer) > 0) {}
}

// The thread that takes the signals. A process inherits its signal mask from whoever started
// it, and the Swift runtime's threads block these signals themselves: started by a program
// that blocks them (a test runner's worker thread does), the shell would have no thread to
// take Ctrl-C, which would then stay pending for ever. This thread unblocks exactly these
// four, so the kernel always has one to deliver them to; the handlers only set a flag and
// write to the pipe, so which thread runs them does not matter.
static void *fs_signal_thread(void *unused) {
    (void)unused;
    for (;;) pause();
    return NULL;
}

static int fs_start_signal_thread(void) {
    sigset_t signals, previous;
    sigfillset(&signals);
    // The new thread starts with the creator's mask: everything blocked but these four.
    if (pthread_sigmask(SIG_SETMASK, &signals, &previous) != 0) return -1;
    sigset_t wanted = signals;
    sigdelset(&wanted, SIGINT);
    sigdelset(&wanted, SIGQUIT);
    sigdelset(&wanted, SIGTERM);
    sigdelset(&wanted, SIGHUP);
    pthread_sigmask(SIG_SETMASK, &wanted, NULL);
    pthread_t thread;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_attr_setstacksize(&attributes, 64 * 1024);
    int status = pthread_create(&thread, &attributes, fs_signal_thread, NULL);
    pthread_attr_destroy(&attributes);
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    return status == 0 ? 0 : -1;
}

int fs_install_interrupt_handler(void) {
    static int thread_started = 0;
    if (fs_interrupt_pipe[0] < 0 && fs_make_pipe(fs_interrupt_pipe) != 0) return -1;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;
    // Ctrl-\ (SIGQUIT) is taken as Ctrl-C: a user's slip must not end the shell with the
    // Swift runtime's crash report, which handles SIGQUIT as a crash.
    action.sa_handler = fs_on_interrupt;
    if (sigaction(SIGINT, &action, NULL) != 0 || sigaction(SIGQUIT, &action, NULL) != 0) return -1;
    action.sa_handler = fs_on_termination;
    if (sigaction(SIGTERM, &action, NULL) != 0 || sigaction(SIGHUP, &action, NULL) != 0) return -1;
    if (!thread_started) {
        if (fs_start_signal_thread() != 0) return -1;
        thread_started = 1;
    }
    return 0;
}

int fs_interrupt_pending(void) {
    return fs_interrupted;
}

int fs_take_interrupt(void) {
    // A request to end stays: every poll reports it, so whatever runs is cancelled.
    if (fs_termination) return 1;
    int was = fs_interrupted;
    fs_interrupted = 0;
    fs_drain_interrupt_pipe();
    return was;
}

int fs_interrupt_descriptor(void) {
    return fs_interrupt_pipe[0];
}

int fs_termination_signal(void) {
    return fs_termination;
}

void fs_ignore_broken_pipe(void) {
    signal(SIGPIPE, SIG_IGN);
}

int fs_terminal_width(int fd) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return 0;
    return size.ws_col;
}

int fs_terminal_height(int fd) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return 0;
    return size.ws_row;
}

int fs_scalar_width(unsigned int scalar) {
    return wcwidth((wchar_t)scalar);
}

void fs_use_environment_locale(void) {
    const char *locale = setlocale(LC_CTYPE, "");
    // With no locale set (LANG unset in CI, containers) libedit would drop UTF-8 input:
    // fall back to the C library's built-in UTF-8 locale.
    if (locale == NULL || strcmp(locale, "C") == 0 || strcmp(locale, "POSIX") == 0) {
        setlocale(LC_CTYPE, "C.UTF-8");
    }
}

static char *fs_prompt(EditLine *el) {
    fs_editor *editor = NULL;
    el_get(el, EL_CLIENTDATA, &editor);
    return editor && editor->prompt ? editor->prompt : "> ";
}

static unsigned char fs_complete(EditLine *el, int ch) {
    (void)ch;
    fs_editor *editor = NULL;
    el_get(el, EL_CLIENTDATA, &editor);
    if (!editor || !editor->completer) return CC_ERROR;
    const LineInfo *info = el_line(el);
    size_t length = (size_t)(info->cursor - info->buffer);
    char *before = strndup(info->buffer, length);
    if (!before) return CC_ERROR;
    fs_completion completion = editor->completer(editor->context, before);
    free(before);
    unsigned char result = CC_ERROR;
    if (completion.delete_count > 0) {
        el_deletestr(el, completion.delete_count);
        result = CC_REFRESH;
    }
    if (completion.insert && completion.insert[0] != '\0') {
        el_insertstr(el, completion.insert);
        result = CC_REFRESH;
    }
    if (completion.listing && completion.listing[0] != '\0') {
        fprintf(editor->out, "\n%s", completion.listing);
        fflush(editor->out);
        result = CC_REDISPLAY;
    }
    free(completion.insert);
    free(completion.listing);
    return result;
}

// Reads one character for libedit: waits on the terminal and on the interrupt pipe, and
// decodes UTF-8 (with the locale's mbrtowc, as libedit's own reader does).
static int fs_read_char(EditLine *el, wchar_t *out) {
    char bytes[MB_LEN_MAX];
    size_t count = 0;
    *out = L'\0';
    for (;;) {
        struct pollfd waits[3] = {
            { .fd = STDIN_FILENO, .events = POLLIN },
            { .fd = fs_interrupt_pipe[0], .events = POLLIN },
            { .fd = fs_wake_pipe[0], .events = POLLIN },
        };
        int ready = poll(waits, 3, -1);
        if (ready < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        if (waits[1].revents & POLLIN) {
            fs_drain_interrupt_pipe();
            errno = EINTR;
            return -1;
        }
        if (waits[2].revents & POLLIN) {
            fs_drain(fs_wake_pipe[0]);
            // Keep what was typed so far; the next read types it again.
            fs_editor *editor = NULL;
            el_get(el, EL_CLIENTDATA, &editor);
            const LineInfo *info = el_line(el);
            if (editor && info) {
                free(editor->saved_line);
                editor->saved_line = strndup(info->buffer, (size_t)(info->lastchar - info->buffer));
            }
            errno = ECANCELED;
            return -1;
        }
        if (waits[0].revents == 0) continue;
        ssize_t got = read(STDIN_FILENO, bytes + count, 1);
        if (got < 0) {
            if (errno == EINTR || errno == EAGAIN) continue;
            return -1;
        }
        if (got == 0) return 0;
        count++;
        mbstate_t state;
        memset(&state, 0, sizeof state);
        size_t decoded = mbrtowc(out, bytes, count, &state);
        if (decoded == (size_t)-2 && count < MB_LEN_MAX) continue; // incomplete: read on
        if (decoded == (size_t)-1 || decoded == (size_t)-2) {
            count = 0; // invalid: drop it, as libedit does
            continue;
        }
        return 1;
    }
}

fs_editor *fs_editor_create(const char *program, int history_size, fs_completer completer, void *context) {
    fs_editor *editor = calloc(1, sizeof *editor);
    if (!editor) return NULL;
    editor->out = stdout;
    editor->completer = completer;
    editor->context = context;
    if (fs_wake_pipe[0] < 0 && fs_make_pipe(fs_wake_pipe) != 0) {
        fs_wake_pipe[0] = fs_wake_pipe[1] = -1;
    }
    editor->history = history_init();
    editor->el = el_init(program, stdin, stdout, stderr);
    if (!editor->history || !editor->el) {
        fs_editor_destroy(editor);
        return NULL;
    }
    history(editor->history, &editor->event, H_SETSIZE, history_size);
    history(editor->history, &editor->event, H_SETUNIQUE, 1);
    el_set(editor->el, EL_CLIENTDATA, editor);
    el_set(editor->el, EL_EDITOR, "emacs");
    el_set(editor->el, EL_SIGNAL, 1);
    el_set(editor->el, EL_GETCFN, fs_read_char);
    el_set(editor->el, EL_HIST, history, editor->history);
    el_set(editor->el, EL_PROMPT_ESC, fs_prompt, '\1');
    // Add the function before binding a key to it: binding an unknown name corrupts memory.
    el_set(editor->el, EL_ADDFN, "fs-complete", "Complete the command or argument", fs_complete);
    el_set(editor->el, EL_BIND, "^I", "fs-complete", NULL);
    // The user's ~/.editrc (or $EDITRC) may rebind keys, as in other libedit programs.
    el_source(editor->el, NULL);
    return editor;
}

void fs_editor_destroy(fs_editor *editor) {
    if (!editor) return;
    if (editor->el) el_end(editor->el);
    if (editor->history) history_end(editor->history);
    free(editor->prompt);
    free(editor->saved_line);
    free(editor);
}

void fs_editor_set_prompt(fs_editor *editor, const char *prompt) {
    char *copy = strdup(prompt);
    if (!copy) return;
    free(editor->prompt);
    editor->prompt = copy;
}

int fs_editor_read(fs_editor *editor, const char **line) {
    int count = 0;
    // A Ctrl-C pressed before this prompt was meant for something else, and is forgotten
    // (not only its wake-up): it must not cancel the next command.
    fs_interrupted = 0;
    fs_drain_interrupt_pipe();
    // A request to end is not: checked after the drain, since its handler records it before
    // writing the pipe, one arriving at any moment is seen here or wakes the read below.
    if (fs_termination) return 0;
    // Raw mode before the prompt shows: libedit may otherwise print the prompt while the
    // terminal is still in canonical mode, where a key typed at once (Ctrl-D) is lost.
    el_set(editor->el, EL_PREP_TERM, 1);
    fs_drain(fs_wake_pipe[0]);
    if (editor->saved_line) {
        // Type again what was on the line when the reader was woken (tabs would complete).
        for (char *c = editor->saved_line; *c; c++) if (*c == '\t') *c = ' ';
        if (editor->saved_line[0]) el_push(editor->el, editor->saved_line);
        free(editor->saved_line);
        editor->saved_line = NULL;
    }
    errno = 0;
    const char *text = el_gets(editor->el, &count);
    if (text == NULL) {
        if (fs_termination) return 0;
        if (count == -1 && errno == EINTR) return -1;
        if (count == -1 && errno == ECANCELED) return -2;
        return 0;
    }
    *line = text;
    return 1;
}

int fs_history_add(fs_editor *editor, const char *line) {
    return history(editor->history, &editor->event, H_ENTER, line);
}

int fs_history_load(fs_editor *editor, const char *path) {
    return history(editor->history, &editor->event, H_LOAD, path);
}

int fs_history_save(fs_editor *editor, const char *path) {
    return history(editor->history, &editor->event, H_SAVE, path);
}
