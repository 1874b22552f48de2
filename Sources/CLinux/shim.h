// Linux system calls Glibc's Swift overlay leaves out: signalfd, timerfd, inotify, Unix sockets.
// Only LinuxIO and the edge modules import this.
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/inotify.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <signal.h>
#include <poll.h>

// accept4 (the accepted socket non-blocking and close-on-exec atomically) is declared only under
// _GNU_SOURCE, which Swift's importer does not define; glibc has exported it since 2.10.
#ifndef __USE_GNU
extern int accept4(int fd, struct sockaddr *addr, socklen_t *addr_len, int flags);
// pipe2 (both ends close-on-exec atomically, so a child spawned meanwhile cannot inherit them):
// the same story.
extern int pipe2(int fds[2], int flags);
// ppoll (a nanosecond timeout, so a loop wakes at its deadline and not a millisecond early or late).
#include <time.h>
extern int ppoll(struct pollfd *fds, nfds_t nfds, const struct timespec *timeout, const sigset_t *sigmask);
#endif

#include <stdio.h>
// Swift 6 refuses to touch C's global `stdout` (shared mutable state); the program sets its
// buffering once, before anything else runs.
static inline void clinux_line_buffer_stdout(void) { setvbuf(stdout, NULL, _IOLBF, 0); }
