import Foundation

/// A browser leaves out a group whose content lies wholly past the icon's box, before the
/// filters inside it are applied; librsvg, drawn widened (`SVGWideViewport`), draws what those
/// filters bring into the box.
///
/// Measured in Chromium (hostile round 116 and stop 65: a 30-unit rect at x = 100 of a 96-unit
/// box, moved 40 units in by an `feOffset`): a filtered element is judged by where its filter
/// puts it, and drawn — standing in the root, as the only child of a filtered group, or inside
/// a group holding something else that lies in the box. But a group (or `<a>`, or `<use>`) is
/// judged by where its content lies *unfiltered*: holding only the filtered rect, it is left
/// out, and its filtered content with it (robust 2 560–3 600 against librsvg's widened drawing).
/// Under a filter that moves what it reads, the box a group is judged against is moved back by
/// that filter; a group between two such filters is judged against a box Tabsnap does not map.
/// Below a group with a transform of its own (any: `translate(0 0)`, CSS, a `<use>`'s; not a
/// use's `x`, `y`), nothing was left out, nor above it (measured: 7 forms).
///
/// So each element whose filter moves what it reads (`own` reach over 0), with no transform on
/// the groups above it, needs each of them to hold something surely inside the box: a point of
/// a shape's outline, a rect's or circle's centre or corners, a text's anchor. A group with a
/// moving filter of its own is judged where that filter puts its content: the point must lie
/// inside the box by that filter's reach. What cannot be read so (units, style sheets'
/// transforms, `display` or `visibility` inside the group, clip paths and masks, a flat or
/// squashed shape, text placed by `dx`/`dy` or `<tspan>`s, nested viewports, images without a
/// size) counts as nothing inside, and such an icon is refused; so is a filter that moves what
/// it reads inside a group inside another. A group a style sheet may give a transform is
/// taken as without one: with one, nothing is left out. (Code review of stop 65: path data not
/// starting with a move, `display: none !important` or from a sheet, a point under `scale(0)`,
/// a group's own offset, and text moved by `dx` passed.)
///
/// Any filter, not only one that moves what it reads: a flood, a turbulence, or a colour matrix
/// making transparent pixels opaque paints its whole region, which may reach into the box from a
/// group left out (round 121: robust 3 600–36 864). And a shape drawing markers whose content is
/// filtered is judged, alone, by its unfiltered outline and markers (round 121: a marker's
/// offset rect moved in from a path past the box, robust 3 600, even beside a witness): it must
/// lie in the box itself.
extension SVGIconPreflight.Document {
    /// Refuses a filter that moves what it reads where a browser may leave it out (above).
    /// `own`: each element's own filter's reach, in its user units.
    func checkABrowserDrawsFilteredContent(_ own: [Double], _ reach: SVGUseReach) throws(SVGIconPreflight.Problem) {
        // Elements with a filter of any kind (written, or one a sheet may give).
        let sheetFilters = sheetSelection("filter", where: { $0 != "none" })
        func filtered(_ index: Int) -> Bool {
            let tag = elements[index].tag
            return own[index] > 0 || Self.sets("filter", on: tag) || sheetFilters.mayMatch(tag, root: index == 0)
        }
        // Markers holding filtered content, and what may draw them.
        let filteredMarkers = elements.indices.contains { index in
            filtered(index) && ([index] + ancestors(of: index)).contains { elements[$0].tag.localName == "marker" }
        }
        // (Markers inherit: from the groups above, and a <use> drawing the shape — round 122.)
        let inheritance = SVGInheritance(self, uses: reach)
        func drawsFilteredMarkers(_ index: Int) -> Bool {
            guard filteredMarkers, Self.drawsMarkers.contains(elements[index].tag.localName) else { return false }
            return Self.markerProperties.contains { inheritance.mayBeSet($0, at: index) }
        }
        guard elements.indices.contains(where: filtered) else { return }
        let transformRules = sheetRules(declaring: "transform", where: { $0 != "none" }).map(\.selection)
        var culling = Culling(document: self, reach: reach, transformRules: transformRules)
        /// One element on the line drawn from the root: its index and its parent's transform
        /// (uses' moves alone: the groups on the line have no transform of their own).
        typealias Above = (index: Int, parent: SVGAffine?)
        var open = Set<Int>()
        func walk(_ index: Int, parent: SVGAffine?, above: [Above], transformed: Bool) throws(SVGIconPreflight.Problem) {
            try reach.visit(1)
            try clock.checkpoint()
            guard open.insert(index).inserted else { return }  // a cycle of uses, refused elsewhere
            defer { open.remove(index) }
            let tag = elements[index].tag
            if drawsFilteredMarkers(index), !transformed, !(try culling.reachesIntoBox(index, parent: parent)) {
                throw SVGIconPreflight.Problem(description: "<\(Self.short(tag.name))> draws markers holding a filter, and does not surely lie inside the icon's box: "
                                               + "a browser leaves such a shape out, markers and all, and librsvg draws what the filter brings in; "
                                               + "draw the marker's content without a filter, or the shape inside the box")
            }
            if filtered(index), !above.isEmpty, !transformed {
                let place = "<\(Self.short(tag.name)) filter>"
                if let outer = above.dropLast().first(where: { own[$0.index] > 0 }) {
                    throw SVGIconPreflight.Problem(description: "\(place) moves what it reads inside a group inside <\(Self.short(elements[outer.index].tag.name)) filter>, "
                                                   + "which moves it too: a browser judges the group between against the box as the outer filter maps it, and may "
                                                   + "leave it out; put the inner filter on the group, or on the outer filter's own child")
                }
                for group in above {
                    guard try culling.reachesIntoBox(group.index, parent: group.parent, onTheLine: true, inset: own[group.index]) else {
                        throw SVGIconPreflight.Problem(description: "\(place) \(own[index] > 0 ? "moves what it reads" : "may paint its region"), inside <\(Self.short(elements[group.index].tag.name))>, which holds "
                                                       + "nothing Tabsnap can place inside the icon's box: a browser leaves such a group out, filter and all, and librsvg "
                                                       + "draws what the filter brings in; move the filter onto the group, or part of its content into the box")
                    }
                }
            }
            let line = index == 0 ? above : above + [(index, parent)]
            let below = transformed || (index > 0 && culling.hasTransform(index))
            if tag.localName == "use" {
                if let target = reach.drawnTarget(of: index) { try walk(target, parent: culling.useTranslation(index, parent), above: line, transformed: below) }
                return
            }
            for child in elements[index].children where !Self.notDrawnWhereWritten.contains(elements[child].tag.localName) {
                try walk(child, parent: parent, above: line, transformed: below)
            }
        }
        try walk(0, parent: .identity, above: [], transformed: false)
    }

