// The two functions each version's layout target defines (layouts.inc, compiled by
// Sources/CWebSockets41 and Sources/CWebSockets43): declared once, here, for both the definitions
// and shim.h, which calls them, so a changed parameter cannot link and misbehave. Read after a
// libwebsockets.h (the system's or a vendored one): the function types are the same in both
// versions (stable-abi.h).
#ifndef SWITCHPANEL_LIBWEBSOCKETS_LAYOUTS_H
#define SWITCHPANEL_LIBWEBSOCKETS_LAYOUTS_H

/// `version`'s create_context: a context that makes no server, keeps the process's ids,
/// initialises OpenSSL, gives a connection `timeout_secs` to open, trusts `ca_file` (NULL: no
/// TLS) and carries `user`; made by `create` (the loaded lws_create_context). And its connect:
/// a WebSocket connection to `host`:`port` `path` (over TLS when `tls`), its Host and Origin the
/// host, made by `connect` (the loaded lws_client_connect_via_info); NULL when it failed before
/// a connection existed.
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

#endif
