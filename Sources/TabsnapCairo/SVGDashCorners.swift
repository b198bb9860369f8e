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
        var scales: [Double]?, leastScales: [Double]?
        // Patterns another pattern names by `href` (their content is drawn in that one's units).
        let lentPatterns = Set(elements.filter { $0.tag.localName == "pattern" }.flatMap { pattern in
            pattern.tag.attributes.filter { Self.isHref($0.name) }.compactMap { ids[String($0.value.trimmingCharacters(in: .whitespaces).dropFirst())] }
        })
        for (index, element) in elements.enumerated() where ["rect", "polyline", "polygon", "path", "line", "circle", "ellipse"].contains(element.tag.localName) {
            try clock.checkpoint()
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
            // (A limit not read hides nothing and lets any mitre reach; each limit a sheet may
            // give is one the stroke may have: round 130, a sheet's limit of 20.)
            let limits = candidates("stroke-miterlimit").map { $0.map { Self.plainNumber($0) ?? -1 } ?? 4 }
            let miterLimit = limits.min() ?? 4, farthestLimit = limits.contains(-1) ? .infinity : limits.max() ?? 4
            /// Whether the caps of a dash starting or ending at a corner hide its join, with
            /// every join it may have: a round cap a round one, a square cap a mitre within the
            /// limit (past it, bevelled: a sharp tip, review of stop 64) reaching no farther
            /// than the cap's half width — a corner of 90° or more (hostile round 130: a 13:1
            /// mitre at a sharp corner was taken as hidden, robust 1 272).
            func capsHide(_ cap: String, _ miter: Double) -> Bool {
                joins.allSatisfy { join in
                    cap == "round" ? join == "round" : cap == "square" && join == "miter" && miter <= min(miterLimit, 2.squareRoot() + 1e-9)
                }
            }
            /// How far a corner's join may reach against the stroke's width: a mitre its length
            /// within the limit, any other join no farther than the stroke (round 130: a 9-unit
            /// stroke, "thin" in a 96-unit icon, drew a mitre 97 units long, robust 888).
            let mitred = joins.contains { $0 != "round" && $0 != "bevel" }
            func reach(_ miter: Double) -> Double { mitred && miter <= farthestLimit ? max(1, miter) : 1 }
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
            /// Whether what reaches `reach` widths past the outline is seen: `fraction` of the
            /// icon's side.
            func seen(_ reach: Double, fraction: Double = 1 / 10) -> Bool { iconSide.map { width * reach >= $0 * fraction } ?? true }
            // A dash ending on a tight curve is seen at a thinner stroke than a corner: the
            // stroke's inner side folds there (round 130: a 6-unit stroke in 96, robust 48–98).
            let curvesSeen = seen(1, fraction: 1 / 32)
            // What is not read exactly — an offset, a dash or the shape's geometry in `em` or
            // percent, geometry a style may set — is refused where a rule may apply (hostile
            // round 123: `style="width:40px"`, `x2="52%"`, `stroke-dashoffset="2em"` passed,
            // robust 332–528): a boundary may fall on a corner or an end there.
            let ended = ["line", "polyline", "path"].contains(element.tag.localName) && caps.contains { $0 != "butt" } && widths.contains { $0 > 0 }
            let cornered = element.tag.localName != "line" && (seen(mitred ? max(1, farthestLimit) : 1) || curvesSeen)
            let offsetsRead = candidates("stroke-dashoffset").map { written in written.map { Self.exactLength($0) } ?? 0 }
            let patternsRead = patterns.map { written in (written, Self.exactLengths(written)) }
            // Dashes along curves turning much in all drift at any width: cairo measures a dash
            // along the curve as it flattens it, a little shorter than a browser, and the dashes
            // after many turns fall a pixel or more earlier (hostile round 132: sixteen arcs of
            // radius 2, robust 811; a coil of twenty, 249). The shortfall grows as the radius
            // shrinks: turns of a radius under 1/32 of the icon are counted, and past 8 radians
            // (a circle and a third) refused; six S-bends of radius 6 in 96, or a dashed rounded
            // rect, drift a third of a pixel or less (robust 9–37). (Geometry not read: left to
            // the rules below.)
            let read = outlines(of: index)
            if read?.contains(where: \.shapesCut) == true {
                throw SVGIconPreflight.Problem(description: "<\(Self.short(element.tag.name)) stroke-dasharray>: dashes on over \(SVGPathData.shapedCurveLimit) curves, "
                                               + "more than Tabsnap measures; split the path, or leave out the dashes")
            }
            // (Radii as drawn smallest: a `scale(0.1)` makes arcs of 20 as small as arcs of 2 —
            // review of stop 67.)
            let smallest = leastScales ?? self.drawingScales(largest: false)
            leastScales = smallest
            let smallRadius = (iconSide ?? 0) / 32 / max(smallest[index], 1e-12)
            let turnings: [Double] = (read ?? []).map { Self.curveTurning($0, tighterThan: smallRadius) }
            if iconSide != nil, let turning = turnings.max(), turning > 8,
               patternsRead.contains(where: { $0.1.map(Self.hasGaps) ?? true }) {
                throw SVGIconPreflight.Problem(description: "<\(Self.short(element.tag.name)) stroke-dasharray>: dashes along curves turning "
                                               + "\(Int(turning / (2 * .pi) * 10) / 10) times round in all at small radii, which cairo measures a little shorter than a browser: "
                                               + "the later dashes fall a pixel or more off; draw fewer curves dashed, or no dashes")
            }
            guard ended || cornered else { continue }
            guard let drawn = read, !offsetsRead.contains(where: { $0 == nil }), !patternsRead.contains(where: { $0.1 == nil }) else {
                throw SVGIconPreflight.Problem(description: "<\(Self.short(element.tag.name)) stroke-dasharray>: dashes on a shape whose geometry, dashes or offset "
                                               + "Tabsnap does not read exactly (em, percentages, geometry a style sets), where a dash may begin at a corner "
                                               + "or an end that librsvg draws and a browser does not; write them as plain numbers")
            }
            // Each offset and pattern once, however many ways it is written (hostile round 136:
            // 900 sheet rules writing one offset 900 ways made 900 passes over 100 000 corners).
            let offsets = Array(Set(offsetsRead.compactMap { $0 })).sorted()
            var patternsSeen = Set<[Double]>()
            // (Each outline's corners once, for every pattern and offset.)
            let drawnCorners = drawn.map { Self.corners(of: $0) }
            // Open lines' lengths, curves' too (round 119: a curve ending where a dash begins
            // drew the dot as well, robust 468): a curve's measured to a thousandth of a period.
            let ends = drawn.filter { !$0.closed && $0.length > 0 && $0.length.isFinite }
            for case let (written, read?) in patternsRead where patternsSeen.insert(read).inserted {
                try clock.checkpoint()
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
                // Dashes with gaps, one ending on a curve that turns by over 4/3 of a radian within
                // half the stroke's width — its radius under ⅜ of the width, where the stroke's
                // inner side folds deep (a rounded corner, a small circle, a tight `Q`; a radius
                // just under half the width folds by a pixel's antialiasing: Tango's show-dialogs,
                // robust 0) and cairo cuts the dash otherwise than a browser (hostile
                // round 130: `rx` 0.1–2 under a 12-unit stroke, robust 167–446; a circle of
                // radius 4 under 20, 215). The whole curve is taken as tight, its ends placed to
                // a thousandth of a period.
                let gaps = Self.hasGaps(pattern)
                let tight = gaps && curvesSeen ? drawn.map { Self.tightCurves(of: $0, within: (widths.max() ?? 1) / 2) } : []
                for offset in offsets {
                    try clock.checkpoint()
                    /// Whether a mark (of the ascending `marks`) lies within `within` of `along`,
                    /// a period on either side too.
                    func at(_ along: Double, _ marks: [Double], within: Double = tolerance) -> Bool {
                        var here = (along + offset).truncatingRemainder(dividingBy: period)
                        if here < 0 { here += period }
                        return Self.holdsMark(marks, from: here - within, to: here + within, period: period)
                    }
                    if caps.contains(where: { $0 != "butt" }), widths.contains(where: { $0 > 0 }),
                       ends.contains(where: { at($0.length, dashStarts, within: $0.curved ? 1e-3 * period : tolerance) }) {
                        throw SVGIconPreflight.Problem(description: "\(place): a dash begins where the line ends, which librsvg draws as a dot of the line's cap and "
                                                       + "a browser leaves out; shift stroke-dashoffset a little")
                    }
                    /// Whether a boundary falls on the stretch `along` of an outline.
                    func falls(on along: ClosedRange<Double>) -> Bool {
                        let within = 1e-3 * period
                        guard along.upperBound - along.lowerBound + 2 * within < period else { return true }
                        var start = (along.lowerBound + offset).truncatingRemainder(dividingBy: period)
                        if start < 0 { start += period }
                        return Self.holdsMark(boundaries, from: start - within, to: start + along.upperBound - along.lowerBound + within, period: period)
                    }
                    var tightFall = false
                    for stretches in tight where !tightFall {
                        try clock.checkpoint()
                        tightFall = stretches.contains(where: falls)
                    }
                    if tightFall {
                        throw SVGIconPreflight.Problem(description: "\(place): a dash ends on or near a curve bending more sharply than the stroke is wide, where librsvg "
                                                       + "cuts it otherwise than a browser; shift stroke-dashoffset, or use a thinner stroke or a larger radius")
                    }
                    // (Past a curve, a corner's place is measured to a thousandth of a period.)
                    for corners in drawnCorners {
                        try clock.checkpoint()
                        if corners.contains(where: { corner in
                            seen(reach(corner.miter)) && caps.contains { !capsHide($0, corner.miter) }
                                && at(corner.along, boundaries, within: corner.measured ? 1e-3 * period : tolerance)
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

    /// Whether one of `marks` (ascending) lies in `low ... high`, or a `period` below or above
    /// it: found by halving, as a dash pattern of 1 000 lengths meets 100 000 corners.
    static func holdsMark(_ marks: [Double], from low: Double, to high: Double, period: Double) -> Bool {
        for shift in [-period, 0, period] {
            let first = marks.firstIndex(notBelow: low + shift)
            if first < marks.count, marks[first] <= high + shift { return true }
        }
        return false
    }

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

    /// The outlines the element draws (a rounded rect's, a circle's and an ellipse's as the path
    /// SVG defines them by; path data up to its first error, as drawn), nil when its geometry is
    /// not read exactly: a length not in exact units, or geometry a style attribute or sheet
    /// may set.
    private func outlines(of index: Int) -> [Outline]? {
        let tag = elements[index].tag
        let styled = ["path": ["d"], "rect": ["x", "y", "width", "height", "rx", "ry"], "circle": ["cx", "cy", "r"],
                      "ellipse": ["cx", "cy", "rx", "ry"]][tag.localName] ?? []
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
            let (rx0, ry0) = (min(x0 ?? y0 ?? 0, width / 2), min(y0 ?? x0 ?? 0, height / 2))
            guard rx0 > 0, ry0 > 0 else { return [Outline(through: [(x, y), (x + width, y), (x + width, y + height), (x, y + height)], closed: true)] }
            let corner = "A\(rx0) \(ry0) 0 0 1"
            return SVGPathData("M\(x + rx0) \(y) H\(x + width - rx0) \(corner) \(x + width) \(y + ry0) V\(y + height - ry0) \(corner) \(x + width - rx0) \(y + height) "
                               + "H\(x + rx0) \(corner) \(x) \(y + height - ry0) V\(y + ry0) \(corner) \(x + rx0) \(y) Z", collectingOutlines: true).outlines
        case "circle", "ellipse":
            // (An ellipse's radius not written, or `auto`, is the other one's.)
            let circle = tag.localName == "circle"
            func radius(_ name: String) -> Double?? {
                guard let written = tag.exactAttribute(circle ? "r" : name), written.trimmingCharacters(in: .whitespaces) != "auto" else { return .some(nil) }
                return Self.exactLength(written).map { .some($0) } ?? nil
            }
            guard let cx = exact("cx", 0), let cy = exact("cy", 0), let rxWritten = radius("rx"), let ryWritten = radius("ry") else { return nil }
            let (rx0, ry0) = (rxWritten ?? ryWritten ?? 0, ryWritten ?? rxWritten ?? 0)
            guard rx0 > 0, ry0 > 0 else { return [] }
            return SVGPathData("M\(cx + rx0) \(cy) A\(rx0) \(ry0) 0 0 1 \(cx - rx0) \(cy) A\(rx0) \(ry0) 0 0 1 \(cx + rx0) \(cy) Z", collectingOutlines: true).outlines
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

    /// Whether a dash array (as read, its lengths) draws gaps: one of its odd lengths over 0, and
    /// none negative or endless (which makes it solid). An odd count repeats itself.
    private static func hasGaps(_ lengths: [Double]) -> Bool {
        guard !lengths.isEmpty, lengths.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return false }
        let pattern = lengths.count % 2 == 1 ? lengths + lengths : lengths
        let tolerance = 1e-6 * max(pattern.reduce(0, +), 1)
        return stride(from: 1, to: pattern.count, by: 2).contains { pattern[$0] > tolerance }
    }

    /// How far an outline's curves and arcs turn in all where their radius is under `radius`,
    /// in radians (absolute turns added, chord by chord along their `shape`; lines and the
    /// corners between segments not counted).
    private static func curveTurning(_ outline: Outline, tighterThan radius: Double) -> Double {
        outline.segments.reduce(0) { total, segment in
            let chords = zip(segment.shape, segment.shape.dropFirst()).compactMap { a, b in
                a == b ? nil : (length: SVGPathData.distance(a, b), angle: atan2(b.y - a.y, b.x - a.x))
            }
            return total + zip(chords, chords.dropFirst()).reduce(0) { sum, pair in
                var turn = abs(pair.1.angle - pair.0.angle)
                if turn > .pi { turn = 2 * .pi - turn }
                // (The radius there: the chords' mean length over their turn.)
                return sum + ((pair.0.length + pair.1.length) / 2 < radius * turn ? turn : 0)
            }
        }
    }

    /// Where along the outline its curves and arcs bend tightly, and the stroke's width (twice
    /// `window`) on either side: the stretches turning by over 4/3 of a radian within `window`
    /// of their length (a radius under ¾ of `window`), through
    /// smooth joins (an ellipse's tip where its two arcs meet; round the start of a closed
    /// outline) but not corners, which `corners(of:)` judges. Absolute turns are added (an
    /// S-bend counts both ways); read from the curves' `shape`, chord by chord.
    private static func tightCurves(of outline: Outline, within window: Double) -> [ClosedRange<Double>] {
        guard outline.curved else { return [] }
        // Each chord: where it starts along the outline, its length, its direction, its segment.
        var chords: [(start: Double, length: Double, angle: Double, segment: Int)] = []
        var along = 0.0
        for (index, segment) in outline.segments.enumerated() {
            let points = segment.curved ? segment.shape : []
            let walked = zip(points, points.dropFirst()).reduce(0.0) { $0 + SVGPathData.distance($1.0, $1.1) }
            if segment.curved, walked > 0 {
                // (The shape's length stands in for the measured one.)
                var here = along
                for (a, b) in zip(points, points.dropFirst()) where a != b {
                    let length = SVGPathData.distance(a, b) * segment.length / walked
                    chords.append((here, length, atan2(b.y - a.y, b.x - a.x), index))
                    here += length
                }
            } else if let direction = segment.starts, segment.length > 0 {
                chords.append((along, segment.length, atan2(direction.y, direction.x), index))
            }
            along += segment.length
        }
        let total = along
        // Lengths past what a double holds (coordinates near 1e308, refused later for their
        // size): tight everywhere, never a range out of order (review of stop 67: a trap).
        guard total.isFinite, chords.allSatisfy({ $0.start.isFinite && $0.length.isFinite && $0.angle.isFinite }) else {
            return [0...Double.greatestFiniteMagnitude]
        }
        // Round a closed outline's start once more.
        if outline.closed { chords += chords.map { ($0.start + total, $0.length, $0.angle, $0.segment + outline.segments.count) } }
        guard chords.count > 1 else { return [] }
        func turn(_ i: Int) -> Double {
            var difference = abs(chords[i + 1].angle - chords[i].angle)
            if difference > .pi { difference = 2 * .pi - difference }
            // A join of two segments turning at once is a corner, not a bend.
            return chords[i].segment != chords[i + 1].segment && difference > 0.01 ? 0 : difference
        }
        // A window of chords (from `first` to `last`) no longer than `window` between the
        // middles of its end chords, slid along: each window turning past 4/3 of a radian
        // widens the stretch it lies in.
        var first = 0, turned = 0.0, span = 0.0
        var stretches: [ClosedRange<Double>] = []
        for last in 1..<chords.count {
            turned += turn(last - 1)
            span += (chords[last - 1].length + chords[last].length) / 2
            while span > window, first < last - 1 {
                turned -= turn(first)
                span -= (chords[first].length + chords[first + 1].length) / 2
                first += 1
            }
            guard turned > 4.0 / 3 else { continue }
            // The stroke's inner side stays folded up to its width from the bend, on either side
            // (hostile round 131: a dash ending on the line 0.3–6 units past a tight arc under a
            // 30-unit stroke, robust 219–610).
            let (from, to) = (chords[first].start - 2 * window, chords[last].start + chords[last].length + 2 * window)
            if let open = stretches.last, open.upperBound >= from { stretches[stretches.count - 1] = open.lowerBound...max(open.upperBound, to) } else { stretches.append(from...to) }
        }
        // Back onto the outline once: a stretch past its end continues at its start (and one
        // before its start at its end); an open one's ends where it does.
        return stretches.flatMap { stretch -> [ClosedRange<Double>] in
            let (from, to) = (stretch.lowerBound, stretch.upperBound)
            guard outline.closed else { return [max(0, min(from, total))...max(0, min(to, total))] }
            if to - from >= total { return [0...total] }
            if from >= total { return [(from - total)...min(total, to - total)] }
            var pieces = [max(0, from)...min(total, to)]
            if to > total { pieces.append(0...(to - total)) }
            if from < 0 { pieces.append(max(0, total + from)...total) }
            return pieces
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