    /// Where an element's shapes surely lie against the icon's box, each element read once for
    /// the transform it is drawn at.
    private struct Culling {
        let document: SVGIconPreflight.Document
        let reach: SVGUseReach
        let transformRules: [SheetSelection]
        /// Style sheets that may hide an element or cut it (a witness there is not sure).
        let hidingRules: [SheetSelection]
        /// The box in root user units: the viewBox (a `slice` shows less of it: nil), else the
        /// root's size; nil when not known.
        let box: (x: Double, y: Double, width: Double, height: Double)?
        /// Each element's last answer, with the transform and inset it was judged at; apart for
        /// groups on a line (judged without their own transform).
        var known: [Int: (parent: SVGAffine, inset: Double, inside: Bool)] = [:]
        var knownOnTheLine: [Int: (parent: SVGAffine, inset: Double, inside: Bool)] = [:]

        init(document: SVGIconPreflight.Document, reach: SVGUseReach, transformRules: [SheetSelection]) {
            (self.document, self.reach, self.transformRules) = (document, reach, transformRules)
            hidingRules = (["display", "visibility", "clip-path", "mask"] + Self.geometry).map { property in document.sheetSelection(property) }
            let root = document.elements[0].tag
            let viewBox = SVGIconPreflight.Document.numbers(in: root.exactAttribute("viewBox") ?? "")
            let slice = SVGIconPreflight.Document.aspect(root.exactAttribute("preserveAspectRatio"))?.hasSuffix("slice") ?? false
            if viewBox.count == 4, viewBox.allSatisfy(\.isFinite), viewBox[2] > 0, viewBox[3] > 0 {
                box = slice ? nil : (viewBox[0], viewBox[1], viewBox[2], viewBox[3])
            } else if let width = SVGIconPreflight.Document.plainNumber(root.exactAttribute("width")),
                      let height = SVGIconPreflight.Document.plainNumber(root.exactAttribute("height")), width > 0, height > 0 {
                box = (0, 0, width, height)
            } else {
                box = nil
            }
        }

