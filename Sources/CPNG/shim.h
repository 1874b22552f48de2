// libpng through its "simplified" API (png_image_*), which reports errors in png_image.message
// instead of longjmp-ing through Swift frames.
#include <png.h>

// Format macros that Swift cannot import (they are built from other macros).
static const unsigned int CPNG_FORMAT_BGRA = PNG_FORMAT_BGRA;
static const unsigned int CPNG_FORMAT_BGR = PNG_FORMAT_BGR;
static const unsigned int CPNG_IMAGE_VERSION = PNG_IMAGE_VERSION;
