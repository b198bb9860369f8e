import Foundation

/// A dash that begins or ends exactly at a corner: cairo then draws the corner's join (a notch, a
/// wedge, a square block at each corner of a dashed square), a browser none (hostile round 109:
/// `<rect width="18" stroke-dasharray="9 9">`, robust 17–146; a dash starting at a closed
/// outline's first corner too). Read where the numbers are plain, and the stroke wide enough
/// for the join to be seen:
/// rectangles without rounded corners, polylines, polygons, and paths of straight segments, with
/// a dash pattern and offset in plain numbers on the element or inherited from its ancestors.
/// Curves, units and percentages are not read (a boundary falling on a curve's corner exactly is
/// a matter of its length's rounding); what style sheets may set is judged with every value
/// they may give (round 119). Round caps hide a round join (measured alike, robust
/// 0), not a mitred or bevelled one (robust 56–135 at 10 units in 96: stop 65's measure; it was
/// taken for any join); square caps hide a mitred one (robust 0–3; with a round or bevelled join
/// they differ, robust 8–12).
///
/// The same reading finds a dash beginning exactly where an open outline ends: cairo draws it,
/// of no length, as a cap — a dot or a square past the last dash — and a browser nothing
/// (hostile round 116: `<path d="M10 48 H86" stroke-dasharray="19 19">` with round or square
/// caps, robust 468–576; at any width, 52 at 4 units in 96). Closed outlines are drawn alike.
extension SVGIconPreflight.Document {
    /// Refuses a stroked, dashed outline with a dash boundary on a corner, or a dash beginning
    /// where an open one ends.
    func checkDashCorners(_ inheritance: SVGInheritance) throws(SVGIconPreflight.Problem) {
        var scales: [Double]?
        for (index, element) in elements.enumerated() where ["rect", "polyline", "polygon", "path", "line"].contains(element.tag.localName) {
            /// What the element may be drawn with: what it and what it is drawn under write (its
            /// parents, a `<use>` drawing it: round 122), and each value a style sheet may give
            /// them (round 119: a sheet's `stroke-dasharray` passed both rules, robust
            /// 468–528); every combination is judged.
            func candidates(_ property: String) -> [String?] {
                inheritance.candidates(property, at: index).map { $0?.trimmingCharacters(in: .whitespaces) }
            }
            guard candidates("stroke").contains(where: { ($0 ?? "none") != "none" }) else { continue }
            let patterns = candidates("stroke-dasharray").compactMap { $0 }.filter { $0 != "none" }
            guard !patterns.isEmpty else { continue }
            let caps = Set(candidates("stroke-linecap").map { $0 ?? "butt" }), joins = Set(candidates("stroke-linejoin").map { $0 ?? "miter" })
            // (A limit not read hides nothing.)
            let miterLimit = candidates("stroke-miterlimit").map { $0.map { Self.plainNumber($0) ?? -1 } ?? 4 }.min() ?? 4
            /// Whether the caps of a dash starting or ending at a corner hide its join, with
            /// every join it may have: a round cap a round one, a square cap a mitre within the
            /// limit (past it, bevelled: a sharp tip, review of stop 64).
            func capsHide(_ cap: String, _ corner: (along: Double, miter: Double)) -> Bool {
                joins.allSatisfy { join in cap == "round" ? join == "round" : cap == "square" && join == "miter" && corner.miter <= miterLimit }
            }
            // The join is seen where the stroke is wide against the icon: a tenth of its side is
            // three pixels of half width at 64 px. Thinner (Inkscape's 1-unit dotted frames in a
            // 16-unit icon), the corner differs by a pixel's antialiasing: measured alike (robust
            // 0–4 in the 15 system icons with such dashes). The width as drawn: scaled by the
            // transforms and viewports above (where it is drawn largest), and one not in plain
            // numbers (`em`, `%`) taken as wide (hostile round 116: `scale(2)`, a nested
            // viewport, `1.2em` and `12%` passed, robust 132–342).
            let drawingScales = scales ?? self.drawingScales(largest: true)
            scales = drawingScales
            let widths = candidates("stroke-width").map { $0.map { Self.plainNumber($0) ?? .infinity } ?? 1 }
            // (A symbol is sized by its uses, a viewport without a plain size by what holds it:
            // not read, so wide — code review of stop 65; through a <use> too, round 122.)
            let unsized = inheritance.drawnUnder(index, "an unsized viewport") { at in
                let tag = elements[at].tag
                guard at > 0, ["svg", "symbol", "marker", "pattern"].contains(tag.localName) else { return false }
                let (w, h) = tag.localName == "marker" ? ("markerWidth", "markerHeight") : ("width", "height")
                return tag.localName == "symbol" || Self.plainNumber(tag.exactAttribute(w)) == nil || Self.plainNumber(tag.exactAttribute(h)) == nil
            }
            let width = unsized ? .infinity : (widths.max() ?? 1) * drawingScales[index]
            let wide = iconSide.map { width >= $0 / 10 } ?? true
            // (An offset not read is not taken for 0: that value is let be.)
            let offsets = candidates("stroke-dashoffset").compactMap { written in written.map { Self.plainNumber($0) } ?? 0 }
            let outlines = Self.outlines(of: element.tag)
            // Open lines' lengths, curves' too (round 119: a curve ending where a dash begins
            // drew the dot as well, robust 468): a curve's measured to a thousandth of a period.
            let ends: [(length: Double, curved: Bool)] = element.tag.localName == "path"
                ? Self.openSubpaths(element.tag.exactAttribute("d") ?? "")
                : outlines.filter { !$0.closed }.compactMap { outline in Self.length(of: outline).map { ($0, false) } }
            for written in patterns {
                // (Percentages of the viewport and units as the other dash checks read them.)
                guard var pattern = dashLengths(written), !pattern.isEmpty, pattern.allSatisfy({ $0.isFinite && $0 >= 0 }) else { continue }
                if pattern.count % 2 == 1 { pattern += pattern }
                let period = pattern.reduce(0, +)
                guard period > 0 else { continue }
                // Where dashes and gaps change, within one period, and where dashes begin after
                // a gap of a length (after none, a dash of no length lies under the last one's cap).
                var boundaries = [0.0]
                for length in pattern { boundaries.append(boundaries.last! + length) }
                let tolerance = 1e-6 * max(period, 1)
                let dashStarts = stride(from: 2, to: boundaries.count, by: 2).filter { pattern[$0 - 1] > tolerance }.map { boundaries[$0] }
                let place = "<\(Self.short(element.tag.name)) stroke-dasharray=\"\(Self.short(written))\">"
                for offset in offsets {
                    func at(_ along: Double, _ marks: [Double], within: Double = tolerance) -> Bool {
                        var here = (along + offset).truncatingRemainder(dividingBy: period)
                        if here < 0 { here += period }
                        return marks.contains { abs($0 - here) <= within || abs($0 - period - here) <= within || abs($0 + period - here) <= within }
                    }
                    if caps.contains(where: { $0 != "butt" }), widths.contains(where: { $0 > 0 }),
                       ends.contains(where: { at($0.length, dashStarts, within: $0.curved ? 1e-3 * period : tolerance) }) {
                        throw SVGIconPreflight.Problem(description: "\(place): a dash begins where the line ends, which librsvg draws as a dot of the line's cap and "
                                                       + "a browser leaves out; shift stroke-dashoffset a little")
                    }
                    for outline in outlines {
                        if wide, Self.corners(of: outline).contains(where: { corner in caps.contains { !capsHide($0, corner) } && at(corner.along, boundaries) }) {
                            throw SVGIconPreflight.Problem(description: "\(place): a dash begins or ends at a corner, where librsvg draws the corner's join and a "
                                                           + "browser none; shift stroke-dashoffset a little")
                        }
                    }
                }
            }
        }
    }

