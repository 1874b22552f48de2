// FreeType 2, for TextRender. The include paths come from pkg-config's freetype2.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_ADVANCES_H
#include FT_OUTLINE_H

// Load flags and face flags that Swift cannot import: they are built by function-like macros.
static const FT_Int32 CFT_LOAD_TARGET_LIGHT = FT_LOAD_TARGET_LIGHT;
static const FT_Int32 CFT_LOAD_NO_BITMAP = FT_LOAD_NO_BITMAP;
static const FT_Int32 CFT_LOAD_NO_SCALE = FT_LOAD_NO_SCALE;
static const FT_Int32 CFT_LOAD_NO_HINTING = FT_LOAD_NO_HINTING;
static const FT_Int32 CFT_LOAD_COLOR = FT_LOAD_COLOR;

static inline int cft_has_kerning(FT_Face face) { return FT_HAS_KERNING(face) ? 1 : 0; }
static inline int cft_is_scalable(FT_Face face) { return FT_IS_SCALABLE(face) ? 1 : 0; }
static inline int cft_has_color(FT_Face face) { return FT_HAS_COLOR(face) ? 1 : 0; }

// FreeType's own message for an error code (Debian builds leave FT_Error_String's table out),
// made with the macro trick that fterrors.h documents. NULL for an unknown code.
#undef FTERRORS_H_
#undef __FTERRORS_H__
#define FT_ERROR_START_LIST switch (error_code) {
#define FT_ERRORDEF(e, v, s) \
    case v: \
        return s;
#define FT_ERROR_END_LIST }
static inline const char *cft_error_message(FT_Error error_code) {
#include FT_ERRORS_H
    return 0;
}
