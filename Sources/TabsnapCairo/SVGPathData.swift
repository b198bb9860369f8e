import Foundation

/// An icon's path data (`d`, or a polyline's `points`) read as SVG's grammar has it, for the
/// preflight's judgements of geometry: where a subpath is a lone move, an arc has no length,
/// the box is flat, or a coordinate is too large for cairo. Read as a browser and librsvg read
/// it, up to the first error (both draw the path up to there); arc flags may run together
/// (`a1 1 0 00 4 4`). Only the facts are kept, not the segments (unless asked for the
/// outlines): a path of megabytes costs its reading alone.
struct SVGPathData {
    typealias Point = (x: Double, y: Double)

    /// Subpaths begun (by a move, or a segment after a close).
    private(set) var subpathCount = 0
    /// A subpath of a move alone (no segment), which a browser strokes as nothing and librsvg,
    /// with square caps, as a square.
    private(set) var hasLoneMove = false
    /// An arc whose end is its start (and whose radii are not 0), which SVG leaves out: a
    /// browser still caps it (a round dot), librsvg draws nothing.
    private(set) var hasArcOfNoLength = false
    /// A close (`Z`) or an arc anywhere.
    private(set) var hasCloseOrArc = false
    /// A line, curve or arc ending where it starts.
    private(set) var hasSegmentOfNoLength = false
    /// The largest magnitude of any number read (coordinates, radii), in user units.
    private(set) var largestNumber = 0.0
    /// The smallest radius of an arc that has one (over 0), nil without.
    private(set) var smallestArcRadius: Double?
    /// With `collectingJoins`: each join of two segments as the direction the stroke comes in and
    /// goes out by (a close's joins too; joins beside arcs are left out).
    private(set) var joins: [(into: Point, outOf: Point)] = []
    /// The shortest segment of some length (from its start through its control points to its
    /// end, the longest step), nil when none has any.
    private(set) var shortestSegment: Double?
    /// The shortest control handle of a curve that has one of some length: from its start to
    /// its first control point apart from it, or from its last such to its end; nil without.
    private(set) var shortestHandle: Double?
    /// The shortest closing line (`Z`) of some length, nil when none has any: a join at both
    /// its ends, and no caps.
    private(set) var shortestClosingSide: Double?
    /// With `collectingOutlines` and `measuring`: whether curves past `shapedCurveLimit` were
    /// left without their `shape` (a rule reading shapes must then refuse, not pass).
    private(set) var shapesCut = false
    private var shapedCurves = 0
    /// The most curves a path's outlines keep the shape of.
    static let shapedCurveLimit = 10_000
    /// A subpath as drawn: the ends of its segments (a curve's or arc's ends alone), its
    /// segments, and whether it closes (its closing line then among its segments).
    struct Outline {
        /// One segment: its length (a curve or arc measured by 256 chords), the directions it
        /// starts and ends in (nil for a segment of no length), and whether it is a curve or an
        /// arc (its length then near enough, not exact), with points along it (`shape`).
        struct Segment {
            var length: Double
            var starts: Point?
            var ends: Point?
            var curved = false
            /// A curve's or arc's points at `shapeSteps` even steps of its parameter, ends
            /// included, in any frame its turns are kept in (an arc upright at the origin);
            /// empty for a line. How sharply it bends is read from them (`SVGDashCorners`).
            var shape: [Point] = []

            /// A straight line's segment.
            static func line(from: Point, to: Point) -> Segment {
                let direction = from == to ? nil : (x: to.x - from.x, y: to.y - from.y)
                return Segment(length: SVGPathData.distance(from, to), starts: direction, ends: direction)
            }
        }
        var points: [Point]
        var segments: [Segment] = []
        var closed = false
        /// Whether some of its curves were left without their `shape` (`shapedCurveLimit`).
        var shapesCut = false
        /// The length of its segments together.
        var length: Double { segments.reduce(0) { $0 + $1.length } }
        /// Whether a segment is a curve or an arc.
        var curved: Bool { segments.contains { $0.curved } }

        /// An outline of straight lines through `points` (closing back to the first, if `closed`).
        init(through points: [Point], closed: Bool = false) {
            self.points = points
            self.closed = closed
            let ends = closed ? points + points.prefix(1) : points
            segments = zip(ends, ends.dropFirst()).map { Segment.line(from: $0, to: $1) }
        }

