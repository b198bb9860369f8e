// The icon probe: draws an SVG icon (already checked and rewritten by SVGIconPreflight) the way
// IconPainter does — through librsvg into a group used as a mask — onto the surfaces the
// renderer will use: pixels at the largest size it is drawn, and PDF and SVG streams.
#define _GNU_SOURCE
#include "csandbox.h"
#include "surfaces.h"
#include "ignored_css.h"
#include "text_sizes.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>
#include <dlfcn.h>
#include <fontconfig/fontconfig.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "types.h"
#include "functions.h"

typedef struct {
    uint32_t domain;
    int code;
    char *message;
} probe_error;

typedef void *(*new_from_data_fn)(const uint8_t *data, unsigned long length, probe_error **error);
typedef int (*render_document_fn)(void *handle, cairo_t *cr, const double *viewport, probe_error **error);
typedef void (*set_dpi_fn)(void *handle, double dpi);

// The first warning pango gave while librsvg set the icon's text. Pango draws on with a font it
// could not make at the size asked ("failed to create cairo scaled font, expect ugly output":
// text drawn some 20 000 px high), which draws nothing, and when two frames draw such
// text at once in the renderer, librsvg's drawing fails part way through and the frame is left
// blank (round 59, exit 0). Deterministic here, one drawing at a time: the icon is refused.
static char pango_warning[400];
// Whether pango said a font could not be made for want of memory (the child's limit): a verdict
// on the icon's cost, not its size.
static int pango_out_of_memory = 0;

// A log field's text: NUL-terminated when its length is -1, else that many bytes.
static int field_length(const GLogField *field) {
    return field->length < 0 ? (int)strlen(field->value) : (int)field->length;
}

static int field_is(const GLogField *field, const char *text) {
    return field_length(field) == (int)strlen(text) && memcmp(field->value, text, strlen(text)) == 0;
}

static GLogWriterOutput keep_pango_warning(int level, const GLogField *fields, size_t count, void *data) {
    (void)data;
    const int error_critical_or_warning = 4 | 8 | 16;  // G_LOG_LEVEL_ERROR, _CRITICAL, _WARNING
    const GLogField *message = NULL, *domain = NULL;
    for (size_t index = 0; index < count; index++) {
        if (strcmp(fields[index].key, "GLIB_DOMAIN") == 0) domain = &fields[index];
        if (strcmp(fields[index].key, "MESSAGE") == 0) message = &fields[index];
    }
    if (!(level & error_critical_or_warning) || message == NULL) return G_LOG_WRITER_HANDLED;
    if (domain != NULL && field_is(domain, "Pango") && !(level & 4)) {
        if (pango_warning[0] == 0) {
            snprintf(pango_warning, sizeof(pango_warning), "%.*s", field_length(message), (const char *)message->value);
            for (char *c = pango_warning; *c; c++) if (*c == '\n') *c = ' ';
        }
        // Pango says the font face's and scaled font's status in the warnings after the first.
        char text[400];
        snprintf(text, sizeof(text), "%.*s", field_length(message), (const char *)message->value);
        if (strstr(text, "out of memory") != NULL) pango_out_of_memory = 1;
    } else {
        // Anything else (an error GLib stops the child for, a critical from librsvg) is said
        // on stderr, whose last line the parent shows, as GLib's own writer would.
        fprintf(stderr, "%.*s: %.*s\n", domain != NULL ? field_length(domain) : 4, domain != NULL ? (const char *)domain->value : "GLib",
                field_length(message), (const char *)message->value);
    }
    return G_LOG_WRITER_HANDLED;
}

// The process's CPU time so far, in ms (librsvg may work on threads of its own).
static double cpu_milliseconds(void) {
    struct timespec now;
    if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now) != 0) return 0;
    return (double)now.tv_sec * 1e3 + (double)now.tv_nsec / 1e6;
}

// A figure of /proc/self/status in kB ("VmRSS", "VmHWM"), 0 when it cannot be read.
static long status_kilobytes(const char *key) {
    FILE *status = fopen("/proc/self/status", "r");
    if (status == NULL) return 0;
    char line[256], format[32];
    snprintf(format, sizeof(format), "%s: %%ld kB", key);
    long kilobytes = 0, value;
    while (fgets(line, sizeof(line), status) != NULL) {
        if (sscanf(line, format, &value) == 1) kilobytes = value;
    }
    fclose(status);
    return kilobytes;
}

