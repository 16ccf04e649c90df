#define _GNU_SOURCE
#include "CEditShim.h"
#include "EditorState.h"

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

// What the next step of a reverse search does (struct fs_search's request).
enum { FS_SEARCH_TYPED, FS_SEARCH_AGAIN, FS_SEARCH_ERASE, FS_SEARCH_KEEP, FS_SEARCH_CANCEL };

// The key the reader returns for "updates wait": U+009E, a C1 control no keyboard sends,
// below 256 so that libedit looks it up in its key map instead of inserting it.
#define FS_UPDATE_KEY 0x9E
// The key the reader returns for a key of the reverse search: U+009F, likewise.
#define FS_SEARCH_KEY 0x9F

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

static int fs_prompt_width(const char *prompt);

// Ctrl-Z, fg and a resized window reach the reader through this pipe, one byte per signal (its
// number), while a line is read: libedit's own handling of them (EL_SIGNAL) runs on whichever
// thread takes the signal, and then neither redraws the line after fg nor resizes cleanly.
static int fs_job_pipe[2] = { -1, -1 };

static void fs_on_job_signal(int signal_number) {
    int saved = errno;
    if (fs_job_pipe[1] >= 0) {
        char byte = (char)signal_number;
        ssize_t ignored = write(fs_job_pipe[1], &byte, 1);
        (void)ignored;
    }
    errno = saved;
}

// A non-blocking, close-on-exec pipe: pipe2 on Linux; pipe and fcntl elsewhere (macOS).
int fs_make_pipe(int fds[2]) {
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

static void fs_set_locale(void) {
    const char *locale = setlocale(LC_CTYPE, "");
    // With no locale set (LANG unset in CI, containers) libedit would drop UTF-8 input:
    // fall back to the C library's built-in UTF-8 locale.
    if (locale == NULL || strcmp(locale, "C") == 0 || strcmp(locale, "POSIX") == 0) {
        setlocale(LC_CTYPE, "C.UTF-8");
    }
}

void fs_use_environment_locale(void) {
    // Once per process: setlocale is not safe while other threads decode characters (the
    // editors of a server's sessions do, each on its thread).
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, fs_set_locale);
}

// The prompt shown now: the reverse search's while one is under way.
static const char *fs_shown_prompt(fs_editor *editor) {
    if (editor->search.active && editor->search.prompt) return editor->search.prompt;
    return editor->prompt ? editor->prompt : "";
}

static char *fs_prompt(EditLine *el) {
    fs_editor *editor = NULL;
    el_get(el, EL_CLIENTDATA, &editor);
    return editor ? (char *)fs_shown_prompt(editor) : "> ";
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
    // Tab's answer may come from another thread (the shell's main actor), which may itself
    // call into libedit meanwhile (another session's editor): the lock is not held while it waits.
    fs_libedit_unlock();
    fs_completion completion = editor->completer(editor->context, before);
    fs_libedit_lock();
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
        // The listing is below the screen now: a screen that changes next is printed below
        // it, not drawn over rows the listing took.
        pthread_mutex_lock(&editor->lock);
        editor->screen_rows = 0;
        pthread_mutex_unlock(&editor->lock);
        result = CC_REDISPLAY;
    }
    free(completion.insert);
    free(completion.listing);
    return result;
}

// The line is drawn again where the cursor is: after fg, on the line below what the job
// control shell printed.
static void fs_redraw_line(EditLine *el, fs_editor *editor) {
    ssize_t ignored = write(editor->out_fd, "\r\x1b[J", 4);
    (void)ignored;
    el_set(el, EL_REFRESH);
}