        init(points: [Point]) { self.points = points }
    }
    /// With `collectingOutlines`: each subpath of a segment or more, none when the data does not
    /// begin with a move (nothing is drawn). The dash rules measure and walk them
    /// (`SVGDashCorners`); the culling rule finds where a shape surely lies from their points
    /// (`measuring` false: points alone, no segments, so a long path costs no measuring).
    private(set) var outlines: [Outline] = []
    /// Every point the outlines pass through (their segments' ends).
    var onCurve: [Point] { outlines.flatMap(\.points) }
    /// The bounds of every point the path is drawn through (end and control points).
    private var low: Point = (.infinity, .infinity), high: Point = (-.infinity, -.infinity)
    /// An arc between two points, which bulges: its box is not flat.
    private var hasBulgingArc = false

    /// How far from the origin the path reaches: its farthest point, or its largest number
    /// (a radius), whichever is more.
    var reach: Double {
        guard low.x <= high.x else { return largestNumber }
        return max(largestNumber, abs(low.x), abs(low.y), abs(high.x), abs(high.y))
    }

    /// Whether every point the path is drawn through lies within `tolerance` of one horizontal
    /// or one vertical line, so its bounding box has (next to) no height or no width.
    func isFlat(within tolerance: Double) -> Bool {
        !hasBulgingArc && (!(high.x - low.x > tolerance) || !(high.y - low.y > tolerance))
    }

