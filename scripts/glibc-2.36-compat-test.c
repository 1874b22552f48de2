/* Holds scripts/glibc-2.36-compat.c to glibc 2.41's own functions: built for aarch64 against
 * Debian 13 (which has the real strlcpy and __isoc23_* functions) and run under qemu-user by
 * scripts/arm64-check.sh. Each input is given to both; the results, errno and where parsing
 * stopped must be the same. The C23 conversions the sscanf shim refuses are checked to be
 * recognised (the shim aborts on them rather than read them as C99 would). */
#define strlcpy compat_strlcpy
#define strlcat compat_strlcat
#define __isoc23_strtoul compat_isoc23_strtoul
#define __isoc23_strtol compat_isoc23_strtol
#define __isoc23_strtoll compat_isoc23_strtoll
#define __isoc23_sscanf compat_isoc23_sscanf
#include "glibc-2.36-compat.c"
#undef strlcpy
#undef strlcat
#undef __isoc23_strtoul
#undef __isoc23_strtol
#undef __isoc23_strtoll
#undef __isoc23_sscanf

size_t strlcpy(char *restrict, const char *restrict, size_t);
size_t strlcat(char *restrict, const char *restrict, size_t);
unsigned long __isoc23_strtoul(const char *restrict, char **restrict, int);
long __isoc23_strtol(const char *restrict, char **restrict, int);
long long __isoc23_strtoll(const char *restrict, char **restrict, int);
int __isoc23_sscanf(const char *restrict, const char *restrict, ...);

static int passed, failed;

static void check(int ok, const char *what, const char *input, int base) {
    if (ok) {
        passed++;
    } else {
        failed++;
        printf("FAIL %s(\"%s\", base %d)\n", what, input, base);
    }
}

