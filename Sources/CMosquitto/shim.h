// libmosquitto (Debian libmosquitto-dev), the MQTT client the panel's MQTT edge drives from its
// own poll loop (mosquitto_socket + loop_read/loop_write/loop_misc; no library thread).
#include <mosquitto.h>
