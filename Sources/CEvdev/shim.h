// libevdev and the kernel's input definitions, for the Evdev module. Only the Evdev module imports this.
#include <libevdev/libevdev.h>
#include <libevdev/libevdev-uinput.h>
#include <linux/input.h>

// input_event's time is `struct timeval time` on 64-bit systems but `__sec`/`__usec` on 32-bit
// ones built with 64-bit time_t (armhf with _TIME_BITS=64). linux/input.h hides the difference
// behind the input_event_sec/usec macros, which Swift cannot import: these are the macros as
// functions.
static inline long long cevdev_event_seconds(const struct input_event *event) {
    return (long long)event->input_event_sec;
}

static inline long cevdev_event_microseconds(const struct input_event *event) {
    return (long)event->input_event_usec;
}

static inline void cevdev_event_set_time(struct input_event *event, long long seconds, long microseconds) {
    event->input_event_sec = seconds;
    event->input_event_usec = microseconds;
}
