// libwebsockets (Debian 12's libwebsockets17, 4.1; Debian 13's 4.3 too), the WebSocket client
// the Home Assistant edge talks through. Debian builds it without LWS_WITH_EXTERNAL_POLL, so its
// descriptors cannot join the panel's poller: it runs its own service loop on one I/O thread
// (Sources/WebSocket), which sleeps in poll between events and hands complete messages to the
// panel's loop through an eventfd.
//
// Loaded with dlopen when a config first binds a switch to Home Assistant, not linked, as
// libmosquitto is: it brings libssl, libcrypto and the event libraries' plugins, which a panel
// without Home Assistant never uses. The program names only the library's soname.
#ifndef CWEBSOCKETS_SHIM_H
#define CWEBSOCKETS_SHIM_H

#include <dlfcn.h>
#include <stddef.h>
#include <libwebsockets.h>

/// The soname loaded: the one of the headers this was compiled with, as the structs the client
/// fills (lws_context_creation_info, lws_client_connect_info) have that version's layout, and
/// libwebsockets changes its soname when their layout changes. Debian 12's 4.1 is
/// libwebsockets17, Debian 13's 4.3 libwebsockets19t64: a program built against one cannot use
/// the other, so the packages (built against Debian 12's libraries) load .so.17, and the aarch64
/// suite (built against Debian 13's) .so.19.
#if LWS_LIBRARY_VERSION_MAJOR == 4 && LWS_LIBRARY_VERSION_MINOR == 1
#define SWITCHPANEL_LIBWEBSOCKETS "libwebsockets.so.17"
#define SWITCHPANEL_LIBWEBSOCKETS_PACKAGE "libwebsockets17"
#elif LWS_LIBRARY_VERSION_MAJOR == 4 && LWS_LIBRARY_VERSION_MINOR == 3
#define SWITCHPANEL_LIBWEBSOCKETS "libwebsockets.so.19"
#define SWITCHPANEL_LIBWEBSOCKETS_PACKAGE "libwebsockets19t64"
#else
#error "libwebsockets: only 4.1 (Debian 12) and 4.3 (Debian 13) are known: add the soname of this version"
#endif

/// Every libwebsockets function the client calls.
#define SWITCHPANEL_LIBWEBSOCKETS_FUNCTIONS(F)                                                     \
    F(lws_set_log_level) F(lws_create_context) F(lws_context_destroy) F(lws_context_user)         \
    F(lws_get_context) F(lws_client_connect_via_info) F(lws_service) F(lws_cancel_service)        \
    F(lws_callback_on_writable) F(lws_write) F(lws_is_final_fragment)                             \
    F(lws_remaining_packet_payload) F(lws_close_reason) F(lws_frame_is_binary)

/// libwebsockets' functions, each under its own name; filled by switchpanel_libwebsockets_load.
/// And two of OpenSSL's (libcrypto, which libwebsockets brings), declared here rather than from
/// its headers, to say why the server's certificate was refused: libwebsockets' own error for
/// it is OpenSSL's error queue after the handshake failed ("error:00000001:lib(0)::reason(1)").
struct switchpanel_libwebsockets {
#define SWITCHPANEL_FIELD(name) __typeof__(name) *_Nonnull name;
    SWITCHPANEL_LIBWEBSOCKETS_FUNCTIONS(SWITCHPANEL_FIELD)
#undef SWITCHPANEL_FIELD
    int (*_Nonnull X509_STORE_CTX_get_error)(void *_Nonnull context);
    const char *_Nonnull (*_Nonnull X509_verify_cert_error_string)(long error);
};

/// Loads libwebsockets and fills `lib`; NULL on success, else dlerror's words. The library stays
/// loaded for the life of the process; its own logging is turned off (the client reports what
/// matters through the panel's log).
static inline const char *_Nullable switchpanel_libwebsockets_load(struct switchpanel_libwebsockets *_Nonnull lib) {
    void *handle = dlopen(SWITCHPANEL_LIBWEBSOCKETS, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) return dlerror();
#define SWITCHPANEL_LOAD(name)                                             \
    if ((lib->name = (__typeof__(lib->name))dlsym(handle, #name)) == NULL) \
        return dlerror() ?: "a symbol resolved to NULL"; /* (a NULL symbol sets no error) */
    SWITCHPANEL_LIBWEBSOCKETS_FUNCTIONS(SWITCHPANEL_LOAD)
    // dlsym on the handle searches its dependencies too: libcrypto, loaded with libwebsockets.
    SWITCHPANEL_LOAD(X509_STORE_CTX_get_error)
    SWITCHPANEL_LOAD(X509_verify_cert_error_string)
#undef SWITCHPANEL_LOAD
    lib->lws_set_log_level(0, NULL);
    return NULL;
}

/// The room libwebsockets needs before a frame's payload (LWS_PRE, a macro Swift cannot import).
static inline size_t switchpanel_lws_pre(void) { return LWS_PRE; }

#endif
