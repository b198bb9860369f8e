/// An icon's path data (`d`, or a polyline's `points`) read as SVG's grammar has it, for the
/// preflight's judgements of geometry: where a subpath is a lone move, an arc has no length,
/// the box is flat, or a coordinate is too large for cairo. Read as a browser and librsvg read
/// it, up to the first error (both draw the path up to there); arc flags may run together
/// (`a1 1 0 00 4 4`).
struct SVGPathData {
    /// One subpath: where it starts and its segments.
    struct Subpath {
        var start: (x: Double, y: Double)
        var segments: [Segment] = []
    }

    /// A segment: its end points and the points it is drawn through, in absolute user units.
    struct Segment {
        enum Kind { case line, curve, arc, close }
        var kind: Kind
        var from: (x: Double, y: Double)
        var to: (x: Double, y: Double)
        /// Control points of a curve.
        var controls: [(x: Double, y: Double)] = []
        /// An arc's radii (as written, before they are scaled up to reach).
        var radii: (x: Double, y: Double) = (0, 0)
    }

    var subpaths: [Subpath] = []
    /// The largest magnitude of any number read (coordinates, radii), in user units.
    var largestNumber = 0.0

    /// Reads path data; `polyline` reads a `points` list (a move, then lines).
    init(_ text: String, polyline: Bool = false) {
        var reader = Reader(Array(text.utf8))
        var current = (x: 0.0, y: 0.0), start = current
        var command: UInt8 = polyline ? UInt8(ascii: "M") : 0
        // A curve's reflected control point (S, T).
        var lastControl: (x: Double, y: Double)?
        var lastKind: UInt8 = 0
        func note(_ values: [Double]) { for value in values { largestNumber = max(largestNumber, abs(value)) } }
        while true {
            reader.skipSpace()
            guard !reader.atEnd else { return }
            if !polyline, let letter = reader.letter() {
                command = letter
                if letter == UInt8(ascii: "Z") || letter == UInt8(ascii: "z") {
                    if !subpaths.isEmpty {
                        subpaths[subpaths.count - 1].segments.append(Segment(kind: .close, from: current, to: start))
                    }
                    current = start
                    lastKind = letter
                    continue
                }
            } else if command == 0 || command == UInt8(ascii: "Z") || command == UInt8(ascii: "z") {
                return
            }
            let upper = command & ~0x20, relative = command != upper
            let base = relative ? current : (x: 0.0, y: 0.0)
            func point(_ x: Double, _ y: Double) -> (x: Double, y: Double) { (base.x + x, base.y + y) }
            switch upper {
            case UInt8(ascii: "M"), UInt8(ascii: "L"), UInt8(ascii: "T"):
                guard let values = reader.numbers(2) else { return }
                note(values)
                let to = point(values[0], values[1])
                if upper == UInt8(ascii: "M") {
                    subpaths.append(Subpath(start: to))
                    start = to
                    // Pairs after a move are lines.
                    command = relative ? UInt8(ascii: "l") : UInt8(ascii: "L")
                    if polyline { command = UInt8(ascii: "L") }
                } else if upper == UInt8(ascii: "T") {
                    let control = [UInt8(ascii: "Q"), UInt8(ascii: "T")].contains(lastKind & ~0x20) ? reflect(lastControl, current) : current
                    append(Segment(kind: .curve, from: current, to: to, controls: [control]), start: &start)
                    lastControl = control
                } else {
                    append(Segment(kind: .line, from: current, to: to), start: &start)
                }
                current = to
            case UInt8(ascii: "H"), UInt8(ascii: "V"):
                guard let values = reader.numbers(1) else { return }
                note(values)
                let to = upper == UInt8(ascii: "H") ? (x: (relative ? current.x : 0) + values[0], y: current.y)
                                                    : (x: current.x, y: (relative ? current.y : 0) + values[0])
                append(Segment(kind: .line, from: current, to: to), start: &start)
                current = to
            case UInt8(ascii: "C"), UInt8(ascii: "S"), UInt8(ascii: "Q"):
                let count = upper == UInt8(ascii: "C") ? 6 : 4
                guard let values = reader.numbers(count) else { return }
                note(values)
                var controls = stride(from: 0, to: count - 2, by: 2).map { point(values[$0], values[$0 + 1]) }
                if upper == UInt8(ascii: "S") {
                    let first = [UInt8(ascii: "C"), UInt8(ascii: "S")].contains(lastKind & ~0x20) ? reflect(lastControl, current) : current
                    controls.insert(first, at: 0)
                }
                let to = point(values[count - 2], values[count - 1])
                append(Segment(kind: .curve, from: current, to: to, controls: controls), start: &start)
                lastControl = controls.last
                current = to
            case UInt8(ascii: "A"):
                guard let radii = reader.numbers(3), let flags = reader.flags(2), let end = reader.numbers(2) else { return }
                note(radii + end)
                _ = flags
                let to = point(end[0], end[1])
                append(Segment(kind: .arc, from: current, to: to, radii: (abs(radii[0]), abs(radii[1]))), start: &start)
                current = to
            default:
                return
            }
            lastKind = command
        }
    }

    private mutating func append(_ segment: Segment, start: inout (x: Double, y: Double)) {
        // A segment after a close starts a subpath at the close's point.
        if subpaths.isEmpty || subpaths[subpaths.count - 1].segments.last?.kind == .close {
            subpaths.append(Subpath(start: segment.from))
            start = segment.from
        }
        subpaths[subpaths.count - 1].segments.append(segment)
    }

    private func reflect(_ control: (x: Double, y: Double)?, _ about: (x: Double, y: Double)) -> (x: Double, y: Double) {
        guard let control else { return about }
        return (2 * about.x - control.x, 2 * about.y - control.y)
    }

    /// Subpaths of a move alone (no segment), which a browser strokes as nothing and librsvg
    /// with square caps as a square.
    var hasLoneMove: Bool { subpaths.contains { $0.segments.isEmpty } }

    /// An arc whose end is its start (and whose radii are not 0), which SVG leaves out: a browser
    /// still caps it (a round dot), librsvg draws nothing.
    var hasArcOfNoLength: Bool {
        subpaths.contains { $0.segments.contains { $0.kind == .arc && $0.from == $0.to && $0.radii.x > 0 && $0.radii.y > 0 } }
    }

    /// Whether every point the path is drawn through lies within `tolerance` of one horizontal
    /// or one vertical line, so its bounding box has (next to) no height or no width (an arc
    /// between two points bulges, so it is flat only between equal points).
    func isFlat(within tolerance: Double) -> Bool {
        var low = (x: Double.infinity, y: Double.infinity), high = (x: -Double.infinity, y: -Double.infinity)
        func take(_ point: (x: Double, y: Double)) {
            low = (min(low.x, point.x), min(low.y, point.y))
            high = (max(high.x, point.x), max(high.y, point.y))
        }
        for subpath in subpaths {
            take(subpath.start)
            for segment in subpath.segments {
                for point in [segment.from, segment.to] + segment.controls { take(point) }
                if segment.kind == .arc, segment.from != segment.to, segment.radii.x > 0, segment.radii.y > 0 { return false }
            }
        }
        return !(high.x - low.x > tolerance) || !(high.y - low.y > tolerance)
    }

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
