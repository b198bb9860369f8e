// The font probe: draws each text a bar sets in a brought font with that font alone, the way
// FontSession does (72 dpi, no hinting, greyscale), at the size the renderer will draw it: onto
// pixels at its scale and onto PDF and SVG streams. What a font file costs is in its glyphs
// (outlines, colour layers, embedded bitmaps), so it is drawn, not only measured.
#define _GNU_SOURCE
#include "csandbox.h"
#include "surfaces.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>
#include <fontconfig/fontconfig.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "types.h"
#include "functions.h"

// Pixels the probe covers at most on each side of a text's origin: a bar is at most 16 384 px
// wide, and a glyph anywhere inside it is drawn. The area is drawn in tiles of one small surface.
static const double largest_reach = 16384;
static const int tile = 2048;

// The glyphs pango adds to a text: the ellipsis of a cut line, the hyphens of a wrapped one.
static const char added_glyphs[] = "\u2026\u2010-";

// Draws the layout on `cr` as the renderer may: glyphs (vector output, markup titles) and glyph
// outlines filled (plain titles in PNG), which costs differently (a bitmap glyph becomes a path).
static cairo_status_t paint(cairo_t *cr, PangoLayout *layout, int outlines) {
    cairo_move_to(cr, 0, 0);
    pango_cairo_show_layout(cr, layout);
    if (outlines) {
        cairo_new_path(cr);
        cairo_move_to(cr, 0, 0);
        pango_cairo_layout_path(cr, layout);
        cairo_fill(cr);
    }
    return cairo_status(cr);
}

static double clamp_reach(double value) {
    if (!(value > -largest_reach)) return -largest_reach;
    return value < largest_reach ? value : largest_reach;
}

// The layout in pixels at `scale`, every tile of its logical and ink extents.
static int draw_pixels(PangoLayout *layout, double scale) {
    PangoRectangle ink, logical;
    pango_layout_get_extents(layout, &ink, &logical);
    double left = fmin(ink.x, logical.x) / (double)PANGO_SCALE * scale;
    double top = fmin(ink.y, logical.y) / (double)PANGO_SCALE * scale;
    double right = fmax(ink.x + ink.width, logical.x + logical.width) / (double)PANGO_SCALE * scale;
    double bottom = fmax(ink.y + ink.height, logical.y + logical.height) / (double)PANGO_SCALE * scale;
    left = floor(clamp_reach(left));
    top = floor(clamp_reach(top));
    right = ceil(clamp_reach(right));
    bottom = ceil(clamp_reach(bottom));
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, tile, tile);
    cairo_status_t status = cairo_surface_status(surface);
    for (double y = top; status == CAIRO_STATUS_SUCCESS && y < fmax(bottom, top + 1); y += tile) {
        for (double x = left; status == CAIRO_STATUS_SUCCESS && x < fmax(right, left + 1); x += tile) {
            cairo_t *cr = cairo_create(surface);
            cairo_translate(cr, -x, -y);
            cairo_scale(cr, scale, scale);
            status = paint(cr, layout, 1);
            cairo_destroy(cr);
        }
    }
    cairo_surface_destroy(surface);
    return tabsnap_sandbox_verdict(status);
}

// The vector outputs' streams: one PDF and one SVG surface for the whole request, as a frame is
// one surface holding all its texts. A font's glyphs are embedded (subset) when a surface is
// finished: once per surface, as the renderer does, not once per text.
typedef struct {
    cairo_surface_t *surfaces[2];
} vector_streams;

static vector_streams open_vector_streams(int vector) {
    vector_streams streams = {{NULL, NULL}};
    if (vector) {
        streams.surfaces[0] = cairo_pdf_surface_create_for_stream(tabsnap_sandbox_discard, NULL, largest_reach, largest_reach);
        streams.surfaces[1] = cairo_svg_surface_create_for_stream(tabsnap_sandbox_discard, NULL, largest_reach, largest_reach);
    }
    return streams;
}

// Finishes and closes the streams: the verdict of `result` so far and of embedding the glyphs.
static int close_vector_streams(vector_streams *streams, int result) {
    for (int index = 0; index < 2; index++) {
        if (streams->surfaces[index] == NULL) continue;
        if (result == TABSNAP_SANDBOX_DREW) {
            cairo_surface_finish(streams->surfaces[index]);
            result = tabsnap_sandbox_verdict(cairo_surface_status(streams->surfaces[index]));
        }
        cairo_surface_destroy(streams->surfaces[index]);
        streams->surfaces[index] = NULL;
    }
    return result;
}

