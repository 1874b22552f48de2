// GNU FriBidi, for TextRender's Unicode bidirectional algorithm (UAX #9). The include path comes
// from pkg-config's fribidi.
#include <fribidi.h>

// Paragraph directions and types that Swift cannot import: they are macros over macros.
static const FriBidiParType CFRIBIDI_PAR_LTR = FRIBIDI_PAR_LTR;
static const FriBidiParType CFRIBIDI_PAR_RTL = FRIBIDI_PAR_RTL;
static const FriBidiParType CFRIBIDI_PAR_ON = FRIBIDI_PAR_ON;
static const FriBidiCharType CFRIBIDI_TYPE_WS = FRIBIDI_TYPE_WS;
static const FriBidiCharType CFRIBIDI_TYPE_BN = FRIBIDI_TYPE_BN;
