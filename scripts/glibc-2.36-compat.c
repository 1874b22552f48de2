/* Linked into the arm64 program only when it is built for Debian 12 / Raspberry Pi OS bookworm
 * (scripts/arm64-build.sh --bookworm): the functions Debian 13's static Swift runtime
 * (libswiftCore.a, libdispatch.a, libCoreFoundation.a, lib_FoundationICU.a, built against
 * glibc 2.41's headers) imports from glibc 2.38, which bookworm's glibc 2.36 lacks. Everything
 * else binds to glibc 2.36's own symbols (the program links against Debian 12's libraries).
 *
 * (strtoul and strlcat only Foundation's CoreFoundation needs: switchpanel-bench links it.)
 * Each is exact, not approximate:
 * - strlcpy and strlcat are the BSD functions glibc 2.38 adopted (same contract).
 * - __isoc23_strtol/strtoll/strtoul are strtol/strtoll/strtoul with C23's one change: with base 0 or 2, a
 *   "0b"/"0B" prefix followed by a binary digit is read as binary. That case is parsed here; every
 *   other input goes to glibc 2.36's strtol, whose behaviour C23 leaves unchanged.
 * - __isoc23_sscanf is sscanf with C23's changes to the conversions: %i reads "0b" numbers, and
 *   %b and the wN/wfN length modifiers are new. A format that uses none of them is read by glibc
 *   2.36's C99 sscanf, identically; one that uses any of them aborts with a message rather than
 *   be read differently (the runtime's formats, reading /proc files and UUIDs, use none).
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t strlcpy(char *restrict dst, const char *restrict src, size_t size) {
    size_t length = strlen(src);
    if (size > 0) {
        size_t copied = length < size - 1 ? length : size - 1;
        memcpy(dst, src, copied);
        dst[copied] = '\0';
    }
    return length;
}

size_t strlcat(char *restrict dst, const char *restrict src, size_t size) {
    size_t used = strnlen(dst, size);
    if (used == size) return size + strlen(src);
    return used + strlcpy(dst + used, src, size - used);
}

/* Where a C23 binary number starts in s for base, or NULL when C23 reads s as C99 does. */
static const char *binary_digits(const char *s, int base, int *negative) {
    if (base != 0 && base != 2) return NULL;
    while (isspace((unsigned char)*s)) s++;
    *negative = *s == '-';
    if (*s == '+' || *s == '-') s++;
    if (s[0] == '0' && (s[1] == 'b' || s[1] == 'B') && (s[2] == '0' || s[2] == '1')) return s + 2;
    return NULL;
}

/* Reads the binary digits at s into a value clamped to [min, max] as strtol does. */
static long long read_binary(const char *s, int negative, long long min, long long max, char **end) {
    unsigned long long magnitude = 0, limit = negative ? (unsigned long long)max + 1 : (unsigned long long)max;
    int overflow = 0;
    for (; *s == '0' || *s == '1'; s++) {
        if (magnitude > (limit - (unsigned long long)(*s - '0')) / 2) overflow = 1;
        else magnitude = magnitude * 2 + (unsigned long long)(*s - '0');
    }
    if (end) *end = (char *)s;
    if (overflow) {
        errno = ERANGE;
        return negative ? min : max;
    }
    return negative ? (long long)(0 - magnitude) : (long long)magnitude;
}

long __isoc23_strtol(const char *restrict s, char **restrict end, int base) {
    int negative;
    const char *digits = binary_digits(s, base, &negative);
    if (!digits) return strtol(s, end, base);
    return (long)read_binary(digits, negative, LONG_MIN, LONG_MAX, end);
}

long long __isoc23_strtoll(const char *restrict s, char **restrict end, int base) {
    int negative;
    const char *digits = binary_digits(s, base, &negative);
    if (!digits) return strtoll(s, end, base);
    return read_binary(digits, negative, LLONG_MIN, LLONG_MAX, end);
}

unsigned long __isoc23_strtoul(const char *restrict s, char **restrict end, int base) {
    int negative;
    const char *digits = binary_digits(s, base, &negative);
    if (!digits) return strtoul(s, end, base);
    unsigned long magnitude = 0;
    int overflow = 0;
    for (; *digits == '0' || *digits == '1'; digits++) {
        if (magnitude > (ULONG_MAX - (unsigned long)(*digits - '0')) / 2) overflow = 1;
        else magnitude = magnitude * 2 + (unsigned long)(*digits - '0');
    }
    if (end) *end = (char *)digits;
    if (overflow) {
        errno = ERANGE;
        return ULONG_MAX;
    }
    return negative ? 0 - magnitude : magnitude;
}

/* Whether format has a conversion whose meaning C23 changed (%i, %b, wN/wfN). */
static int uses_c23_conversions(const char *format) {
    for (const char *p = format; *p; p++) {
        if (*p != '%') continue;
        p++;
        if (*p == '%') continue;
        while (*p && strchr("*0123456789'mhlLjztqw", *p)) {
            if (*p == 'w') return 1;
            p++;
        }
        if (*p == 'i' || *p == 'b') return 1;
        if (*p == '[') { /* a scan set: skip to its closing bracket */
            p++;
            if (*p == '^') p++;
            if (*p == ']') p++;
            while (*p && *p != ']') p++;
        }
        if (!*p) break;
    }
    return 0;
}

int __isoc99_vsscanf(const char *restrict s, const char *restrict format, va_list arguments);

int __isoc23_sscanf(const char *restrict s, const char *restrict format, ...) {
    if (uses_c23_conversions(format)) {
        fprintf(stderr, "switchpanel: sscanf format \"%s\" needs glibc 2.38 (C23 conversions)\n", format);
        abort();
    }
    va_list arguments;
    va_start(arguments, format);
    int result = __isoc99_vsscanf(s, format, arguments);
    va_end(arguments);
    return result;
}
