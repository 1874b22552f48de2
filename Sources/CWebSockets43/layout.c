// libwebsockets 4.3's struct layouts (Debian 13's libwebsockets19t64, libwebsockets.so.19): the
// headers are the vendored copy in libwebsockets-4.3/ (Package.swift's headerSearchPath puts it
// before the system's), and ../CWebSockets/layouts.inc does the filling.
#include <libwebsockets.h>

#if LWS_LIBRARY_VERSION_MAJOR != 4 || LWS_LIBRARY_VERSION_MINOR != 3
#error "libwebsockets-4.3/ was not found before the system's headers"
#endif

#define SWITCHPANEL_LAYOUT(name) switchpanel_lws43_##name
#include "../CWebSockets/layouts.inc"

// What is 4.3's own in the two structs' layout (layouts.inc pins the offsets both versions share).
#if __SIZEOF_POINTER__ == 8
SWITCHPANEL_PIN(sizeof(struct lws_context_creation_info), 744);
SWITCHPANEL_PIN(offsetof(struct lws_context_creation_info, gid), 428);
SWITCHPANEL_PIN(offsetof(struct lws_context_creation_info, uid), 432);
SWITCHPANEL_PIN(offsetof(struct lws_context_creation_info, options), 440);
SWITCHPANEL_PIN(offsetof(struct lws_context_creation_info, user), 448);
SWITCHPANEL_PIN(sizeof(struct lws_client_connect_info), 248);
#endif
