import CCairo
import TabsnapDraw
import TabsnapModel

/// Paths, paints and strokes of the draw vocabulary on a cairo context: shared by the painter
/// (fills, strokes, clips) and the built-in icons (stroked vector paths).
enum CairoPaths {
    /// Adds `ops` to the current path (it does not start a new one).
    static func trace(_ ops: [VectorOp], on cr: OpaquePointer) {
        for op in ops {
            switch op {
            case .move(let x, let y): cairo_move_to(cr, x, y)
            case .line(let x, let y): cairo_line_to(cr, x, y)
            case .quad(let x1, let y1, let x, let y):
                // Cairo draws cubics: the quadratic's control point, two thirds of the way from
                // each end (with no current point, the curve starts at its control point).
                var x0 = x1, y0 = y1
                if cairo_has_current_point(cr) != 0 { cairo_get_current_point(cr, &x0, &y0) }
                cairo_curve_to(cr, x0 + 2 / 3 * (x1 - x0), y0 + 2 / 3 * (y1 - y0), x + 2 / 3 * (x1 - x), y + 2 / 3 * (y1 - y), x, y)
            case .curve(let x1, let y1, let x2, let y2, let x, let y): cairo_curve_to(cr, x1, y1, x2, y2, x, y)
            case .arc(let cx, let cy, let r, let from, let to): cairo_arc(cr, cx, cy, r, from * .pi / 180, to * .pi / 180)
            case .close: cairo_close_path(cr)
            }
        }
    }

    /// Makes `paint` the source; `opacity` multiplies its alpha.
    static func setSource(_ paint: Paint, opacity: Double = 1, on cr: OpaquePointer) {
        switch paint {
        case .color(let color):
            cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha * opacity)
        case .linearGradient(let gradient):
            let pattern = cairo_pattern_create_linear(gradient.start.x, gradient.start.y, gradient.end.x, gradient.end.y)!
            addStops(gradient.stops, opacity: opacity, to: pattern)
            cairo_set_source(cr, pattern)
            cairo_pattern_destroy(pattern)
        case .radialGradient(let gradient):
            let pattern = cairo_pattern_create_radial(gradient.center.x, gradient.center.y, 0, gradient.center.x, gradient.center.y, gradient.radius)!
            addStops(gradient.stops, opacity: opacity, to: pattern)
            cairo_set_source(cr, pattern)
            cairo_pattern_destroy(pattern)
        }
    }

    /// A linear gradient as a pattern (the caller destroys it).
    static func pattern(_ gradient: LinearGradient, opacity: Double = 1) -> OpaquePointer {
        let pattern = cairo_pattern_create_linear(gradient.start.x, gradient.start.y, gradient.end.x, gradient.end.y)!
        addStops(gradient.stops, opacity: opacity, to: pattern)
        return pattern
    }

    private static func addStops(_ stops: [GradientStop], opacity: Double, to pattern: OpaquePointer) {
        for stop in stops {
            cairo_pattern_add_color_stop_rgba(pattern, stop.offset, stop.color.red, stop.color.green, stop.color.blue, stop.color.alpha * opacity)
        }
    }

    /// Sets width, caps, joins and dashes.
    static func apply(_ style: StrokeStyle, on cr: OpaquePointer) {
        cairo_set_line_width(cr, style.width)
        switch style.cap {
        case .butt: cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        case .round: cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        case .square: cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE)
        }
        switch style.join {
        case .miter: cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
        case .round: cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        case .bevel: cairo_set_line_join(cr, CAIRO_LINE_JOIN_BEVEL)
        }
        style.dash.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), style.dashPhase) }
    }

    /// The transform as a cairo matrix.
    static func matrix(_ transform: DrawTransform) -> cairo_matrix_t {
        var matrix = cairo_matrix_t()
        cairo_matrix_init(&matrix, transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty)
        return matrix
    }

    /// Whether `transform`, applied on `cr`, leaves cairo's matrix invertible: one that does not
    /// (a scale of 0, or scales so small together that they underflow) shows nothing, and handed
    /// to cairo would put the context in an error (`CairoPainter.problem(on:)`).
    static func staysInvertible(_ cr: OpaquePointer, after transform: DrawTransform) -> Bool {
        var current = cairo_matrix_t(), product = cairo_matrix_t(), applied = matrix(transform)
        cairo_get_matrix(cr, &current)
        cairo_matrix_multiply(&product, &applied, &current)
        // cairo's own test (`_cairo_matrix_is_invertible`): a finite determinant that is not 0.
        // (`cairo_matrix_invert` of a scale alone only asks that each scale is not 0, so a
        // product underflowing to a determinant of 0 passed it.)
        let determinant = product.xx * product.yy - product.yx * product.xy
        return determinant.isFinite && determinant != 0 && cairo_matrix_invert(&applied) == CAIRO_STATUS_SUCCESS
    }

    /// The area `frame` covers on the device, in square pixels (NaN for a frame of no number).
    static func deviceArea(of frame: Rect, on cr: OpaquePointer) -> Double {
        var current = cairo_matrix_t()
        cairo_get_matrix(cr, &current)
        return abs(current.xx * current.yy - current.xy * current.yx) * frame.width * frame.height
    }
}
