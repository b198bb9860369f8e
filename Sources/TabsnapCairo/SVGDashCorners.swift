import Foundation

/// A dash that begins or ends exactly at a corner: cairo then draws the corner's join (a notch, a
/// wedge, a square block at each corner of a dashed square), a browser none (hostile round 109:
/// `<rect width="18" stroke-dasharray="9 9">`, robust 17–146; a dash starting at a closed
/// outline's first corner too). Read where the numbers are plain, and the stroke wide enough
/// for the join to be seen:
/// rectangles without rounded corners, polylines, polygons, and paths of straight segments, with
/// a dash pattern and offset in plain numbers on the element or inherited from its ancestors.
/// Curves, units and percentages are not read (a boundary falling on a curve's corner exactly is
/// a matter of its length's rounding), nor what style sheets may set (the element is then let be:
/// its attributes may not be what is drawn). Round caps hide a round join (measured alike, robust
/// 0), not a mitred or bevelled one (robust 56–135 at 10 units in 96: stop 65's measure; it was
/// taken for any join); square caps hide a mitred one (robust 0–3; with a round or bevelled join
/// they differ, robust 8–12).
///
/// The same reading finds a dash beginning exactly where an open outline ends: cairo draws it,
/// of no length, as a cap — a dot or a square past the last dash — and a browser nothing
/// (hostile round 116: `<path d="M10 48 H86" stroke-dasharray="19 19">` with round or square
/// caps, robust 468–576; at any width, 52 at 4 units in 96). Closed outlines are drawn alike.
extension SVGIconPreflight.Document {
    /// The properties the rule reads: where a style sheet may set one on an element or its
    /// ancestors, the element is not read.
    private static let dashProperties = ["stroke", "stroke-width", "stroke-dasharray", "stroke-dashoffset", "stroke-linecap", "stroke-linejoin", "stroke-miterlimit"]

    /// Refuses a stroked, dashed outline with a dash boundary on a corner.
    func checkDashCorners() throws(SVGIconPreflight.Problem) {
        var sheets: [SheetSelection]?
        var scales: [Double]?
        for (index, element) in elements.enumerated() where ["rect", "polyline", "polygon", "path", "line"].contains(element.tag.localName) {
            let line = [index] + ancestors(of: index)
            func inherited(_ property: String) -> String? { line.lazy.compactMap { Self.declared(property, on: self.elements[$0].tag) }.first }
            guard let stroke = inherited("stroke"), stroke.lowercased() != "none",
                  let written = inherited("stroke-dasharray"), written.lowercased() != "none" else { continue }
            // (The sheets are read once, for the first dashed outline.)
            let selections = sheets ?? Self.dashProperties.map { sheetSelection($0) }
            sheets = selections
            var marks = Set<String>()
            for at in line { marks.formUnion(Self.marks(of: elements[at].tag).union([elements[at].tag.localName.lowercased()])) }
            guard !selections.contains(where: { $0.mayMatch(marks, root: true) }) else { continue }
            let cap = inherited("stroke-linecap")?.trimmingCharacters(in: .whitespaces).lowercased() ?? "butt"
            let join = inherited("stroke-linejoin")?.trimmingCharacters(in: .whitespaces).lowercased() ?? "miter"
            // (Read only where it matters; not read there, the element is let be.)
            var miterLimit = 4.0
            if join == "miter", cap == "square", let written = inherited("stroke-miterlimit") {
                guard let limit = Self.plainNumber(written) else { continue }
                miterLimit = limit
            }
            /// Whether the caps of a dash starting or ending at a corner hide its join: a round
            /// cap a round one, a square cap a mitre within the limit (past it, bevelled: a sharp
            /// tip, review of stop 64).
            func capsHide(_ corner: (along: Double, miter: Double)) -> Bool {
                cap == "round" ? join == "round" : cap == "square" && join == "miter" && corner.miter <= miterLimit
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
            let writtenWidth = inherited("stroke-width").map { Self.plainNumber($0) ?? .infinity } ?? 1
            // (A symbol is sized by its uses, a viewport without a plain size by what holds it:
            // not read, so wide — code review of stop 65.)
            let unsized = line.dropFirst().contains { at in
                let tag = elements[at].tag
                guard at > 0, ["svg", "symbol", "marker", "pattern"].contains(tag.localName) else { return false }
                let (w, h) = tag.localName == "marker" ? ("markerWidth", "markerHeight") : ("width", "height")
                return tag.localName == "symbol" || Self.plainNumber(tag.exactAttribute(w)) == nil || Self.plainNumber(tag.exactAttribute(h)) == nil
            }
            let width = unsized ? .infinity : writtenWidth * drawingScales[index]
            let wide = iconSide.map { width >= $0 / 10 } ?? true
            var pattern = Self.numbers(in: written)
            guard !pattern.isEmpty, pattern.allSatisfy({ $0.isFinite && $0 >= 0 }) else { continue }
            if pattern.count % 2 == 1 { pattern += pattern }
            let period = pattern.reduce(0, +)
            guard period > 0 else { continue }
            // (An offset not read is not taken for 0: the element is let be.)
            let writtenOffset = inherited("stroke-dashoffset")
            guard let offset = writtenOffset.map({ Self.plainNumber($0) }) ?? 0 else { continue }
            // Where dashes and gaps change, within one period, and where dashes begin after a gap
            // of a length (after none, a dash of no length lies under the last one's cap).
            var boundaries = [0.0]
            for length in pattern { boundaries.append(boundaries.last! + length) }
            let tolerance = 1e-6 * max(period, 1)
            let dashStarts = stride(from: 2, to: boundaries.count, by: 2).filter { pattern[$0 - 1] > tolerance }.map { boundaries[$0] }
            func phase(_ along: Double) -> Double {
                let within = (along + offset).truncatingRemainder(dividingBy: period)
                return within < 0 ? within + period : within
            }
            func at(_ along: Double, _ marks: [Double]) -> Bool {
                let here = phase(along)
                return marks.contains { abs($0 - here) <= tolerance || abs($0 - period - here) <= tolerance || abs($0 + period - here) <= tolerance }
            }
            let place = "<\(Self.short(element.tag.name)) stroke-dasharray=\"\(Self.short(written))\">"
            for outline in Self.outlines(of: element.tag) {
                if wide {
                    for corner in Self.corners(of: outline) where !capsHide(corner) && at(corner.along, boundaries) {
                        throw SVGIconPreflight.Problem(description: "\(place): a dash begins or ends at a corner, where librsvg draws the corner's join and a "
                                                       + "browser none; shift stroke-dashoffset a little")
                    }
                }
                if !outline.closed, cap != "butt", writtenWidth > 0, let length = Self.length(of: outline), at(length, dashStarts) {
                    throw SVGIconPreflight.Problem(description: "\(place): a dash begins where the line ends, which librsvg draws as a dot of the line's cap and "
                                                   + "a browser leaves out; shift stroke-dashoffset a little")
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
