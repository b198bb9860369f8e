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
        // A CSS transform or rotate that turns (hostile round 84: `style="transform: rotate(45deg)"`,
        // a sheet's — which may match anything, so everything is taken as turned), and a
        // marker's orientation (`auto`, an angle off the axes): what they hold is turned.
        func cssTurns(_ value: String?) -> Bool {
            guard let value = value?.lowercased() else { return false }
            return ["rotate", "skew", "matrix"].contains { value.contains($0) }
        }
        if sheetDeclarations.contains(where: { ($0.property == "transform" && cssTurns($0.value)) || ($0.property == "rotate" && $0.value != "none") }) {
            return Set(elements.indices)
        }
        for (index, element) in elements.enumerated() {
            let orient = element.tag.exactAttribute("orient")?.trimmingCharacters(in: .whitespaces).lowercased()
            let markerTurns = element.tag.localName == "marker" && orient.map { Double($0).map { $0.truncatingRemainder(dividingBy: 90) != 0 } ?? true } ?? false
            let styleTurns = cssTurns(Self.styleDeclares("transform", in: element.tag))
                || (Self.styleDeclares("rotate", in: element.tag).map { $0 != "none" && !(slanted && Self.quarterTurn($0)) } ?? false)
            if markerTurns || styleTurns { turned.formUnion(subtree(of: index)) }
        }
        // What a turned <use> draws is turned too, however deep (a use of a use), and a mask's
        // content on a turned element (round 84: a bounding-box gradient in it).
        // Each turned element's targets once (a worklist: passes over all of them until none
        // changed took a chain of 4 000 masks 66 s, hostile round 138).
        var pending = turned.sorted()
        while let index = pending.popLast() {
            if clock.isSpent() { break }  // (The answer is not given out past the time.)
            let tag = elements[index].tag
            var targets: [Int] = []
            if tag.localName == "use", let href = tag.attributes.first(where: { Self.isHref($0.name) }),
               let target = ids[String(href.value.trimmingCharacters(in: .whitespaces).dropFirst())] { targets.append(target) }
            // Its mask's content, and its markers' (round 85: a marker at orient 0 on a
            // turned path is drawn turned).
            for property in ["mask", "marker", "marker-start", "marker-mid", "marker-end"] {
                if let value = Self.declared(property, on: tag) { targets += Self.references(in: value).compactMap { ids[$0] } }
            }
            for target in targets {
                for inside in subtree(of: target) where turned.insert(inside).inserted { pending.append(inside) }
            }
        }
        return turned
    }

    /// Whether a CSS angle is a multiple of a quarter turn (`90deg`, `0.5turn`).
    private static func quarterTurn(_ value: String) -> Bool {
        let text = value.trimmingCharacters(in: .whitespaces).lowercased()
        for (unit, quarter) in [("deg", 90.0), ("turn", 0.25), ("grad", 100.0), ("rad", Double.pi / 2)] where text.hasSuffix(unit) {
            guard let number = Double(text.dropLast(unit.count)) else { return false }
            let quarters = number / quarter
            return abs(quarters - quarters.rounded()) < 1e-9
        }
        return false
    }

    /// `index` and every element inside it.
    func subtree(of index: Int) -> [Int] {
        var found = [index], at = 0
        while at < found.count {
            found += elements[found[at]].children
            at += 1
        }
        return found
    }

    func checkEffectsUnderTurns(_ declarations: SVGDeclarations, _ inheritance: SVGInheritance) throws(SVGIconPreflight.Problem) {
        let painted = declarations.all.contains { ["fill", "stroke"].contains($0.property) && $0.value.contains("url(") }
        let effects = declarations.all.contains { ["filter", "mask", "clip-path"].contains($0.property) && $0.value != "none" }
        guard painted || effects else { return }
        let turned = turnedElements(slanted: false), slanted = turnedElements(slanted: true)
        guard !turned.isEmpty else { return }
        // What holds slanted content: librsvg's box of it is the upright box around the turned
        // part (round 85: a flood on an upright group around a turned circle covered 5..95 of
        // the icon where a browser's covers 26..74).
        let holding = holdingSlanted(slanted)
        let sheetsPaint = sheetDeclarations.contains { ["fill", "stroke"].contains($0.property) && paintsInBoxUnits($0.value) }
        // A sheet's clip path or mask may select any of them (hostile round 95: `.r{clip-path:…}`
        // in bounding-box units on a rect in a turned group was drawn).
        let sheetsBoxEffect = sheetDeclarations.lazy.compactMap { self.boxEffect(property: $0.property, value: $0.value) }.first
        for index in turned.union(holding).sorted() {
            let tag = elements[index].tag
            let place = "<\(Self.short(tag.name))>", isSlanted = holding.contains(index)
            // Slanted, a filter's region is no longer its own; quarter-turned, only its directions.
            func refused(_ value: String) -> Bool { isSlanted ? !plainBlur(value) : directional(value) }
            let sheetsFilter = sheetDeclarations.contains { $0.property == "filter" && refused($0.value) }
            if sheetsFilter || Self.declared("filter", on: tag).map({ refused($0.lowercased()) }) ?? false {
                throw SVGIconPreflight.Problem(description: "\(place): a filter on an element drawn turned or skewed, or holding one, which librsvg "
                                               + "works on the picture's own axes (a browser on the element's: its region, its directions); keep "
                                               + "filters to what is drawn upright, or use a plain blur with room around the element")
            }
            guard isSlanted else { continue }
            if let problem = boxEffect(on: tag) ?? sheetsBoxEffect {
                throw SVGIconPreflight.Problem(description: "\(place): \(problem) on an element drawn turned or skewed, or holding one, which librsvg "
                                               + "lays out on the upright box around it (a browser on the element's own box); write them in user "
                                               + "space (clipPathUnits, maskUnits and maskContentUnits userSpaceOnUse)")
            }
            // Painted by its own fill or stroke, or one it inherits (round 84: `<g fill="url(#g)">`
            // around a turned rect, a fill on an upright <use> of a turned group).
            guard slanted.contains(index), Self.drawsPaint.contains(String(tag.localName)) else { continue }
            for property in ["fill", "stroke"] where sheetsPaint || inheritance.written(property, at: index).contains(where: { $0.map(paintsInBoxUnits) ?? false }) {
                throw SVGIconPreflight.Problem(description: "\(place): a gradient or pattern in bounding-box units on an element drawn turned or "
                                               + "skewed, which librsvg lays out on the turned box (a browser on the element's own); write "
                                               + "gradientUnits=\"userSpaceOnUse\" (patternUnits for a pattern), or turn the gradient instead")
            }
        }
    }

    /// The slanted elements and what holds them: their ancestors, and the `<use>`s drawing them.
    private func holdingSlanted(_ slanted: Set<Int>) -> Set<Int> {
        var holding = slanted
        var changed = true
        while changed {
            changed = false
            for (index, element) in elements.enumerated() where !holding.contains(index) {
                var holds = element.children.contains { holding.contains($0) }
                if !holds, element.tag.localName == "use", let href = element.tag.attributes.first(where: { Self.isHref($0.name) }),
                   let target = ids[String(href.value.trimmingCharacters(in: .whitespaces).dropFirst())] { holds = holding.contains(target) }
                if holds { holding.insert(index); changed = true }
            }
        }
        return holding
    }

    /// A clip path or mask on `tag` laid out by its bounding box (round 85: a clip circle in
    /// `objectBoundingBox` units on a turned square clipped nothing; a mask's default region, 10 %
    /// around the box, cut a turned square's stroke elsewhere): what, or nil.
    private func boxEffect(on tag: SVGScanner.Tag) -> String? {
        for property in ["clip-path", "mask"] {
            if let value = Self.declared(property, on: tag), let problem = boxEffect(property: property, value: value) { return problem }
        }
        return nil
    }

    /// What a clip-path or mask declaration's value lays out by the bounding box, or nil.
    private func boxEffect(property: String, value: String) -> String? {
        func target(_ kind: Substring) -> SVGScanner.Tag? {
            Self.references(in: value).compactMap { ids[$0] }.map { elements[$0].tag }.first { $0.localName == kind }
        }
        func units(_ tag: SVGScanner.Tag, _ name: String, default value: String) -> String {
            (tag.exactAttribute(name) ?? value).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        if property == "clip-path", let clip = target("clipPath"), units(clip, "clipPathUnits", default: "userSpaceOnUse") == "objectBoundingBox" {
            return "a clip path in bounding-box units"
        }
        if property == "mask", let mask = target("mask"),
           units(mask, "maskUnits", default: "objectBoundingBox") == "objectBoundingBox" || units(mask, "maskContentUnits", default: "userSpaceOnUse") == "objectBoundingBox" {
            return "a mask with a bounding-box region or content"
        }
        return nil
    }

    /// The elements that draw with a fill or stroke of their own.
    static let drawsPaint: Set<String> = ["rect", "circle", "ellipse", "line", "polyline", "polygon", "path", "text", "tspan", "textPath"]

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
                  (filter.exactAttribute("filterUnits") ?? "objectBoundingBox").trimmingCharacters(in: .whitespacesAndNewlines) == "objectBoundingBox",
                  (filter.exactAttribute("primitiveUnits") ?? "userSpaceOnUse").trimmingCharacters(in: .whitespacesAndNewlines) == "userSpaceOnUse" else { return false }
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
            // A name of nothing is no paint server (Inkscape's icons keep such names).
            guard ids[id] != nil else { return false }
            var current = ids[id], steps = 0
            while let at = current, steps < 16 {
                let tag = elements[at].tag
                let name = tag.localName
                guard ["linearGradient", "radialGradient", "pattern"].contains(name) else { return false }
                if let units = tag.exactAttribute(name == "pattern" ? "patternUnits" : "gradientUnits") {
                    return units.trimmingCharacters(in: .whitespaces) != "userSpaceOnUse"
                        || (name == "pattern" && (tag.exactAttribute("patternContentUnits") ?? "").trimmingCharacters(in: .whitespacesAndNewlines) == "objectBoundingBox")
                }
                current = tag.attributes.first(where: { Self.isHref($0.name) }).flatMap { ids[String($0.value.trimmingCharacters(in: .whitespaces).dropFirst())] }
                steps += 1
            }
            return true
        }
    }
}
