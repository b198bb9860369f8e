import Foundation

/// A dash that begins or ends exactly at a corner: cairo then draws the corner's join (a notch, a
/// wedge, a square block at each corner of a dashed square), a browser none (hostile round 109:
/// `<rect width="18" stroke-dasharray="9 9">`, robust 17–146; a dash starting at a closed
/// outline's first corner too). Judged where the stroke is wide enough for the join to be seen:
/// rectangles without rounded corners, polylines, polygons and paths — a corner beside a curve
/// or an arc too, its place measured to a thousandth of the period (round 124) — with the dash
/// pattern and offset each may be drawn with (`SVGInheritance`: written, inherited where it is
/// drawn, or from a style sheet: round 119, 122). What is not read exactly (`em`, percentages,
/// geometry a style sets) is refused where a rule may apply (round 123). Round caps hide a round join (measured alike, robust
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
        // Patterns another pattern names by `href` (their content is drawn in that one's units).
        let lentPatterns = Set(elements.filter { $0.tag.localName == "pattern" }.flatMap { pattern in
            pattern.tag.attributes.filter { Self.isHref($0.name) }.compactMap { ids[String($0.value.trimmingCharacters(in: .whitespaces).dropFirst())] }
        })
        for (index, element) in elements.enumerated() where ["rect", "polyline", "polygon", "path", "line"].contains(element.tag.localName) {
            /// What the element may be drawn with: what it and what it is drawn under write (its
            /// parents, a `<use>` drawing it: round 122), and each value a style sheet may give
            /// them (round 119: a sheet's `stroke-dasharray` passed both rules, robust
            /// 468–528); every combination is judged.
            func candidates(_ property: String) -> [String?] {
                inheritance.candidates(property, at: index).map { $0?.lowercased() }
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
            func capsHide(_ cap: String, _ miter: Double) -> Bool {
                joins.allSatisfy { join in cap == "round" ? join == "round" : cap == "square" && join == "miter" && miter <= miterLimit }
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
            // (A symbol is sized by its uses, a viewport without a plain size by what holds it,
            // a marker's content by the stroke drawing it, content in bounding-box units by the
            // box it fills: not read, so wide — code review of stop 65; through a <use> too,
            // round 122; markers and bounding-box content, round 125: robust 132–528.)
            let unsized = inheritance.drawnUnder(index, "an unsized viewport") { at in
                let tag = elements[at].tag
                func units(_ name: String) -> String? { tag.exactAttribute(name)?.trimmingCharacters(in: .whitespacesAndNewlines) }
                switch tag.localName {
                case "symbol": return true
                case "svg": return at > 0 && (Self.plainNumber(tag.exactAttribute("width")) == nil || Self.plainNumber(tag.exactAttribute("height")) == nil)
                case "marker":
                    return units("markerUnits") != "userSpaceOnUse"
                        || Self.plainNumber(tag.exactAttribute("markerWidth")) == nil || Self.plainNumber(tag.exactAttribute("markerHeight")) == nil
                case "pattern":
                    // (Its tile in bounding-box units sizes a viewBox by the box; a pattern
                    // another names by `href` lends its content to that one's units.)
                    return units("patternContentUnits") == "objectBoundingBox"
                        || (units("patternUnits") != "userSpaceOnUse" && tag.exactAttribute("viewBox") != nil)
                        || Self.plainNumber(tag.exactAttribute("width")) == nil || Self.plainNumber(tag.exactAttribute("height")) == nil
                        || lentPatterns.contains(at)
                case "mask": return units("maskContentUnits") == "objectBoundingBox"
                case "clipPath": return units("clipPathUnits") == "objectBoundingBox"
                default: return false
                }
            }
            let width = unsized ? .infinity : (widths.max() ?? 1) * drawingScales[index]
            let wide = iconSide.map { width >= $0 / 10 } ?? true
            // What is not read exactly — an offset, a dash or the shape's geometry in `em` or
            // percent, geometry a style may set — is refused where a rule may apply (hostile
            // round 123: `style="width:40px"`, `x2="52%"`, `stroke-dashoffset="2em"` passed,
            // robust 332–528): a boundary may fall on a corner or an end there.
            let ended = ["line", "polyline", "path"].contains(element.tag.localName) && caps.contains { $0 != "butt" } && widths.contains { $0 > 0 }
            let cornered = element.tag.localName != "line" && wide
            guard ended || cornered else { continue }
            let offsetsRead = candidates("stroke-dashoffset").map { written in written.map { Self.exactLength($0) } ?? 0 }
            let patternsRead = patterns.map { written in (written, Self.exactLengths(written)) }
            guard let drawn = outlines(of: index), !offsetsRead.contains(where: { $0 == nil }), !patternsRead.contains(where: { $0.1 == nil }) else {
                throw SVGIconPreflight.Problem(description: "<\(Self.short(element.tag.name)) stroke-dasharray>: dashes on a shape whose geometry, dashes or offset "
                                               + "Tabsnap does not read exactly (em, percentages, geometry a style sets), where a dash may begin at a corner "
                                               + "or an end that librsvg draws and a browser does not; write them as plain numbers")
            }
            let offsets = offsetsRead.compactMap { $0 }
            // Open lines' lengths, curves' too (round 119: a curve ending where a dash begins
            // drew the dot as well, robust 468): a curve's measured to a thousandth of a period.
            let ends = drawn.filter { !$0.closed && $0.length > 0 && $0.length.isFinite }
            for case let (written, read?) in patternsRead {
                // (A negative or endless length makes the whole array invalid: drawn solid.)
                var pattern = read
                guard !pattern.isEmpty, pattern.allSatisfy({ $0.isFinite && $0 >= 0 }) else { continue }
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
                    // (Past a curve, a corner's place is measured to a thousandth of a period.)
                    for outline in drawn {
                        if wide, Self.corners(of: outline).contains(where: { corner in
                            caps.contains { !capsHide($0, corner.miter) } && at(corner.along, boundaries, within: corner.measured ? 1e-3 * period : tolerance)
                        }) {
                            throw SVGIconPreflight.Problem(description: "\(place): a dash begins or ends at a corner, where librsvg draws the corner's join and a "
                                                           + "browser none; shift stroke-dashoffset a little")
                        }
                    }
                }
            }
        }
    }

    private typealias Outline = SVGPathData.Outline

    /// A length in user units where it is exact: a number, in `px` or an absolute unit (`pt`,
    /// `mm`, … as CSS fixes them); nil for `em`, `ex`, percentages and anything else.
    static func exactLength(_ value: String) -> Double? {
        let text = value.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if let plain = plainNumber(text) { return plain }
        for (unit, pixels) in [("pt", 4.0 / 3), ("pc", 16), ("in", 96), ("cm", 96 / 2.54), ("mm", 96 / 25.4), ("q", 96 / 101.6)] where text.hasSuffix(unit) {
            return plainNumber(String(text.dropLast(unit.count))).map { $0 * pixels }
        }
        return nil
    }

    /// A dash array's lengths where each is exact (`exactLength`); nil otherwise.
    private static func exactLengths(_ value: String) -> [Double]? {
        let lengths = value.split(whereSeparator: { " ,\t\n\r\u{0C}".contains($0) }).map { exactLength(String($0)) }
        return lengths.contains { $0 == nil } ? nil : lengths.compactMap { $0 }
    }

    /// The outlines the element draws (a rect's none when its corners are rounded; path data up
    /// to its first error, as drawn), nil when its geometry is not read exactly: a length not in
    /// exact units, or geometry a style attribute or sheet may set.
    private func outlines(of index: Int) -> [Outline]? {
        let tag = elements[index].tag
        let styled = tag.localName == "path" ? ["d"] : tag.localName == "rect" ? ["x", "y", "width", "height", "rx", "ry"] : []
        if styled.contains(where: { Self.styleDeclares($0, in: tag) != nil || sheetsMayApply($0, to: [elements[index]]) }) { return nil }
        func exact(_ name: String, _ otherwise: Double) -> Double? { tag.exactAttribute(name).map { Self.exactLength($0) } ?? otherwise }
        switch tag.localName {
        case "rect":
            /// A radius as written: `.some(nil)` when not written, nil when not read.
            func radius(_ name: String) -> Double?? {
                guard let written = tag.exactAttribute(name) else { return .some(nil) }
                guard let length = Self.exactLength(written) else { return nil }
                return .some(length)
            }
            guard let width = exact("width", 0), let height = exact("height", 0), let x = exact("x", 0), let y = exact("y", 0),
                  let rx = radius("rx"), let ry = radius("ry") else { return nil }
            // (One radius written stands for both; a negative one is not written. Corners are
            // rounded only where both radii are over 0: round 124, `rx="0" ry="8"` is square.)
            let (x0, y0) = (rx.flatMap { $0 >= 0 ? $0 : nil }, ry.flatMap { $0 >= 0 ? $0 : nil })
            guard width > 0, height > 0 else { return [] }
            guard !((x0 ?? y0 ?? 0) > 0 && (y0 ?? x0 ?? 0) > 0) else { return [] }
            return [Outline(through: [(x, y), (x + width, y), (x + width, y + height), (x, y + height)], closed: true)]
        case "line":
            guard let x1 = exact("x1", 0), let y1 = exact("y1", 0), let x2 = exact("x2", 0), let y2 = exact("y2", 0) else { return nil }
            return [Outline(through: [(x1, y1), (x2, y2)])]
        case "polyline", "polygon":
            // (A polygon is a polyline closed.)
            return SVGPathData(tag.exactAttribute("points") ?? "", polyline: true, collectingOutlines: true).outlines.map { outline in
                Outline(through: outline.points, closed: tag.localName == "polygon")
            }
        default:
            return SVGPathData(tag.exactAttribute("d") ?? "", collectingOutlines: true).outlines
        }
    }

    /// How far along an outline each of its corners lies (where its direction turns: between
    /// two lines, a line and a curve or arc, or two curves), the start of a closed one among them
    /// (at its end), its miter's length against the stroke's width (1 / sin of half the angle
    /// between the sides; infinite for a turn back), and whether a curve comes before it (its
    /// place then measured near enough, not exactly). Round 124: a corner in an outline holding
    /// a curve — a straight `Q`, an arc of radius 0 — went unjudged (robust 528).
    private static func corners(of outline: Outline) -> [(along: Double, miter: Double, measured: Bool)] {
        // (A segment of no length between two sides hides no corner: the sides' turn is the
        // corner's, joined where a dash starts there, measured robust 9–17.)
        let sides = outline.segments.compactMap { side in side.starts.flatMap { starts in side.ends.map { (side, starts, $0) } } }
        func unit(_ v: SVGPathData.Point) -> SVGPathData.Point {
            let length = (v.x * v.x + v.y * v.y).squareRoot()
            return length > 0 ? (v.x / length, v.y / length) : (0, 0)
        }
        /// The turn from a side ending in `into` to one starting in `outOf`, if any: its miter.
        func turn(_ into: SVGPathData.Point, _ outOf: SVGPathData.Point) -> Double? {
            let (u, v) = (unit(into), unit(outOf))
            let cross = u.x * v.y - u.y * v.x, dot = u.x * v.x + u.y * v.y
            guard abs(cross) > 1e-12 || dot < 0 else { return nil }
            // The angle between the sides as they leave the corner.
            let angle = acos(max(-1, min(1, -dot)))
            return sin(angle / 2) > 1e-12 ? 1 / sin(angle / 2) : .infinity
        }
        var found: [(along: Double, miter: Double, measured: Bool)] = []
        var along = 0.0, measured = false
        for (index, (side, _, ends)) in sides.enumerated() {
            along += side.length
            measured = measured || side.curved
            // The first corner of a closed outline as the closing side reaches it: a dash
            // starting there meets the one the closing side brings (joined in both) unless a gap
            // ends there (measured: `3 5` round a 10-unit square, robust 17; Inkscape's
            // bounding-box icon, 0).
            let next = index + 1 < sides.count ? sides[index + 1] : outline.closed && sides.count > 1 ? sides[0] : nil
            if let next, let miter = turn(ends, next.1) { found.append((along, miter, measured)) }
        }
        return found
    }
}
