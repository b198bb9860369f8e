import Foundation

/// A dash that begins or ends exactly at a corner: cairo then draws the corner's join (a notch, a
/// wedge, a square block at each corner of a dashed square), a browser none (hostile round 109:
/// `<rect width="18" stroke-dasharray="9 9">`, robust 17–146; a dash starting at a closed
/// outline's first corner too). Read where the numbers are plain, and the stroke wide enough
/// for the join to be seen:
/// rectangles without rounded corners, polylines, polygons, and paths of straight segments, with
/// a dash pattern and offset in plain numbers on the element or inherited from its ancestors.
/// Curves, units and percentages are not read (a boundary falling on a curve's corner exactly is
/// a matter of its length's rounding).
extension SVGIconPreflight.Document {
    /// Refuses a stroked, dashed outline with a dash boundary on a corner.
    func checkDashCorners() throws(SVGIconPreflight.Problem) {
        for (index, element) in elements.enumerated() where ["rect", "polyline", "polygon", "path"].contains(element.tag.localName) {
            let line = [index] + ancestors(of: index)
            func inherited(_ property: String) -> String? { line.lazy.compactMap { Self.declared(property, on: self.elements[$0].tag) }.first }
            guard let stroke = inherited("stroke"), stroke.lowercased() != "none",
                  let written = inherited("stroke-dasharray"), written.lowercased() != "none" else { continue }
            // The join is seen where the stroke is wide against the icon: a tenth of its side is
            // three pixels of half width at 64 px. Thinner (Inkscape's 1-unit dotted frames in a
            // 16-unit icon), the corner differs by a pixel's antialiasing: measured alike (robust
            // 0–4 in the 15 system icons with such dashes).
            guard let side = iconSide, let width = inherited("stroke-width").map({ Self.plainNumber($0) }) ?? 1, width >= side / 10 else { continue }
            var pattern = Self.numbers(in: written)
            guard !pattern.isEmpty, pattern.allSatisfy({ $0.isFinite && $0 >= 0 }) else { continue }
            if pattern.count % 2 == 1 { pattern += pattern }
            let period = pattern.reduce(0, +)
            guard period > 0 else { continue }
            let offset = inherited("stroke-dashoffset").flatMap { Self.plainNumber($0) } ?? 0
            // Where dashes and gaps change, within one period.
            var boundaries = [0.0]
            for length in pattern { boundaries.append(boundaries.last! + length) }
            for outline in Self.outlines(of: element.tag) {
                for corner in Self.corners(of: outline) {
                    var along = (corner + offset).truncatingRemainder(dividingBy: period)
                    if along < 0 { along += period }
                    let tolerance = 1e-6 * max(period, 1)
                    guard boundaries.contains(where: { abs($0 - along) <= tolerance }) else { continue }
                    throw SVGIconPreflight.Problem(description: "<\(Self.short(element.tag.name)) stroke-dasharray=\"\(Self.short(written))\">: a dash begins or "
                                                   + "ends at a corner, where librsvg draws the corner's join and a browser none; shift stroke-dashoffset a little")
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
            let numbers = Self.numbers(in: tag.exactAttribute("points") ?? "")
            guard numbers.count >= 4, numbers.allSatisfy(\.isFinite) else { return [] }
            let points = stride(from: 0, to: numbers.count - 1, by: 2).map { (numbers[$0], numbers[$0 + 1]) }
            return [(points, tag.localName == "polygon")]
        default:
            return straightPath(tag.exactAttribute("d") ?? "")
        }
    }

    /// The subpaths of path data of moves, lines and closes only; none for any other command.
    private static func straightPath(_ data: String) -> [Outline] {
        var outlines: [Outline] = []
        var current: [(Double, Double)] = [], closed = false
        var command: Character = " ", numbers: [Double] = []
        var position = (0.0, 0.0), start = (0.0, 0.0)
        func finish() {
            if current.count > 1 { outlines.append((current, closed)) }
            current = []
            closed = false
        }
        func apply() -> Bool {
            let relative = command.isLowercase
            switch command.lowercased() {
            case "m", "l":
                guard numbers.count % 2 == 0 else { return false }
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
                for value in numbers {
                    let horizontal = command.lowercased() == "h"
                    position = horizontal ? ((relative ? position.0 : 0) + value, position.1) : (position.0, (relative ? position.1 : 0) + value)
                    current.append(position)
                }
            case "z":
                closed = true
                position = start
                finish()
                current = [start]
            default: return command == " " && numbers.isEmpty
            }
            return true
        }
        var token = ""
        func flush() -> Bool {
            guard !token.isEmpty else { return true }
            guard let value = Double(token), value.isFinite else { return false }
            numbers.append(value)
            token = ""
            return true
        }
        for character in data {
            if character.isLetter && character != "e" && character != "E" {
                guard flush(), apply() else { return [] }
                command = character
                numbers = []
            } else if character == "-" || character == "+", !token.isEmpty, !(token.last == "e" || token.last == "E") {
                guard flush() else { return [] }
                token = String(character)
            } else if character == "." && token.contains(".") && !token.contains("e") && !token.contains("E") {
                guard flush() else { return [] }
                token = "."
            } else if character == "," || character.isWhitespace {
                guard flush() else { return [] }
            } else {
                token.append(character)
            }
        }
        guard flush(), apply() else { return [] }
        finish()
        return outlines
    }

    /// How far along an outline each of its corners lies (where its direction turns), the start
    /// of a closed one among them (at its end).
    private static func corners(of outline: Outline) -> [Double] {
        var points = outline.points
        if outline.closed, let first = points.first { points.append(first) }
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
        var found: [Double] = []
        guard points.count >= 3 else { return found }
        for index in 1..<(points.count - 1) where turns(points[index - 1], points[index], points[index + 1]) { found.append(lengths[index]) }
        // The first corner of a closed outline as the closing side reaches it: a dash starting
        // there meets the one the closing side brings (joined in both) unless a gap ends there
        // (measured: `3 5` round a 10-unit square, robust 17; Inkscape's bounding-box icon, 0).
        if outline.closed, let total = lengths.last, turns(points[points.count - 2], points[0], points[1]) { found.append(total) }
        return found
    }
}