// Acts on the job-control signals that came while a line is read, on the reader thread: from
// the process's signals (its own terminal), or the resizes an editor on a terminal of its own
// is told of (fs_editor_resized).
static void fs_job_control(EditLine *el, fs_editor *editor, int job_fd) {
    char signals[16];
    ssize_t count = read(job_fd, signals, sizeof signals);
    for (ssize_t i = 0; i < count; i++) {
        switch (signals[i]) {
        case SIGTSTP: {
            // Stop as the default action would, with the terminal as it was before the shell;
            // then, continued (fg), take it again and draw the prompt and the line.
            el_set(el, EL_PREP_TERM, 0);
            struct sigaction stop, ours;
            memset(&stop, 0, sizeof stop);
            stop.sa_handler = SIG_DFL;
            sigemptyset(&stop.sa_mask);
            sigaction(SIGTSTP, &stop, &ours);
            sigset_t tstp, previous;
            sigemptyset(&tstp);
            sigaddset(&tstp, SIGTSTP);
            pthread_sigmask(SIG_UNBLOCK, &tstp, &previous);
            raise(SIGTSTP);
            pthread_sigmask(SIG_SETMASK, &previous, NULL);
            sigaction(SIGTSTP, &ours, NULL);
            el_set(el, EL_PREP_TERM, 1);
            fs_redraw_line(el, editor);
            break;
        }
        case SIGCONT:
            // Continued after a stop the shell did not ask for: the terminal may have been
            // changed meanwhile.
            el_set(el, EL_PREP_TERM, 0);
            el_set(el, EL_PREP_TERM, 1);
            fs_redraw_line(el, editor);
            break;
        case SIGWINCH: {
            // Erase what was drawn at the old width, then draw it at the new one.
            int columns = 0;
            if (el_get(el, EL_GETTC, "co", &columns) != 0 || columns <= 0) columns = 80;
            // The terminal may have rewrapped the screen above: it is no longer redrawn in place.
            pthread_mutex_lock(&editor->lock);
            editor->screen_rows = 0;
            pthread_mutex_unlock(&editor->lock);
            const LineInfoW *line = el_wline(el);
            int width = fs_prompt_width(fs_shown_prompt(editor));
            for (const wchar_t *c = line->buffer; c < line->cursor; c++) { int w = wcwidth(*c); width += w > 0 ? w : 0; }
            int row = width / columns;
            char move[32];
            ssize_t ignored = write(editor->out_fd, "\r", 1);
            if (row > 0) ignored = write(editor->out_fd, move, (size_t)snprintf(move, sizeof move, "\x1b[%dA", row));
            ignored = write(editor->out_fd, "\x1b[J", 3);
            (void)ignored;
            el_resize(el);
            el_set(el, EL_REFRESH);
            break;
        }
        default:
            break;
        }
    }
}

// The bytes that interrupt the line on an editor's own terminal (Ctrl-C and Ctrl-\): its
// terminal sends them as bytes (ISIG is off), since no process group there takes signals.
#define FS_INTERRUPT_KEY 0x03
#define FS_QUIT_KEY 0x1C

// ESC, then '[' or 'O', then parameters up to a final byte: one key, not to be split.
static void fs_track_escape(fs_editor *self, wchar_t c) {
    if (self->escape_state == 0) self->escape_state = (c == 0x1B) ? 1 : 0;
    else if (self->escape_state == 1) self->escape_state = (c == '[' || c == 'O') ? 2 : 0;
    else if (c >= 0x40 && c <= 0x7E) self->escape_state = 0;
}

// A key typed during a reverse search: what it asks of the search, for fs_search_step, to
// which the reader hands FS_SEARCH_KEY. Ctrl-R finds the next older match, Backspace takes the
// last character back, Ctrl-G gives the line back as it was; another control key (Enter, Esc,
// an arrow, Ctrl-A…) ends the search with the match on the line and then does what it does.
static wchar_t fs_search_key(fs_editor *self, wchar_t c) {
    struct fs_search *search = &self->search;
    if (c == 0x12) {
        search->request = FS_SEARCH_AGAIN;
    } else if (c == 0x7F || c == 0x08) {
        search->request = FS_SEARCH_ERASE;
    } else if (c == 0x07) {
        search->request = FS_SEARCH_CANCEL;
    } else if (c >= 0x20 && !(c >= 0x7F && c < 0xA0)) {
        char bytes[MB_LEN_MAX];
        mbstate_t state;
        memset(&state, 0, sizeof state);
        size_t length = wcrtomb(bytes, c, &state);
        if (length != (size_t)-1 && search->length + length < sizeof search->pattern) {
            memcpy(search->pattern + search->length, bytes, length);
            search->length += length;
            search->pattern[search->length] = '\0';
        }
        search->request = FS_SEARCH_TYPED;
    } else {
        search->request = FS_SEARCH_KEEP;
        search->has_pending = 1;
        search->pending = c;
    }
    return (wchar_t)FS_SEARCH_KEY;
}

// Reads one character for libedit: waits on the terminal, the interrupt pipe, the updates and
// the job-control or resize pipe, and decodes UTF-8 (with the locale's mbrtowc, as libedit's own
// reader does). During a reverse search, a key is handed over as FS_SEARCH_KEY. Called with the
// libedit lock held, which it releases while it waits.
static int fs_beyond_longest_line(EditLine *el, const fs_editor *self, wchar_t key);
static int fs_skip_beyond_bound(EditLine *el, fs_editor *self);

