// libmosquitto (Debian libmosquitto-dev), the MQTT client the panel's MQTT edge drives from its
// own poll loop (mosquitto_socket + loop_read/loop_write/loop_misc; no library thread), and the
// two questions about its TLS session that libmosquitto's API does not answer (libssl-dev).
#include <mosquitto.h>
#include <openssl/ssl.h>

/// Whether the TLS handshake is still under way. libmosquitto 2.0 advances it only from
/// mosquitto_loop_read, whatever the socket is ready for.
static inline int switchpanel_mqtt_tls_handshaking(struct mosquitto *mosq) {
    SSL *ssl = (SSL *)mosquitto_ssl_get(mosq);
    return ssl != NULL && !SSL_is_init_finished(ssl);
}

/// Whether OpenSSL waits for the socket to become writable (libmosquitto's own want_write flag
/// stays set after a handshake step wanted to write, and would make a poll loop spin).
static inline int switchpanel_mqtt_tls_wants_write(struct mosquitto *mosq) {
    SSL *ssl = (SSL *)mosquitto_ssl_get(mosq);
    return ssl != NULL && SSL_want_write(ssl);
}