    /// An outline's points, and whether it closes.
    private typealias Outline = (points: [(Double, Double)], closed: Bool)

    /// The straight outlines an element draws; none when it draws a curve or a number is not plain.
    private static func outlines(of tag: SVGScanner.Tag) -> [Outline] {
        func plain(_ name: String, _ otherwise: Double? = nil) -> Double? { tag.exactAttribute(name).map { plainNumber($0) } ?? otherwise }
        switch tag.localName {
        case "rect":
            guard let width = plain("width"), let height = plain("height"), width > 0, height > 0,
                  let x = plain("x", 0), let y = plain("y", 0), (plain("rx", 0) ?? 1) == 0, (plain("ry", 0) ?? 1) == 0 else { return [] }
            return [([(x, y), (x + width, y), (x + width, y + height), (x, y + height)], true)]
        case "polyline", "polygon":
            // (Numbers as path data writes them: `7-5` is two.)
            guard let numbers = numberList(Substring(tag.exactAttribute("points") ?? "")), numbers.count >= 4 else { return [] }
            let points = stride(from: 0, to: numbers.count - 1, by: 2).map { (numbers[$0], numbers[$0 + 1]) }
            return [(points, tag.localName == "polygon")]
        case "line":
            guard let x1 = plain("x1", 0), let y1 = plain("y1", 0), let x2 = plain("x2", 0), let y2 = plain("y2", 0) else { return [] }
            return [([(x1, y1), (x2, y2)], false)]
        default:
            return straightPath(tag.exactAttribute("d") ?? "")
        }
    }

