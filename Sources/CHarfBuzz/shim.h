// HarfBuzz, for TextRender's shaping: the OpenType shaper over the FreeType faces TextRender
// already opens (hb-ft reads their tables). The include paths come from pkg-config's harfbuzz.
#include <hb.h>
#include <hb-ft.h>
#include <hb-ot.h>
