import CCairo
import CPango

/// Whether a glyph paints anything where a bar can show it, found by drawing it. A glyph's
/// bounding box is not enough: a brought font's outline can span a box and still paint nothing
/// (contours of no area, two contours that cancel under the non-zero winding rule), or paint ten
/// ems above the baseline, outside any bar (hostile round 12 drew "H me" with each).
enum GlyphInk {
    /// Pixels the line's height (ascent and descent) is drawn at: enough for a full stop or a
    /// hairline to cover a pixel, few enough that a font of many glyphs is checked quickly.
    private static let lineHeightInPixels = 32.0
    /// The widest drawing, in pixels: a glyph whose advance is wider is drawn smaller.
    private static let widestDrawing = 2048.0
    /// Coverage below half a pixel is no ink: rounding in the rasteriser, not a mark.
    private static let leastCoverage = 128

    /// Whether `glyph` of `font`, drawn at its baseline origin, paints at least half a pixel in
    /// the box around its own line: its advance and line height, widened by one line height on
    /// every side (accents and descenders reach that far, a glyph placed further is outside the
    /// line and its bar).
    static func paints(_ glyph: UInt32, of font: OpaquePointer) -> Bool {
        var logical = PangoRectangle()
        pango_font_get_glyph_extents(font, glyph, nil, &logical)
        let scale = Double(PANGO_SCALE)
        let lineHeight = Double(logical.height) / scale
        guard lineHeight > 0 else { return false }
        let start = Double(min(logical.x, 0)) / scale, end = Double(max(logical.x + logical.width, 0)) / scale
        let left = start - lineHeight, top = Double(logical.y) / scale - lineHeight
        let width = end - start + 2 * lineHeight, height = 3 * lineHeight
        let pixelsPerPoint = min(lineHeightInPixels / lineHeight, widestDrawing / width)
        let pixelWidth = Int((width * pixelsPerPoint).rounded(.up)), pixelHeight = Int((height * pixelsPerPoint).rounded(.up))
        guard pixelWidth > 0, pixelHeight > 0, let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(pixelWidth), Int32(pixelHeight))
        else { return false }
        defer { cairo_surface_destroy(surface) }
        guard let context = cairo_create(surface) else { return false }
        cairo_scale(context, pixelsPerPoint, pixelsPerPoint)
        cairo_translate(context, -left, -top)
        cairo_move_to(context, 0, 0)
        var info = PangoGlyphInfo()
        info.glyph = glyph
        var cluster: Int32 = 0
        withUnsafeMutablePointer(to: &info) { infoPointer in
            withUnsafeMutablePointer(to: &cluster) { clusterPointer in
                var string = PangoGlyphString(num_glyphs: 1, glyphs: infoPointer, log_clusters: clusterPointer, space: 1)
                pango_cairo_show_glyph_string(context, font, &string)
            }
        }
        cairo_destroy(context)
        cairo_surface_flush(surface)
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else { return false }
        let stride = Int(cairo_image_surface_get_stride(surface))
        var coverage = 0
        for row in 0..<pixelHeight {
            let line = data + row * stride
            for column in 0..<pixelWidth {
                coverage += Int(line[column])
                if coverage >= leastCoverage { return true }
            }
        }
        return false
    }
}