// What the allocator holds in use (bytes): small blocks and mapped large ones, in every arena.
static long bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return (long)(info.uordblks + info.hblkhd);
}

// Whether `bytes_in_use` follows this process's allocations: glibc's malloc says so, another
// (one preloaded, a sanitizer's) says nothing, and the figures below would read as nothing kept
// (review of 1281b66): then they are not given, and the renderer estimates instead.
static void *volatile probe_blocks[17];  // (volatile: the compiler may not leave them out)

static int allocations_are_seen(void) {
    long before = bytes_in_use();
    probe_blocks[16] = malloc(256 << 10);
    for (int index = 0; index < 16; index++) probe_blocks[index] = malloc(4 << 10);
    long grown = bytes_in_use() - before;
    for (int index = 0; index < 17; index++) free(probe_blocks[index]);
    return grown >= (256 << 10) + 16 * (4 << 10);
}

// What an SVG drawing of the icon holds and keeps (bytes): `held`, what its document held at most
// while drawn and written out, with the bytes written (the renderer keeps them); `kept`,
// what is still in use once the surface is gone. Cairo 1.16's SVG surface keeps about half a
// kilobyte for each group painted on it until the process ends (SVGSurfaceLeak), and librsvg
// paints one for each element with an opacity, a mask, a clip or a filter.
// `most`: the most in use while drawing and while cairo writes the document out (most of an SVG
// document — glyph outlines, definitions — is written when the surface is finished: review of
// 1281b66): looked at when drawn, when finished, and at each write once 64 KB more are written
// (cairo writes a page in one piece).
typedef struct {
    long before, held, kept, most;
    size_t written, looked_at;
} svg_memory;

static void note_in_use(svg_memory *memory) {
    long now = bytes_in_use() - memory->before;
    if (now > memory->most) memory->most = now;
}

static cairo_status_t count_written(void *closure, const unsigned char *data, unsigned int length) {
    (void)data;
    svg_memory *memory = closure;
    memory->written += length;
    if (memory->written - memory->looked_at >= 64 << 10) {
        memory->looked_at = memory->written;
        note_in_use(memory);
    }
    return CAIRO_STATUS_SUCCESS;
}

// A first SVG surface takes what cairo makes once a process (some 200 KB), which an icon's
// figures must not count: a picture of nothing is drawn first.
static void draw_nothing_as_svg(void) {
    cairo_surface_t *first = cairo_svg_surface_create_for_stream(tabsnap_sandbox_discard, NULL, 1, 1);
    cairo_t *nothing = cairo_create(first);
    cairo_push_group(nothing);
    cairo_rectangle(nothing, 0, 0, 1, 1);
    cairo_fill(nothing);
    cairo_pattern_t *group = cairo_pop_group(nothing);
    cairo_mask(nothing, group);
    cairo_pattern_destroy(group);
    cairo_destroy(nothing);
    cairo_surface_finish(first);
    cairo_surface_destroy(first);
}