    /// Reads path data; `polyline` reads a `points` list (a move, then lines).
    init(_ text: String, polyline: Bool = false, collectingJoins: Bool = false, collectingOutlines: Bool = false, measuring: Bool = true) {
        var reader = Reader(Array(text.utf8))
        var current: Point = (0, 0), start = current
        var command: UInt8 = polyline ? UInt8(ascii: "M") : 0
        // The open subpath has no segment yet; the last segment was a close.
        var bare = false, closed = false
        // A curve's reflected control point (S, T).
        var lastControl: Point?
        var lastKind: UInt8 = 0
        func note(_ values: [Double]) { for value in values { largestNumber = max(largestNumber, abs(value)) } }
        func take(_ point: Point) {
            low = (min(low.x, point.x), min(low.y, point.y))
            high = (max(high.x, point.x), max(high.y, point.y))
        }
        // The direction the last segment ended in, and the subpath's first began in.
        var lastTangent: Point?, firstTangent: Point?
        func direction(_ from: Point, _ to: Point) -> Point? { from == to ? nil : (to.x - from.x, to.y - from.y) }
        func join(_ into: Point?, _ outOf: Point?) {
            if collectingJoins, let into, let outOf { joins.append((into, outOf)) }
        }
        // The subpath being drawn, with `collectingOutlines`.
        var outline: Outline?
        func finishOutline() {
            if let done = outline, done.points.count > 1 { outlines.append(done) }
            outline = nil
        }
        defer { finishOutline() }
        // Path data not beginning with a move is drawn as nothing: no outline.
        var beganWithMove = polyline
        func begin(at point: Point) {
            finishOutline()
            if collectingOutlines && beganWithMove { outline = Outline(points: [point]) }
            lastTangent = nil
            firstTangent = nil
            if bare { hasLoneMove = true }
            subpathCount += 1
            start = point
            bare = true
            closed = false
            take(point)
        }
        func segment(to end: Point, controls: [Point] = [], arc: Arc? = nil) {
            if closed { begin(at: current) }
            if outline != nil {
                outline?.points.append(end)
            }
            if outline != nil, measuring {
                let from = current
                if let arc {
                    outline?.segments.append(Self.segment(of: arc, from: from, to: end))
                } else if controls.isEmpty {
                    outline?.segments.append(.line(from: from, to: end))
                } else {
                    // A curve starts towards its first control point apart from its start, and
                    // ends from its last apart from its end.
                    let all = [from] + controls + [end]
                    let length = Self.chords { t in Self.bezier(all, at: t) }
                    let starts = all.dropFirst().first { $0 != from }.map { ($0.x - from.x, $0.y - from.y) }
                    let ends = all.dropLast().last { $0 != end }.map { (end.x - $0.x, end.y - $0.y) }
                    let shape = (0...Self.shapeSteps).map { Self.bezier(all, at: Double($0) / Double(Self.shapeSteps)) }
                    outline?.segments.append(.init(length: length, starts: length > 0 ? starts : nil, ends: length > 0 ? ends : nil, curved: true, shape: shape))
                }
                // Shapes kept for so many curves at most (each about 2 KB, and the rules walk
                // them): past it none is kept, and `shapesCut` says so (review of stop 67: a
                // path of a million curves would have taken gigabytes).
                if outline?.segments.last?.curved == true {
                    shapedCurves += 1
                    if shapedCurves > Self.shapedCurveLimit {
                        shapesCut = true
                        outline?.shapesCut = true
                        let last = (outline?.segments.count ?? 1) - 1
                        outline?.segments[last].shape = []
                    }
                }
            }
            if collectingJoins {
                let points = [current] + controls + [end]
                let outOf = arc != nil ? nil : zip(points, points.dropFirst()).lazy.compactMap { direction($0, $1) }.first
                let into = arc != nil ? nil : zip(points.dropLast(), points.dropFirst()).reversed().lazy.compactMap { direction($0, $1) }.first
                if outOf != nil || arc != nil {
                    if !bare || lastTangent != nil { join(lastTangent, outOf) }
                    if bare && firstTangent == nil { firstTangent = outOf }
                    lastTangent = into
                }
            }
            bare = false
            if end == current { hasSegmentOfNoLength = true }
            let points = [current] + controls + [end]
            let step = zip(points, points.dropFirst()).map { ($1.x - $0.x) * ($1.x - $0.x) + ($1.y - $0.y) * ($1.y - $0.y) }.max() ?? 0
            if step > 0 { shortestSegment = min(shortestSegment ?? .infinity, step.squareRoot()) }
            if !controls.isEmpty {
                // (A control point on its end is no handle: the curve then starts toward the next.)
                let handles = [controls.first { $0 != current }.map { Self.distance(current, $0) }, controls.last { $0 != end }.map { Self.distance($0, end) }]
                for case let handle? in handles { shortestHandle = min(shortestHandle ?? .infinity, handle) }
            }
            take(end)
            controls.forEach(take)
        }
        func reflect(_ control: Point?) -> Point { control.map { (2 * current.x - $0.x, 2 * current.y - $0.y) } ?? current }
        defer { if bare { hasLoneMove = true } }
        while true {
            reader.skipSpace()
            guard !reader.atEnd else { return }
            if !polyline, let letter = reader.letter() {
                if command == 0 { beganWithMove = letter == UInt8(ascii: "M") || letter == UInt8(ascii: "m") }
                command = letter
                if letter == UInt8(ascii: "Z") || letter == UInt8(ascii: "z") {
                    if subpathCount > 0 {
                        hasCloseOrArc = true
                        // The closing line's joins, with the last segment and the first.
                        if let closing = direction(current, start) {
                            join(lastTangent, closing)
                            join(closing, firstTangent)
                        } else {
                            join(lastTangent, firstTangent)
                        }
                        lastTangent = nil
                        bare = false
                        closed = true
                        let closing = Self.distance(current, start)
                        if closing > 0 { shortestClosingSide = min(shortestClosingSide ?? .infinity, closing) }
                        if outline != nil {
                            outline?.closed = true
                            outline?.segments.append(.line(from: current, to: start))
                        }
                    }
                    current = start
                    lastKind = letter
                    continue
                }
            } else if command == 0 || command == UInt8(ascii: "Z") || command == UInt8(ascii: "z") {
                return
            }
            let upper = command & ~0x20, relative = command != upper
            let base: Point = relative ? current : (0, 0)
            func point(_ x: Double, _ y: Double) -> Point { (base.x + x, base.y + y) }
            switch upper {
            case UInt8(ascii: "M"), UInt8(ascii: "L"), UInt8(ascii: "T"):
                guard let values = reader.numbers(2) else { return }
                note(values)
                let to = point(values[0], values[1])
                if upper == UInt8(ascii: "M") {
                    begin(at: to)
                    // Pairs after a move are lines.
                    command = relative && !polyline ? UInt8(ascii: "l") : UInt8(ascii: "L")
                } else if upper == UInt8(ascii: "T") {
                    let control = [UInt8(ascii: "Q"), UInt8(ascii: "T")].contains(lastKind & ~0x20) ? reflect(lastControl) : current
                    segment(to: to, controls: [control])
                    lastControl = control
                } else {
                    segment(to: to)
                }
                current = to
            case UInt8(ascii: "H"), UInt8(ascii: "V"):
                guard let values = reader.numbers(1) else { return }
                note(values)
                let to: Point = upper == UInt8(ascii: "H") ? ((relative ? current.x : 0) + values[0], current.y)
                                                           : (current.x, (relative ? current.y : 0) + values[0])
                segment(to: to)
                current = to
            case UInt8(ascii: "C"), UInt8(ascii: "S"), UInt8(ascii: "Q"):
                let count = upper == UInt8(ascii: "C") ? 6 : 4
                guard let values = reader.numbers(count) else { return }
                note(values)
                var controls = stride(from: 0, to: count - 2, by: 2).map { point(values[$0], values[$0 + 1]) }
                if upper == UInt8(ascii: "S") {
                    controls.insert([UInt8(ascii: "C"), UInt8(ascii: "S")].contains(lastKind & ~0x20) ? reflect(lastControl) : current, at: 0)
                }
                let to = point(values[count - 2], values[count - 1])
                segment(to: to, controls: controls)
                lastControl = controls.last
                current = to
            case UInt8(ascii: "A"):
                guard let radii = reader.numbers(3), let flags = reader.flags(2), let end = reader.numbers(2) else { return }
                note(radii + end)
                let to = point(end[0], end[1])
                let round = radii[0] != 0 && radii[1] != 0
                if round { smallestArcRadius = min(smallestArcRadius ?? .infinity, abs(radii[0]), abs(radii[1])) }
                if round && to == current { hasArcOfNoLength = true }
                if round && to != current { hasBulgingArc = true }
                hasCloseOrArc = true
                segment(to: to, arc: Arc(radii: (abs(radii[0]), abs(radii[1])), rotation: radii[2], large: flags[0], sweep: flags[1]))
                current = to
            default:
                return
            }
            lastKind = command
        }
    }

