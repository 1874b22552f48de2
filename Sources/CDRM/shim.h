// libdrm (KMS: resources, dumb buffers, atomic and legacy mode setting, page flips) and the
// console ioctls of VT switching, for the DRM module. Only the DRM module imports this.
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <xf86drm.h>
#include <xf86drmMode.h>
#include <drm_fourcc.h>
#include <drm_mode.h>
#include <linux/kd.h>
#include <linux/vt.h>

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

// --- Macros and variadic calls Swift cannot import ------------------------------------------

/// DRM_MODE_PAGE_FLIP_EVENT and the atomic flags are plain integers Swift imports; the console
/// ioctls below go through ioctl(2), which is variadic, so each gets a typed wrapper.

/// VT_SETMODE: how the VT is switched (VT_AUTO, or VT_PROCESS with release/acquire signals).
static inline int cdrm_vt_set_mode(int fd, char mode, short release_signal, short acquire_signal) {
    struct vt_mode vt;
    memset(&vt, 0, sizeof vt);
    vt.mode = mode;
    vt.relsig = release_signal;
    vt.acqsig = acquire_signal;
    return ioctl(fd, VT_SETMODE, &vt);
}

/// VT_GETMODE: the VT's switching mode (to restore it at exit); -1 with errno ENOTTY when `fd`
/// is not a virtual terminal.
static inline int cdrm_vt_get_mode(int fd, char *mode, short *release_signal, short *acquire_signal) {
    struct vt_mode vt;
    memset(&vt, 0, sizeof vt);
    int result = ioctl(fd, VT_GETMODE, &vt);
    if (result == 0) {
        *mode = vt.mode;
        *release_signal = vt.relsig;
        *acquire_signal = vt.acqsig;
    }
    return result;
}

/// VT_GETSTATE: the active VT's number (1-based), through any console descriptor (/dev/tty0).
static inline int cdrm_vt_active(int fd, unsigned short *active) {
    struct vt_stat state;
    memset(&state, 0, sizeof state);
    int result = ioctl(fd, VT_GETSTATE, &state);
    if (result == 0) *active = state.v_active;
    return result;
}

/// KDGETMODE: KD_TEXT or KD_GRAPHICS.
static inline int cdrm_kd_get_mode(int fd, int *mode) {
    return ioctl(fd, KDGETMODE, mode);
}

/// KDSETMODE (KD_TEXT: the console draws; KD_GRAPHICS: it leaves the screen alone) and
/// VT_RELDISP (1: release allowed, VT_ACKACQ: acquisition acknowledged) take their argument by value.
static inline int cdrm_ioctl_value(int fd, unsigned long request, unsigned long value) {
    return ioctl(fd, request, value);
}
