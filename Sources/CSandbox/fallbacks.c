#include <fontconfig/fontconfig.h>

#include "csandbox.h"

// Appended to every pattern's families with a strong binding, so they rank right after the ones
// asked for and before the language: without it fontconfig prefers a font covering the bar's
// language (DejaVu covers English) over the one made for the script, and Arabic drew in DejaVu.
// Emoji come before DejaVu, whose text forms of a few symbols (☺, ❤) would otherwise win over
// the colour ones even where the emoji form is asked for; pango draws a symbol with its text
// form only when its own emoji rules say so.
static const char fallbacks[] =
    "<?xml version=\"1.0\"?><fontconfig>"
    "<match target=\"pattern\"><edit name=\"family\" mode=\"append_last\" binding=\"strong\">"
    "<string>Noto Sans Arabic</string>"
    "<string>Noto Sans Hebrew</string>"
    "<string>Noto Sans Thai</string>"
    "<string>Noto Sans Devanagari</string>"
    "<string>Noto Sans CJK JP</string>"
    "<string>Noto Color Emoji</string>"
    "<string>DejaVu Sans</string>"
    "</edit></match>"
    // A colour bitmap font (the emoji: one strike of 109 px) is scaled to the size asked, as
    // fontconfig's own 10-scale-bitmap-fonts.conf does for bitmap fonts on a desktop; fontconfig
    // calls a colour bitmap font scalable, so the test is on colour, and our configuration starts
    // empty: without it an emoji drew 109 pt tall in a 17 pt title. Unlike that file, sizes near
    // the strike's are scaled too: the size asked is the size drawn.
    "<match target=\"font\"><test name=\"color\" compare=\"eq\"><bool>true</bool></test>"
    "<edit name=\"pixelsizefixupfactor\" mode=\"assign\">"
    "<divide><name target=\"pattern\">pixelsize</name><name target=\"font\">pixelsize</name></divide></edit></match>"
    "<match target=\"font\"><test name=\"color\" compare=\"eq\"><bool>true</bool></test>"
    "<edit name=\"matrix\" mode=\"assign\"><times><name>matrix</name><matrix>"
    "<name>pixelsizefixupfactor</name><double>0</double><double>0</double><name>pixelsizefixupfactor</name>"
    "</matrix></times></edit>"
    "<edit name=\"size\" mode=\"assign\"><divide><name>size</name><name>pixelsizefixupfactor</name></divide></edit>"
    "</match></fontconfig>";

int tabsnap_fonts_add_fallbacks(struct _FcConfig *config) {
    return FcConfigParseAndLoadFromMemory(config, (const FcChar8 *)fallbacks, FcFalse) ? 1 : 0;
}