int main(void) {
    static const char *numbers[] = {
        "0b101", "-0b11", "  +0B1", "0b", "0b2", "0B", "0x1f", "0X", "017", "123", "-123", "  42abc", "", "  -", "+",
        "0", "0b0", "0b1x", "\t\n0b11", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "-9223372036854775809", "0b111111111111111111111111111111111111111111111111111111111111111",
        "0b1111111111111111111111111111111111111111111111111111111111111111",
        "-0b1000000000000000000000000000000000000000000000000000000000000000",
        "-0b1000000000000000000000000000000000000000000000000000000000000001", "0b10000000000000000000000000000000000000",
        "zz", "1010", "-0b", "0b-1", "0b 1", "18446744073709551615", "18446744073709551616", "-1", "-0b1",
        "0b1111111111111111111111111111111111111111111111111111111111111111",
        "0b11111111111111111111111111111111111111111111111111111111111111111",
    };
    static const int bases[] = {0, 2, 8, 10, 16, 36};
    for (size_t i = 0; i < sizeof numbers / sizeof *numbers; i++) {
        for (size_t j = 0; j < sizeof bases / sizeof *bases; j++) {
            const char *s = numbers[i];
            int base = bases[j];
            char *end_ours, *end_glibc;
            errno = 0;
            long ours = compat_isoc23_strtol(s, &end_ours, base);
            int errno_ours = errno;
            errno = 0;
            long glibc = __isoc23_strtol(s, &end_glibc, base);
            check(ours == glibc && errno_ours == errno && end_ours == end_glibc, "__isoc23_strtol", s, base);
            errno = 0;
            long long ours_ll = compat_isoc23_strtoll(s, &end_ours, base);
            errno_ours = errno;
            errno = 0;
            long long glibc_ll = __isoc23_strtoll(s, &end_glibc, base);
            check(ours_ll == glibc_ll && errno_ours == errno && end_ours == end_glibc, "__isoc23_strtoll", s, base);
            errno = 0;
            unsigned long ours_ul = compat_isoc23_strtoul(s, &end_ours, base);
            errno_ours = errno;
            errno = 0;
            unsigned long glibc_ul = __isoc23_strtoul(s, &end_glibc, base);
            check(ours_ul == glibc_ul && errno_ours == errno && end_ours == end_glibc, "__isoc23_strtoul", s, base);
        }
    }

    static const char *texts[] = {"", "a", "switchpanel", "exactly8"};
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
        for (size_t size = 0; size < 12; size++) {
            char ours[16], glibc[16];
            memset(ours, '#', sizeof ours);
            memset(glibc, '#', sizeof glibc);
            size_t a = compat_strlcpy(ours, texts[i], size), b = strlcpy(glibc, texts[i], size);
            check(a == b && memcmp(ours, glibc, sizeof ours) == 0, "strlcpy", texts[i], (int)size);
            for (size_t j = 0; j < sizeof texts / sizeof *texts; j++) {
                memset(ours, '#', sizeof ours);
                memset(glibc, '#', sizeof glibc);
                size_t start = strlen(texts[j]) < size ? strlen(texts[j]) : size; /* dst full or not */
                memcpy(ours, texts[j], start);
                memcpy(glibc, texts[j], start);
                if (start < size) ours[start] = glibc[start] = '\0';
                a = compat_strlcat(ours, texts[i], size);
                b = strlcat(glibc, texts[i], size);
                check(a == b && memcmp(ours, glibc, sizeof ours) == 0, "strlcat", texts[i], (int)size);
            }
        }
    }

    /* The runtime's kind of formats (/proc/self/stat, UUIDs, numbers): read alike. */
    {
        const char *stat = "4242 (switch panel) S 1 4242 4242 0 -1 4194560 120 0 0 0 3 1 0 0 20 0 1 0 5127";
        char state_ours = 0, state_glibc = 0;
        unsigned long ours = 0, glibc = 0;
        const char *format = "%*d %*s %*s %c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu";
        int a = compat_isoc23_sscanf(stat, format, &state_ours, &ours);
        int b = __isoc23_sscanf(stat, format, &state_glibc, &glibc);
        check(a == b && ours == glibc && state_ours == state_glibc, "__isoc23_sscanf", format, 0);
        unsigned int x1 = 0, x2 = 0;
        unsigned short h1 = 0, h2 = 0;
        int n1 = -1, n2 = -1;
        char set1[8] = "", set2[8] = "";
        const char *uuid = "deadbeef-12ab-xyz";
        format = "%8x-%4hx-%7[a-z]%n";
        a = compat_isoc23_sscanf(uuid, format, &x1, &h1, set1, &n1);
        b = __isoc23_sscanf(uuid, format, &x2, &h2, set2, &n2);
        check(a == b && x1 == x2 && h1 == h2 && strcmp(set1, set2) == 0 && n1 == n2, "__isoc23_sscanf", format, 0);
        long d1 = 0, d2 = 0;
        format = "%ld%%";
        a = compat_isoc23_sscanf("-17%", format, &d1);
        b = __isoc23_sscanf("-17%", format, &d2);
        check(a == b && d1 == d2, "__isoc23_sscanf", format, 0);
    }
    /* What C23 changed is recognised, and nothing else is. */
    static const char *changed[] = {"%i", "%5i", "%*i", "%lli", "%b", "%hhb", "%w32d", "%wf64u", "x %d %i"};
    static const char *unchanged[] = {"%d", "%%i", "%[ib]", "%[]ib]%d", "%s %c %x %o %u", "%lu%n", "%[^i]"};
    for (size_t i = 0; i < sizeof changed / sizeof *changed; i++)
        check(uses_c23_conversions(changed[i]), "uses_c23_conversions", changed[i], 1);
    for (size_t i = 0; i < sizeof unchanged / sizeof *unchanged; i++)
        check(!uses_c23_conversions(unchanged[i]), "uses_c23_conversions", unchanged[i], 0);

    printf("glibc-2.36-compat: %d passed, %d failed\n", passed, failed);
    return failed != 0;
}