        /// The transform an element's content is drawn at: its parent's and its own; nil when
        /// either is not known (a style sheet's rule may give it one, or it cannot be read).
        func transform(of index: Int, parent: SVGAffine?) -> SVGAffine? {
            guard let parent else { return nil }
            let tag = document.elements[index].tag
            if let css = SVGIconPreflight.Document.styleDeclares("transform", in: tag) {
                return SVGTransformList(css: css).map { parent.concatenating($0.affine) }
            }
            if let attribute = tag.exactAttribute("transform") { return SVGTransformList(attribute: attribute).map { parent.concatenating($0.affine) } }
            return transformRules.contains { $0.mayMatch(tag, root: index == 0) } ? nil : parent
        }

        /// Whether the element has a transform of its own, written (a style sheet's may or may
        /// not apply: taken as none).
        func hasTransform(_ index: Int) -> Bool {
            let tag = document.elements[index].tag
            if let css = SVGIconPreflight.Document.styleDeclares("transform", in: tag) { return !(SVGTransformList(css: css)?.functions.isEmpty ?? true) }
            return !(tag.exactAttribute("transform").flatMap { SVGTransformList(attribute: $0) }?.functions.isEmpty ?? true)
        }

        /// A `<use>`'s content transform: its own, then its `x`, `y` (nil when not plain).
        func useTranslation(_ index: Int, _ transform: SVGAffine?) -> SVGAffine? {
            let tag = document.elements[index].tag
            guard let transform, let x = tag.exactAttribute("x").map({ SVGIconPreflight.Document.plainNumber($0) }) ?? 0,
                  let y = tag.exactAttribute("y").map({ SVGIconPreflight.Document.plainNumber($0) }) ?? 0 else { return nil }
            return transform.concatenating(SVGAffine(e: x, f: y))
        }

        /// Whether what the element draws, unfiltered, surely has a point inside the box, drawn
        /// in its parent's transform `parent` (nil: not known, so nothing is sure). `onTheLine`:
        /// a group above the filtered element, without a transform of its own (one a style
        /// sheet may give is taken as none).
        /// `inset`: how far inside the box the point must lie (a group's own filter's reach).
        mutating func reachesIntoBox(_ index: Int, parent: SVGAffine?, onTheLine: Bool = false, inset: Double = 0) throws(SVGIconPreflight.Problem) -> Bool {
            guard let parent, let whole = box else { return false }
            if let found = onTheLine ? knownOnTheLine[index] : known[index], found.parent == parent, found.inset == inset { return found.inside }
            try reach.visit(1)
            let margin = max(inset, 1e-6 * max(whole.width, whole.height))
            let inner = (x: whole.x + margin, y: whole.y + margin, width: whole.width - 2 * margin, height: whole.height - 2 * margin)
            let inside = inner.width > 0 && inner.height > 0 ? try reaches(index, parent: parent, box: inner, onTheLine: onTheLine, inset: inset) : false
            if onTheLine { knownOnTheLine[index] = (parent, inset, inside) } else { known[index] = (parent, inset, inside) }
            return inside
        }

        /// Geometry a style may set over the attributes (round 119: `style="x:300px"`).
        static let geometry = ["x", "y", "width", "height", "cx", "cy", "r", "rx", "ry", "d"]

        /// Whether the element surely takes part in the group's box as written: not hidden or
        /// cut, nor placed otherwise than its attributes say, by what it declares or a style
        /// sheet may give it.
        private func laidOutWhole(_ tag: SVGScanner.Tag, index: Int) -> Bool {
            if Self.geometry.contains(where: { SVGIconPreflight.Document.styleDeclares($0, in: tag) != nil }) { return false }
            for property in ["display", "visibility"] {
                if let value = SVGIconPreflight.Document.declared(property, on: tag)?.lowercased(),
                   !["inline", "block", "visible", "inherit", "initial", "unset"].contains(value) { return false }
            }
            if SVGIconPreflight.Document.sets("clip-path", on: tag) || SVGIconPreflight.Document.sets("mask", on: tag) { return false }
            return !hidingRules.contains { $0.mayMatch(tag, root: index == 0) }
        }

