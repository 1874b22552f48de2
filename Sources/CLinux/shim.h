// Linux system calls Glibc's Swift overlay leaves out: signalfd, timerfd, inotify, Unix sockets,
// the console ioctls.
// Only LinuxIO and the edge modules import this.
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/inotify.h>
#include <sys/eventfd.h>
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

// The console ioctls of VT switching (LinuxIO's typed wrappers use their constants and structs).
#include <sys/ioctl.h>
#include <linux/kd.h>
#include <linux/vt.h>

// ioctl(2) is variadic, which Swift cannot call: one wrapper for a request whose argument is a
// value (KDSETMODE, VT_RELDISP take an unsigned long, not a pointer) and one for a pointer.
static inline int clinux_ioctl_value(int fd, unsigned long request, unsigned long value) {
    return ioctl(fd, request, value);
}

static inline int clinux_ioctl_pointer(int fd, unsigned long request, void *argument) {
    return ioctl(fd, request, argument);
}

#include <stdio.h>
// Swift 6 refuses to touch C's global `stdout` (shared mutable state); the program sets its
// buffering once, before anything else runs.
static inline void clinux_line_buffer_stdout(void) { setvbuf(stdout, NULL, _IOLBF, 0); }
/// Hands what stdio buffered for stdout to the kernel now.
static inline void clinux_flush_stdout(void) { fflush(stdout); }

#include <sys/wait.h>
// Whether the child `pid` has exited, without reaping it (waitid with WNOWAIT): 1 exited, 0
// running, -1 with errno on error. Reading si_pid out of siginfo_t's unions is awkward in Swift.
// While the exited child is not reaped its pid — and so its process group id — cannot be reused,
// which is what makes killing the rest of its group afterwards safe.
static inline int clinux_child_has_exited(pid_t pid) {
    siginfo_t info;
    info.si_pid = 0;
    if (waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT) != 0) return -1;
    return info.si_pid != 0 ? 1 : 0;
}
