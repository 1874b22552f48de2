// fontconfig, for TextRender's font lookup. The include paths come from pkg-config's fontconfig.
#include <fontconfig/fontconfig.h>
