// libmosquitto (Debian libmosquitto1; headers from libmosquitto-dev), the MQTT client the panel's
// MQTT edge drives from its own poll loop (mosquitto_socket + loop_read/loop_write/loop_misc; no
// library thread), and the two questions about its TLS session that libmosquitto's API does not
// answer (libssl, headers from libssl-dev).
//
// Loaded with dlopen when a panel first needs MQTT, not linked: libmosquitto brings libssl and
// libcrypto, 2 MB of a panel's resident memory and part of its start-up, which a panel without a
// broker never uses (issue 16). The program names only the library's soname, so it runs where
// libmosquitto is not installed and says so when a config asks for MQTT.
#ifndef CMOSQUITTO_SHIM_H
#define CMOSQUITTO_SHIM_H

#include <dlfcn.h>
#include <stddef.h>
#include <mosquitto.h>
#include <openssl/ssl.h>

/// The soname loaded (Debian's libmosquitto1; the functions below need its 2.0, bookworm's).
#define SWITCHPANEL_LIBMOSQUITTO "libmosquitto.so.1"

/// Every libmosquitto function the MQTT edge calls.
#define SWITCHPANEL_LIBMOSQUITTO_FUNCTIONS(F)                                                      \
    F(mosquitto_lib_init) F(mosquitto_strerror) F(mosquitto_connack_string) F(mosquitto_new)      \
    F(mosquitto_destroy) F(mosquitto_int_option) F(mosquitto_username_pw_set)                     \
    F(mosquitto_will_set) F(mosquitto_tls_set) F(mosquitto_user_data_set)                         \
    F(mosquitto_connect_callback_set) F(mosquitto_disconnect_callback_set)                        \
    F(mosquitto_message_callback_set) F(mosquitto_unsubscribe_callback_set)                       \
    F(mosquitto_connect_async) F(mosquitto_disconnect)                                            \
    F(mosquitto_loop_read) F(mosquitto_loop_write) F(mosquitto_loop_misc) F(mosquitto_want_write) \
    F(mosquitto_socket) F(mosquitto_ssl_get) F(mosquitto_publish) F(mosquitto_subscribe)          \
    F(mosquitto_unsubscribe)

/// libmosquitto's functions, each under its own name; filled by switchpanel_libmosquitto_load.
struct switchpanel_libmosquitto {
#define SWITCHPANEL_FIELD(name) __typeof__(name) *_Nonnull name;
    SWITCHPANEL_LIBMOSQUITTO_FUNCTIONS(SWITCHPANEL_FIELD)
#undef SWITCHPANEL_FIELD
    /// libssl's, found through libmosquitto's own dependencies (so no OpenSSL soname is named
    /// here); NULL for a libmosquitto built without TLS, which then has no TLS session to ask about.
    __typeof__(SSL_is_init_finished) *_Nullable SSL_is_init_finished;
    __typeof__(SSL_want) *_Nullable SSL_want;
};

/// Loads and initialises libmosquitto and fills `lib`; NULL on success, else dlerror's words (the
/// library or the symbol that is missing). The library stays loaded for the life of the process.
static inline const char *_Nullable switchpanel_libmosquitto_load(struct switchpanel_libmosquitto *_Nonnull lib) {
    void *handle = dlopen(SWITCHPANEL_LIBMOSQUITTO, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) return dlerror();
#define SWITCHPANEL_LOAD(name)                                          \
    if ((lib->name = (__typeof__(name) *)dlsym(handle, #name)) == NULL) \
        return dlerror() ?: "a symbol resolved to NULL"; /* (a NULL symbol sets no error) */
    SWITCHPANEL_LIBMOSQUITTO_FUNCTIONS(SWITCHPANEL_LOAD)
#undef SWITCHPANEL_LOAD
    // dlsym on a dlopen handle also searches the libraries it depends on.
    lib->SSL_is_init_finished = (__typeof__(SSL_is_init_finished) *)dlsym(handle, "SSL_is_init_finished");
    lib->SSL_want = (__typeof__(SSL_want) *)dlsym(handle, "SSL_want");
    lib->mosquitto_lib_init();
    return NULL;
}

#endif
