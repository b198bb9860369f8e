import Foundation

/// What librsvg 2.54 lays out on the wrong box when an element is drawn turned or skewed (by its
/// transforms, its ancestors', or a turned `<use>` of it): it works in the picture's own axes
/// where a browser works in the element's.
///
/// - A filter: its region becomes the upright box around the turned one, and direction-dependent
///   primitives lose their direction (hostile round 81: one-way blurs, offsets, morphology;
///   round 83: a flood filled the whole icon box, a colour matrix's half-region was cut upright).
///   Only a plain blur whose region leaves room around the element is let through: the blur
///   stays inside both regions (measured on a rotated square and Inkscape's logo).
/// - A gradient or pattern in bounding-box units (their default): librsvg measures the box after
///   the turn (round 83: a 45° square's gradient reached teal where a browser's reaches blue,
///   a pattern showed one tile for four). User-space paint, and quarter turns, flips and
///   stretches along the axes, were measured alike.
extension SVGIconPreflight.Document {
    /// The elements drawn turned or skewed: by the linear part of their transforms and their
    /// ancestors' (`linearMaps`), or inside what a turned `<use>` draws. `slanted`: only those
    /// whose axes do not fall on the picture's (a quarter turn keeps boxes upright).
    func turnedElements(slanted: Bool) -> Set<Int> {
        let maps = linearMaps()
        var turned = Set(maps.indices.filter { index in
            let (a, b, c, d) = maps[index]
            let size = max(abs(a), abs(b), abs(c), abs(d), 1e-300)
            func zero(_ value: Double) -> Bool { abs(value) <= 1e-9 * size }
            return !(zero(b) && zero(c)) && !(slanted && zero(a) && zero(d))
        })
        // What a turned <use> draws is turned too, however deep (a use of a use).
        var changed = true
        while changed {
            changed = false
            for (index, element) in elements.enumerated() where element.tag.localName == "use" && turned.contains(index) {
                guard let href = element.tag.attributes.first(where: { Self.isHref($0.name) }),
                      let target = ids[String(href.value.trimmingCharacters(in: .whitespaces).dropFirst())] else { continue }
                for inside in subtree(of: target) where turned.insert(inside).inserted { changed = true }
            }
        }
        return turned
    }

    /// `index` and every element inside it.
    private func subtree(of index: Int) -> [Int] {
        var found = [index], at = 0
        while at < found.count {
            found += elements[found[at]].children
            at += 1
        }
        return found
    }

    func checkEffectsUnderTurns(_ declarations: SVGDeclarations) throws(SVGIconPreflight.Problem) {
        let painted = declarations.all.contains { ["fill", "stroke"].contains($0.property) && $0.value.contains("url(") }
        let filtered = declarations.all.contains { $0.property == "filter" && $0.value != "none" }
        guard painted || filtered else { return }
        let turned = turnedElements(slanted: false), slanted = turnedElements(slanted: true)
        guard !turned.isEmpty else { return }
        // Slanted, a filter's region is no longer its own; quarter-turned, only its directions.
        func refused(_ value: String, slanted: Bool) -> Bool { slanted ? !plainBlur(value) : directional(value) }
        let sheetsPaint = sheetDeclarations.contains { ["fill", "stroke"].contains($0.property) && paintsInBoxUnits($0.value) }
        for index in turned.sorted() {
            let tag = elements[index].tag
            let place = "<\(Self.short(tag.name))>", isSlanted = slanted.contains(index)
            let sheetsFilter = sheetDeclarations.contains { $0.property == "filter" && refused($0.value, slanted: isSlanted) }
            if sheetsFilter || Self.declared("filter", on: tag).map({ refused($0.lowercased(), slanted: isSlanted) }) ?? false {
                throw SVGIconPreflight.Problem(description: "\(place): a filter on an element drawn turned or skewed, which librsvg works on the "
                                               + "picture's own axes (a browser on the element's: its region, its directions); filter a group around "
                                               + "the turned element, or use a plain blur with room around the element")
            }
            for property in ["fill", "stroke"] where isSlanted && (sheetsPaint || Self.declared(property, on: tag).map({ paintsInBoxUnits($0) }) ?? false) {
                throw SVGIconPreflight.Problem(description: "\(place): a gradient or pattern in bounding-box units on an element drawn turned or "
                                               + "skewed, which librsvg lays out on the turned box (a browser on the element's own); write "
                                               + "gradientUnits=\"userSpaceOnUse\" (patternUnits for a pattern), or turn the gradient instead")
            }
        }
    }

