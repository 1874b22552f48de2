// libwebsockets (Debian 12's libwebsockets17, 4.1, or Debian 13's libwebsockets19t64, 4.3), the
// WebSocket client the Home Assistant edge talks through. Debian builds it without
// LWS_WITH_EXTERNAL_POLL, so its descriptors cannot join the panel's poller: it runs its own
// service loop on one I/O thread (Sources/WebSocket), which sleeps in poll between events and
// hands complete messages to the panel's loop through an eventfd.
//
// Loaded with dlopen when a config first binds a switch to Home Assistant, not linked, as
// libmosquitto is: it brings libssl, libcrypto and the event libraries' plugins, which a panel
// without Home Assistant never uses. The program names only the two versions' sonames.
#ifndef CWEBSOCKETS_SHIM_H
#define CWEBSOCKETS_SHIM_H

#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <libwebsockets.h>

#include "stable-abi.h"
#include "layouts.h"

/// The two versions one build of the program uses, whichever the machine has. libwebsockets
/// changes its soname when a struct's layout changes, and between these two only
/// lws_context_creation_info and lws_client_connect_info did: the client fills them through the
/// loaded version's pair of functions (layouts.h), and takes everything else from the headers
/// (the same in both: stable-abi.h).
#define SWITCHPANEL_LIBWEBSOCKETS_4_3 "libwebsockets.so.19"
#define SWITCHPANEL_LIBWEBSOCKETS_4_1 "libwebsockets.so.17"
/// For the message when neither loads (LoadedLibrary's soname and package; one literal, which
/// Swift imports, where a concatenation of the two it would not).
#define SWITCHPANEL_LIBWEBSOCKETS "libwebsockets.so.19 or libwebsockets.so.17"
#define SWITCHPANEL_LIBWEBSOCKETS_PACKAGE "libwebsockets19t64 on Debian 13, libwebsockets17 on Debian 12"

/// Which version was loaded, and so whose struct layouts the client fills.
enum switchpanel_lws_layout { switchpanel_lws_layout_4_1 = 41, switchpanel_lws_layout_4_3 = 43 };

/// libwebsockets' functions, each under its own name; filled by switchpanel_libwebsockets_load.
/// And two of OpenSSL's (libcrypto, which libwebsockets brings), declared here rather than from
/// its headers, to say why the server's certificate was refused: libwebsockets' own error for
/// it is OpenSSL's error queue after the handshake failed ("error:00000001:lib(0)::reason(1)").
struct switchpanel_libwebsockets {
#define SWITCHPANEL_FIELD(name, type) __typeof__(name) *_Nonnull name;
    SWITCHPANEL_LIBWEBSOCKETS_FUNCTIONS(SWITCHPANEL_FIELD)
#undef SWITCHPANEL_FIELD
    int (*_Nonnull X509_STORE_CTX_get_error)(void *_Nonnull context);
    const char *_Nonnull (*_Nonnull X509_verify_cert_error_string)(long error);
    enum switchpanel_lws_layout layout;
};

/// A client context (see layouts.h), made with the loaded version's layout.
static inline struct lws_context *_Nullable switchpanel_lws_create_context(
    const struct switchpanel_libwebsockets *_Nonnull lib, const struct lws_protocols *_Nonnull protocols,
    const char *_Nullable ca_file, int timeout_secs, void *_Nullable user) {
    return lib->layout == switchpanel_lws_layout_4_3
               ? switchpanel_lws43_create_context(lib->lws_create_context, protocols, ca_file, timeout_secs, user)
               : switchpanel_lws41_create_context(lib->lws_create_context, protocols, ca_file, timeout_secs, user);
}

/// A WebSocket connection (see layouts.h), asked for with the loaded version's layout.
static inline struct lws *_Nullable switchpanel_lws_connect(
    const struct switchpanel_libwebsockets *_Nonnull lib, struct lws_context *_Nonnull context,
    const char *_Nonnull host, int port, const char *_Nonnull path, int tls) {
    return lib->layout == switchpanel_lws_layout_4_3
               ? switchpanel_lws43_connect(lib->lws_client_connect_via_info, context, host, port, path, tls)
               : switchpanel_lws41_connect(lib->lws_client_connect_via_info, context, host, port, path, tls);
}

/// Loads libwebsockets and fills `lib`; NULL on success, else why neither version loaded (both
/// dlerror's words). 4.3 is tried first: it is Debian 13's own, and a machine upgraded from
/// Debian 12 may still have the old 4.1, which no longer gets its security fixes there. The
/// library stays loaded for the life of the process; its own logging is turned off (the client
/// reports what matters through the panel's log).
static inline const char *_Nullable switchpanel_libwebsockets_load(struct switchpanel_libwebsockets *_Nonnull lib) {
    // Thread-local like dlerror's own: the first failure's words are kept while the second is tried.
    static _Thread_local char why[1024];
    lib->layout = switchpanel_lws_layout_4_3;
    void *handle = dlopen(SWITCHPANEL_LIBWEBSOCKETS_4_3, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        snprintf(why, sizeof why, "%s", dlerror());
        lib->layout = switchpanel_lws_layout_4_1;
        handle = dlopen(SWITCHPANEL_LIBWEBSOCKETS_4_1, RTLD_NOW | RTLD_LOCAL);
        if (handle == NULL) {
            size_t used = strlen(why);
            snprintf(why + used, sizeof why - used, "; %s", dlerror());
            return why;
        }
    }
#define SWITCHPANEL_LOAD(name)                                             \
    if ((lib->name = (__typeof__(lib->name))dlsym(handle, #name)) == NULL) \
        return dlerror() ?: "a symbol resolved to NULL"; /* (a NULL symbol sets no error) */
#define SWITCHPANEL_LOAD_LISTED(name, type) SWITCHPANEL_LOAD(name)
    SWITCHPANEL_LIBWEBSOCKETS_FUNCTIONS(SWITCHPANEL_LOAD_LISTED)
    // dlsym on the handle searches its dependencies too: libcrypto, loaded with libwebsockets.
    SWITCHPANEL_LOAD(X509_STORE_CTX_get_error)
    SWITCHPANEL_LOAD(X509_verify_cert_error_string)
#undef SWITCHPANEL_LOAD_LISTED
#undef SWITCHPANEL_LOAD
    lib->lws_set_log_level(0, NULL);
    return NULL;
}

/// The room libwebsockets needs before a frame's payload (LWS_PRE, a macro Swift cannot import).
static inline size_t switchpanel_lws_pre(void) { return LWS_PRE; }

#endif
