/* Prints CLOCK_MONOTONIC (µs, systemd's timestamps' clock) and the process's CPU time so far (µs:
 * what systemd's forked child spent setting up the sandbox before it exec'd this), then execs
 * argv[1..]. */
#include <stdio.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>
int main(int argc, char **argv) {
    struct timespec t;
    struct rusage usage;
    clock_gettime(CLOCK_MONOTONIC, &t);
    getrusage(RUSAGE_SELF, &usage);
    long long user = (long long)usage.ru_utime.tv_sec * 1000000 + usage.ru_utime.tv_usec;
    long long sys = (long long)usage.ru_stime.tv_sec * 1000000 + usage.ru_stime.tv_usec;
    fprintf(stderr, "STAMP exec-after-sandbox %lld cpu-user %lld cpu-sys %lld\n",
            (long long)t.tv_sec * 1000000 + t.tv_nsec / 1000, user, sys);
    if (argc > 1) execv(argv[1], argv + 1);
    return 127;
}
