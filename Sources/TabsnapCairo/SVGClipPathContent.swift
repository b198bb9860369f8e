import Foundation

/// What a `<clipPath>` holds that librsvg 2.54 clips by otherwise than a browser (hostile round
/// 102): librsvg adds every child's outline to one path and fills it with one rule, so children
/// that overlap with opposite windings (a reversed path, a glyph over a rectangle) or under
/// `clip-rule: evenodd` cut holes where a browser takes their union; and it clips by text a
/// browser leaves out (hidden or transparent text).
extension SVGIconPreflight.Document {
    /// Children whose outlines always wind one way (a browser and librsvg both take their union
    /// under the non-zero rule).
    private static let sameWinding: Set<Substring> = ["rect", "circle", "ellipse"]
    /// What a clip path draws by.
    private static let clipShapes: Set<Substring> = ["path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "text", "use"]

    func checkClipPathContent(_ reach: SVGUseReach) throws(SVGIconPreflight.Problem) {
        for clip in elements.indices where elements[clip].tag.localName == "clipPath" {
            try clock.checkpoint()
            let children = elements[clip].children.filter { Self.clipShapes.contains(elements[$0].tag.localName) }
            // Every element the clip path's drawing reads: its own, and what its <use>s draw.
            let reached = try drawn(from: clip, reach)
            let place = "<\(Self.short(elements[clip].tag.name))\(elements[clip].tag.exactAttribute("id").map { " id=\"\(Self.short($0))\"" } ?? "")>"
            // clip-rule inherits: the clip path's ancestors give it too (exports write it on the root).
            let inherited = reached + ancestors(of: clip)
            let evenOdd = inherited.contains { Self.declared("clip-rule", on: elements[$0].tag)?.lowercased().hasPrefix("evenodd") ?? false }
                || sheetsMayApply("clip-rule", where: { $0.hasPrefix("evenodd") }, to: inherited.map { elements[$0] })
            // One text under evenodd: librsvg fills all its glyphs as one path by that rule, a
            // browser each glyph non-zero (overlapping letters cut each other).
            if evenOdd, reached.contains(where: { ["text", "tspan", "textPath"].contains(elements[$0].tag.localName) }) {
                throw SVGIconPreflight.Problem(description: "\(place) holding text under clip-rule evenodd, which librsvg fills as one path by that rule and a "
                                               + "browser glyph by glyph; leave clip-rule out")
            }
            if children.count > 1 {
                // A mirroring transform reverses a shape's winding (round 103: a circle under
                // scale(-1 1)). A transform attribute that keeps the winding (a move, a turn, a
                // scale of one sign: its linear part's determinant positive) is drawn alike;
                // one written as CSS, or from a sheet, counts whatever it is.
                let turned = children.contains { mirrors(elements[$0].tag) }
                    || sheetsMayApply("transform", where: { $0 != "none" }, to: children.map { elements[$0] })
                if evenOdd || turned || children.contains(where: { !Self.sameWinding.contains(elements[$0].tag.localName) }) {
                    throw SVGIconPreflight.Problem(description: "\(place) of several shapes that are not all rectangles, circles or ellipses, or clip-rule evenodd: "
                                                   + "librsvg clips by them as one path, where overlaps of opposite windings cut holes a browser does not; "
                                                   + "join them into one <path>")
                }
            }
            try checkHiddenText(reached, clip: clip, place: place)
            // librsvg and a browser join a transform and the bounding box's mapping in opposite
            // orders (round 103: a turned clip drew nothing in librsvg).
            if elements[clip].tag.exactAttribute("clipPathUnits")?.trimmingCharacters(in: .whitespacesAndNewlines) == "objectBoundingBox",
               Self.sets("transform", on: elements[clip].tag) || sheetsMayApply("transform", where: { $0 != "none" }, to: [elements[clip]]) {
                throw SVGIconPreflight.Problem(description: "\(place) in objectBoundingBox units with a transform, which librsvg and a browser apply in "
                                               + "other orders; transform what it holds, or use userSpaceOnUse")
            }
        }
        // A percentage in a mask's content in objectBoundingBox units: librsvg takes it of the
        // box, a browser of the viewport, then maps it to the box (round 104: 50% a quarter of
        // the rect in librsvg, the whole of it in Chromium). Clip paths and patterns agree.
        for mask in elements.indices where elements[mask].tag.localName == "mask"
            && elements[mask].tag.exactAttribute("maskContentUnits")?.trimmingCharacters(in: .whitespacesAndNewlines) == "objectBoundingBox" {
            try clock.checkpoint()
            // What it draws (through <use>s too), and where it inherits stroke lengths from (the
            // mask and its ancestors: their own x, y, width and height are regions, not content).
            let content = Array(try drawn(from: mask, reach).dropFirst()), around = [mask] + ancestors(of: mask)
            func percent(_ names: Set<String>, _ indices: [Int]) -> Bool {
                indices.contains { index in names.contains { Self.declared($0, on: elements[index].tag)?.contains("%") ?? false } }
                    || names.contains { sheetsMayApply($0, where: { $0.contains("%") }, to: indices.map { elements[$0] }) }
            }
            if percent(Self.lengthAttributes, content) || percent(["stroke-width", "stroke-dasharray", "stroke-dashoffset"], around) {
                throw SVGIconPreflight.Problem(description: "<\(Self.short(elements[mask].tag.name))> in objectBoundingBox content units holding a percentage, "
                                               + "which librsvg takes of the bounding box and a browser of the viewport; write fractions of the box")
            }
        }
        // A browser ignores a mask's transform attribute, librsvg applies it (round 103).
        for mask in elements.indices where elements[mask].tag.localName == "mask" && Self.sets("transform", on: elements[mask].tag) {
            throw SVGIconPreflight.Problem(description: "<\(Self.short(elements[mask].tag.name))> with a transform, which librsvg applies and a browser "
                                           + "does not; transform what it holds")
        }
    }

    /// `index`, what it holds, and what the `<use>`s among them draw, through chains of uses.
    /// Each element reached counts to `reach`'s bound, once for all the checks asking.
    func drawn(from index: Int, _ reach: SVGUseReach) throws(SVGIconPreflight.Problem) -> [Int] {
        if let known = reach.drawn[index] { return known }
        var reached = subtree(of: index), seen = Set(reached), at = 0
        // Through chains of <use>s too (a use in what a use draws), each element once. A target
        // seen is skipped whole: what is seen is a union of whole subtrees.
        while at < reached.count {
            defer { at += 1 }
            for target in reach.targets[reached[at]] ?? [] where !seen.contains(target) {
                for element in subtree(of: target) where seen.insert(element).inserted { reached.append(element) }
            }
        }
        try reach.visit(reached.count)
        reach.drawn[index] = reached
        return reached
    }

    /// Whether the element's own transform may mirror it (reverse its outline's winding).
    private func mirrors(_ tag: SVGScanner.Tag) -> Bool {
        if let css = Self.styleDeclares("transform", in: tag) { return css.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() != "none" }
        guard let attribute = tag.exactAttribute("transform") else { return false }
        guard let (a, b, c, d) = Self.linearPart(attribute) else { return true }
        return !(a * d - b * c > 0)
    }

    /// Text in a clip path made hidden or transparent: a browser leaves it out of the clip,
    /// librsvg clips by its outline.
    private func checkHiddenText(_ reached: [Int], clip: Int, place: String) throws(SVGIconPreflight.Problem) {
        guard reached.contains(where: { ["text", "tspan", "textPath"].contains(elements[$0].tag.localName) }) else { return }
        // Visibility inherits: the clip path's ancestors count too.
        let line = reached + ancestors(of: clip)
        func hides(_ value: String) -> Bool { !value.lowercased().hasPrefix("visible") }
        func fades(_ value: String) -> Bool { Double(value.trimmingCharacters(in: .whitespaces)) != 1 }
        let written = line.contains { Self.declared("visibility", on: elements[$0].tag).map(hides) ?? false }
            || reached.contains { Self.declared("opacity", on: elements[$0].tag).map(fades) ?? false }
        let sheet = sheetsMayApply("visibility", where: hides, to: line.map { elements[$0] })
            || sheetsMayApply("opacity", where: fades, to: reached.map { elements[$0] })
        if written || sheet {
            throw SVGIconPreflight.Problem(description: "\(place) holds text that is hidden or transparent (visibility, opacity), which a browser leaves out "
                                           + "of the clip and librsvg clips by; leave the text out")
        }
    }
}
