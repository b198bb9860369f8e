// Types and constants of pango and glib as Tabsnap uses them (see shim.h).
#pragma once
#include <stddef.h>
#include <stdint.h>

// Objects Tabsnap only passes around (Swift sees OpaquePointer; so does CCairo's cairo_t).
typedef struct _cairo cairo_t;
typedef struct _cairo_font_options cairo_font_options_t;
typedef struct _FcConfig FcConfig;
typedef struct _PangoFontMap PangoFontMap;
typedef struct _PangoFcFontMap PangoFcFontMap;
typedef struct _PangoContext PangoContext;
typedef struct _PangoLayout PangoLayout;
typedef struct _PangoFontDescription PangoFontDescription;
typedef struct _PangoAttrList PangoAttrList;
typedef struct _PangoAttrIterator PangoAttrIterator;
typedef struct _PangoLanguage PangoLanguage;
typedef struct _GSList GSList;
typedef struct _GChecksum GChecksum;
typedef struct _PangoFont PangoFont;
typedef struct _PangoFcFont PangoFcFont;
typedef struct _PangoLayoutIter PangoLayoutIter;
typedef struct _FcPattern FcPattern;
typedef struct _PangoFontset PangoFontset;
typedef struct _PangoCairoFontMap PangoCairoFontMap;
typedef struct _GTypeInstance GTypeInstance;

// GObject's type system, as far as the sandbox's icon probe subclasses pango's font map
// (CSandbox/text_sizes.c).
typedef unsigned long GType;
typedef struct _GTypeQuery {
    GType type;
    const char *type_name;
    unsigned int class_size;
    unsigned int instance_size;
} GTypeQuery;
typedef void (*GClassInitFunc)(void *g_class, void *class_data);
typedef void (*GInstanceInitFunc)(GTypeInstance *instance, void *g_class);
typedef enum { G_TYPE_FLAG_NONE = 0 } GTypeFlags;

// The start of a font map's class: its parent (GObjectClass, 17 pointers and sizes) and the
// virtual functions that load fonts, which the probe's subclass overrides.
typedef struct _PangoFontMapClass {
    void *parent_class[17];
    PangoFont *(*load_font)(PangoFontMap *fontmap, PangoContext *context, const PangoFontDescription *desc);
    void (*list_families)(PangoFontMap *fontmap, void ***families, int *n_families);
    PangoFontset *(*load_fontset)(PangoFontMap *fontmap, PangoContext *context, const PangoFontDescription *desc,
                                  PangoLanguage *language);
} PangoFontMapClass;

// Which fields a font description sets (the probe reads only the size).
typedef enum { PANGO_FONT_MASK_SIZE = 1 << 5 } PangoFontMask;

// What a laid-out run is drawn with (BroughtFonts reads which font file draws each run, and each
// glyph's ink). Only the fields Tabsnap reads are named; scripts/check-c-shims checks every
// offset and size against the installed pango.
typedef struct _PangoAnalysis {
    void *shape_engine;
    void *lang_engine;
    PangoFont *font;
    uint8_t level;
    uint8_t gravity;
    uint8_t flags;
    uint8_t script;
    PangoLanguage *language;
    GSList *extra_attrs;
} PangoAnalysis;

// PangoAnalysis.flags: the run pango made of an ellipsis ("…" standing for the text cut off).
static const uint8_t tabsnap_analysis_is_ellipsis = 1 << 1;
// ... and a run at the end of a line broken inside a word, which pango ends with a hyphen.
static const uint8_t tabsnap_analysis_needs_hyphen = 1 << 2;

typedef struct _PangoItem {
    int offset;
    int length;
    int num_chars;
    PangoAnalysis analysis;
} PangoItem;

typedef struct _PangoGlyphGeometry {
    int width;
    int x_offset;
    int y_offset;
} PangoGlyphGeometry;

typedef struct _PangoGlyphInfo {
    uint32_t glyph;
    PangoGlyphGeometry geometry;
    uint32_t attr;  // PangoGlyphVisAttr: bit fields in one guint
} PangoGlyphInfo;

typedef struct _PangoGlyphString {
    int num_glyphs;
    PangoGlyphInfo *glyphs;
    int *log_clusters;
    int space;
} PangoGlyphString;

