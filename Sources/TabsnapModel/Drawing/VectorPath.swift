import Foundation


/// One step of a path, in the coordinates of whatever draws it (points for a draw list's `fill`
/// and `stroke`, grid units for a built-in icon).
public enum VectorOp: Sendable, Hashable {
    /// Starts a new subpath at (x, y).
    case move(Double, Double)
    /// A straight line to (x, y).
    case line(Double, Double)
    /// A quadratic Bézier curve to (x, y), the last pair, through the control point (x1, y1).
    case quad(Double, Double, Double, Double)
    /// A cubic Bézier curve to (x, y), the last pair, through control points (x1, y1) and (x2, y2).
    case curve(Double, Double, Double, Double, Double, Double)
    /// Clockwise on screen from `from` to `to` degrees (0° points right, 90° down).
    case arc(cx: Double, cy: Double, r: Double, from: Double, to: Double)
    /// Closes the subpath with a line back to its start.
    case close
}

/// A shape as a list of path steps (SVG's path data, as values): what `DrawCommand.fill`,
/// `.stroke` and a group's clip take, so any shape can be drawn without a new command.
public struct VectorPath: Sendable, Hashable {
    /// The steps, in order.
    public var ops: [VectorOp]

    /// A path of these steps.
    public init(_ ops: [VectorOp]) {
        self.ops = ops
    }

    /// A rectangle, clockwise from its top-left corner.
    public static func rect(_ rect: Rect) -> VectorPath {
        VectorPath([.move(rect.minX, rect.minY), .line(rect.maxX, rect.minY), .line(rect.maxX, rect.maxY), .line(rect.minX, rect.maxY), .close])
    }

    /// A triangle filling `rect`, its apex at the middle of the top edge (`pointsUp`) or of the
    /// bottom edge: the chevron indicator.
    public static func triangle(in rect: Rect, pointsUp: Bool) -> VectorPath {
        let base = pointsUp ? rect.maxY : rect.minY
        return VectorPath([.move(rect.minX, base), .line(rect.midX, pointsUp ? rect.minY : rect.maxY), .line(rect.maxX, base), .close])
    }

    /// An ellipse filling `rect` (a circle in a square), as four cubic curves.
    public static func ellipse(in rect: Rect) -> VectorPath {
        // The control-point distance that makes a cubic quarter of a circle: 4/3 · (√2 − 1).
        let k = 0.5522847498307936
        let rx = rect.width / 2, ry = rect.height / 2, cx = rect.midX, cy = rect.midY
        return VectorPath([
            .move(cx + rx, cy),
            .curve(cx + rx, cy + k * ry, cx + k * rx, cy + ry, cx, cy + ry),
            .curve(cx - k * rx, cy + ry, cx - rx, cy + k * ry, cx - rx, cy),
            .curve(cx - rx, cy - k * ry, cx - k * rx, cy - ry, cx, cy - ry),
            .curve(cx + k * rx, cy - ry, cx + rx, cy - k * ry, cx + rx, cy),
            .close,
        ])
    }
}
