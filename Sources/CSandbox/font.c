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

// Pixels a probe surface spans at most in each direction: a title longer than this is cut by
// its button anyway; every glyph is still laid out and looked up.
static const double largest_side = 4096;

static double clamped(double value) {
    if (!(value >= 1)) return 1;
    return value > largest_side ? largest_side : ceil(value);
}

static int draw(cairo_surface_t *surface, PangoLayout *layout, double scale) {
    cairo_status_t status = cairo_surface_status(surface);
    if (status == CAIRO_STATUS_SUCCESS) {
        cairo_t *cr = cairo_create(surface);
        cairo_scale(cr, scale, scale);
        pango_cairo_show_layout(cr, layout);
        status = cairo_status(cr);
        cairo_destroy(cr);
        cairo_surface_finish(surface);
        if (status == CAIRO_STATUS_SUCCESS) status = cairo_surface_status(surface);
    }
    cairo_surface_destroy(surface);
    return tabsnap_sandbox_verdict(status);
}

// Arguments: PIXELS_PER_POINT (0: no pixels) VECTOR (1: PDF and SVG too).
// Input, NUL-separated: the number of files, the files, then FAMILY WEIGHT SIZE KIND TEXT per
// text, KIND "plain" or "markup" (pango markup, as PangoMarkup sets it).
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
    if (files < 1 || (size_t)files + 1 > count || (count - 1 - (size_t)files) % 5 != 0) return TABSNAP_SANDBOX_BAD_REQUEST;

    FcConfig *config = FcConfigCreate();
    if (config == NULL) return TABSNAP_SANDBOX_OUT_OF_MEMORY;
    for (long index = 1; index <= files; index++) {
        if (!FcConfigAppFontAddFile(config, (const FcChar8 *)fields[index])) {
            fprintf(stderr, "fontconfig cannot load %s\n", fields[index]);
            return TABSNAP_SANDBOX_REFUSED;
        }
    }
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

    for (size_t index = (size_t)files + 1; index + 4 < count; index += 5) {
        long weight = strtol(fields[index + 1], NULL, 10);
        double size = atof(fields[index + 2]);
        if (weight < 100 || weight > 1000 || !(size > 0) || size > 1000) return TABSNAP_SANDBOX_BAD_REQUEST;
        PangoLayout *layout = pango_layout_new(context);
        PangoFontDescription *description = pango_font_description_new();
        pango_font_description_set_family(description, fields[index]);
        pango_font_description_set_weight(description, (PangoWeight)weight);
        pango_font_description_set_absolute_size(description, size * PANGO_SCALE);
        pango_layout_set_font_description(layout, description);
        pango_font_description_free(description);
        if (strcmp(fields[index + 3], "markup") == 0) {
            pango_layout_set_markup(layout, fields[index + 4], -1);
        } else {
            pango_layout_set_text(layout, fields[index + 4], -1);
        }
        PangoRectangle ink, logical;
        pango_layout_get_extents(layout, &ink, &logical);
        double width = (double)logical.width / PANGO_SCALE, height = (double)logical.height / PANGO_SCALE;
        int result = TABSNAP_SANDBOX_DREW;
        if (scale > 0) {
            result = draw(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)clamped(width * scale), (int)clamped(height * scale)),
                          layout, scale);
        }
        if (result == TABSNAP_SANDBOX_DREW && vector) {
            result = draw(cairo_pdf_surface_create_for_stream(tabsnap_sandbox_discard, NULL, clamped(width), clamped(height)), layout, 1);
        }
        if (result == TABSNAP_SANDBOX_DREW && vector) {
            result = draw(cairo_svg_surface_create_for_stream(tabsnap_sandbox_discard, NULL, clamped(width), clamped(height)), layout, 1);
        }
        if (result != TABSNAP_SANDBOX_DREW) return result;
        g_object_unref(layout);
    }
    return TABSNAP_SANDBOX_DREW;
}
