/// A picture as plain shapes (`FlatShape`): its canvas size in points and its shapes, back to
/// front.
public struct FlatPicture: Sendable, Hashable {
    /// The canvas, in points.
    public var size: Size
    /// The shapes, back to front.
    public var shapes: [FlatShape]

    /// A picture of `shapes` on a `size` canvas.
    public init(size: Size, shapes: [FlatShape]) {
        self.size = size
        self.shapes = shapes
    }
}

/// A draw list taken apart into plain shapes, each in the list's own coordinates: every path
/// made of lines and cubic curves (arcs, quadratics, rounded corners and text outlines turned
/// into curves, group transforms applied), every group's opacity multiplied in and its clips
/// carried along. What a vector format without cairo's model (Lottie) is written from.
public struct FlatShape: Sendable, Hashable {
    /// Filled (by a rule) or stroked (in a style whose width is in the list's points).
    public enum Kind: Sendable, Hashable {
        /// The inside of the outline, by `FillRule`.
        case fill(FillRule)
        /// The outline's line.
        case stroke(StrokeStyle)
    }

    /// How the outline is painted.
    public var kind: Kind
    /// The outline, one entry per subpath.
    public var outline: [FlatSubpath]
    /// The colour or gradient (a gradient's points in the list's coordinates).
    public var paint: Paint
    /// The groups' opacities around it, multiplied (the paint's own alpha is apart).
    public var opacity: Double
    /// The clips of the groups around it, outermost first: only what lies inside all shows.
    public var clips: [[FlatSubpath]]
    /// The name of the innermost named group around it (`button-2`, `indicator`), if any.
    public var part: String?

    /// How many points the shape holds: each subpath's start and its segments' points, its
    /// clips' too (what a vector file writes for it).
    public var pointCount: Int {
        (outline + clips.flatMap { $0 }).reduce(0) { total, subpath in
            total + 1 + subpath.segments.reduce(0) { count, segment in
                switch segment {
                case .line: return count + 1
                case .curve: return count + 3
                }
            }
        }
    }

    /// A shape of these parts.
    public init(kind: Kind, outline: [FlatSubpath], paint: Paint, opacity: Double, clips: [[FlatSubpath]], part: String?) {
        self.kind = kind
        self.outline = outline
        self.paint = paint
        self.opacity = opacity
        self.clips = clips
        self.part = part
    }
}

/// One subpath: a start point, then lines and cubic curves, open or closed.
public struct FlatSubpath: Sendable, Hashable {
    /// One step from the point before.
    public enum Segment: Sendable, Hashable {
        /// A straight line to the point.
        case line(Point)
        /// A cubic Bézier curve through two control points to the last.
        case curve(Point, Point, Point)
    }

    /// Where it starts.
    public var start: Point
    /// The steps, in order.
    public var segments: [Segment]
    /// Whether it ends with a line back to its start.
    public var closed: Bool

    /// A subpath from `start` through `segments`.
    public init(start: Point, segments: [Segment], closed: Bool) {
        self.start = start
        self.segments = segments
        self.closed = closed
    }
}
