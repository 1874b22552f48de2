// libmicrohttpd (Debian libmicrohttpd12; headers from libmicrohttpd-dev) for PreviewServer.
//
// Loaded with dlopen when a preview is first served, not linked: Debian's libmicrohttpd brings
// GnuTLS and its companions (p11-kit, nettle, gmp, libunistring: 2.5 MB of a panel's resident
// memory, and GnuTLS's start-up work), which a panel without a preview never uses (issue 16).
// Swift cannot call C variadic functions, so the daemon is started, and asked for its descriptor
// and port, through the small wrappers below.
#ifndef CMICROHTTPD_SHIM_H
#define CMICROHTTPD_SHIM_H

#include <dlfcn.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <microhttpd.h>

/// The soname loaded (Debian's libmicrohttpd12: the 0.9 API used here).
#define SWITCHPANEL_LIBMICROHTTPD "libmicrohttpd.so.12"

/// The libmicrohttpd functions PreviewServer calls from Swift.
#define SWITCHPANEL_LIBMICROHTTPD_FUNCTIONS(F)                                                        \
    F(MHD_get_timeout) F(MHD_run) F(MHD_stop_daemon) F(MHD_suspend_connection) F(MHD_resume_connection) \
    F(MHD_create_response_from_buffer) F(MHD_create_response_from_callback) \
    F(MHD_add_response_header) F(MHD_queue_response) F(MHD_destroy_response)                         \
    F(MHD_get_connection_values)

/// libmicrohttpd's functions, each under its own name; filled by switchpanel_libmicrohttpd_load.
struct switchpanel_libmicrohttpd {
#define SWITCHPANEL_FIELD(name) __typeof__(name) *_Nonnull name;
    SWITCHPANEL_LIBMICROHTTPD_FUNCTIONS(SWITCHPANEL_FIELD)
#undef SWITCHPANEL_FIELD
    /// The variadic two, called only by the wrappers below (Swift cannot call them); kept as
    /// addresses, which Swift may share across threads like the rest of the table.
    uintptr_t start_daemon;
    uintptr_t get_daemon_info;
    uintptr_t get_connection_info;
};

/// Loads libmicrohttpd and fills `lib`; NULL on success, else dlerror's words (the library or
/// the symbol that is missing). The library stays loaded for the life of the process.
static inline const char *_Nullable switchpanel_libmicrohttpd_load(struct switchpanel_libmicrohttpd *_Nonnull lib) {
    void *handle = dlopen(SWITCHPANEL_LIBMICROHTTPD, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) return dlerror();
#define SWITCHPANEL_LOAD(name)                                          \
    if ((lib->name = (__typeof__(name) *)dlsym(handle, #name)) == NULL) \
        return dlerror() ?: "a symbol resolved to NULL"; /* (a NULL symbol sets no error) */
    SWITCHPANEL_LIBMICROHTTPD_FUNCTIONS(SWITCHPANEL_LOAD)
#undef SWITCHPANEL_LOAD
    if ((lib->start_daemon = (uintptr_t)dlsym(handle, "MHD_start_daemon")) == 0)
        return dlerror() ?: "a symbol resolved to NULL";
    if ((lib->get_daemon_info = (uintptr_t)dlsym(handle, "MHD_get_daemon_info")) == 0)
        return dlerror() ?: "a symbol resolved to NULL";
    if ((lib->get_connection_info = (uintptr_t)dlsym(handle, "MHD_get_connection_info")) == 0)
        return dlerror() ?: "a symbol resolved to NULL";
    return NULL;
}

/// Starts a daemon in external-epoll mode on `listen_socket`, a socket bound and listening
/// already (PreviewServer binds it, so a taken port is its own error, not what this version of
/// MHD leaves in errno). MHD owns the socket from this call on: MHD_stop_daemon closes it, and
/// a failed start closes it too on every path but one of 0.9.75's (its epoll descriptor could
/// not be made), where it leaks; the caller never closes it. NULL when MHD refuses to start
/// (the errno of the failed call is left in errno).
static inline struct MHD_Daemon *cmhd_start(
    const struct switchpanel_libmicrohttpd *_Nonnull lib, unsigned int flags, int listen_socket, MHD_AccessHandlerCallback handler, void *handler_cls,
    MHD_RequestCompletedCallback completed, MHD_NotifyConnectionCallback notify, unsigned int connection_limit,
    unsigned int timeout_seconds, size_t memory_limit)
{
    __typeof__(MHD_start_daemon) *start_daemon = (__typeof__(MHD_start_daemon) *)lib->start_daemon;
    // Port 0: MHD reads the port from the socket (getsockname).
    return start_daemon(
        flags, 0, NULL, NULL, handler, handler_cls,
        MHD_OPTION_LISTEN_SOCKET, (MHD_socket)listen_socket,
        MHD_OPTION_NOTIFY_COMPLETED, completed, handler_cls,
        MHD_OPTION_NOTIFY_CONNECTION, notify, handler_cls,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, timeout_seconds,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, memory_limit,
        MHD_OPTION_END);
}

/// The epoll descriptor to wait on (readable when any connection or the listener is ready).
static inline int cmhd_epoll_fd(const struct switchpanel_libmicrohttpd *_Nonnull lib, struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = ((__typeof__(MHD_get_daemon_info) *)lib->get_daemon_info)(daemon, MHD_DAEMON_INFO_EPOLL_FD);
    return info ? info->epoll_fd : -1;
}

/// The port the daemon listens on (the one picked when 0 was asked for).
static inline int cmhd_bind_port(const struct switchpanel_libmicrohttpd *_Nonnull lib, struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = ((__typeof__(MHD_get_daemon_info) *)lib->get_daemon_info)(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? (int)info->port : -1;
}

/// The listening socket (-1: none).
static inline int cmhd_listen_fd(const struct switchpanel_libmicrohttpd *_Nonnull lib, struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = ((__typeof__(MHD_get_daemon_info) *)lib->get_daemon_info)(daemon, MHD_DAEMON_INFO_LISTEN_FD);
    return info ? info->listen_fd : -1;
}

/// A connection's socket (-1: unknown).
static inline int cmhd_connection_fd(const struct switchpanel_libmicrohttpd *_Nonnull lib, struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = ((__typeof__(MHD_get_connection_info) *)lib->get_connection_info)(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info ? info->connect_fd : -1;
}

/// The connections the daemon holds now (accepted and not yet closed).
static inline unsigned int cmhd_connection_count(const struct switchpanel_libmicrohttpd *_Nonnull lib, struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = ((__typeof__(MHD_get_daemon_info) *)lib->get_daemon_info)(daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info ? info->num_connections : 0;
}

#endif