static int fs_read_char(EditLine *el, wchar_t *out) {
    char bytes[MB_LEN_MAX];
    size_t count = 0;
    *out = L'\0';
    fs_editor *self = NULL;
    el_get(el, EL_CLIENTDATA, &self);
    if (!self) return -1;
    // A key that ended a reverse search goes to libedit once the search has drawn its end.
    if (self->search.has_pending && !self->search.active) {
        self->search.has_pending = 0;
        *out = self->search.pending;
        fs_track_escape(self, *out);
        return 1;
    }
    int interrupts = self->on_own_terminal ? -1 : fs_interrupt_pipe[0];
    int jobs = self->on_own_terminal ? self->resize_pipe[0] : fs_job_pipe[0];
    for (;;) {
        // Bytes read ahead while the line was over its bound come first (fs_skip_beyond_bound).
        if (self->held_start < self->held_end) {
            bytes[count] = (char)self->held[self->held_start++];
            goto decode;
        }
        // Updates are shown only between characters and never inside an escape sequence.
        int updates = (count == 0 && self->escape_state == 0) ? self->update_pipe[0] : -1;
        struct pollfd waits[4] = {
            { .fd = self->in_fd, .events = POLLIN },
            { .fd = interrupts, .events = POLLIN },
            { .fd = updates, .events = POLLIN },
            { .fd = jobs, .events = POLLIN },
        };
        fs_libedit_unlock();
        int ready = poll(waits, 4, -1);
        fs_libedit_lock();
        if (ready < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        if (waits[1].revents & POLLIN) {
            fs_drain_interrupt_pipe();
            self->escape_state = 0;
            errno = EINTR;
            return -1;
        }
        if (waits[3].revents & POLLIN) {
            fs_job_control(el, self, jobs);
            continue;
        }
        if (updates >= 0 && (waits[2].revents & POLLIN)) {
            fs_drain(updates);
            *out = (wchar_t)FS_UPDATE_KEY;
            return 1;
        }
        if (waits[0].revents == 0) continue;
        if (count == 0 && fs_skip_beyond_bound(el, self)) continue;
        // A terminal whose other side closed (POLLHUP) reads as its end, or fails (EIO).
        ssize_t got = read(self->in_fd, bytes + count, 1);
        if (got < 0) {
            if (errno == EINTR || errno == EAGAIN) continue;
            return -1;
        }
        if (got == 0) return 0;
    decode:
        if (self->on_own_terminal && count == 0 && (bytes[0] == FS_INTERRUPT_KEY || bytes[0] == FS_QUIT_KEY)) {
            self->escape_state = 0;
            errno = EINTR;
            return -1;
        }
        count++;
        mbstate_t state;
        memset(&state, 0, sizeof state);
        size_t decoded = mbrtowc(out, bytes, count, &state);
        if (decoded == (size_t)-2 && count < MB_LEN_MAX) continue; // incomplete: read on
        if (decoded == (size_t)-1 || decoded == (size_t)-2) {
            count = 0; // invalid: drop it, as libedit does
            continue;
        }
        if (self->search.active && self->escape_state == 0) {
            *out = fs_search_key(self, *out);
            return 1;
        }
        if (fs_beyond_longest_line(el, self, *out)) {
            count = 0;
            continue;
        }
        fs_track_escape(self, *out);
        return 1;
    }
}

// Whether `key` would be inserted into a line that already holds one character more than the
// longest a line may be: a paste of megabytes would otherwise grow libedit's buffer and redraw
// the whole line for each character, holding the thread and the memory for as long.
static int fs_beyond_longest_line(EditLine *el, const fs_editor *self, wchar_t key) {
    if (self->longest_line <= 0 || self->escape_state != 0) return 0;
    int inserted = key >= 0x20 && key != 0x7F && !(key >= 0x80 && key < 0xA0);
    if (!inserted) return 0;
    const LineInfoW *line = el_wline(el);
    return line && line->lastchar - line->buffer > self->longest_line;
}

// While the line is over its bound, reads what the terminal has at once and drops the bytes
// that would only be inserted, keeping from the first key that would not (Enter, Ctrl-C, an
// escape sequence) on: a paste of megabytes is read in pieces rather than a byte at a time.
// Returns whether it read anything.
static int fs_skip_beyond_bound(EditLine *el, fs_editor *self) {
    if (self->longest_line <= 0 || self->escape_state != 0 || self->search.active) return 0;
    const LineInfoW *line = el_wline(el);
    if (!line || line->lastchar - line->buffer <= self->longest_line) return 0;
    ssize_t got = read(self->in_fd, self->held, sizeof self->held);
    if (got <= 0) return 0;
    int start = 0;
    while (start < got && (self->held[start] >= 0x20 && self->held[start] != 0x7F)) start++;
    self->held_start = start;
    self->held_end = (int)got;
    return 1;
}

void fs_editor_set_longest_line(fs_editor *editor, int characters) {
    fs_libedit_lock();
    editor->longest_line = characters;
    fs_libedit_unlock();
}

// The display width of the prompt: its characters outside the '\1' pairs that enclose
// invisible sequences.
static int fs_prompt_width(const char *prompt) {
    int width = 0, invisible = 0;
    mbstate_t state;
    memset(&state, 0, sizeof state);
    const char *p = prompt;
    size_t left = strlen(prompt);
    while (left > 0) {
        wchar_t c;
        size_t used = mbrtowc(&c, p, left, &state);
        if (used == (size_t)-1 || used == (size_t)-2) { memset(&state, 0, sizeof state); used = 1; c = L'?'; }
        if (used == 0) break;
        if (c == 1) invisible = !invisible;
        else if (!invisible) { int w = wcwidth(c); width += w > 0 ? w : 0; }
        p += used;
        left -= used;
    }
    return width;
}

static void fs_write_all(int fd, const char *text, size_t length) {
    while (length > 0) {
        ssize_t written = write(fd, text, length);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) return;
        text += written;
        length -= (size_t)written;
    }
}

