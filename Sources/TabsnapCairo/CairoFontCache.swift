import CCairo

/// cairo keeps the last 256 fonts nobody uses any more ("holdovers"), glyphs and all, in case
/// they are asked for again; a spec's own font, let go with its session, would stay there with
/// everything drawn in it. cairo has no call to empty that list, but it lets the oldest go as new
/// fonts arrive: making and letting go 256 tiny fonts of the bundled toy face empties it.
enum CairoFontCache {
    private static let holdovers = 256

    /// Lets go every font cairo holds over.
    static func release() {
        guard let face = cairo_toy_font_face_create("Inter", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL) else { return }
        defer { cairo_font_face_destroy(face) }
        let options = cairo_font_options_create()
        defer { cairo_font_options_destroy(options) }
        var identity = cairo_matrix_t()
        cairo_matrix_init_identity(&identity)
        for index in 0...holdovers {
            // A size no text uses: each is a new font, not one cairo already has.
            var size = cairo_matrix_t()
            cairo_matrix_init_scale(&size, 1 + Double(index) / 1_024, 1)
            if let font = cairo_scaled_font_create(face, &size, &identity, options) { cairo_scaled_font_destroy(font) }
        }
    }
}
