/* The baseline Tabsnap's frame sequences are measured against (issue 14): the plainest C a
 * developer would write for the same swipe — cairo + pango, one image surface per frame, the
 * titles laid out again every frame, cairo_surface_write_to_png for each file, one thread.
 *
 *   naive-frames OUTDIR FRAMES SCALE FONTS_DIR
 *
 * Scene: a 375 pt bar, five titles in Inter semibold 17 at their natural widths with 16 pt
 * margins and spacing, a 4 pt line under the focus, swiping from the first button to the last
 * with ease-in-out, as `tabsnap animate bench.yaml --from 0 --to 4 --frames N` draws it. */
#include <cairo.h>
#include <fontconfig/fontconfig.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *titles[] = {"Home", "Search", "Inbox", "Profile", "Settings"};
enum { COUNT = 5 };

static double ease_in_out(double t) {
    /* cubic-bezier(0.42, 0, 0.58, 1), solved by bisection */
    double lo = 0, hi = 1, s = t;
    for (int i = 0; i < 60; i++) {
        s = (lo + hi) / 2;
        double u = 1 - s, x = 3 * u * u * s * 0.42 + 3 * u * s * s * 0.58 + s * s * s;
        if (x < t) lo = s; else hi = s;
    }
    double u = 1 - s;
    return 3 * u * s * s + s * s * s;
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: naive-frames OUTDIR FRAMES SCALE FONTS_DIR\n");
        return 2;
    }
    const char *out = argv[1];
    int frames = atoi(argv[2]);
    double scale = atof(argv[3]);

    FcConfig *config = FcConfigCreate();
    FcConfigAppFontAddDir(config, (const FcChar8 *)argv[4]);
    PangoFontMap *map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
    pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(map), config);
    PangoContext *context = pango_font_map_create_context(map);
    PangoFontDescription *font = pango_font_description_from_string("Inter Semi-Bold 17px");

    /* natural widths, for the geometry */
    double widths[COUNT], height = 0;
    for (int i = 0; i < COUNT; i++) {
        PangoLayout *layout = pango_layout_new(context);
        pango_layout_set_font_description(layout, font);
        pango_layout_set_text(layout, titles[i], -1);
        int w, h;
        pango_layout_get_size(layout, &w, &h);
        widths[i] = (double)w / PANGO_SCALE;
        height = (double)h / PANGO_SCALE;
        g_object_unref(layout);
    }
    double bar_height = ceil(height + 24), xs[COUNT], x = 16;
    for (int i = 0; i < COUNT; i++) { xs[i] = x; x += widths[i] + 16; }

    int pw = (int)ceil(375 * scale), ph = (int)ceil(bar_height * scale);
    for (int f = 0; f < frames; f++) {
        double p = 4 * ease_in_out(frames > 1 ? (double)f / (frames - 1) : 0);
        int lo = (int)floor(p), hi = lo < COUNT - 1 ? lo + 1 : lo;
        double t = p - lo;
        double fx = xs[lo] + (xs[hi] - xs[lo]) * t, fw = widths[lo] + (widths[hi] - widths[lo]) * t;

        cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, pw, ph);
        cairo_t *cr = cairo_create(surface);
        cairo_scale(cr, scale, scale);
        cairo_set_source_rgb(cr, 1, 1, 1);
        cairo_paint(cr);
        pango_cairo_update_context(cr, context);
        for (int i = 0; i < COUNT; i++) {
            double v = fmax(0, 1 - fabs(p - i));
            PangoLayout *layout = pango_layout_new(context);
            pango_layout_set_font_description(layout, font);
            pango_layout_set_text(layout, titles[i], -1);
            cairo_set_source_rgba(cr, 0, 0.478 * v, v, 0.5 + 0.5 * v);
            cairo_move_to(cr, xs[i], 12);
            pango_cairo_show_layout(cr, layout);
            g_object_unref(layout);
        }
        cairo_set_source_rgb(cr, 0, 0.478, 1);
        cairo_rectangle(cr, fx, bar_height - 4, fw, 4);
        cairo_fill(cr);
        cairo_destroy(cr);
        char path[4096];
        snprintf(path, sizeof path, "%s/frame-%04d.png", out, f);
        if (cairo_surface_write_to_png(surface, path) != CAIRO_STATUS_SUCCESS) {
            fprintf(stderr, "naive-frames: cannot write %s\n", path);
            return 1;
        }
        cairo_surface_destroy(surface);
    }
    return 0;
}
