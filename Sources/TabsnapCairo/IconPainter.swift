import CCairo
import TabsnapDraw
import TabsnapModel

/// Draws icons: built-in vectors stroked in the tint, files through librsvg (SVG) or cairo (PNG)
/// scaled into the box. Template icons are used as a mask for the tint, so any colours they have
/// become the button's colour; original icons keep theirs.
struct IconPainter {
    let cache: IconCache
    /// Raster output snaps resting icons to device pixels; vector output keeps exact places.
    var snapsToPixels = true
    /// The first icon librsvg could not draw: painting does not throw (a draw list is painted
    /// command by command onto cairo), so the renderer asks after it (`CairoPainter.problem`).
    let failure = IconDrawFailure()

    /// Why a painting on `cr` is not its picture: the first icon librsvg could not draw, else
    /// cairo's context in an error (`CairoPainter.problem(on:)`, and an editable SVG's icons).
    func problem(on cr: OpaquePointer) -> RenderError? {
        if let icon = failure.first { return .icon(icon) }
        return RenderError.drawing(cairo_status(cr))
    }

    func paint(_ run: IconRun, on cr: OpaquePointer) {
        // An icon of no size on the device (under a millionth of a pixel) shows nothing; scaled
        // to it, cairo's context would be in an error (a singular matrix) and the picture refused
        // (`CairoPainter.problem(on:)`).
        guard run.frame.width > 0, run.frame.height > 0, CairoPaths.deviceArea(of: run.frame, on: cr) >= 1e-6 else { return }
        let frame = snapsToPixels && run.isResting ? snapped(run.frame, on: cr) : run.frame
        if case .builtin(let icon) = run.icon {
            let color = run.tint ?? .black
            cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha * run.alpha)
            stroke(icon.vector, in: frame, on: cr)
            return
        }
        cairo_push_group(cr)
        drawFile(run.icon, in: frame, on: cr)
        let pattern = cairo_pop_group(cr)!
        if let tint = run.tint {
            cairo_set_source_rgba(cr, tint.red, tint.green, tint.blue, tint.alpha * run.alpha)
            cairo_mask(cr, pattern)
        } else {
            cairo_set_source(cr, pattern)
            cairo_paint_with_alpha(cr, run.alpha)
        }
        cairo_pattern_destroy(pattern)
    }

    /// (What an icon costs so placed, or not, is `PixelPlacement`'s.)
    /// A resting icon (`IconRun.isResting`) a whole number of device pixels wide starts on a device
    /// pixel, so its edges stay sharp; icons growing with the selection keep their exact place so
    /// they move smoothly (a size that is whole pixels part-way through is no reason to snap).
    private func snapped(_ frame: Rect, on cr: OpaquePointer) -> Rect {
        var x = frame.x, y = frame.y, width = frame.width, height = 0.0
        cairo_user_to_device_distance(cr, &width, &height)
        guard abs(width - width.rounded()) < 1e-6 else { return frame }
        cairo_user_to_device(cr, &x, &y)
        x.round()
        y.round()
        cairo_device_to_user(cr, &x, &y)
        return Rect(x: x, y: y, width: frame.width, height: frame.height)
    }

    private func stroke(_ icon: VectorIcon, in frame: Rect, on cr: OpaquePointer) {
        cairo_save(cr)
        cairo_translate(cr, frame.x, frame.y)
        cairo_scale(cr, frame.width / VectorIcon.grid, frame.height / VectorIcon.grid)
        cairo_new_path(cr)
        CairoPaths.trace(icon.ops, on: cr)
        cairo_set_line_width(cr, VectorIcon.strokeWidth)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_stroke(cr)
        cairo_restore(cr)
    }

    /// A glyph's shapes stretched from its view box to the frame, each in its colour (black
    /// without one): into the group that a template tint masks or an original icon is painted from.
    private func drawGlyph(_ glyph: VectorGlyph, in frame: Rect, on cr: OpaquePointer) {
        guard glyph.viewBox.width > 0, glyph.viewBox.height > 0 else { return }
        cairo_save(cr)
        cairo_translate(cr, frame.x, frame.y)
        cairo_scale(cr, frame.width / glyph.viewBox.width, frame.height / glyph.viewBox.height)
        for shape in glyph.shapes {
            cairo_new_path(cr)
            CairoPaths.trace(shape.path.ops, on: cr)
            CairoPaths.setSource(.color(shape.color ?? .black), on: cr)
            if let stroke = shape.stroke {
                CairoPaths.apply(stroke, on: cr)
                cairo_stroke(cr)
            } else {
                cairo_set_fill_rule(cr, shape.rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
                cairo_fill(cr)
            }
        }
        cairo_restore(cr)
    }

    private func drawFile(_ icon: Icon, in frame: Rect, on cr: OpaquePointer) {
        if case .vector(let glyph) = icon { return drawGlyph(glyph, in: frame, on: cr) }
        guard case .file(let file) = icon, let icon = cache.icon(at: file) else { return }
        switch icon {
        case .svg(let handle, _, _, _, _, let wide):
            // The icon's box is its viewport, and like a browser's <img> it shows nothing past
            // it: a rect from -200 to 224 in a 24-unit viewBox covered the whole bar (round 20).
            // An icon whose filters move what they read is drawn into a wider one, clipped back
            // to its box (`SVGWideViewport`).
            cairo_save(cr)
            cairo_rectangle(cr, frame.x, frame.y, frame.width, frame.height)
            cairo_clip(cr)
            var drawn = (handle: handle, viewport: frame)
            var problem: Librsvg.SVGError?
            if let wide {
                var (x, y) = (1.0, 1.0), (zero1, zero2) = (0.0, 0.0)
                cairo_user_to_device_distance(cr, &x, &zero1)
                cairo_user_to_device_distance(cr, &zero2, &y)
                switch wide.placed(in: frame, devicePerUnit: ((x * x + zero1 * zero1).squareRoot(), (y * y + zero2 * zero2).squareRoot())) {
                case .success(let placed): drawn = placed
                case .failure(let error): problem = error
                }
            }
            if problem == nil {
                problem = Librsvg.render(drawn.handle, on: cr, x: drawn.viewport.x, y: drawn.viewport.y, width: drawn.viewport.width, height: drawn.viewport.height)
            }
            if let problem { failure.note(IconLoadError(path: file.path, reason: "librsvg cannot draw it (\(problem.message))")) }
            cairo_restore(cr)
        case .png(let surface, let width, let height):
            // Fit inside the box, keeping the aspect ratio, centred.
            let scale = min(frame.width / width, frame.height / height)
            cairo_save(cr)
            cairo_translate(cr, frame.midX - width * scale / 2, frame.midY - height * scale / 2)
            cairo_scale(cr, scale, scale)
            cairo_set_source_surface(cr, surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BEST)
            cairo_paint(cr)
            cairo_restore(cr)
        }
    }
}

/// The first icon a painting could not draw (librsvg stopped part way, its drawing incomplete):
/// the picture is refused rather than written without it (round 59: frames left blank, exit 0).
final class IconDrawFailure {
    private(set) var first: IconLoadError?

    func note(_ error: IconLoadError) {
        if first == nil { first = error }
    }
}
