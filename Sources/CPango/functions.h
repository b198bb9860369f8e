// Functions of pango and glib Tabsnap calls (see shim.h). Only prototypes: scripts/check-c-shims
// compiles this file after the real headers, where any prototype that differs is an error.
#pragma once

// glib
void g_object_unref(void *object);
void g_free(void *memory);
void g_error_free(GError *error);
GChecksum *g_checksum_new(GChecksumType checksum_type);
void g_checksum_update(GChecksum *checksum, const unsigned char *data, long length);
const char *g_checksum_get_string(GChecksum *checksum);
void g_checksum_free(GChecksum *checksum);

void g_log_set_writer_func(GLogWriterFunc func, void *user_data, void (*user_data_free)(void *data));
void g_type_query(GType type, GTypeQuery *query);
GType g_type_register_static_simple(GType parent_type, const char *type_name, unsigned int class_size, GClassInitFunc class_init,
                                    unsigned int instance_size, GInstanceInitFunc instance_init, GTypeFlags flags);
void *g_object_new(GType object_type, const char *first_property_name, ...);

// pango
PangoContext *pango_font_map_create_context(PangoFontMap *fontmap);
void pango_context_set_round_glyph_positions(PangoContext *context, int round_positions);
PangoFontDescription *pango_font_description_new(void);
void pango_font_description_free(PangoFontDescription *desc);
PangoFontDescription *pango_font_description_copy(const PangoFontDescription *desc);
int pango_font_description_get_size(const PangoFontDescription *desc);
PangoFontMask pango_font_description_get_set_fields(const PangoFontDescription *desc);
int pango_font_description_get_size_is_absolute(const PangoFontDescription *desc);
PangoAttrIterator *pango_attr_list_get_iterator(PangoAttrList *list);
void pango_attr_iterator_get_font(PangoAttrIterator *iterator, PangoFontDescription *desc, PangoLanguage **language,
                                  GSList **extra_attrs);
int pango_attr_iterator_next(PangoAttrIterator *iterator);
void pango_attr_iterator_destroy(PangoAttrIterator *iterator);
void pango_attr_iterator_range(PangoAttrIterator *iterator, int *start, int *end);
PangoAttribute *pango_attr_iterator_get(PangoAttrIterator *iterator, PangoAttrType type);
const char *pango_font_description_get_family(const PangoFontDescription *desc);
PangoWeight pango_font_description_get_weight(const PangoFontDescription *desc);
PangoStyle pango_font_description_get_style(const PangoFontDescription *desc);
PangoStretch pango_font_description_get_stretch(const PangoFontDescription *desc);
int pango_font_description_get_size(const PangoFontDescription *desc);
PangoFontDescription *pango_font_describe_with_absolute_size(PangoFont *font);
const char *pango_layout_get_text(PangoLayout *layout);
PangoLayoutIter *pango_layout_get_iter(PangoLayout *layout);
void pango_layout_iter_free(PangoLayoutIter *iter);
int pango_layout_iter_next_run(PangoLayoutIter *iter);
PangoGlyphItem *pango_layout_iter_get_run_readonly(PangoLayoutIter *iter);
void pango_layout_iter_get_run_extents(PangoLayoutIter *iter, PangoRectangle *ink_rect, PangoRectangle *logical_rect);
int pango_layout_iter_get_baseline(PangoLayoutIter *iter);
void pango_font_get_glyph_extents(PangoFont *font, uint32_t glyph, PangoRectangle *ink_rect, PangoRectangle *logical_rect);
void pango_attr_list_unref(PangoAttrList *list);
void pango_font_description_set_family(PangoFontDescription *desc, const char *family);
void pango_font_description_set_weight(PangoFontDescription *desc, PangoWeight weight);
void pango_font_description_set_absolute_size(PangoFontDescription *desc, double size);
void pango_font_description_set_size(PangoFontDescription *desc, int size);
PangoLayout *pango_layout_new(PangoContext *context);
void pango_layout_set_font_description(PangoLayout *layout, const PangoFontDescription *desc);
void pango_layout_set_text(PangoLayout *layout, const char *text, int length);
void pango_layout_set_markup(PangoLayout *layout, const char *markup, int length);
void pango_layout_set_width(PangoLayout *layout, int width);
void pango_layout_set_height(PangoLayout *layout, int height);
void pango_layout_set_wrap(PangoLayout *layout, PangoWrapMode wrap);
void pango_layout_set_ellipsize(PangoLayout *layout, PangoEllipsizeMode ellipsize);
void pango_layout_set_alignment(PangoLayout *layout, PangoAlignment alignment);
void pango_layout_get_extents(PangoLayout *layout, PangoRectangle *ink_rect, PangoRectangle *logical_rect);
int pango_layout_get_unknown_glyphs_count(PangoLayout *layout);
int pango_layout_is_ellipsized(PangoLayout *layout);
int pango_layout_get_line_count(PangoLayout *layout);
PangoLanguage *pango_language_from_string(const char *language);
void pango_context_set_language(PangoContext *context, PangoLanguage *language);
PangoAttribute *pango_attr_language_new(PangoLanguage *language);
PangoAttrList *pango_attr_list_new(void);
PangoAttrList *pango_attr_list_copy(PangoAttrList *list);
void pango_attr_list_insert_before(PangoAttrList *list, PangoAttribute *attr);
PangoAttrList *pango_layout_get_attributes(PangoLayout *layout);
void pango_layout_set_attributes(PangoLayout *layout, PangoAttrList *attrs);
int pango_parse_markup(const char *markup_text, int length, uint32_t accel_marker, PangoAttrList **attr_list,
                       char **text, uint32_t *accel_char, GError **error);

// pangocairo (the font type: cairo_font_type_t, CAIRO_FONT_TYPE_FT is 1)
PangoFontMap *pango_cairo_font_map_new_for_font_type(unsigned int fonttype);
PangoFontMap *pango_cairo_font_map_new(void);
void pango_cairo_font_map_set_default(PangoCairoFontMap *fontmap);
void pango_cairo_context_set_font_options(PangoContext *context, const cairo_font_options_t *options);
void pango_cairo_context_set_resolution(PangoContext *context, double dpi);
void pango_cairo_show_layout(cairo_t *cr, PangoLayout *layout);
void pango_cairo_layout_path(cairo_t *cr, PangoLayout *layout);
void pango_cairo_show_glyph_string(cairo_t *cr, PangoFont *font, PangoGlyphString *glyphs);
void pango_cairo_glyph_string_path(cairo_t *cr, PangoFont *font, PangoGlyphString *glyphs);

// pangofc
void pango_fc_font_map_set_config(PangoFcFontMap *fcfontmap, FcConfig *fcconfig);
void pango_fc_font_map_cache_clear(PangoFcFontMap *fcfontmap);
FcPattern *pango_fc_font_get_pattern(PangoFcFont *font);
// The font's glyph for a character (0: none): MissingGlyphs asks for U+25CC, which HarfBuzz draws under a
// mark with no letter to sit on.
unsigned int pango_fc_font_get_glyph(PangoFcFont *font, uint32_t wc);

