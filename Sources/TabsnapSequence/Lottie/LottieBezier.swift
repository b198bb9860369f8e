import TabsnapModel

/// A subpath as Lottie holds one: vertices, each with its in and out tangents (relative to the
/// vertex), open or closed. A line is a segment whose tangents are zero.
struct LottieBezier: Equatable {
    var closed: Bool
    var vertices: [Point]
    var inTangents: [Point]
    var outTangents: [Point]

    init(_ subpath: FlatSubpath) {
        closed = subpath.closed
        vertices = [subpath.start]
        inTangents = [Point(x: 0, y: 0)]
        outTangents = [Point(x: 0, y: 0)]
        for segment in subpath.segments {
            switch segment {
            case .line(let point):
                vertices.append(point)
                inTangents.append(Point(x: 0, y: 0))
                outTangents.append(Point(x: 0, y: 0))
            case .curve(let c1, let c2, let point):
                let last = vertices.count - 1
                outTangents[last] = Point(x: c1.x - vertices[last].x, y: c1.y - vertices[last].y)
                vertices.append(point)
                inTangents.append(Point(x: c2.x - point.x, y: c2.y - point.y))
                outTangents.append(Point(x: 0, y: 0))
            }
        }
        // A closed subpath that came back to its start by a curve (a circle, a glyph's bowl)
        // ends on its first vertex: that vertex is one, with the last curve's in tangent.
        if closed, vertices.count > 1, let last = vertices.last, abs(last.x - subpath.start.x) < 1e-9, abs(last.y - subpath.start.y) < 1e-9 {
            inTangents[0] = inTangents[vertices.count - 1]
            vertices.removeLast()
            inTangents.removeLast()
            outTangents.removeLast()
        }
    }

    /// Whether `other` is this bezier scaled by `scale` about the origin, then moved by (`dx`,
    /// `dy`), to within cairo's own precision: it holds paths in 1/256 of a unit, so two
    /// copies of one outline at different places differ by up to that much (twice, both
    /// rounded), far below a pixel.
    func isPlaced(_ other: LottieBezier, scale: Double, dx: Double, dy: Double) -> Bool {
        guard closed == other.closed, vertices.count == other.vertices.count else { return false }
        let tolerance = 2.0 / 256
        func near(_ a: Point, _ b: Point, _ ox: Double, _ oy: Double) -> Bool {
            abs(a.x * scale + ox - b.x) <= tolerance && abs(a.y * scale + oy - b.y) <= tolerance
        }
        for index in vertices.indices {
            guard near(vertices[index], other.vertices[index], dx, dy), near(inTangents[index], other.inTangents[index], 0, 0),
                  near(outTangents[index], other.outTangents[index], 0, 0) else { return false }
        }
        return true
    }

    /// The width and height of the box around the vertices (0 × 0 for none).
    static func extent(_ beziers: [LottieBezier]) -> (width: Double, height: Double) {
        let points = beziers.flatMap(\.vertices)
        guard let first = points.first else { return (0, 0) }
        var (minX, maxX, minY, maxY) = (first.x, first.x, first.y, first.y)
        for point in points {
            minX = min(minX, point.x); maxX = max(maxX, point.x)
            minY = min(minY, point.y); maxY = max(maxY, point.y)
        }
        return (maxX - minX, maxY - minY)
    }

    /// Lottie's shape value: `{"c": …, "v": […], "i": […], "o": […]}`.
    var json: JSONText {
        func points(_ list: [Point]) -> JSONText { .array(list.map { .array([.number($0.x), .number($0.y)]) }) }
        return .object([("c", .bool(closed)), ("v", points(vertices)), ("i", points(inTangents)), ("o", points(outTangents))])
    }
}
