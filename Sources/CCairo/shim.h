// cairo is used only by switchpanel-bench, to draw the same scene as a reference renderer.
#include <cairo.h>
