// libedit's native API. From Debian's libedit-dev (make installs it when it is missing).
#include <histedit.h>
