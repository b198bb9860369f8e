import Foundation


/// What a filled or stroked shape is painted with.
public enum Paint: Sendable, Hashable {
    /// One colour (alpha included).
    case color(RGBAColor)
    /// Colours blended along the line from `start` to `end`.
    case linearGradient(LinearGradient)
    /// Colours blended outward from a centre.
    case radialGradient(RadialGradient)
}

/// A colour at a place along a gradient.
public struct GradientStop: Sendable, Hashable {
    /// Where along the gradient: 0 at its start, 1 at its end.
    public var offset: Double
    /// The colour there; between stops colours blend linearly (premultiplied, as cairo does).
    public var color: RGBAColor

    /// A stop at `offset` (0 … 1) of colour `color`.
    public init(offset: Double, color: RGBAColor) {
        self.offset = offset
        self.color = color
    }
}

/// Colours blended along a line; before its start and past its end the end stops' colours
/// continue.
public struct LinearGradient: Sendable, Hashable {
    /// Where offset 0 is.
    public var start: Point
    /// Where offset 1 is.
    public var end: Point
    /// The colours, by increasing offset.
    public var stops: [GradientStop]

    /// A gradient from `start` to `end` through `stops`.
    public init(start: Point, end: Point, stops: [GradientStop]) {
        self.start = start
        self.end = end
        self.stops = stops
    }
}

/// Colours blended outward from `center`: offset 0 at the centre, 1 at `radius`; past it the last
/// stop's colour continues.
public struct RadialGradient: Sendable, Hashable {
    /// The centre of the circles.
    public var center: Point
    /// The radius of the circle where offset 1 is, in points.
    public var radius: Double
    /// The colours, by increasing offset.
    public var stops: [GradientStop]

    /// A gradient around `center` out to `radius` through `stops`.
    public init(center: Point, radius: Double, stops: [GradientStop]) {
        self.center = center
        self.radius = radius
        self.stops = stops
    }
}

/// A point in points, y growing downward.
public struct Point: Sendable, Hashable {
    /// Distance from the left edge.
    public var x: Double
    /// Distance from the top edge.
    public var y: Double

    /// The point (`x`, `y`).
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// Which parts of a self-crossing path are inside it.
public enum FillRule: Sendable, Hashable {
    /// Inside where the path winds round a non-zero number of times (the default).
    case nonZero
    /// Inside where a ray from the point crosses the path an odd number of times: a subpath drawn
    /// inside another cuts a hole in it, whichever way it runs.
    case evenOdd
}

/// How a path's outline is drawn.
public struct StrokeStyle: Sendable, Hashable {
    /// How open ends look.
    public enum Cap: Sendable, Hashable {
        /// Cut square at the end point.
        case butt
        /// A half circle past the end point.
        case round
        /// A half square past the end point.
        case square
    }

    /// How two segments meet.
    public enum Join: Sendable, Hashable {
        /// A sharp corner (cut off past `miterLimit`).
        case miter
        /// A rounded corner.
        case round
        /// A corner cut straight across.
        case bevel
    }

    /// Line width, in points.
    public var width: Double
    /// How open ends look.
    public var cap: Cap
    /// How segments meet.
    public var join: Join
    /// Dash lengths, on and off alternately, in points; empty for a solid line.
    public var dash: [Double]
    /// How far into the dash pattern the line starts, in points.
    public var dashPhase: Double

    /// A stroke `width` points wide; butt caps, miter joins and solid by default.
    public init(width: Double, cap: Cap = .butt, join: Join = .miter, dash: [Double] = [], dashPhase: Double = 0) {
        self.width = width
        self.cap = cap
        self.join = join
        self.dash = dash
        self.dashPhase = dashPhase
    }
}

/// A 2-D affine map, as cairo's and SVG's matrices: a point (x, y) goes to
/// (a·x + c·y + tx, b·x + d·y + ty).
public struct DrawTransform: Sendable, Hashable {
    /// The matrix's entries.
    public var a, b, c, d, tx, ty: Double

    /// The map with these entries.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// The map that changes nothing.
    public static let identity = DrawTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A move by (`x`, `y`).
    public static func translation(x: Double, y: Double) -> DrawTransform {
        DrawTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// A scaling about the origin.
    public static func scale(x: Double, y: Double) -> DrawTransform {
        DrawTransform(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// A rotation about the origin, clockwise on screen by `degrees`.
    public static func rotation(degrees: Double) -> DrawTransform {
        let radians = degrees * .pi / 180
        return DrawTransform(a: cos(radians), b: sin(radians), c: -sin(radians), d: cos(radians), tx: 0, ty: 0)
    }

    /// This map, then `next`.
    public func then(_ next: DrawTransform) -> DrawTransform {
        DrawTransform(a: next.a * a + next.c * b, b: next.b * a + next.d * b,
                        c: next.a * c + next.c * d, d: next.b * c + next.d * d,
                        tx: next.a * tx + next.c * ty + next.tx, ty: next.b * tx + next.d * ty + next.ty)
    }

    /// Where `point` goes.
    public func apply(to point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }
}
