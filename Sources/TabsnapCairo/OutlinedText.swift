import CCairo
import CFontconfig
import CPango

/// Plain text in raster output, filled as outlines run by run (cairo 1.16 rounds raster glyph
/// positions to whole pixels, which jitters text that moves). A run in a colour font (the bundled
/// emoji) has no outline to fill — its glyphs are pictures, and a path of them is a grey
/// silhouette — so its glyphs are shown as they are, in their own colours.
enum OutlinedText {
    /// Fills `layout` with its top-left corner at (`x`, `y`), in the context's source colour.
    static func fill(_ layout: OpaquePointer, x: Double, y: Double, on cr: OpaquePointer) {
        cairo_new_path(cr)
        // Text without colour glyphs, as it always was (pango places the runs itself; a golden
        // changes by a fraction of a pixel when they are placed one by one).
        guard hasColour(layout) else {
            cairo_move_to(cr, x, y)
            pango_cairo_layout_path(cr, layout)
            cairo_fill(cr)
            return
        }
        guard let iterator = pango_layout_get_iter(layout) else { return }
        defer { pango_layout_iter_free(iterator) }
        let unit = Double(PANGO_SCALE)
        repeat {
            // The end of each line is a run without glyphs (nil).
            guard let run = pango_layout_iter_get_run_readonly(iterator), let item = run.pointee.item,
                  let glyphs = run.pointee.glyphs, let font = item.pointee.analysis.font else { continue }
            var extents = PangoRectangle()
            pango_layout_iter_get_run_extents(iterator, nil, &extents)
            let baseline = Double(pango_layout_iter_get_baseline(iterator)) / unit
            if isColour(font) {
                cairo_fill(cr)  // the outlines so far, so showing glyphs starts from no path
                cairo_move_to(cr, x + Double(extents.x) / unit, y + baseline)
                pango_cairo_show_glyph_string(cr, font, glyphs)
                cairo_new_path(cr)
            } else {
                cairo_move_to(cr, x + Double(extents.x) / unit, y + baseline)
                pango_cairo_glyph_string_path(cr, font, glyphs)
            }
        } while pango_layout_iter_next_run(iterator) != 0
        cairo_fill(cr)
    }

    /// Whether any run of the layout is set in a colour font.
    static func hasColour(_ layout: OpaquePointer) -> Bool {
        guard let iterator = pango_layout_get_iter(layout) else { return false }
        defer { pango_layout_iter_free(iterator) }
        repeat {
            if let run = pango_layout_iter_get_run_readonly(iterator), let font = run.pointee.item?.pointee.analysis.font, isColour(font) {
                return true
            }
        } while pango_layout_iter_next_run(iterator) != 0
        return false
    }

    private static func isColour(_ font: OpaquePointer) -> Bool { FontSession.isColour(font) }
}