typedef struct _PangoGlyphItem {
    PangoItem *item;
    PangoGlyphString *glyphs;
    int y_offset;
    int start_x_offset;
    int end_x_offset;
} PangoGlyphItem;

// A parsed markup's attributes: which kinds a markup sets and their values (BroughtFonts asks
// whether a markup moves glyphs itself). Only the kinds Tabsnap asks about are named.
typedef struct _PangoAttrClass PangoAttrClass;
typedef struct _PangoAttribute {
    const PangoAttrClass *klass;
    unsigned int start_index;
    unsigned int end_index;
} PangoAttribute;

typedef struct _PangoAttrInt {
    PangoAttribute attr;
    int value;
} PangoAttrInt;

typedef enum {
    PANGO_ATTR_FOREGROUND = 9, PANGO_ATTR_BACKGROUND = 10, PANGO_ATTR_UNDERLINE = 11, PANGO_ATTR_STRIKETHROUGH = 12,
    PANGO_ATTR_RISE = 13, PANGO_ATTR_LETTER_SPACING = 17,
    PANGO_ATTR_FOREGROUND_ALPHA = 24, PANGO_ATTR_BACKGROUND_ALPHA = 25
} PangoAttrType;

typedef struct _PangoColor {
    uint16_t red;
    uint16_t green;
    uint16_t blue;
} PangoColor;

typedef struct _PangoAttrColor {
    PangoAttribute attr;
    PangoColor color;
} PangoAttrColor;

typedef enum { PANGO_STYLE_NORMAL, PANGO_STYLE_OBLIQUE, PANGO_STYLE_ITALIC } PangoStyle;
typedef enum {
    PANGO_STRETCH_ULTRA_CONDENSED,
    PANGO_STRETCH_EXTRA_CONDENSED,
    PANGO_STRETCH_CONDENSED,
    PANGO_STRETCH_SEMI_CONDENSED,
    PANGO_STRETCH_NORMAL,
    PANGO_STRETCH_SEMI_EXPANDED,
    PANGO_STRETCH_EXPANDED,
    PANGO_STRETCH_EXTRA_EXPANDED,
    PANGO_STRETCH_ULTRA_EXPANDED
} PangoStretch;

typedef struct _PangoRectangle {
    int x;
    int y;
    int width;
    int height;
} PangoRectangle;

typedef struct _GError {
    uint32_t domain;
    int code;
    char *message;
} GError;

#define PANGO_SCALE 1024

typedef enum {
    PANGO_WEIGHT_THIN = 100,
    PANGO_WEIGHT_ULTRALIGHT = 200,
    PANGO_WEIGHT_LIGHT = 300,
    PANGO_WEIGHT_SEMILIGHT = 350,
    PANGO_WEIGHT_BOOK = 380,
    PANGO_WEIGHT_NORMAL = 400,
    PANGO_WEIGHT_MEDIUM = 500,
    PANGO_WEIGHT_SEMIBOLD = 600,
    PANGO_WEIGHT_BOLD = 700,
    PANGO_WEIGHT_ULTRABOLD = 800,
    PANGO_WEIGHT_HEAVY = 900,
    PANGO_WEIGHT_ULTRAHEAVY = 1000
} PangoWeight;

typedef enum { PANGO_WRAP_WORD, PANGO_WRAP_CHAR, PANGO_WRAP_WORD_CHAR } PangoWrapMode;
typedef enum { PANGO_ELLIPSIZE_NONE, PANGO_ELLIPSIZE_START, PANGO_ELLIPSIZE_MIDDLE, PANGO_ELLIPSIZE_END } PangoEllipsizeMode;
typedef enum { PANGO_ALIGN_LEFT, PANGO_ALIGN_CENTER, PANGO_ALIGN_RIGHT } PangoAlignment;

typedef enum { G_LOG_WRITER_UNHANDLED = 0, G_LOG_WRITER_HANDLED = 1 } GLogWriterOutput;
typedef struct _GLogField {
    const char *key;
    const void *value;
    ptrdiff_t length;
} GLogField;
typedef GLogWriterOutput (*GLogWriterFunc)(int log_level, const GLogField *fields, size_t n_fields, void *user_data);

typedef enum {
    G_CHECKSUM_MD5,
    G_CHECKSUM_SHA1,
    G_CHECKSUM_SHA256,
} GChecksumType;