    /// Whether a filter value is a plain blur a turn leaves alone: CSS functions but
    /// `drop-shadow()` (colour functions that disagree are refused on their own), or filters
    /// of one-deviation Gaussian blurs alone, in user-space primitive units, no subregions, and
    /// a bounding-box region that leaves room around the element (x and y below 0, width and
    /// height over 1: Inkscape's regions fit the blur).
    func plainBlur(_ value: String) -> Bool {
        if value.contains("drop-shadow(") { return false }
        return Self.references(in: value).allSatisfy { id in
            guard let index = ids[id], elements[index].tag.localName == "filter" else { return true }
            let filter = elements[index].tag
            guard !filter.attributes.contains(where: { Self.isHref($0.name) }),
                  (filter.exactAttribute("filterUnits") ?? "objectBoundingBox").trimmingCharacters(in: .whitespaces) == "objectBoundingBox",
                  (filter.exactAttribute("primitiveUnits") ?? "userSpaceOnUse").trimmingCharacters(in: .whitespaces) == "userSpaceOnUse" else { return false }
            let (x, y) = (Self.fraction(filter.exactAttribute("x")) ?? -0.1, Self.fraction(filter.exactAttribute("y")) ?? -0.1)
            let (width, height) = (Self.fraction(filter.exactAttribute("width")) ?? 1.2, Self.fraction(filter.exactAttribute("height")) ?? 1.2)
            guard x < 0, y < 0, x + width > 1, y + height > 1 else { return false }
            let children = elements[index].children
            return !children.isEmpty && children.allSatisfy { child in
                let tag = elements[child].tag
                return tag.localName == "feGaussianBlur" && Set(Self.numbers(in: tag.exactAttribute("stdDeviation") ?? "0")).count <= 1
                    && !["x", "y", "width", "height"].contains { tag.exactAttribute($0) != nil }
            }
        }
    }

    /// Whether a filter value depends on direction: offsets, one-way or kernel work, tiles, maps,
    /// pictures, a blur of two deviations, a CSS drop shadow (hostile round 81; a displacement
    /// map differed under a quarter turn too).
    func directional(_ value: String) -> Bool {
        if value.contains("drop-shadow(") { return true }
        return Self.references(in: value).contains { id in
            guard let filter = ids[id] else { return false }
            return elements[filter].children.contains { child in
                let tag = elements[child].tag
                switch tag.localName {
                case "feOffset", "feMorphology", "feDisplacementMap", "feConvolveMatrix", "feTile", "feImage", "feTurbulence": return true
                case "feGaussianBlur": return Set(Self.numbers(in: tag.exactAttribute("stdDeviation") ?? "0")).count > 1
                default: return false
                }
            }
        }
    }

    /// A bounding-box length as a fraction: `-0.1`, `-10%`; nil when not written or not one.
    private static func fraction(_ value: String?) -> Double? {
        guard let value = value?.trimmingCharacters(in: .whitespaces) else { return nil }
        if value.hasSuffix("%") { return Double(value.dropLast()).map { $0 / 100 } }
        return Double(value)
    }

    /// Whether a fill or stroke names a gradient or pattern laid out in bounding-box units (its
    /// own `gradientUnits`/`patternUnits`, or the nearest along its `href`s; the default).
    func paintsInBoxUnits(_ value: String) -> Bool {
        Self.references(in: value).contains { id in
            var current = ids[id], steps = 0
            while let at = current, steps < 16 {
                let tag = elements[at].tag
                let name = tag.localName
                guard ["linearGradient", "radialGradient", "pattern"].contains(name) else { return false }
                if let units = tag.exactAttribute(name == "pattern" ? "patternUnits" : "gradientUnits") {
                    return units.trimmingCharacters(in: .whitespaces) != "userSpaceOnUse"
                        || (name == "pattern" && (tag.exactAttribute("patternContentUnits") ?? "").trimmingCharacters(in: .whitespaces) == "objectBoundingBox")
                }
                current = tag.attributes.first(where: { Self.isHref($0.name) }).flatMap { ids[String($0.value.trimmingCharacters(in: .whitespaces).dropFirst())] }
                steps += 1
            }
            return true
        }
    }

    /// A viewBox under 1/100 of a unit wide or high: librsvg takes a length within cairo's fixed
    /// point (1/256) of 0 as none and draws nothing of it, a browser the drawing (hostile round
    /// 83: `viewBox="0 0 0.0024 0.0024"` on the outermost `<svg>` or a `<symbol>`).
    func checkTinyViewBoxes() throws(SVGIconPreflight.Problem) {
        for element in elements {
            let box = Self.numbers(in: element.tag.exactAttribute("viewBox") ?? "")
            guard box.count == 4, [box[2], box[3]].contains(where: { $0 > 0 && $0 < 0.01 }), let written = element.tag.exactAttribute("viewBox") else { continue }
            throw SVGIconPreflight.Problem(description: "<\(Self.short(element.tag.name)) viewBox=\"\(Self.short(written))\">: under 1/100 of a unit across, "
                                           + "which librsvg takes as none and draws nothing of (a browser draws it); scale the coordinates up")
        }
    }
}