// Writes text with each "\n" as "\r\n": the terminal is in the line editor's mode, where a
// newline alone does not return to the first column.
static void fs_write_lines(int fd, const char *text) {
    const char *start = text;
    for (const char *c = text; *c; c++) {
        if (*c == '\n' && (c == text || c[-1] != '\r')) {
            fs_write_all(fd, start, (size_t)(c - start));
            fs_write_all(fd, "\r\n", 2);
            start = c + 1;
        }
    }
    fs_write_all(fd, start, strlen(start));
}

// The terminal's height in rows (24 when it cannot be told): asked of the terminal itself, since
// libedit's own record of it belongs to the reader thread.
static int fs_terminal_lines(const fs_editor *editor) {
    struct winsize size;
    if (ioctl(editor->out_fd, TIOCGWINSZ, &size) == 0 && size.ws_row > 0) return size.ws_row;
    return 24;
}

// Bound to FS_UPDATE_KEY: erases the prompt and the line typed so far, writes the waiting
// updates in their place, and has libedit draw the prompt and the line again below them, with
// the cursor where it was.
// Ctrl-D: the end of input on an empty line, as libedit's em-delete-or-list, but without the
// "^D" that libedit writes before it ends (the terminal then showed it beside the prompt);
// inside a line, the character under the cursor is deleted, and at its end nothing is.
static unsigned char fs_delete_or_end(EditLine *el, int ch) {
    (void)ch;
    const LineInfoW *line = el_wline(el);
    if (!line || line->buffer == line->lastchar) return CC_EOF;
    if (line->cursor >= line->lastchar) return CC_ERROR;
    el_cursor(el, 1);
    el_wdeletestr(el, 1);
    return CC_REFRESH;
}

static unsigned char fs_show_updates(EditLine *el, int ch) {
    (void)ch;
    fs_editor *editor = NULL;
    el_get(el, EL_CLIENTDATA, &editor);
    if (!editor) return CC_NORM;
    pthread_mutex_lock(&editor->lock);
    struct fs_update *updates = editor->first;
    editor->first = editor->last = NULL;
    char *prompt = editor->next_prompt;
    editor->next_prompt = NULL;
    pthread_mutex_unlock(&editor->lock);
    if (!updates && !prompt) return CC_NORM;

    int columns = 0;
    if (el_get(el, EL_GETTC, "co", &columns) != 0 || columns <= 0) columns = 80;
    const LineInfoW *line = el_wline(el);
    int width = fs_prompt_width(fs_shown_prompt(editor));
    for (const wchar_t *c = line->buffer; c < line->cursor; c++) { int w = wcwidth(*c); width += w > 0 ? w : 0; }
    int row = width / columns;
    int lines = fs_terminal_lines(editor);
    // A screen that comes first replaces the one above the prompt, if that is still the last
    // thing written: the cursor goes up over it too.
    pthread_mutex_lock(&editor->lock);
    int replaced = updates && updates->screen_rows > 0 ? editor->screen_rows : 0;
    pthread_mutex_unlock(&editor->lock);
    char move[32];
    fs_write_all(editor->out_fd, "\r", 1);
    // CSI 0 A still moves one row: only when there is a row to go up.
    if (row + replaced > 0) fs_write_all(editor->out_fd, move, (size_t)snprintf(move, sizeof move, "\x1b[%dA", row + replaced));
    fs_write_all(editor->out_fd, "\x1b[J", 3);
    int wrote = updates != NULL;
    int last_rows = 0;
    while (updates) {
        struct fs_update *next = updates->next;
        fs_write_lines(updates->to_error ? editor->err_fd : editor->out_fd, updates->text);
        last_rows = updates->screen_rows > 0 && updates->screen_rows + row + 1 < lines ? updates->screen_rows : 0;
        free(updates->text);
        free(updates);
        updates = next;
    }
    // A new prompt alone leaves the screen above it where it was.
    if (wrote) {
        pthread_mutex_lock(&editor->lock);
        // Unless more came meanwhile, which the next call shows.
        editor->screen_rows = editor->first ? 0 : last_rows;
        pthread_mutex_unlock(&editor->lock);
    }
    if (prompt) {
        free(editor->prompt);
        editor->prompt = prompt;
    }
    el_set(el, EL_REFRESH);
    return CC_NORM;
}

