import CCairo
import CPango
import TabsnapDraw
import TabsnapModel

/// Replays a draw list onto a cairo context whose user space is in points.
struct CairoPainter {
    let session: FontSession
    let icons: IconPainter
    /// Raster output fills plain text as outlines at exact positions (cairo 1.16 rounds raster
    /// glyph positions to whole pixels, which jitters text that moves and drifts from the SVG);
    /// vector output keeps real text glyphs.
    var textAsOutlines = false

    func paint(_ list: DrawList, on cr: OpaquePointer) {
        paint(list.commands, on: cr)
    }

    private func paint(_ commands: [DrawCommand], on cr: OpaquePointer) {
        for command in commands {
            switch command {
            case .rect(let rect, let color, let radius):
                setColor(color, on: cr)
                roundedRect(rect, radius: radius, on: cr)
                cairo_fill(cr)
            case .triangle(let rect, let color, let pointsUp):
                setColor(color, on: cr)
                let base = pointsUp ? rect.maxY : rect.minY
                cairo_move_to(cr, rect.minX, base)
                cairo_line_to(cr, rect.midX, pointsUp ? rect.minY : rect.maxY)
                cairo_line_to(cr, rect.maxX, base)
                cairo_close_path(cr)
                cairo_fill(cr)
            case .text(let run):
                let layout = session.makeLayout(run.content, font: run.font, wrapWidth: run.constrained ? run.frame.width : nil,
                                                maxLines: run.lines)
                setColor(run.color, on: cr)
                cairo_move_to(cr, run.frame.x, run.frame.y)
                // Markup can colour, underline or strike its runs; only pango's own glyph drawing
                // honours those, so markup keeps it (glyphs then sit on whole pixels in raster).
                if textAsOutlines, case .plain = run.content {
                    cairo_new_path(cr)
                    cairo_move_to(cr, run.frame.x, run.frame.y)
                    pango_cairo_layout_path(cr, layout)
                    cairo_fill(cr)
                } else {
                    pango_cairo_show_layout(cr, layout)
                }
                g_object_unref(UnsafeMutableRawPointer(layout))
            case .icon(let run):
                icons.paint(run, on: cr)
            case .masked(let inner, let stops):
                cairo_push_group(cr)
                paint(inner, on: cr)
                cairo_pop_group_to_source(cr)
                // The gradient axis spans the stops in user space (points); outside it the
                // end stops' alpha extends (cairo's default pad).
                let first = stops.first?.x ?? 0
                let span = max((stops.last?.x ?? 0) - first, 1e-9)
                let mask = cairo_pattern_create_linear(first, 0, first + span, 0)!
                for stop in stops {
                    cairo_pattern_add_color_stop_rgba(mask, (stop.x - first) / span, 0, 0, 0, stop.alpha)
                }
                cairo_mask(cr, mask)
                cairo_pattern_destroy(mask)
            }
        }
    }

    private func setColor(_ color: RGBAColor, on cr: OpaquePointer) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
    }

    private func roundedRect(_ rect: Rect, radius: Double, on cr: OpaquePointer) {
        let r = min(max(radius, 0), rect.width / 2, rect.height / 2)
        guard r > 0 else {
            cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
            return
        }
        let halfPi = Double.pi / 2
        cairo_new_sub_path(cr)
        cairo_arc(cr, rect.maxX - r, rect.minY + r, r, -halfPi, 0)
        cairo_arc(cr, rect.maxX - r, rect.maxY - r, r, 0, halfPi)
        cairo_arc(cr, rect.minX + r, rect.maxY - r, r, halfPi, 2 * halfPi)
        cairo_arc(cr, rect.minX + r, rect.minY + r, r, 2 * halfPi, 3 * halfPi)
        cairo_close_path(cr)
    }
}
