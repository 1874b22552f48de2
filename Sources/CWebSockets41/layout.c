// libwebsockets 4.1's struct layouts (Debian 12's libwebsockets17, libwebsockets.so.17): the
// headers are the vendored copy in libwebsockets-4.1/ (Package.swift's headerSearchPath puts it
// before the system's), and ../CWebSockets/layouts.inc does the filling.
#include <libwebsockets.h>

#if LWS_LIBRARY_VERSION_MAJOR != 4 || LWS_LIBRARY_VERSION_MINOR != 1
#error "libwebsockets-4.1/ was not found before the system's headers"
#endif

#define SWITCHPANEL_LAYOUT(name) switchpanel_lws41_##name
#include "../CWebSockets/layouts.inc"

// The two structs' layout in 4.1, pinned as measured with Debian's headers on x86_64 and aarch64
// (both LP64): were a sub-header found elsewhere than in libwebsockets-4.1/ (the system's, of
// another version), the layout would change and the build fail here, not the connection.
#if __SIZEOF_POINTER__ == 8
#define SWITCHPANEL_PIN(what, value) _Static_assert(what == value, #what " is " #value " in 4.1")
SWITCHPANEL_PIN(sizeof(struct lws_context_creation_info), 672);
SWITCHPANEL_PIN(offsetof(struct lws_context_creation_info, protocols), 8);
SWITCHPANEL_PIN(offsetof(struct lws_context_creation_info, port), 96);
SWITCHPANEL_PIN(offsetof(struct lws_context_creation_info, client_ssl_ca_filepath), 328);
SWITCHPANEL_PIN(offsetof(struct lws_context_creation_info, timeout_secs), 404);
SWITCHPANEL_PIN(offsetof(struct lws_context_creation_info, gid), 420);
SWITCHPANEL_PIN(offsetof(struct lws_context_creation_info, uid), 424);
SWITCHPANEL_PIN(offsetof(struct lws_context_creation_info, options), 432);
SWITCHPANEL_PIN(offsetof(struct lws_context_creation_info, user), 440);
SWITCHPANEL_PIN(sizeof(struct lws_client_connect_info), 232);
SWITCHPANEL_PIN(offsetof(struct lws_client_connect_info, context), 0);
SWITCHPANEL_PIN(offsetof(struct lws_client_connect_info, address), 8);
SWITCHPANEL_PIN(offsetof(struct lws_client_connect_info, port), 16);
SWITCHPANEL_PIN(offsetof(struct lws_client_connect_info, ssl_connection), 20);
SWITCHPANEL_PIN(offsetof(struct lws_client_connect_info, path), 24);
SWITCHPANEL_PIN(offsetof(struct lws_client_connect_info, host), 32);
SWITCHPANEL_PIN(offsetof(struct lws_client_connect_info, origin), 40);
#undef SWITCHPANEL_PIN
#endif