// The number of characters in the first `bytes` bytes of `text`.
static int fs_characters(const char *text, size_t bytes) {
    mbstate_t state;
    memset(&state, 0, sizeof state);
    int count = 0;
    size_t offset = 0;
    while (offset < bytes && text[offset] != '\0') {
        size_t used = mbrlen(text + offset, bytes - offset, &state);
        if (used == (size_t)-1 || used == (size_t)-2) { memset(&state, 0, sizeof state); used = 1; }
        if (used == 0) break;
        offset += used;
        count++;
    }
    return count;
}

// Makes `text` the line, with the cursor `cursor` bytes into it.
static void fs_set_line(EditLine *el, const char *text, size_t cursor) {
    const LineInfoW *line = el_wline(el);
    if (line->lastchar > line->cursor) el_cursor(el, (int)(line->lastchar - line->cursor));
    line = el_wline(el);
    if (line->cursor > line->buffer) el_deletestr(el, (int)(line->cursor - line->buffer));
    if (text[0] != '\0') el_insertstr(el, text);
    int after = fs_characters(text + cursor, strlen(text + cursor));
    if (after > 0) el_cursor(el, -after);
}

static void fs_search_end(fs_editor *editor) {
    struct fs_search *search = &editor->search;
    for (int i = 0; i < search->count; i++) free(search->entries[i]);
    free(search->entries);
    free(search->original);
    free(search->prompt);
    int has_pending = search->has_pending;
    wchar_t pending = search->pending;
    memset(search, 0, sizeof *search);
    search->has_pending = has_pending;
    search->pending = pending;
}

// The entry at or after `start` (older) that contains the pattern; `skipping` one of the same
// text as the entry shown (Ctrl-R again moves to another line).
static void fs_search_find(struct fs_search *search, int start, int skipping) {
    if (search->length == 0) {
        search->found = -1;
        search->failed = 0;
        return;
    }
    const char *shown = skipping && search->found >= 0 ? search->entries[search->found] : NULL;
    for (int i = start < 0 ? 0 : start; i < search->count; i++) {
        if (shown && strcmp(search->entries[i], shown) == 0) continue;
        if (strstr(search->entries[i], search->pattern)) {
            search->found = i;
            search->failed = 0;
            return;
        }
    }
    search->failed = 1;
}

// Bound to Ctrl-R: begins a reverse search over the history as it is now.
static unsigned char fs_reverse_search(EditLine *el, int ch) {
    (void)ch;
    fs_editor *editor = NULL;
    el_get(el, EL_CLIENTDATA, &editor);
    if (!editor || editor->search.active) return CC_NORM;
    struct fs_search *search = &editor->search;
    fs_search_end(editor);
    HistEvent event;
    int size = history(editor->history, &event, H_GETSIZE) == -1 ? 0 : event.num;
    search->entries = calloc((size_t)(size > 0 ? size : 1), sizeof *search->entries);
    if (!search->entries) return CC_ERROR;
    for (int found = history(editor->history, &event, H_FIRST); found != -1 && search->count < size;
         found = history(editor->history, &event, H_NEXT)) {
        char *entry = strdup(event.str);
        if (!entry) break;
        size_t length = strlen(entry);
        if (length > 0 && entry[length - 1] == '\n') entry[length - 1] = '\0';
        search->entries[search->count++] = entry;
    }
    const LineInfo *line = el_line(el);
    search->original = strndup(line->buffer, (size_t)(line->lastchar - line->buffer));
    search->original_cursor = (size_t)(line->cursor - line->buffer);
    if (!search->original) {
        fs_search_end(editor);
        return CC_ERROR;
    }
    search->found = -1;
    search->prompt = strdup("(reverse-i-search)`': ");
    search->active = search->prompt != NULL;
    return CC_REFRESH;
}