    /// The lengths of path data's open subpaths, and whether each holds a curve or an arc
    /// (measured by 256 chords a segment); none when the data is not read (a number list that
    /// does not divide, data not starting with a move).
    private static func openSubpaths(_ data: String) -> [(length: Double, curved: Bool)] {
        var rest = Substring(data)
        guard let first = rest.firstIndex(where: { !$0.isWhitespace }), "mM".contains(rest[first]) else { return [] }
        rest = rest[first...]
        var found: [(length: Double, curved: Bool)] = []
        var length = 0.0, curved = false, open = false
        var current = (0.0, 0.0), start = (0.0, 0.0), lastControl: (Double, Double)?, lastKind: Character = "M"
        func finish() {
            if open, length > 0 { found.append((length, curved)) }
            (length, curved, open) = (0, false, false)
        }
        func chords(_ point: (Double) -> (Double, Double)) -> Double {
            var total = 0.0, previous = point(0)
            for step in 1...256 {
                let next = point(Double(step) / 256)
                total += ((next.0 - previous.0) * (next.0 - previous.0) + (next.1 - previous.1) * (next.1 - previous.1)).squareRoot()
                previous = next
            }
            return total
        }
        func line(to end: (Double, Double)) {
            length += ((end.0 - current.0) * (end.0 - current.0) + (end.1 - current.1) * (end.1 - current.1)).squareRoot()
            open = true
            current = end
        }
        while let command = rest.first {
            let numbers = rest.dropFirst()
            let end = numbers.firstIndex { $0.isLetter && $0 != "e" && $0 != "E" } ?? numbers.endIndex
            rest = numbers[end...]
            guard let values = numberList(numbers[..<end]) else { return [] }
            let relative = command.isLowercase, kind = Character(command.uppercased())
            let counts: [Character: Int] = ["M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0]
            guard let count = counts[kind] else { return [] }
            if kind == "Z" {
                guard values.isEmpty else { return [] }
                open = false
                (length, curved) = (0, false)
                current = start
                lastKind = "Z"
                continue
            }
            guard !values.isEmpty, values.count % count == 0 else { return [] }
            for group in stride(from: 0, to: values.count, by: count) {
                let v = Array(values[group..<(group + count)])
                let base = relative ? current : (0.0, 0.0)
                func point(_ at: Int) -> (Double, Double) { (base.0 + v[at], base.1 + v[at + 1]) }
                switch kind {
                case "M":
                    if group == 0 {
                        finish()
                        current = point(0)
                        start = current
                    } else {
                        line(to: point(0))
                    }
                case "L": line(to: point(0))
                case "H": line(to: ((relative ? current.0 : 0) + v[0], current.1))
                case "V": line(to: (current.0, (relative ? current.1 : 0) + v[0]))
                case "C", "S", "Q", "T":
                    let from = current
                    let reflected = lastControl.map { (2 * from.0 - $0.0, 2 * from.1 - $0.1) } ?? from
                    let controls: [(Double, Double)]
                    switch kind {
                    case "C": controls = [point(0), point(2), point(4)]
                    case "S": controls = [("CS".contains(lastKind) ? reflected : from), point(0), point(2)]
                    case "Q": controls = [point(0), point(2)]
                    default: controls = [("QT".contains(lastKind) ? reflected : from), point(0)]
                    }
                    let all = [from] + controls
                    length += chords { t in
                        // de Casteljau.
                        var points = all
                        while points.count > 1 { points = zip(points, points.dropFirst()).map { ($0.0 + ($1.0 - $0.0) * t, $0.1 + ($1.1 - $0.1) * t) } }
                        return points[0]
                    }
                    (curved, open, current) = (true, true, all[all.count - 1])
                    lastControl = all[all.count - 2]
                    lastKind = kind
                    continue
                default:  // A
                    let to = point(5)
                    length += arcLength(from: current, to: to, radii: (abs(v[0]), abs(v[1])), rotation: v[2], large: v[3] != 0, sweep: v[4] != 0, chords: chords)
                    (curved, open, current) = (true, true, to)
                }
                lastControl = nil
                lastKind = kind
            }
        }
        finish()
        return found
    }

    /// An SVG arc's length (its centre found as SVG 1.1's appendix F.6.5 finds it); a straight
    /// line where a radius is 0, none where the ends meet.
    private static func arcLength(from: (Double, Double), to: (Double, Double), radii: (Double, Double), rotation: Double, large: Bool, sweep: Bool,
                                  chords: ((Double) -> (Double, Double)) -> Double) -> Double {
        let (dx, dy) = ((from.0 - to.0) / 2, (from.1 - to.1) / 2)
        guard dx != 0 || dy != 0 else { return 0 }
        var (rx, ry) = radii
        guard rx > 0, ry > 0 else { return (dx * dx + dy * dy).squareRoot() * 2 }
        let phi = rotation * .pi / 180
        let (x1, y1) = (cos(phi) * dx + sin(phi) * dy, -sin(phi) * dx + cos(phi) * dy)
        let lambda = x1 * x1 / (rx * rx) + y1 * y1 / (ry * ry)
        if lambda > 1 { (rx, ry) = (rx * lambda.squareRoot(), ry * lambda.squareRoot()) }
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1, denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        let coefficient = (max(0, numerator / denominator)).squareRoot() * (large == sweep ? -1 : 1)
        let (cx, cy) = (coefficient * rx * y1 / ry, -coefficient * ry * x1 / rx)
        func angle(_ u: (Double, Double), _ v: (Double, Double)) -> Double { atan2(u.0 * v.1 - u.1 * v.0, u.0 * v.0 + u.1 * v.1) }
        let theta = angle((1, 0), ((x1 - cx) / rx, (y1 - cy) / ry))
        var delta = angle(((x1 - cx) / rx, (y1 - cy) / ry), ((-x1 - cx) / rx, (-y1 - cy) / ry))
        if !sweep && delta > 0 { delta -= 2 * .pi }
        if sweep && delta < 0 { delta += 2 * .pi }
        // (Turned and moved, an ellipse keeps its length: measured upright at the origin.)
        return chords { t in (rx * cos(theta + delta * t), ry * sin(theta + delta * t)) }
    }

    /// How long an outline is (nil when it does not add up to a finite number).
    private static func length(of outline: Outline) -> Double? {
        let total = zip(outline.points, outline.points.dropFirst()).reduce(0.0) { sum, pair in
            sum + ((pair.1.0 - pair.0.0) * (pair.1.0 - pair.0.0) + (pair.1.1 - pair.0.1) * (pair.1.1 - pair.0.1)).squareRoot()
        }
        return total.isFinite ? total : nil
    }

    /// The subpaths of path data of moves, lines and closes only; none for any other command, or
    /// for data not starting with a move (a browser and librsvg draw nothing of it).
    private static func straightPath(_ data: String) -> [Outline] {
        var outlines: [Outline] = []
        var current: [(Double, Double)] = [], closed = false
        var position = (0.0, 0.0), start = (0.0, 0.0)
        func finish() {
            if current.count > 1 { outlines.append((current, closed)) }
            current = []
            closed = false
        }
        func apply(_ command: Character, _ numbers: [Double]) -> Bool {
            let relative = command.isLowercase
            switch command.lowercased() {
            case "m", "l":
                guard numbers.count % 2 == 0, !numbers.isEmpty else { return false }
                for (offset, pair) in stride(from: 0, to: numbers.count, by: 2).enumerated() {
                    let point = relative ? (position.0 + numbers[pair], position.1 + numbers[pair + 1]) : (numbers[pair], numbers[pair + 1])
                    if command.lowercased() == "m" && offset == 0 {
                        finish()
                        start = point
                    }
                    current.append(point)
                    position = point
                }
            case "h", "v":
                guard !numbers.isEmpty else { return false }
                for value in numbers {
                    let horizontal = command.lowercased() == "h"
                    position = horizontal ? ((relative ? position.0 : 0) + value, position.1) : (position.0, (relative ? position.1 : 0) + value)
                    current.append(position)
                }
            case "z":
                guard numbers.isEmpty else { return false }
                closed = true
                position = start
                finish()
                current = [start]
            default: return false
            }
            return true
        }
        // Commands with the text of their numbers.
        var commands: [(Character, Substring)] = []
        var rest = Substring(data)
        guard let first = rest.firstIndex(where: { !$0.isWhitespace }), "mM".contains(rest[first]) else { return [] }
        rest = rest[first...]
        while let command = rest.first {
            let numbers = rest.dropFirst()
            let end = numbers.firstIndex { $0.isLetter && $0 != "e" && $0 != "E" } ?? numbers.endIndex
            commands.append((command, numbers[..<end]))
            rest = numbers[end...]
        }
        for (command, text) in commands {
            guard let numbers = numberList(text), apply(command, numbers) else { return [] }
        }
        finish()
        return outlines
    }

    /// The numbers of a list as path data and `points` write them (`7-5` and `1.5.5` are two
    /// each); nil when one is not a finite number.
    private static func numberList(_ text: Substring) -> [Double]? {
        var numbers: [Double] = [], token = ""
        func flush() -> Bool {
            guard !token.isEmpty else { return true }
            guard let value = Double(token), value.isFinite else { return false }
            numbers.append(value)
            token = ""
            return true
        }
        for character in text {
            if character == "-" || character == "+", !token.isEmpty, !(token.last == "e" || token.last == "E") {
                guard flush() else { return nil }
                token = String(character)
            } else if character == "." && token.contains(".") && !token.contains("e") && !token.contains("E") {
                guard flush() else { return nil }
                token = "."
            } else if character == "," || character.isWhitespace {
                guard flush() else { return nil }
            } else {
                token.append(character)
            }
        }
        return flush() ? numbers : nil
    }

    /// How far along an outline each of its corners lies (where its direction turns), the start
    /// of a closed one among them (at its end), and its miter's length against the stroke's
    /// width (1 / sin of half the angle between the sides; infinite for a turn back).
    private static func corners(of outline: Outline) -> [(along: Double, miter: Double)] {
        // (A segment of no length between two sides hides no corner: the sides' turn is the
        // corner's, joined where a dash starts there, measured robust 9–17.)
        var points: [(Double, Double)] = []
        for point in outline.points where points.last.map({ $0 != point }) ?? true { points.append(point) }
        if outline.closed, let first = points.first {
            // (Written back to its start, `3,3 … 3,3`, it closes with no length.)
            if points.count > 1, points.last.map({ $0 == first }) == true { points.removeLast() }
            points.append(first)
        }
        var lengths = [0.0]
        for index in 1..<max(points.count, 1) {
            let (a, b) = (points[index - 1], points[index])
            lengths.append(lengths[index - 1] + ((b.0 - a.0) * (b.0 - a.0) + (b.1 - a.1) * (b.1 - a.1)).squareRoot())
        }
        func turns(_ before: (Double, Double), _ at: (Double, Double), _ after: (Double, Double)) -> Bool {
            let (u, v) = ((at.0 - before.0, at.1 - before.1), (after.0 - at.0, after.1 - at.1))
            let cross = u.0 * v.1 - u.1 * v.0, dot = u.0 * v.0 + u.1 * v.1
            return abs(cross) > 1e-12 || dot < 0
        }
        func miter(_ before: (Double, Double), _ at: (Double, Double), _ after: (Double, Double)) -> Double {
            let (u, v) = ((before.0 - at.0, before.1 - at.1), (after.0 - at.0, after.1 - at.1))
            let lengths = (u.0 * u.0 + u.1 * u.1).squareRoot() * (v.0 * v.0 + v.1 * v.1).squareRoot()
            guard lengths > 0 else { return .infinity }
            let angle = acos(max(-1, min(1, (u.0 * v.0 + u.1 * v.1) / lengths)))
            return sin(angle / 2) > 1e-12 ? 1 / sin(angle / 2) : .infinity
        }
        var found: [(along: Double, miter: Double)] = []
        guard points.count >= 3 else { return found }
        for index in 1..<(points.count - 1) where turns(points[index - 1], points[index], points[index + 1]) {
            found.append((lengths[index], miter(points[index - 1], points[index], points[index + 1])))
        }
        // The first corner of a closed outline as the closing side reaches it: a dash starting
        // there meets the one the closing side brings (joined in both) unless a gap ends there
        // (measured: `3 5` round a 10-unit square, robust 17; Inkscape's bounding-box icon, 0).
        if outline.closed, let total = lengths.last, turns(points[points.count - 2], points[0], points[1]) {
            found.append((total, miter(points[points.count - 2], points[0], points[1])))
        }
        return found
    }
}