// `offset`: 0 draws the icon on whole pixels, as a resting icon is; else that far off them, in a
// box clipped there, as IconPainter draws an icon growing or moving with the selection. Off whole
// pixels, every edge librsvg fills is antialiased and every group it composites goes through the
// clip's mask: a 19 990-rect icon drew in 0.21 s resting and 1.05 s moving (hostile round 141:
// counted at the first, a transition's frames cost 1.75 times their estimate).
// `memory`: an SVG drawing's figures to fill (NULL for others).
static int draw(cairo_surface_t *surface, void *handle, render_document_fn render, double width, double height, double offset, svg_memory *memory) {
    cairo_status_t status = cairo_surface_status(surface);
    if (status != CAIRO_STATUS_SUCCESS) { cairo_surface_destroy(surface); return tabsnap_sandbox_verdict(status); }
    cairo_t *cr = cairo_create(surface);
    cairo_push_group(cr);
    if (offset > 0) {
        cairo_rectangle(cr, offset, offset, width, height);
        cairo_clip(cr);
    }
    probe_error *error = NULL;
    double viewport[4] = {offset, offset, width, height};
    int drawn = render(handle, cr, viewport, &error);
    cairo_pattern_t *group = cairo_pop_group(cr);
    cairo_set_source_rgba(cr, 0, 0, 0, 1);
    cairo_mask(cr, group);
    cairo_pattern_destroy(group);
    status = cairo_status(cr);
    if (memory != NULL) note_in_use(memory);
    cairo_destroy(cr);
    cairo_surface_finish(surface);
    if (memory != NULL) note_in_use(memory);
    if (status == CAIRO_STATUS_SUCCESS) status = cairo_surface_status(surface);
    cairo_surface_destroy(surface);
    if (memory != NULL) {
        // (The bytes written are the renderer's to keep as well. A cache let go while drawing
        // can leave less in use than before: nothing kept. What a first drawing makes once —
        // the outlines of its text's glyphs — counts as kept: on the safe side.)
        memory->held = (memory->most > 0 ? memory->most : 0) + (long)memory->written;
        memory->kept = bytes_in_use() - memory->before;
        if (memory->kept < 0) memory->kept = 0;
    }
    // Text set under a unit of its own (text_sizes.c), then pango's word: librsvg's own
    // failure follows from it ("FreetypeError").
    if (tabsnap_text_sizes_refuse()) return TABSNAP_SANDBOX_REFUSED;
    if (pango_out_of_memory) {
        fprintf(stderr, "librsvg: NoMemory (pango could not make a font for the icon's text)\n");
        return TABSNAP_SANDBOX_REFUSED;
    }
    if (pango_warning[0] != 0) {
        // A font size past what pango holds (a negative size once multiplied out) or past what
        // cairo and FreeType can make a font at: said as what to change.
        if (strstr(pango_warning, "scaled font") != NULL || strstr(pango_warning, "set_size") != NULL) {
            fprintf(stderr, "pango cannot make a font for its <text> at the size it is drawn (its font-size times any transform); draw it smaller, or as paths\n");
        } else {
            fprintf(stderr, "pango cannot set its <text>: %s\n", pango_warning);
        }
        return TABSNAP_SANDBOX_REFUSED;
    }
    if (!drawn) {
        fprintf(stderr, "librsvg: %s\n", error != NULL && error->message != NULL ? error->message : "cannot draw the icon");
        return TABSNAP_SANDBOX_REFUSED;
    }
    return tabsnap_sandbox_verdict(status);
}