        private mutating func reaches(_ index: Int, parent: SVGAffine, box: (x: Double, y: Double, width: Double, height: Double), onTheLine: Bool, inset: Double) throws(SVGIconPreflight.Problem) -> Bool {
            let tag = document.elements[index].tag
            guard laidOutWhole(tag, index: index) else { return false }
            guard let here = onTheLine ? parent : transform(of: index, parent: parent) else { return false }
            // (A squashed transform draws nothing.)
            guard abs(here.a * here.d - here.b * here.c) > 1e-12 else { return false }
            func number(_ name: String, _ otherwise: Double? = nil) -> Double? {
                tag.exactAttribute(name).map { SVGIconPreflight.Document.plainNumber($0) } ?? otherwise
            }
            // A shape under a ten-thousandth of a unit across is empty to a browser (round 120:
            // 1e-7 across drew nothing, the group left out; Chromium's float epsilon).
            let least = 1e-4
            var points: [(x: Double, y: Double)] = []
            /// A shape's whole box, where an upright transform keeps it a box: it overlaps the
            /// box, or not (its corners alone missed a rect across the box's middle).
            var area: (x: Double, y: Double, width: Double, height: Double)?
            switch tag.localName {
            case "rect", "image":
                guard let x = number("x", 0), let y = number("y", 0), let width = number("width"), let height = number("height"), width > least, height > least else { return false }
                points = [(x, y), (x + width, y), (x, y + height), (x + width, y + height), (x + width / 2, y + height / 2)]
                area = (x, y, width, height)
            case "circle", "ellipse":
                let circle = tag.localName == "circle"
                guard let cx = number("cx", 0), let cy = number("cy", 0), let rx = number(circle ? "r" : "rx"), let ry = circle ? rx : number("ry"), rx > least, ry > least else { return false }
                points = [(cx, cy), (cx - rx, cy), (cx + rx, cy), (cx, cy - ry), (cx, cy + ry)]
                area = (cx - rx, cy - ry, 2 * rx, 2 * ry)
            case "line":
                // (Flat when level or upright: a box of no area where it is not stroked.)
                guard let x1 = number("x1", 0), let y1 = number("y1", 0), let x2 = number("x2", 0), let y2 = number("y2", 0), abs(x1 - x2) > least, abs(y1 - y2) > least else { return false }
                points = [(x1, y1), (x2, y2), ((x1 + x2) / 2, (y1 + y2) / 2)]
            case "path", "polyline", "polygon":
                let path = tag.localName == "path"
                let data = tag.exactAttribute(path ? "d" : "points") ?? ""
                // (Path data not starting with a move draws nothing.)
                if path, !(data.first(where: { !$0.isWhitespace }).map { $0 == "M" || $0 == "m" } ?? false) { return false }
                points = SVGPathData(data, polyline: !path, collectingOutlines: true, measuring: false).onCurve
                // A flat outline has a box of no area where it is not stroked: not read.
                let xs = points.map(\.x), ys = points.map(\.y)
                guard let left = xs.min(), let right = xs.max(), let top = ys.min(), let bottom = ys.max(), right - left > least, bottom - top > least else { return false }
            case "text":
                // Its anchor lies in the box of the line it starts, when it is one line of its
                // own letters, placed by its first x and y alone.
                guard document.textWithGlyphs.contains(index), document.elements[index].children.isEmpty,
                      SVGIconPreflight.Document.declared("font-size", on: tag).map({ (SVGIconPreflight.Document.plainNumber($0) ?? 0) > 0 }) ?? true,
                      !["dx", "dy", "rotate", "textLength"].contains(where: { tag.exactAttribute($0) != nil }) else { return false }
                func first(_ name: String) -> Double? {
                    guard let written = tag.exactAttribute(name) else { return 0 }
                    return SVGIconPreflight.Document.plainNumber(written.split(whereSeparator: { $0 == " " || $0 == "," }).first.map(String.init))
                }
                guard let x = first("x"), let y = first("y") else { return false }
                points = [(x, y)]
            case "g", "a":
                for child in document.elements[index].children where !SVGIconPreflight.Document.notDrawnWhereWritten.contains(document.elements[child].tag.localName) {
                    if try reachesIntoBox(child, parent: here, inset: inset) { return true }
                }
                return false
            case "use":
                guard let target = reach.drawnTarget(of: index), !["svg", "symbol"].contains(document.elements[target].tag.localName) else { return false }
                // (Read again for each transform it is drawn at: `known` holds the last.)
                return try reachesIntoBox(target, parent: useTranslation(index, here), inset: inset)
            default:
                return false
            }
            if let area, here.b == 0, here.c == 0 {
                let (first, last) = (here.apply((area.x, area.y)), here.apply((area.x + area.width, area.y + area.height)))
                let (left, right) = (min(first.x, last.x), max(first.x, last.x)), (top, bottom) = (min(first.y, last.y), max(first.y, last.y))
                if left < box.x + box.width && right > box.x && top < box.y + box.height && bottom > box.y { return true }
            }
            // Strictly inside (the box is already inset by a millionth of it, or the reach).
            return points.contains { point in
                let at = here.apply(point)
                return at.x > box.x && at.x < box.x + box.width && at.y > box.y && at.y < box.y + box.height
            }
        }
    }
}
