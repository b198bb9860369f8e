import CCairo
import CPango
import TabsnapDraw
import TabsnapModel

/// Replays a draw list onto a cairo context whose user space is in points.
struct CairoPainter {
    let session: FontSession
    let icons: IconPainter
    /// Where text drawn in a spec's own fonts is timed (nil: the bundled fonts alone).
    var textClock: TextClock?
    /// The clock timing a vector surface whole as text, which its icons and pictures do not
    /// count to (`TextClock.untimed`); nil elsewhere.
    var iconsUntimedBy: TextClock?
    /// Raster output fills plain text as outlines at exact positions (cairo 1.16 rounds raster
    /// glyph positions to whole pixels, which jitters text that moves and drifts from the SVG);
    /// vector output keeps real text glyphs.
    var textAsOutlines = false

    func paint(_ list: DrawList, on cr: OpaquePointer) {
        paint(list.commands, on: cr)
    }

    /// Why the painting on `cr` is not the list's picture, or nil: an icon librsvg could not
    /// draw, or cairo's context in an error (which draws nothing from then on: a blank or half
    /// drawn picture would be written with exit 0).
    func problem(on cr: OpaquePointer) -> RenderError? {
        icons.problem(on: cr)
    }

    private func paint(_ commands: [DrawCommand], on cr: OpaquePointer) {
        for command in commands {
            switch command {
            case .rect(let rect, let color, let radius):
                setColor(color, on: cr)
                Self.roundedRect(rect, radius: radius, on: cr)
                cairo_fill(cr)
            case .fill(let path, let paint, let rule):
                CairoPaths.setSource(paint, on: cr)
                CairoPaths.trace(path.ops, on: cr)
                // Set only when asked: the default rule leaves the output as it always was.
                if rule == .evenOdd { cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD) }
                cairo_fill(cr)
                if rule == .evenOdd { cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING) }
            case .stroke(let path, let paint, let style):
                cairo_save(cr)
                CairoPaths.setSource(paint, on: cr)
                CairoPaths.apply(style, on: cr)
                cairo_new_path(cr)
                CairoPaths.trace(path.ops, on: cr)
                cairo_stroke(cr)
                cairo_restore(cr)
            case .text(let run):
                if let textClock { textClock.timed { paint(run, on: cr) } } else { paint(run, on: cr) }
            case .icon(let run):
                if let iconsUntimedBy { iconsUntimedBy.untimed(replayed: true) { icons.paint(run, on: cr) } } else { icons.paint(run, on: cr) }
            case .group(let group):
                paint(group, on: cr)
            }
        }
    }

    private func paint(_ run: TextRun, on cr: OpaquePointer) {
        let layout = session.makeLayout(run.content, font: run.font, wrapWidth: run.constrained ? run.frame.width : nil,
                                        maxLines: run.lines)
        setColor(run.color, on: cr)
        cairo_move_to(cr, run.frame.x, run.frame.y)
        // Markup can colour, underline or strike its runs; only pango's own glyph drawing
        // honours those, so markup keeps it (glyphs then sit on whole pixels in raster).
        if textAsOutlines, case .plain = run.content {
            OutlinedText.fill(layout, x: run.frame.x, y: run.frame.y, on: cr)
        } else {
            pango_cairo_show_layout(cr, layout)
        }
        g_object_unref(UnsafeMutableRawPointer(layout))
    }

    /// A layer: clipped, its commands drawn (transformed) into a group, laid down through the
    /// mask or at the opacity. Without a clip or transform no state is saved, so a plain masked
    /// group (the edge fade) draws exactly as before the vocabulary opened.
    private func paint(_ group: DrawGroup, on cr: OpaquePointer) {
        // A group that only names a part draws its commands in place: no layer, so raster and
        // vector output stay exactly as they were before parts had names.
        guard !group.isOnlyNamed else { return paint(group.commands, on: cr) }
        // A transform that flattens the group (a scale of 0, as a custom button shrinking away
        // may give, or nested scales that underflow together) shows nothing; handed to cairo it
        // would put the context in an error, and the picture would be refused (`problem(on:)`).
        if let transform = group.transform, !CairoPaths.staysInvertible(cr, after: transform) { return }
        if let clip = group.clip {
            cairo_save(cr)
            cairo_new_path(cr)
            CairoPaths.trace(clip.ops, on: cr)
            cairo_clip(cr)
        }
        cairo_push_group(cr)
        if let transform = group.transform {
            cairo_save(cr)
            var matrix = CairoPaths.matrix(transform)
            cairo_transform(cr, &matrix)
            paint(group.commands, on: cr)
            cairo_restore(cr)
        } else {
            paint(group.commands, on: cr)
        }
        cairo_pop_group_to_source(cr)
        if let mask = group.mask {
            let pattern = CairoPaths.pattern(mask, opacity: group.opacity)
            cairo_mask(cr, pattern)
            cairo_pattern_destroy(pattern)
        } else {
            cairo_paint_with_alpha(cr, group.opacity)
        }
        if group.clip != nil { cairo_restore(cr) }
    }

    private func setColor(_ color: RGBAColor, on cr: OpaquePointer) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
    }

    /// The rectangle's outline, its corners rounded by `radius` (capped at half the shorter side).
    static func roundedRect(_ rect: Rect, radius: Double, on cr: OpaquePointer) {
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