// Bound to FS_SEARCH_KEY: applies the key the reader took during a reverse search, then shows
// the prompt with what is searched for and the line found.
static unsigned char fs_search_step(EditLine *el, int ch) {
    (void)ch;
    fs_editor *editor = NULL;
    el_get(el, EL_CLIENTDATA, &editor);
    if (!editor || !editor->search.active) return CC_NORM;
    struct fs_search *search = &editor->search;
    switch (search->request) {
    case FS_SEARCH_KEEP:
        fs_search_end(editor);
        return CC_REFRESH;
    case FS_SEARCH_CANCEL:
        fs_set_line(el, search->original, search->original_cursor);
        fs_search_end(editor);
        return CC_REFRESH;
    case FS_SEARCH_AGAIN:
        fs_search_find(search, search->found + 1, 1);
        break;
    case FS_SEARCH_ERASE: {
        // Back one character (not one byte), then search again from the newest.
        size_t last = 0, offset = 0;
        mbstate_t state;
        memset(&state, 0, sizeof state);
        while (offset < search->length) {
            size_t used = mbrlen(search->pattern + offset, search->length - offset, &state);
            if (used == (size_t)-1 || used == (size_t)-2 || used == 0) { memset(&state, 0, sizeof state); used = 1; }
            last = offset;
            offset += used;
        }
        search->length = last;
        search->pattern[last] = '\0';
        fs_search_find(search, 0, 0);
        break;
    }
    default:
        fs_search_find(search, search->found, 0);
        break;
    }
    if (search->found >= 0) {
        const char *entry = search->entries[search->found];
        const char *match = strstr(entry, search->pattern);
        fs_set_line(el, entry, match ? (size_t)(match - entry) : 0);
    } else {
        fs_set_line(el, search->original, search->original_cursor);
    }
    const char *label = search->failed ? "(failed reverse-i-search)`" : "(reverse-i-search)`";
    size_t size = strlen(label) + search->length + 4;
    char *prompt = malloc(size);
    if (prompt) {
        snprintf(prompt, size, "%s%s': ", label, search->pattern);
        free(search->prompt);
        search->prompt = prompt;
    }
    return CC_REFRESH;
}

// Queues or writes `text`; `screen_rows` > 0 marks a screen of that many rows.
static void fs_editor_put(fs_editor *editor, const char *text, int to_error, const char *prompt, int screen_rows) {
    int fd = to_error ? editor->err_fd : editor->out_fd;
    pthread_mutex_lock(&editor->lock);
    if (!editor->reading) {
        // No line is being read: the text goes out at once, in order with everything else,
        // over the screen written last if this is a screen and that one is still last.
        if (text) {
            if (screen_rows > 0 && editor->screen_rows > 0) {
                char move[32];
                fs_write_all(fd, move, (size_t)snprintf(move, sizeof move, "\r\x1b[%dA\x1b[J", editor->screen_rows));
            }
            fs_write_all(fd, text, strlen(text));
            int lines = fs_terminal_lines(editor);
            if (screen_rows > 0) editor->screen_rows = screen_rows + 1 < lines ? screen_rows : 0;
            // Text that ends no line stays on the row below the screen (a progress line, which
            // a screen drawn in place erases): the screen is still the last thing above it.
            else if (strchr(text, '\n')) editor->screen_rows = 0;
        }
        if (prompt) {
            free(editor->prompt);
            editor->prompt = strdup(prompt);
        }
        pthread_mutex_unlock(&editor->lock);
        return;
    }
    int wake = editor->first == NULL && editor->next_prompt == NULL;
    if (text && screen_rows > 0 && editor->last && editor->last->screen_rows > 0) {
        // A screen not drawn yet is replaced by a newer one: only the latest is worth drawing.
        char *copy = strdup(text);
        if (copy) {
            free(editor->last->text);
            editor->last->text = copy;
            editor->last->screen_rows = screen_rows;
            editor->last->to_error = to_error;
        }
    } else if (text) {
        struct fs_update *update = calloc(1, sizeof *update);
        if (update) update->text = strdup(text);
        if (update && update->text) {
            update->to_error = to_error;
            update->screen_rows = screen_rows;
            if (editor->last) editor->last->next = update; else editor->first = update;
            editor->last = update;
        } else {
            free(update);
        }
    }
    if (prompt) {
        free(editor->next_prompt);
        editor->next_prompt = strdup(prompt);
    }
    // The reader is woken once for a run of updates, which it then shows together.
    if (wake && editor->update_pipe[1] >= 0) {
        char byte = 1;
        ssize_t ignored = write(editor->update_pipe[1], &byte, 1);
        (void)ignored;
    }
    pthread_mutex_unlock(&editor->lock);
}

void fs_editor_show(fs_editor *editor, const char *text, int to_error, const char *prompt) {
    fs_editor_put(editor, text, to_error, prompt, 0);
}

void fs_editor_show_screen(fs_editor *editor, const char *text) {
    int rows = 0;
    for (const char *c = text; *c; c++) if (*c == '\n') rows++;
    // A screen that does not end its last line is not one whose rows are known.
    size_t length = strlen(text);
    if (length == 0 || text[length - 1] != '\n') rows = 0;
    fs_editor_put(editor, text, 0, NULL, rows);
}

