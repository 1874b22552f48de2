// Linux system calls Glibc's Swift overlay leaves out: signalfd, timerfd, inotify, Unix sockets.
// Only LinuxIO and the edge modules import this.
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/inotify.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <signal.h>
#include <poll.h>
