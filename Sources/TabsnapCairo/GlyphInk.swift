import CCairo
import CPango
import TabsnapModel

/// Whether a glyph, laid out where pango puts it, paints its line, found by drawing it. A
/// glyph's bounding box is not enough. A brought font can make a letter invisible in many ways
/// (hostile rounds 12 and 13 drew "H me" with each):
/// - an outline that spans a box and paints nothing (contours of no area, two that cancel);
/// - an outline, or positioning (GPOS offsets, advances, kerning), that puts the ink far from
///   the line, or mostly below or above it;
/// - a colour bitmap so faint it shows nothing.
/// So each glyph is drawn at its place in the laid-out text, and most of its ink must fall on
/// the text's line (widened by half a line each way: accents and descenders reach past it),
/// with at least one pixel of it half opaque or more.
enum GlyphInk {
    /// Pixels the line's height is drawn at: enough for a full stop or a hairline to cover a
    /// pixel, few enough that a long title is checked quickly.
    private static let lineHeightInPixels = 32.0
    /// The widest drawing, in pixels: a glyph wider than this is drawn smaller.
    private static let widestDrawing = 2048.0
    /// Coverage below half a pixel is no ink: rounding in the rasteriser, not a mark.
    private static let leastCoverage = 128

    /// Whether the glyph `info` of `font`, its origin at `origin` (points, the layout's
    /// coordinates: the pen position on the baseline, before the glyph's own offsets), paints
    /// the text's `line` (its logical box, in the same coordinates).
    static func paints(_ info: PangoGlyphInfo, of font: OpaquePointer, at origin: Point, on line: Rect) -> Bool {
        let scale = Double(PANGO_SCALE)
        let lineHeight = line.height
        guard lineHeight > 0 else { return false }
        let x = origin.x + Double(info.geometry.x_offset) / scale
        let advance = max(Double(info.geometry.width) / scale, 0)
        // Where the ink is counted: around the glyph's own place, two lines either side, and one
        // line above and below the text's line. Ink further away is not counted at all.
        let window = Rect(x: x - 2 * lineHeight, y: line.minY - lineHeight, width: advance + 4 * lineHeight, height: line.height + 2 * lineHeight)
        let allowed = Rect(x: line.minX - lineHeight / 2, y: line.minY - lineHeight / 2,
                           width: line.width + lineHeight, height: line.height + lineHeight)
        let pixelsPerPoint = min(lineHeightInPixels / lineHeight, widestDrawing / window.width)
        let width = Int((window.width * pixelsPerPoint).rounded(.up)), height = Int((window.height * pixelsPerPoint).rounded(.up))
        guard width > 0, height > 0, let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)) else { return false }
        defer { cairo_surface_destroy(surface) }
        guard let context = cairo_create(surface) else { return false }
        cairo_scale(context, pixelsPerPoint, pixelsPerPoint)
        cairo_translate(context, -window.minX, -window.minY)
        cairo_move_to(context, origin.x, origin.y)
        var glyph = info
        glyph.geometry.width = 0
        var cluster: Int32 = 0
        withUnsafeMutablePointer(to: &glyph) { glyphPointer in
            withUnsafeMutablePointer(to: &cluster) { clusterPointer in
                var string = PangoGlyphString(num_glyphs: 1, glyphs: glyphPointer, log_clusters: clusterPointer, space: 1)
                pango_cairo_show_glyph_string(context, font, &string)
            }
        }
        cairo_destroy(context)
        cairo_surface_flush(surface)
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else { return false }
        // The allowed box in the surface's pixels.
        let left = Int(((allowed.minX - window.minX) * pixelsPerPoint).rounded(.down)), right = Int(((allowed.maxX - window.minX) * pixelsPerPoint).rounded(.up))
        let top = Int(((allowed.minY - window.minY) * pixelsPerPoint).rounded(.down)), bottom = Int(((allowed.maxY - window.minY) * pixelsPerPoint).rounded(.up))
        let stride = Int(cairo_image_surface_get_stride(surface))
        var total = 0, inside = 0, opaqueInside = 0
        for row in 0..<height {
            let pixels = data + row * stride
            let rowInside = row >= top && row < bottom
            for column in 0..<width {
                let alpha = Int(pixels[column])
                guard alpha > 0 else { continue }
                total += alpha
                if rowInside, column >= left, column < right {
                    inside += alpha
                    if alpha >= 128 { opaqueInside += 1 }
                }
            }
        }
        return inside >= leastCoverage && opaqueInside > 0 && 2 * inside >= total
    }
}
