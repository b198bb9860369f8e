import CCairo
import CPango
import TabsnapDraw
import TabsnapModel

/// Replays a draw list onto a cairo context whose user space is in points.
struct CairoPainter {
    let session: FontSession

    func paint(_ list: DrawList, on cr: OpaquePointer) {
        // Keep pango's context in step with the cairo transform, then re-pin our font options
        // (updating copies the target surface's options in).
        pango_cairo_update_context(cr, session.context)
        session.configure(session.context)
        for command in list.commands {
            switch command {
            case .rect(let rect, let color, let radius):
                setColor(color, on: cr)
                roundedRect(rect, radius: radius, on: cr)
                cairo_fill(cr)
            case .triangle(let rect, let color):
                setColor(color, on: cr)
                cairo_move_to(cr, rect.minX, rect.maxY)
                cairo_line_to(cr, rect.midX, rect.minY)
                cairo_line_to(cr, rect.maxX, rect.maxY)
                cairo_close_path(cr)
                cairo_fill(cr)
            case .text(let text, let font, let color, let origin):
                let layout = session.makeLayout(text, font: font)
                setColor(color, on: cr)
                cairo_move_to(cr, origin.x, origin.y)
                pango_cairo_show_layout(cr, layout)
                g_object_unref(UnsafeMutableRawPointer(layout))
            }
        }
    }

    private func setColor(_ color: Color, on cr: OpaquePointer) {
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
