// What the WebSocket client (Sources/WebSocket) takes from libwebsockets' headers without
// knowing which version it will load: the functions it calls, the callback, the protocol table,
// the callback reasons and LWS_PRE. Each is asserted here to be what it is in 4.1 (Debian 12,
// libwebsockets.so.17) and in 4.3 (Debian 13, libwebsockets.so.19). This header is read after
// each of the three libwebsockets.h a build sees (the system's, through shim.h, and the two
// vendored copies, through layouts.inc), so a build against headers that differ in any of these
// fails here rather than misbehaving on one of the two libraries. Only two structs differ
// between the versions, lws_context_creation_info and lws_client_connect_info: layouts.inc
// fills them once per version (and each version's layout.c pins their layout).
#ifndef SWITCHPANEL_LIBWEBSOCKETS_STABLE_ABI_H
#define SWITCHPANEL_LIBWEBSOCKETS_STABLE_ABI_H

#include <stddef.h>

/// Every libwebsockets function the client calls, with its type in both versions: shim.h makes
/// its table of loaded functions from this list, so no function is called unasserted.
#define SWITCHPANEL_LIBWEBSOCKETS_FUNCTIONS(F)                                                     \
    F(lws_set_log_level, void(int, void (*)(int, const char *)))                                   \
    F(lws_create_context, struct lws_context *(const struct lws_context_creation_info *))          \
    F(lws_context_destroy, void(struct lws_context *))                                             \
    F(lws_context_user, void *(struct lws_context *))                                              \
    F(lws_get_context, struct lws_context *(const struct lws *))                                   \
    F(lws_client_connect_via_info, struct lws *(const struct lws_client_connect_info *))           \
    F(lws_service, int(struct lws_context *, int))                                                 \
    F(lws_cancel_service, void(struct lws_context *))                                              \
    F(lws_callback_on_writable, int(struct lws *))                                                 \
    F(lws_write, int(struct lws *, unsigned char *, size_t, enum lws_write_protocol))              \
    F(lws_is_final_fragment, int(struct lws *))                                                    \
    F(lws_remaining_packet_payload, size_t(struct lws *))                                          \
    F(lws_close_reason, void(struct lws *, enum lws_close_status, unsigned char *, size_t))       \
    F(lws_frame_is_binary, int(struct lws *))

#define SWITCHPANEL_SAME_TYPE(name, type) \
    _Static_assert(__builtin_types_compatible_p(__typeof__(name), type), #name " has the type of 4.1 and 4.3");
SWITCHPANEL_LIBWEBSOCKETS_FUNCTIONS(SWITCHPANEL_SAME_TYPE)
SWITCHPANEL_SAME_TYPE(lws_callback_function, int(struct lws *, enum lws_callback_reasons, void *, void *, size_t))
#undef SWITCHPANEL_SAME_TYPE

#define SWITCHPANEL_SAME_VALUE(name, value) _Static_assert((name) == (value), #name " is " #value " in 4.1 and 4.3")
// The callback reasons the client handles, the write and close codes it passes, LWS_PRE.
SWITCHPANEL_SAME_VALUE(LWS_CALLBACK_CLIENT_CONNECTION_ERROR, 1);
SWITCHPANEL_SAME_VALUE(LWS_CALLBACK_CLIENT_ESTABLISHED, 3);
SWITCHPANEL_SAME_VALUE(LWS_CALLBACK_CLIENT_RECEIVE, 8);
SWITCHPANEL_SAME_VALUE(LWS_CALLBACK_CLIENT_WRITEABLE, 10);
SWITCHPANEL_SAME_VALUE(LWS_CALLBACK_OPENSSL_PERFORM_SERVER_CERT_VERIFICATION, 58);
SWITCHPANEL_SAME_VALUE(LWS_CALLBACK_EVENT_WAIT_CANCELLED, 71);
SWITCHPANEL_SAME_VALUE(LWS_CALLBACK_CLIENT_CLOSED, 75);
SWITCHPANEL_SAME_VALUE(LWS_WRITE_TEXT, 0);
SWITCHPANEL_SAME_VALUE(LWS_CLOSE_STATUS_NORMAL, 1000);
SWITCHPANEL_SAME_VALUE(LWS_PRE, 16);
// The protocol table the client hands over (name, callback, three sizes, id, user, one more size).
SWITCHPANEL_SAME_VALUE(offsetof(struct lws_protocols, callback), sizeof(void *));
SWITCHPANEL_SAME_VALUE(offsetof(struct lws_protocols, per_session_data_size), 2 * sizeof(void *));
SWITCHPANEL_SAME_VALUE(offsetof(struct lws_protocols, rx_buffer_size), 2 * sizeof(void *) + sizeof(size_t));
SWITCHPANEL_SAME_VALUE(offsetof(struct lws_protocols, id), 2 * sizeof(void *) + 2 * sizeof(size_t));
SWITCHPANEL_SAME_VALUE(offsetof(struct lws_protocols, user), 3 * sizeof(void *) + 2 * sizeof(size_t));
SWITCHPANEL_SAME_VALUE(offsetof(struct lws_protocols, tx_packet_size), 4 * sizeof(void *) + 2 * sizeof(size_t));
SWITCHPANEL_SAME_VALUE(sizeof(struct lws_protocols), 4 * sizeof(void *) + 3 * sizeof(size_t));
#undef SWITCHPANEL_SAME_VALUE

#endif
