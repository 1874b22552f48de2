// libdrm (KMS: resources, dumb buffers, atomic and legacy mode setting, page flips), for the DRM
// module. Only the DRM module imports this. (The console ioctls of VT switching and mmap are
// LinuxIO's.)
#include <stdint.h>
#include <string.h>
#include <xf86drm.h>
#include <xf86drmMode.h>
#include <drm_fourcc.h>
#include <drm_mode.h>

// --- Page-flip events without Swift callbacks ----------------------------------------------
//
// drmHandleEvent reads the card's event queue and calls a C function pointer per event. Rather
// than hand it a Swift closure (a @convention(c) thunk plus an unmanaged self pointer kept
// alive by hand), the handler lives here: every flip is queued with a pointer to a
// cdrm_flip_collector as its user_data, and the handler appends what the kernel reported to
// that collector. The collector is plain memory owned by the display, so the Swift side reads
// finished flips as data and never runs inside libdrm's read loop. drmHandleEvent (not a
// hand-written parser of struct drm_event) keeps libdrm's knowledge of the event layouts.

/// One completed flip as the kernel reported it: the vblank counter and CLOCK_MONOTONIC time
/// of the vblank at which the new framebuffer became visible, on which CRTC.
struct cdrm_flip_event {
    uint32_t crtc_id;
    uint32_t sequence;
    uint32_t tv_sec;
    uint32_t tv_usec;
};

/// Where the handler records flips; `count` grows up to CDRM_MAX_FLIP_EVENTS (one read of the
/// event queue holds at most 1024 bytes, 32 flip events, so this never overflows in practice;
/// `dropped` counts any that did not fit).
#define CDRM_MAX_FLIP_EVENTS 32
struct cdrm_flip_collector {
    struct cdrm_flip_event events[CDRM_MAX_FLIP_EVENTS];
    int32_t count;
    int32_t dropped;
};

static void cdrm_record_flip(int fd, unsigned int sequence, unsigned int tv_sec, unsigned int tv_usec,
                             unsigned int crtc_id, void *user_data) {
    (void)fd;
    struct cdrm_flip_collector *collector = (struct cdrm_flip_collector *)user_data;
    if (collector == NULL) return;
    if (collector->count >= CDRM_MAX_FLIP_EVENTS) {
        collector->dropped += 1;
        return;
    }
    struct cdrm_flip_event *e = &collector->events[collector->count++];
    e->crtc_id = crtc_id;
    e->sequence = sequence;
    e->tv_sec = tv_sec;
    e->tv_usec = tv_usec;
}

/// Reads the card's pending events once (drmHandleEvent) and records every page-flip event in
/// the collector its flip named. Returns drmHandleEvent's result: 0, or -1 with errno set
/// (EAGAIN when nothing was queued on a non-blocking descriptor).
static inline int cdrm_read_flip_events(int fd) {
    drmEventContext context;
    memset(&context, 0, sizeof context);
    // Version 3 is the first with page_flip_handler2 (which reports the CRTC); libdrm ignores
    // the handlers a version does not have.
    context.version = 3;
    context.page_flip_handler2 = cdrm_record_flip;
    return drmHandleEvent(fd, &context);
}