// The layout on the PDF and SVG streams (glyphs as the vector outputs embed them).
static int draw_vector(PangoLayout *layout, vector_streams *streams) {
    for (int index = 0; index < 2; index++) {
        if (streams->surfaces[index] == NULL) continue;
        cairo_status_t status = cairo_surface_status(streams->surfaces[index]);
        if (status == CAIRO_STATUS_SUCCESS) {
            cairo_t *cr = cairo_create(streams->surfaces[index]);
            status = paint(cr, layout, 0);
            cairo_destroy(cr);
        }
        int result = tabsnap_sandbox_verdict(status);
        if (result != TABSNAP_SANDBOX_DREW) return result;
    }
    return TABSNAP_SANDBOX_DREW;
}

static int draw(PangoLayout *layout, double scale, vector_streams *streams) {
    int result = TABSNAP_SANDBOX_DREW;
    if (scale > 0) result = draw_pixels(layout, scale);
    if (result == TABSNAP_SANDBOX_DREW) result = draw_vector(layout, streams);
    return result;
}

// The glyphs pango may add, in every font the text's runs use (a markup span's family, size and
// weight: a cut line's ellipsis is drawn in the span's font, or in a fallback for it).
static int draw_added_glyphs(PangoContext *context, const PangoFontDescription *base, const char *markup,
                             double scale, vector_streams *streams) {
    PangoAttrList *attributes = NULL;
    if (markup != NULL && !pango_parse_markup(markup, -1, 0, &attributes, NULL, NULL, NULL)) attributes = NULL;
    PangoAttrIterator *iterator = attributes != NULL ? pango_attr_list_get_iterator(attributes) : NULL;
    int result = TABSNAP_SANDBOX_DREW;
    do {
        PangoFontDescription *description = pango_font_description_copy(base);
        if (iterator != NULL) pango_attr_iterator_get_font(iterator, description, NULL, NULL);
        PangoLayout *layout = pango_layout_new(context);
        pango_layout_set_font_description(layout, description);
        pango_layout_set_text(layout, added_glyphs, -1);
        result = draw(layout, scale, streams);
        g_object_unref(layout);
        pango_font_description_free(description);
    } while (result == TABSNAP_SANDBOX_DREW && iterator != NULL && pango_attr_iterator_next(iterator));
    if (iterator != NULL) pango_attr_iterator_destroy(iterator);
    if (attributes != NULL) pango_attr_list_unref(attributes);
    return result;
}

// A text's layout as FontSession.makeLayout sets it: one line, or wrapped at `wrap_width` points
// onto at most `lines` lines, ellipsized and centred. Where a wrapped line breaks, pango shapes
// each part anew: a ligature or cluster cut in two is drawn as other glyphs than the one line's.
static PangoLayout *make_layout(PangoContext *context, const PangoFontDescription *description, const char *kind,
                                const char *text, double wrap_width, long lines) {
    PangoLayout *layout = pango_layout_new(context);
    pango_layout_set_font_description(layout, description);
    if (strcmp(kind, "markup") == 0) {
        pango_layout_set_markup(layout, text, -1);
    } else {
        pango_layout_set_text(layout, text, -1);
    }
    if (wrap_width > 0) {
        pango_layout_set_width(layout, (int)floor(wrap_width * PANGO_SCALE));
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END);
        pango_layout_set_height(layout, (int)-lines);  // negative: a number of lines
        pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER);
    }
    return layout;
}