void fs_editor_configure(fs_editor *editor) {
    el_set(editor->el, EL_CLIENTDATA, editor);
    el_set(editor->el, EL_EDITOR, "emacs");
    // libedit's own signal handling is off: Ctrl-C, Ctrl-Z, fg and resizing are the reader's
    // (fs_read_char), on its thread.
    el_set(editor->el, EL_SIGNAL, 0);
    el_set(editor->el, EL_GETCFN, fs_read_char);
    el_set(editor->el, EL_HIST, history, editor->history);
    el_set(editor->el, EL_PROMPT_ESC, fs_prompt, '\1');
    // Add the function before binding a key to it: binding an unknown name corrupts memory.
    el_set(editor->el, EL_ADDFN, "fs-delete-or-end", "Delete the character under the cursor, or end on an empty line", fs_delete_or_end);
    el_set(editor->el, EL_BIND, "^D", "fs-delete-or-end", NULL);
    el_set(editor->el, EL_ADDFN, "fs-complete", "Complete the command or argument", fs_complete);
    el_set(editor->el, EL_BIND, "^I", "fs-complete", NULL);
    el_set(editor->el, EL_ADDFN, "fs-show-updates", "Show what changed above the prompt", fs_show_updates);
    el_set(editor->el, EL_BIND, "\xc2\x9e", "fs-show-updates", NULL);
    // Ctrl-R searches the history backwards, its prompt read as bash's and fish's.
    el_set(editor->el, EL_ADDFN, "fs-reverse-search", "Search the history backwards", fs_reverse_search);
    el_set(editor->el, EL_BIND, "^R", "fs-reverse-search", NULL);
    el_set(editor->el, EL_ADDFN, "fs-search-step", "A key of the history search", fs_search_step);
    el_set(editor->el, EL_BIND, "\xc2\x9f", "fs-search-step", NULL);
}

fs_editor *fs_editor_create(const char *program, int history_size, fs_completer completer, void *context) {
    fs_editor *editor = calloc(1, sizeof *editor);
    if (!editor) return NULL;
    editor->in_fd = STDIN_FILENO;
    editor->out_fd = STDOUT_FILENO;
    editor->err_fd = STDERR_FILENO;
    editor->in = stdin;
    editor->out = stdout;
    editor->resize_pipe[0] = editor->resize_pipe[1] = -1;
    editor->completer = completer;
    editor->context = context;
    pthread_mutex_init(&editor->lock, NULL);
    if (fs_make_pipe(editor->update_pipe) != 0) editor->update_pipe[0] = editor->update_pipe[1] = -1;
    if (fs_job_pipe[0] < 0 && fs_make_pipe(fs_job_pipe) != 0) {
        fs_job_pipe[0] = fs_job_pipe[1] = -1;
    }
    editor->history = history_init();
    fs_libedit_lock();
    editor->el = el_init(program, stdin, stdout, stderr);
    if (editor->el) {
        fs_editor_configure(editor);
        // The user's ~/.editrc (or $EDITRC) may rebind keys, as in other libedit programs.
        el_source(editor->el, NULL);
    }
    fs_libedit_unlock();
    return fs_editor_finish(editor, history_size);
}

fs_editor *fs_editor_finish(fs_editor *editor, int history_size) {
    if (!editor->history || !editor->el) {
        fs_editor_destroy(editor);
        return NULL;
    }
    history(editor->history, &editor->event, H_SETSIZE, history_size);
    history(editor->history, &editor->event, H_SETUNIQUE, 1);
    return editor;
}

void fs_editor_destroy(fs_editor *editor) {
    if (!editor) return;
    fs_libedit_lock();
    if (editor->el) el_end(editor->el);
    if (editor->history) history_end(editor->history);
    fs_libedit_unlock();
    if (editor->owns_files) {
        if (editor->in) fclose(editor->in);
        if (editor->out) fclose(editor->out);
    }
    fs_search_end(editor);
    free(editor->prompt);
    free(editor->next_prompt);
    while (editor->first) {
        struct fs_update *next = editor->first->next;
        free(editor->first->text);
        free(editor->first);
        editor->first = next;
    }
    for (int i = 0; i < 2; i++) {
        if (editor->update_pipe[i] >= 0) close(editor->update_pipe[i]);
        if (editor->resize_pipe[i] >= 0) close(editor->resize_pipe[i]);
    }
    pthread_mutex_destroy(&editor->lock);
    free(editor);
}

void fs_editor_set_prompt(fs_editor *editor, const char *prompt) {
    char *copy = strdup(prompt);
    if (!copy) return;
    pthread_mutex_lock(&editor->lock);
    free(editor->prompt);
    editor->prompt = copy;
    free(editor->next_prompt);
    editor->next_prompt = NULL;
    pthread_mutex_unlock(&editor->lock);
}

// Marks whether a line is being read; at its end, what came meanwhile goes out below the line.
static void fs_set_reading(fs_editor *editor, int reading) {
    pthread_mutex_lock(&editor->lock);
    editor->reading = reading;
    atomic_store(&editor->reading_now, reading);
    if (!reading) {
        // The line entered (or abandoned) is below the screen now.
        editor->screen_rows = 0;
        fs_drain(editor->update_pipe[0]);
        while (editor->first) {
            struct fs_update *next = editor->first->next;
            fs_write_all(editor->first->to_error ? editor->err_fd : editor->out_fd, editor->first->text, strlen(editor->first->text));
            free(editor->first->text);
            free(editor->first);
            editor->first = next;
        }
        editor->last = NULL;
        if (editor->next_prompt) {
            free(editor->prompt);
            editor->prompt = editor->next_prompt;
            editor->next_prompt = NULL;
        }
    }
    pthread_mutex_unlock(&editor->lock);
}

