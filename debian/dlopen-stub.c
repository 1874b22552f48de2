/* Not part of the program: debian/rules links this against the libraries the program loads
 * with dlopen, so that dpkg-shlibdeps works out their packages and minimum versions from the
 * functions the program really calls (the shims' own lists of them). */
#ifndef __clang__
#define _Nonnull  /* clang's nullability marks, for Swift; nothing to gcc */
#define _Nullable
#endif
#include "../Sources/CMosquitto/shim.h"
#include "../Sources/CMicroHTTPD/shim.h"

#define SWITCHPANEL_ADDRESS(name) (void *)&name,
void *switchpanel_dlopen_functions[] = {
    SWITCHPANEL_LIBMOSQUITTO_FUNCTIONS(SWITCHPANEL_ADDRESS)
    SWITCHPANEL_LIBMICROHTTPD_FUNCTIONS(SWITCHPANEL_ADDRESS)
    (void *)&MHD_start_daemon, (void *)&MHD_get_daemon_info,
};