// Arguments: PIXEL_WIDTH PIXEL_HEIGHT POINT_WIDTH POINT_HEIGHT (a pair of 0: no such output),
// then the bundled font files: an icon's <text> is set with them, as BundledFontConfig makes
// them current for librsvg in the renderer (the host's fonts would cost and draw otherwise).
int tabsnap_sandbox_probe_icon(int argc, char **argv, const uint8_t *input, size_t length) {
    if (argc < 4) return TABSNAP_SANDBOX_BAD_REQUEST;
    FcConfig *fonts = FcConfigCreate();
    if (fonts == NULL) return TABSNAP_SANDBOX_OUT_OF_MEMORY;
    for (int index = 4; index < argc; index++) FcConfigAppFontAddFile(fonts, (const FcChar8 *)argv[index]);
    if (!tabsnap_fonts_add_fallbacks(fonts)) return TABSNAP_SANDBOX_OUT_OF_MEMORY;
    FcConfigSetCurrent(fonts);
    g_log_set_writer_func(keep_pango_warning, NULL, NULL);
    if (!tabsnap_text_sizes_watch()) return TABSNAP_SANDBOX_NO_TEXT_WATCH;
    // Before librsvg is loaded: it reads RSVG_LOG once.
    if (!tabsnap_ignored_css_watch()) return TABSNAP_SANDBOX_NO_CSS_WATCH;
    int pixel_width = atoi(argv[0]), pixel_height = atoi(argv[1]);
    double point_width = atof(argv[2]), point_height = atof(argv[3]);
    if (pixel_width < 0 || pixel_height < 0 || pixel_width > 32767 || pixel_height > 32767
        || !(point_width >= 0) || !(point_height >= 0) || point_width > 32767 || point_height > 32767) {
        return TABSNAP_SANDBOX_BAD_REQUEST;
    }
    void *library = dlopen("librsvg-2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) return TABSNAP_SANDBOX_NO_LIBRSVG;
    new_from_data_fn new_from_data = (new_from_data_fn)dlsym(library, "rsvg_handle_new_from_data");
    render_document_fn render = (render_document_fn)dlsym(library, "rsvg_handle_render_document");
    set_dpi_fn set_dpi = (set_dpi_fn)dlsym(library, "rsvg_handle_set_dpi");
    if (new_from_data == NULL || render == NULL || set_dpi == NULL) return TABSNAP_SANDBOX_NO_LIBRSVG;
    probe_error *error = NULL;
    long resident = status_kilobytes("VmRSS");
    double start = cpu_milliseconds();
    void *handle = new_from_data(input, length, &error);
    double read = cpu_milliseconds() - start;
    // What reading it added to the child's memory at most: what its handle holds in each
    // renderer that reads it.
    long read_peak = status_kilobytes("VmHWM");
    if (handle == NULL) {
        fprintf(stderr, "librsvg: %s\n", error != NULL && error->message != NULL ? error->message : "cannot read the icon");
        return TABSNAP_SANDBOX_REFUSED;
    }
    set_dpi(handle, 96);  // as the renderer draws icons (Librsvg.iconDPI): CSS's pixels an inch
    int result = TABSNAP_SANDBOX_DREW;
    // What each drawing took (ms): resting and moving on pixels, the costlier vector stream.
    double resting = 0, moving = 0, vector = 0;
    if (pixel_width > 0 && pixel_height > 0) {
        start = cpu_milliseconds();
        result = draw(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, pixel_width, pixel_height),
                      handle, render, pixel_width, pixel_height, 0, NULL);
        resting = cpu_milliseconds() - start;
        if (result == TABSNAP_SANDBOX_DREW) {
            // A third of a pixel off, on a surface a pixel larger each way.
            start = cpu_milliseconds();
            result = draw(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, pixel_width + (pixel_width < 32767), pixel_height + (pixel_height < 32767)),
                          handle, render, pixel_width, pixel_height, 1.0 / 3.0, NULL);
            moving = cpu_milliseconds() - start;
        }
    }
    if (result == TABSNAP_SANDBOX_DREW && point_width > 0 && point_height > 0) {
        start = cpu_milliseconds();
        result = draw(cairo_pdf_surface_create_for_stream(tabsnap_sandbox_discard, NULL, point_width, point_height),
                      handle, render, point_width, point_height, 0, NULL);
        vector = cpu_milliseconds() - start;
    }
    svg_memory svg_figures = {.held = -1, .kept = -1};
    if (result == TABSNAP_SANDBOX_DREW && point_width > 0 && point_height > 0) {
        int measured = allocations_are_seen();
        draw_nothing_as_svg();  // (its time is not the icon's either)
        start = cpu_milliseconds();
        svg_figures.before = bytes_in_use();
        result = draw(cairo_svg_surface_create_for_stream(measured ? count_written : tabsnap_sandbox_discard, &svg_figures, point_width, point_height),
                      handle, render, point_width, point_height, 0, measured ? &svg_figures : NULL);
        double svg = cpu_milliseconds() - start;
        if (svg > vector) vector = svg;
    }
    // What librsvg skipped while reading and drawing the icon (ignored_css.c).
    if (result == TABSNAP_SANDBOX_DREW && tabsnap_ignored_css_refuse()) return TABSNAP_SANDBOX_REFUSED;
    if (result == TABSNAP_SANDBOX_DREW) {
        // And drawing it at most: what librsvg's filters and groups take besides, on each thread
        // drawing it at once (review of e147418), less the probe's own surfaces — the picture,
        // the group it is drawn into and a clip's mask, the frame's own in a renderer.
        long surfaces = 3L * (pixel_width + 1) * (pixel_height + 1) * 4 / 1024;
        long drawn = status_kilobytes("VmHWM") - surfaces;
        long peak = drawn > read_peak ? drawn : read_peak;
        fprintf(stderr, "\n" TABSNAP_SANDBOX_ICON_COST " %.0f %.0f %.0f %.0f %ld %ld %ld\n", read, resting, moving, vector,
                peak > resident ? peak - resident : 0, svg_figures.held, svg_figures.kept);
    }
    return result;  // the process ends: nothing to free
}
