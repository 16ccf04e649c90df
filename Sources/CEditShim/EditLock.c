#include "EditorState.h"

#include <pthread.h>

// One lock for every call into libedit, taken by each editor's thread while it handles a key
// and released while it waits for one (fs_read_char) or for Tab's answer (fs_complete).
// Debian's libedit is built without _REENTRANT: while it writes a terminal capability
// (terminal_tputs) it keeps the editor's output FILE* in a static, which ncurses' tputs then
// writes to, and el_init and EL_TERMINAL set ncurses' global cur_term. Two editors on two
// terminals (the sessions of a server) would otherwise send one's escape sequences to the
// other's terminal. Keys are microseconds of work each, so serialising them costs no one a
// visible delay; with a single editor the lock is never contended.
static pthread_mutex_t fs_libedit_mutex = PTHREAD_MUTEX_INITIALIZER;

void fs_libedit_lock(void) {
    pthread_mutex_lock(&fs_libedit_mutex);
}

void fs_libedit_unlock(void) {
    pthread_mutex_unlock(&fs_libedit_mutex);
}