    /// An arc's shape as written (its ends apart).
    struct Arc {
        /// Its radii, not yet enlarged to reach between its ends.
        var radii: (x: Double, y: Double)
        /// Its x axis's turn, in degrees.
        var rotation: Double
        /// Its flags: the larger of the two arcs, and the one drawn at growing angles.
        var large: Bool
        var sweep: Bool
    }

    /// The point at `t` of a quadratic or cubic Bézier curve through `points` (its ends and
    /// control points), worked out without building arrays: measured 256 times a curve.
    private static func bezier(_ points: [Point], at t: Double) -> Point {
        let u = 1 - t
        switch points.count {
        case 3:
            let (a, b, c) = (u * u, 2 * u * t, t * t)
            return (a * points[0].x + b * points[1].x + c * points[2].x, a * points[0].y + b * points[1].y + c * points[2].y)
        case 4:
            let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
            return (a * points[0].x + b * points[1].x + c * points[2].x + d * points[3].x, a * points[0].y + b * points[1].y + c * points[2].y + d * points[3].y)
        default:
            return points.first ?? (0, 0)
        }
    }

    /// How far apart two points are.
    static func distance(_ a: Point, _ b: Point) -> Double { ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot() }

    /// The length of the curve `point` traces from 0 to 1, by 256 chords.
    private static func chords(_ point: (Double) -> Point) -> Double {
        var total = 0.0, previous = point(0)
        for step in 1...256 {
            let next = point(Double(step) / 256)
            total += distance(previous, next)
            previous = next
        }
        return total
    }