// Starts reading a line, libedit's lock held: raw mode before the prompt shows (libedit may
// otherwise print the prompt while the terminal is still in canonical mode, where a key typed
// at once, Ctrl-D, is lost), no escape sequence half read, and a search a Ctrl-C interrupted
// ended with its line.
static void fs_begin_read(fs_editor *editor) {
    el_set(editor->el, EL_PREP_TERM, 1);
    editor->escape_state = 0;
    fs_search_end(editor);
    editor->search.has_pending = 0;
}

// Reads the line, libedit's lock held, and releases the lock: libedit's line (NULL at the end
// or when interrupted), its count in *count and the errno el_gets left in *error.
static const char *fs_read_unlocking(fs_editor *editor, int *count, int *error) {
    fs_set_reading(editor, 1);
    errno = 0;
    const char *text = el_gets(editor->el, count);
    *error = errno;
    fs_libedit_unlock();
    fs_set_reading(editor, 0);
    return text;
}

// Reads a line on an editor's own terminal: no signal of the process is its (Ctrl-C comes as a
// byte, a resize through its pipe), and a resize told while no line was read is acted on when
// the next read starts.
static int fs_editor_read_own_terminal(fs_editor *editor, const char **line) {
    int count = 0;
    fs_libedit_lock();
    fs_begin_read(editor);
    int saved = 0;
    const char *text = fs_read_unlocking(editor, &count, &saved);
    errno = saved;
    if (text == NULL) return count == -1 && errno == EINTR ? -1 : 0;
    *line = text;
    return 1;
}

int fs_editor_read(fs_editor *editor, const char **line) {
    if (editor->on_own_terminal) return fs_editor_read_own_terminal(editor, line);
    int count = 0;
    // A Ctrl-C pressed before this prompt was meant for something else, and is forgotten
    // (not only its wake-up): it must not cancel the next command.
    fs_interrupted = 0;
    fs_drain_interrupt_pipe();
    // A request to end is not: checked after the drain, since its handler records it before
    // writing the pipe, one arriving at any moment is seen here or wakes the read below.
    if (fs_termination) return 0;
    fs_libedit_lock();
    fs_begin_read(editor);
    // Ctrl-Z, fg and resizing are handled while the line is read; a Ctrl-Z at any other time
    // stops the shell as usual.
    fs_drain(fs_job_pipe[0]);
    struct sigaction job, previous_tstp, previous_cont, previous_winch;
    memset(&job, 0, sizeof job);
    job.sa_handler = fs_on_job_signal;
    sigemptyset(&job.sa_mask);
    sigaction(SIGTSTP, &job, &previous_tstp);
    sigaction(SIGCONT, &job, &previous_cont);
    sigaction(SIGWINCH, &job, &previous_winch);
    int saved = 0;
    const char *text = fs_read_unlocking(editor, &count, &saved);
    sigaction(SIGTSTP, &previous_tstp, NULL);
    sigaction(SIGCONT, &previous_cont, NULL);
    sigaction(SIGWINCH, &previous_winch, NULL);
    errno = saved;
    if (text == NULL) {
        if (fs_termination) return 0;
        if (count == -1 && errno == EINTR) return -1;
        return 0;
    }
    *line = text;
    return 1;
}

int fs_history_add(fs_editor *editor, const char *line) {
    fs_libedit_lock();
    int result = history(editor->history, &editor->event, H_ENTER, line);
    fs_libedit_unlock();
    return result;
}

int fs_history_load(fs_editor *editor, const char *path) {
    fs_libedit_lock();
    int result = history(editor->history, &editor->event, H_LOAD, path);
    fs_libedit_unlock();
    return result;
}

int fs_history_save(fs_editor *editor, const char *path) {
    fs_libedit_lock();
    int result = history(editor->history, &editor->event, H_SAVE, path);
    fs_libedit_unlock();
    return result;
}

char *fs_history_text(fs_editor *editor) {
    HistEvent event;
    size_t size = 1, used = 0;
    char *text = malloc(size);
    if (!text) return NULL;
    text[0] = '\0';
    fs_libedit_lock();
    for (int found = history(editor->history, &event, H_LAST); found != -1; found = history(editor->history, &event, H_PREV)) {
        size_t length = strlen(event.str);
        if (length > 0 && event.str[length - 1] == '\n') length--;
        char *grown = realloc(text, size + length + 1);
        if (!grown) break;
        text = grown;
        size += length + 1;
        memcpy(text + used, event.str, length);
        used += length;
        text[used++] = '\n';
        text[used] = '\0';
    }
    fs_libedit_unlock();
    return text;
}
