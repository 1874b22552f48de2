/* Prints CLOCK_MONOTONIC (µs, systemd's timestamps' clock) and execs argv[1..]. */
#include <stdio.h>
#include <time.h>
#include <unistd.h>
int main(int argc, char **argv) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    fprintf(stderr, "STAMP exec-after-sandbox %lld\n", (long long)t.tv_sec * 1000000 + t.tv_nsec / 1000);
    if (argc > 1) execv(argv[1], argv + 1);
    return 127;
}