    /// An SVG arc as a segment: its length and end directions (its centre found as SVG 1.1's
    /// appendix F.6.5 finds it); a straight line where a radius is 0, none where the ends meet.
    private static func segment(of arc: Arc, from: Point, to: Point) -> Outline.Segment {
        let (dx, dy) = ((from.x - to.x) / 2, (from.y - to.y) / 2)
        guard dx != 0 || dy != 0 else { return .init(length: 0, starts: nil, ends: nil, curved: true) }
        var (rx, ry) = arc.radii
        guard rx > 0, ry > 0 else { return .line(from: from, to: to) }
        let phi = arc.rotation * .pi / 180
        let (x1, y1) = (cos(phi) * dx + sin(phi) * dy, -sin(phi) * dx + cos(phi) * dy)
        let lambda = x1 * x1 / (rx * rx) + y1 * y1 / (ry * ry)
        if lambda > 1 { (rx, ry) = (rx * lambda.squareRoot(), ry * lambda.squareRoot()) }
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1, denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        let coefficient = (max(0, numerator / denominator)).squareRoot() * (arc.large == arc.sweep ? -1 : 1)
        let (cx, cy) = (coefficient * rx * y1 / ry, -coefficient * ry * x1 / rx)
        func angle(_ u: Point, _ v: Point) -> Double { atan2(u.x * v.y - u.y * v.x, u.x * v.x + u.y * v.y) }
        let theta = angle((1, 0), ((x1 - cx) / rx, (y1 - cy) / ry))
        var delta = angle(((x1 - cx) / rx, (y1 - cy) / ry), ((-x1 - cx) / rx, (-y1 - cy) / ry))
        if !arc.sweep && delta > 0 { delta -= 2 * .pi }
        if arc.sweep && delta < 0 { delta += 2 * .pi }
        // (Turned and moved, an ellipse keeps its length: measured upright at the origin.)
        let length = chords { t in (rx * cos(theta + delta * t), ry * sin(theta + delta * t)) }
        // Its direction at an angle: the ellipse's derivative, turned by the arc's rotation.
        func direction(_ at: Double) -> Point {
            let (x, y) = (-rx * sin(at) * delta, ry * cos(at) * delta)
            return (cos(phi) * x - sin(phi) * y, sin(phi) * x + cos(phi) * y)
        }
        // (Turned by the arc's rotation, as its directions are: joins beside it are compared
        // by these chords' angles — review of stop 67.)
        let shape = (0...shapeSteps).map { step -> Point in
            let at = theta + delta * Double(step) / Double(shapeSteps)
            let (x, y) = (rx * cos(at), ry * sin(at))
            return (cos(phi) * x - sin(phi) * y, sin(phi) * x + cos(phi) * y)
        }
        return .init(length: length, starts: direction(theta), ends: direction(theta + delta), curved: true, shape: shape)
    }

    /// How many steps a curve's `shape` is taken at: its turns within a few hundredths of its
    /// length are seen.
    static let shapeSteps = 128

    /// Bytes of path data, read a token at a time.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { index >= bytes.count }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D, 0x0C].contains(bytes[index]) { index += 1 }
        }

        mutating func skipSeparator() {
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: ",") { index += 1; skipSpace() }
        }

        /// A command letter, or nil (the bytes are not moved) when a number comes.
        mutating func letter() -> UInt8? {
            guard index < bytes.count else { return nil }
            let byte = bytes[index]
            guard (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte), byte != UInt8(ascii: "e"), byte != UInt8(ascii: "E") else { return nil }
            index += 1
            return byte
        }

        /// `count` numbers separated as path data allows, or nil at an error.
        mutating func numbers(_ count: Int) -> [Double]? {
            var values: [Double] = []
            for _ in 0..<count {
                skipSpace()
                guard let value = number() else { return nil }
                values.append(value)
                skipSeparator()
            }
            return values
        }

        /// Arc flags: single digits 0 or 1, which may run together.
        mutating func flags(_ count: Int) -> [Bool]? {
            var values: [Bool] = []
            for _ in 0..<count {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "0") || bytes[index] == UInt8(ascii: "1") else { return nil }
                values.append(bytes[index] == UInt8(ascii: "1"))
                index += 1
                skipSeparator()
            }
            return values
        }

        /// A number as SVG writes it: sign, digits, a point, digits, an exponent.
        private mutating func number() -> Double? {
            let begin = index
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            var digits = 0
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1; digits += 1 }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1; digits += 1 }
            }
            guard digits > 0 else { index = begin; return nil }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                var at = index + 1
                if at < bytes.count, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") { at += 1 }
                if at < bytes.count, (0x30...0x39).contains(bytes[at]) {
                    while at < bytes.count, (0x30...0x39).contains(bytes[at]) { at += 1 }
                    index = at
                }
            }
            guard let value = Double(String(decoding: bytes[begin..<index], as: UTF8.self)), value.isFinite else { index = begin; return nil }
            return value
        }
    }
}
