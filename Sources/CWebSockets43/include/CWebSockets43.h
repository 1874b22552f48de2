// This target has no interface of its own for Swift: Sources/CWebSockets/shim.h declares its two
// functions (switchpanel_lws43_create_context, switchpanel_lws43_connect) and calls them when the
// library it loaded is this version. SwiftPM wants a public-headers folder, and this is it.
