// The sizes librsvg asks pango to set an icon's text at, as pango receives them.
//
// librsvg hands pango a text's font size in the text's own units (a transform enlarges the
// drawing afterwards), rounded to pango's unit, 1/1024: a `font-size` of 0.0001 in a group scaled
// 200 000 times, 20 units high in a browser, reaches pango as 0 and draws nothing, and sizes up
// to about 0.1 are drawn visibly distorted (exit 0, hostile round 60). CSS has countless ways to
// write a size (sheets, at-rules, selectors, inheritance, `<use>`): five rounds of reading them
// beside librsvg each found another way past (rounds 60 to 64). So the probe asks the one place
// every way ends: pango's font map, which librsvg asks for the fonts of every span it lays out,
// with the span's font description (pango asks it too, for its own measuring: those sizes are
// told apart, see `note_or_refuse`). The probe's default font map is a subclass of pango's own
// that notes each description's size and then does exactly what pango's does.
#include "text_sizes.h"

#include <cairo.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <unistd.h>

#include "csandbox.h"

#include "types.h"
#include "functions.h"

// The smallest size, in pango's units, text is drawn as asked at: one unit of the text's own. A
// size of 1 under a transform of 20, as PDF converters write, is drawn well; at 0.5 the letters
// came out bolder and misshapen (hostile round 66), and under 0.0005 pango's 1/1024ths make 0.
static const int smallest_drawn = 1024;
// The largest: FreeType makes a font at under 65 536 of its units (pixels, for a span set at its
// own size); at 65 536 pango could not make the font and drew nothing.
static const int largest_drawn = 65535 * 1024;
static int smallest = INT_MAX;

static PangoFont *(*pango_load_font)(PangoFontMap *, PangoContext *, const PangoFontDescription *);
static PangoFontset *(*pango_load_fontset)(PangoFontMap *, PangoContext *, const PangoFontDescription *, PangoLanguage *);

static void note_or_refuse(const PangoFontDescription *description) {
    // librsvg sets a span's size in its own units (`pango_font_description_set_size`); pango
    // itself asks for fonts at the size drawn, in device units, when it measures a font
    // (`pango_font_describe_with_absolute_size`): a font-size of 6 in a 1000-unit viewBox drawn
    // at 64 px is 0.38 px there, and must not count (code review of 99d7397).
    if (!(pango_font_description_get_set_fields(description) & PANGO_FONT_MASK_SIZE)) return;
    if (pango_font_description_get_size_is_absolute(description)) return;
    int size = pango_font_description_get_size(description);
    if (size < smallest) smallest = size;
    if (size > largest_drawn) {
        // Said now and the child ends: drawing on, pango fails ("failed to create cairo scaled
        // font") or, far past it, librsvg panics laying the span out (font-size 1e7: round 66).
        char written[32];
        // pango's sizes end at 2^31 of its units: a span set past them reaches it clamped.
        if (size >= INT_MAX - 1024) snprintf(written, sizeof(written), "over 2 000 000");
        else snprintf(written, sizeof(written), "%.0f", size / 1024.0);
        fprintf(stderr, "its <text> is set at a font-size of %s units before any transform, past the 65 535 FreeType makes a font at; "
                        "give it a smaller font-size and a larger transform\n", written);
        fflush(stderr);
        _exit(TABSNAP_SANDBOX_REFUSED);
    }
}

static PangoFont *noting_load_font(PangoFontMap *map, PangoContext *context, const PangoFontDescription *description) {
    note_or_refuse(description);
    return pango_load_font(map, context, description);
}

static PangoFontset *noting_load_fontset(PangoFontMap *map, PangoContext *context, const PangoFontDescription *description,
                                         PangoLanguage *language) {
    note_or_refuse(description);
    return pango_load_fontset(map, context, description, language);
}

static void class_init(void *class, void *data) {
    (void)data;
    // The class starts as a copy of pango's: keep its functions, then put ours before them.
    PangoFontMapClass *map_class = class;
    pango_load_font = map_class->load_font;
    pango_load_fontset = map_class->load_fontset;
    map_class->load_font = noting_load_font;
    map_class->load_fontset = noting_load_fontset;
}

// An object's type: a GTypeInstance starts with its class, and a class with its type.
static GType type_of(void *instance) { return **(GType *const *)instance; }

int tabsnap_text_sizes_watch(void) {
    // pango's own font map type for cairo's FreeType fonts, as the renderer makes it (not public
    // by name; and whatever PANGOCAIRO_BACKEND a host program sets).
    PangoFontMap *plain = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
    if (plain == NULL) return 0;
    GType parent = type_of(plain);
    g_object_unref(plain);
    GTypeQuery query;
    g_type_query(parent, &query);
    if (query.type == 0) return 0;
    GType noting = g_type_register_static_simple(parent, "TabsnapSizeNotingFontMap", query.class_size, class_init,
                                                 query.instance_size, NULL, G_TYPE_FLAG_NONE);
    if (noting == 0) return 0;
    PangoFontMap *map = g_object_new(noting, NULL);
    if (map == NULL) return 0;
    pango_cairo_font_map_set_default((PangoCairoFontMap *)map);
    g_object_unref(map);  // the default holds it
    return 1;
}

int tabsnap_text_sizes_set_any(void) { return smallest != INT_MAX; }

int tabsnap_text_sizes_refuse(void) {
    if (smallest >= smallest_drawn) return 0;
    if (smallest == 0) {
        fprintf(stderr, "its <text> is set at a font-size of 0 or under 1/2048 of a unit before any transform, which librsvg draws "
                        "as nothing (pango holds sizes in 1/1024ths); remove it, or give it a font-size of at least 1 and a smaller transform\n");
    } else {
        fprintf(stderr, "its <text> is set at a font-size of %.3g units before any transform, which librsvg draws misshapen; "
                        "give it a font-size of at least 1 and a smaller transform\n",
                smallest / 1024.0);
    }
    return 1;
}