// Arguments: PIXELS_PER_POINT (0: no pixels) VECTOR (1: PDF and SVG too).
// Input, NUL-separated: the number of files, the files, then FAMILY WEIGHT SIZE WRAP_WIDTH LINES
// KIND TEXT per text: WRAP_WIDTH 0 for one line, KIND "plain" or "markup" (pango markup, as
// PangoMarkup sets it).
int tabsnap_sandbox_probe_font(int argc, char **argv, const uint8_t *input, size_t length) {
    if (argc != 2 || length == 0 || input[length - 1] != 0) return TABSNAP_SANDBOX_BAD_REQUEST;
    double scale = atof(argv[0]);
    int vector = atoi(argv[1]);
    if (!(scale >= 0) || scale > 64) return TABSNAP_SANDBOX_BAD_REQUEST;
    const char *cursor = (const char *)input, *end = (const char *)input + length;
    const char *fields[4096];
    size_t count = 0;
    while (cursor < end && count < sizeof(fields) / sizeof(fields[0])) {
        fields[count++] = cursor;
        cursor += strlen(cursor) + 1;
    }
    if (cursor < end || count < 1) return TABSNAP_SANDBOX_BAD_REQUEST;
    long files = strtol(fields[0], NULL, 10);
    if (files < 1 || (size_t)files + 1 > count || (count - 1 - (size_t)files) % 8 != 0) return TABSNAP_SANDBOX_BAD_REQUEST;

    FcConfig *config = FcConfigCreate();
    if (config == NULL) return TABSNAP_SANDBOX_OUT_OF_MEMORY;
    for (long index = 1; index <= files; index++) {
        if (!FcConfigAppFontAddFile(config, (const FcChar8 *)fields[index])) {
            fprintf(stderr, "fontconfig cannot load %s\n", fields[index]);
            return TABSNAP_SANDBOX_REFUSED;
        }
    }
    if (!tabsnap_fonts_add_fallbacks(config)) return TABSNAP_SANDBOX_OUT_OF_MEMORY;
    PangoFontMap *map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
    pango_fc_font_map_set_config((PangoFcFontMap *)map, config);
    PangoContext *context = pango_font_map_create_context(map);
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    pango_cairo_context_set_font_options(context, options);
    pango_cairo_context_set_resolution(context, 72);
    pango_context_set_round_glyph_positions(context, 0);

    vector_streams streams = open_vector_streams(vector);
    int result = TABSNAP_SANDBOX_DREW;
    for (size_t index = (size_t)files + 1; result == TABSNAP_SANDBOX_DREW && index + 7 < count; index += 8) {
        long weight = strtol(fields[index + 1], NULL, 10);
        double size = atof(fields[index + 2]);
        double wrap_width = atof(fields[index + 3]);
        long lines = strtol(fields[index + 4], NULL, 10);
        // How many times the bar draws it: each copy costs the renderer again (a filled outline
        // is not cached), so each is drawn here too, within the one budget.
        long times = strtol(fields[index + 7], NULL, 10);
        if (weight < 100 || weight > 1000 || !(size > 0) || size > 1000 || !(wrap_width >= 0) || wrap_width > 1e6 || lines < 1 ||
            lines > 100 || times < 1 || times > 100000) {
            result = TABSNAP_SANDBOX_BAD_REQUEST;
            break;
        }
        const char *kind = fields[index + 5], *text = fields[index + 6];
        PangoFontDescription *description = pango_font_description_new();
        pango_font_description_set_family(description, fields[index]);
        pango_font_description_set_weight(description, (PangoWeight)weight);
        pango_font_description_set_absolute_size(description, size * PANGO_SCALE);
        PangoLayout *layout = make_layout(context, description, kind, text, wrap_width, lines);
        for (long copy = 0; copy < times && result == TABSNAP_SANDBOX_DREW; copy++) result = draw(layout, scale, &streams);
        if (result == TABSNAP_SANDBOX_DREW) {
            result = draw_added_glyphs(context, description, strcmp(kind, "markup") == 0 ? text : NULL, scale, &streams);
        }
        g_object_unref(layout);
        pango_font_description_free(description);
    }
    return close_vector_streams(&streams, result);
}

// The scan probe: fontconfig reading font files (their faces, names and character maps), which
// for a crafted collection of faces runs for seconds a file. Input: the files, NUL-separated.
int tabsnap_sandbox_probe_scan(int argc, char **argv, const uint8_t *input, size_t length) {
    (void)argv;
    if (argc != 0 || length == 0 || input[length - 1] != 0) return TABSNAP_SANDBOX_BAD_REQUEST;
    FcConfig *config = FcConfigCreate();
    if (config == NULL) return TABSNAP_SANDBOX_OUT_OF_MEMORY;
    const char *cursor = (const char *)input, *end = (const char *)input + length;
    while (cursor < end) {
        if (!FcConfigAppFontAddFile(config, (const FcChar8 *)cursor)) {
            fprintf(stderr, "fontconfig cannot load %s\n", cursor);
            return TABSNAP_SANDBOX_REFUSED;
        }
        cursor += strlen(cursor) + 1;
    }
    return TABSNAP_SANDBOX_DREW;
}
