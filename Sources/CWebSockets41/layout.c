// libwebsockets 4.1's struct layouts (Debian 12's libwebsockets17, libwebsockets.so.17): the
// headers are the vendored copy in libwebsockets-4.1/ (Package.swift's headerSearchPath puts it
// before the system's), and ../CWebSockets/layouts.inc does the filling.
#include <libwebsockets.h>

#if LWS_LIBRARY_VERSION_MAJOR != 4 || LWS_LIBRARY_VERSION_MINOR != 1
#error "libwebsockets-4.1/ was not found before the system's headers"
#endif

#define SWITCHPANEL_LAYOUT(name) switchpanel_lws41_##name
#include "../CWebSockets/layouts.inc"

// What is 4.1's own in the two structs' layout (layouts.inc pins the offsets both versions share).
#if __SIZEOF_POINTER__ == 8
SWITCHPANEL_PIN(sizeof(struct lws_context_creation_info), 672);
SWITCHPANEL_PIN(offsetof(struct lws_context_creation_info, gid), 420);
SWITCHPANEL_PIN(offsetof(struct lws_context_creation_info, uid), 424);
SWITCHPANEL_PIN(offsetof(struct lws_context_creation_info, options), 432);
SWITCHPANEL_PIN(offsetof(struct lws_context_creation_info, user), 440);
SWITCHPANEL_PIN(sizeof(struct lws_client_connect_info), 232);
#endif
