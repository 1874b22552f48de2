// libwebsockets (Debian 12's libwebsockets17, 4.1, or Debian 13's libwebsockets19t64, 4.3), the
// WebSocket client the Home Assistant edge talks through. Debian builds it without LWS_WITH_EXTERNAL_POLL, so its
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
#include <stdio.h>
#include <string.h>
#include <libwebsockets.h>

#include "stable-abi.h"

/// The two sonames tried, in this order: Debian 12's 4.1 (libwebsockets17) and Debian 13's 4.3
/// (libwebsockets19t64). libwebsockets changes its soname when a struct's layout changes, and
/// between these two only lws_context_creation_info and lws_client_connect_info did: the client
/// fills them through the loaded version's functions (layouts.inc, built once against each
/// version's vendored headers), so one build of the program uses whichever the machine has.
#define SWITCHPANEL_LIBWEBSOCKETS "libwebsockets.so.17 or libwebsockets.so.19"
#define SWITCHPANEL_LIBWEBSOCKETS_PACKAGE "libwebsockets17 on Debian 12, libwebsockets19t64 on Debian 13"

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
    /// The version loaded: 41 (libwebsockets.so.17) or 43 (libwebsockets.so.19).
    int layout;
};

// Defined in Sources/CWebSockets41 and Sources/CWebSockets43 (layouts.inc).
#define SWITCHPANEL_LAYOUT_DECLARATIONS(version)                                                   \
    struct lws_context *_Nullable switchpanel_lws##version##_create_context(                       \
        __typeof__(lws_create_context) *_Nonnull create, const struct lws_protocols *_Nonnull protocols, \
        const char *_Nullable ca_file, int timeout_secs, void *_Nullable user);                      \
    struct lws *_Nullable switchpanel_lws##version##_connect(                                      \
        __typeof__(lws_client_connect_via_info) *_Nonnull connect, struct lws_context *_Nonnull context, \
        const char *_Nonnull host, int port, const char *_Nonnull path, int tls);
SWITCHPANEL_LAYOUT_DECLARATIONS(41)
SWITCHPANEL_LAYOUT_DECLARATIONS(43)
#undef SWITCHPANEL_LAYOUT_DECLARATIONS

/// A client context that makes no server, keeps the process's ids, initialises OpenSSL, gives a
/// connection `timeout_secs` to open, trusts `ca_file` (NULL: no TLS) and carries `user`.
static inline struct lws_context *_Nullable switchpanel_lws_create_context(
    const struct switchpanel_libwebsockets *_Nonnull lib, const struct lws_protocols *_Nonnull protocols,
    const char *_Nullable ca_file, int timeout_secs, void *_Nullable user) {
    return lib->layout == 43
               ? switchpanel_lws43_create_context(lib->lws_create_context, protocols, ca_file, timeout_secs, user)
               : switchpanel_lws41_create_context(lib->lws_create_context, protocols, ca_file, timeout_secs, user);
}

/// A WebSocket connection to `host`:`port` `path` (over TLS when `tls`), its Host and Origin the
/// host; NULL when it failed before a connection existed.
static inline struct lws *_Nullable switchpanel_lws_connect(
    const struct switchpanel_libwebsockets *_Nonnull lib, struct lws_context *_Nonnull context,
    const char *_Nonnull host, int port, const char *_Nonnull path, int tls) {
    return lib->layout == 43
               ? switchpanel_lws43_connect(lib->lws_client_connect_via_info, context, host, port, path, tls)
               : switchpanel_lws41_connect(lib->lws_client_connect_via_info, context, host, port, path, tls);
}

/// Loads libwebsockets (4.1's soname, else 4.3's) and fills `lib`; NULL on success, else why
/// neither loaded (both dlerror's words). The library stays loaded for the life of the process;
/// its own logging is turned off (the client reports what matters through the panel's log).
static inline const char *_Nullable switchpanel_libwebsockets_load(struct switchpanel_libwebsockets *_Nonnull lib) {
    // Thread-local like dlerror's own: the first failure's words are kept while the second is tried.
    static _Thread_local char why[1024];
    lib->layout = 41;
    void *handle = dlopen("libwebsockets.so.17", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        snprintf(why, sizeof why, "%s", dlerror());
        lib->layout = 43;
        handle = dlopen("libwebsockets.so.19", RTLD_NOW | RTLD_LOCAL);
        if (handle == NULL) {
            size_t used = strlen(why);
            snprintf(why + used, sizeof why - used, "; %s", dlerror());
            return why;
        }
    }
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
