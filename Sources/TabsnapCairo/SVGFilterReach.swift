import Foundation

/// How far an icon's filters may carry what they read, in the root's user units.
///
/// librsvg cuts what a filter reads (its SourceGraphic, and what a flood or an image makes) at
/// the viewport it draws the icon into; a browser reads the whole element. A part of an element
/// past the icon's box that an `feOffset`, a blur or a `drop-shadow()` brings into view is lost
/// (hostile round 108: robust 48–1 024; plain `rsvg-convert` draws the same). The icon is then
/// drawn into a viewport widened by this reach on every side, its viewBox widened alike, and
/// clipped back to its box (`SVGWideViewport`): measured alike (robust 0–2).
///
/// The reach adds up each primitive's (a filter's primitives may feed each other): an offset's
/// `|dx| + |dy|`, three standard deviations of a blur, a shadow's both, a morphology's radius,
/// half a displacement's scale, a convolution's kernel, a lighting's normal; the rest move
/// nothing. Filters on an element and on its ancestors (and on the `<use>`s drawing it) add up
/// too, each at the scale of its own user space: the reach is the largest along any line of
/// elements from the root down, through uses (review of stop 64: a filter inside a filtered
/// group moved twice what was counted; multiplying every transform of the icon refused an
/// Inkscape icon of 13 scaled siblings). What a marker, pattern, mask or clip path draws is
/// drawn at the scale of what uses it: taken at the largest scale along any line. A reach not
/// in plain numbers (units, percentages, `objectBoundingBox` primitive units) cannot be
/// widened for, and is refused.
extension SVGIconPreflight.Document {
    /// The reach of the filters the icon uses, in root user units (0 without one that moves
    /// what it reads).
    func filterReach(_ declarations: SVGDeclarations) throws(SVGIconPreflight.Problem) -> Double {
        // What each element's own filter reaches, in its user units.
        var known: [Int: Double] = [:]
        var own = [Double](repeating: 0, count: elements.count)
        var inheriting: [Int] = []
        // (Ids in small letters, once: a style sheet's values are read so.)
        var lowercasedIDs: [String: [Int]] = [:]
        for (id, index) in ids { lowercasedIDs[id.lowercased(), default: []].append(index) }
        let rules = sheetRules(declaring: "filter", where: { $0 != "none" })
        var ruleReach: [(reach: Double, inherits: Bool)] = []
        for rule in rules {
            var farthest = 0.0
            for value in rule.values where value != "inherit" {
                farthest = max(farthest, try reach(of: value, place: "a style sheet's filter", known: &known, lowercasedIDs: lowercasedIDs))
            }
            ruleReach.append((farthest, rule.values.contains("inherit")))
        }
        for (index, element) in elements.enumerated() {
            try clock.checkpoint()
            let tag = element.tag
            if let value = Self.declared("filter", on: tag), value.lowercased() != "none" {
                if value.lowercased() == "inherit" { inheriting.append(index) } else {
                    own[index] = try reach(of: value, place: "<\(Self.short(tag.name)) filter>", known: &known, lowercasedIDs: lowercasedIDs)
                }
            }
            if !rules.isEmpty {
                for (rule, reach) in zip(rules, ruleReach) where rule.selection.mayMatch(tag, root: index == 0) {
                    own[index] = max(own[index], reach.reach)
                    if reach.inherits { inheriting.append(index) }
                }
            }
        }
        // `inherit` filters again with the parent's filter — the parent where written, or a
        // <use> drawing it, or what a sheet gives either (review of stop 64): taken as the
        // farthest filter of the icon.
        let farthestOwn = own.max() ?? 0
        for index in inheriting { own[index] = max(own[index], farthestOwn) }
        // (Any filter may paint where a browser leaves its group out: a flood moves nothing.)
        guard own.contains(where: { $0 > 0 }) else {
            try checkABrowserDrawsFilteredContent(own, SVGUseReach(self))
            return 0
        }
        let scales = try localScales(declarations)
        let reach = SVGUseReach(self)
        try checkABrowserDrawsFilteredContent(own, reach)
        // Down every line from an element: the reach in its parent's units, and the largest
        // scale. (Memoised; a cycle of uses, refused elsewhere, counts nothing.)
        // Resources (and what `defs` and symbols hold) are not drawn where they are written, but
        // where they are used: walked apart.
        var down: [Int: (reach: Double, scale: Double)] = [:]
        var open = Set<Int>()
        func walk(_ index: Int) -> (reach: Double, scale: Double) {
            if let known = down[index] { return known }
            guard open.insert(index).inserted else { return (0, 1) }
            defer { open.remove(index) }
            var below = (reach: 0.0, scale: 1.0)
            for next in elements[index].children.filter({ !Self.notDrawnWhereWritten.contains(elements[$0].tag.localName) }) + (reach.targets[index] ?? []) {
                let found = walk(next)
                below = (max(below.reach, found.reach), max(below.scale, found.scale))
            }
            let result = (scales[index] * (own[index] + below.reach), scales[index] * below.scale)
            down[index] = result
            return result
        }
        // Resources are drawn where they are used, under that line's filters and at its scale,
        // and may draw one another (a mask holding a masked group): their lines are added to the
        // root's, at the largest scale along a line times every resource's enlargement — an
        // upper bound (review of stop 64: an offset mask under an offset group moved twice what
        // was counted; three masks deep, 27 times the offset).
        let root = walk(0)
        let resourceIndices = elements.indices.filter { Self.referencedContent.contains(elements[$0].tag.localName) }
        let resourceLines = resourceIndices.map { walk($0) }
        // (Each line at the enlargement of every other resource that may draw one — a
        // resource's own is in its line; one drawing none, a hatch pattern beside a soft mask,
        // enlarges nothing else: round 112's over-refusal.)
        var drawing: [Bool] = []
        let paints = Self.resourceProperties.map { sheetSelection($0, where: { $0.contains("url(") }) }
        for index in resourceIndices {
            try clock.checkpoint()
            drawing.append(try drawsResources(index, reach, sheets: paints))
        }
        let enlargements = zip(resourceLines, drawing).map { $1 ? max(1, $0.scale) : 1 }.reduce(1, *)
        let resourceReach = zip(resourceLines, drawing).map { enlargements / ($1 ? max(1, $0.scale) : 1) * $0.reach }.reduce(0, +)
        let farthest = root.reach + root.scale * resourceReach
        return farthest.isFinite ? farthest : .greatestFiniteMagnitude
    }

    /// A `filter` value's reach: its `url()`s' filters and its functions', in turn.
    private func reach(of value: String, place: String, known: inout [Int: Double], lowercasedIDs: [String: [Int]]) throws(SVGIconPreflight.Problem) -> Double {
        func unread(_ what: String) -> SVGIconPreflight.Problem {
            SVGIconPreflight.Problem(description: "\(place): \(what), whose reach is not read in plain numbers: librsvg cuts what a filter reads at the icon's box "
                                     + "and a browser does not, so the icon is drawn widened by the reach; write it in plain numbers (or px)")
        }
        var total = 0.0
        for (name, arguments) in Self.functions(in: value) {
            switch name {
            case "url":
                // (A style sheet's values are read in small letters: an id is then matched in any case.)
                guard let id = Self.references(in: "url(\(arguments))").first else { continue }
                let targets = ids[id].map { [$0] } ?? lowercasedIDs[id.lowercased()] ?? []
                var farthest = 0.0
                for target in targets where elements[target].tag.localName == "filter" {
                    guard let filter = reach(ofFilter: target, known: &known) else { throw unread("a filter with primitives in objectBoundingBox units or odd numbers") }
                    farthest = max(farthest, filter)
                }
                total += farthest
            case "blur", "drop-shadow":
                // Lengths in px (or 0); a colour's words and functions are skipped.
                var lengths: [Double] = []
                // (A length from a function, `calc()` or `var()`, is not read.)
                if let computed = Self.words(in: arguments).first(where: { word in ["calc(", "var(", "env(", "min(", "max(", "clamp("].contains { word.lowercased().hasPrefix($0) } }) {
                    throw unread("\(name)(\(Self.short(computed)))")
                }
                for word in Self.words(in: arguments) where word.first.map({ $0.isNumber || "+-.".contains($0) }) ?? false {
                    guard let length = Self.plainNumber(word), length.isFinite else { throw unread("\(name)(\(Self.short(arguments)))") }
                    lengths.append(abs(length))
                }
                total += name == "blur" ? 3 * (lengths.first ?? 0) : (lengths.prefix(2).reduce(0, +) + 3 * (lengths.count > 2 ? lengths[2] : 0))
            case "brightness", "contrast", "grayscale", "hue-rotate", "invert", "opacity", "saturate", "sepia":
                continue
            default:
                throw unread("\(name)()")
            }
        }
        return total
    }

    /// What a `<filter>`'s primitives together may move what they read, in its user units; nil
    /// where a number is not plain or the primitives are in `objectBoundingBox` units.
    private func reach(ofFilter index: Int, known: inout [Int: Double], depth: Int = 0) -> Double? {
        if let value = known[index] { return value }
        let tag = elements[index].tag
        let primitives = elements[index].children.filter { elements[$0].tag.localName.hasPrefix("fe") }
        // A filter without primitives of its own takes those of the one it links to.
        if primitives.isEmpty, depth < 16, let link = tag.attributes.first(where: { Self.isHref($0.name) })?.value.trimmingCharacters(in: .whitespaces),
           link.hasPrefix("#"), let target = ids[String(link.dropFirst())], elements[target].tag.localName == "filter" {
            return reach(ofFilter: target, known: &known, depth: depth + 1)
        }
        let side = iconSide ?? 1
        var total = 0.0
        for primitive in primitives {
            let tag = elements[primitive].tag
            func values(_ name: String, _ otherwise: String) -> [Double]? {
                let numbers = Self.numbers(in: tag.exactAttribute(name) ?? otherwise)
                return numbers.allSatisfy(\.isFinite) ? numbers.map(abs) : nil
            }
            switch tag.localName {
            case "feGaussianBlur":
                guard let deviation = values("stdDeviation", "0") else { return nil }
                total += 3 * (deviation.max() ?? 0)
            case "feOffset":
                guard let dx = values("dx", "0"), let dy = values("dy", "0") else { return nil }
                total += (dx.first ?? 0) + (dy.first ?? 0)
            case "feDropShadow":
                guard let dx = values("dx", "2"), let dy = values("dy", "2"), let deviation = values("stdDeviation", "2") else { return nil }
                total += (dx.first ?? 0) + (dy.first ?? 0) + 3 * (deviation.max() ?? 0)
            case "feMorphology":
                guard let radius = values("radius", "0") else { return nil }
                total += radius.max() ?? 0
            case "feDisplacementMap":
                guard let scale = values("scale", "0") else { return nil }
                total += (scale.first ?? 0) / 2
            case "feConvolveMatrix", "feDiffuseLighting", "feSpecularLighting":
                // A kernel of cells of kernelUnitLength, or of device pixels (taken as a
                // sixteenth of the icon: drawn at 16 px or more).
                guard let order = values("order", tag.localName == "feConvolveMatrix" ? "3" : "1"), let unit = values("kernelUnitLength", "") else { return nil }
                total += (order.max() ?? 1) * (unit.max() ?? side / 16)
            default:
                continue
            }
        }
        if total > 0, tag.exactAttribute("primitiveUnits")?.trimmingCharacters(in: .whitespacesAndNewlines) == "objectBoundingBox" { return nil }
        known[index] = total
        return total
    }

    /// How much each element enlarges what it holds against its parent's units: its own
    /// transform at its largest (and a pattern's), a nested viewport's size against its viewBox
    /// (a `<symbol>` or `<svg>` at its own size or a `<use>`'s), a marker by its viewBox and, in
    /// `strokeWidth` units (the default), by the widest stroke (hostile round 110: a marker
    /// without a viewBox on a 20-unit stroke moved its content 20 times what was counted).
    /// Refused where it cannot be bounded: a filter inside content in `objectBoundingBox` units
    /// (a share of a box not known before drawing), filters inside nested viewports, markers in
    /// stroke widths beside a stroke width not in plain numbers.
    private func localScales(_ declarations: SVGDeclarations) throws(SVGIconPreflight.Problem) -> [Double] {
        let own = ownTransforms()
        let reach = SVGUseReach(self)
        try checkNoFilterInBoxContent(reach)
        try checkNoFilterInNestedViewports(reach)
        var largestViewBox = iconSide ?? 1
        for element in elements {
            try clock.checkpoint()
            let box = Self.numbers(in: element.tag.exactAttribute("viewBox") ?? "")
            if box.count == 4, box.allSatisfy(\.isFinite) { largestViewBox = max(largestViewBox, abs(box[2]), abs(box[3])) }
        }
        let markersInStrokes = elements.contains { $0.tag.localName == "marker" && $0.tag.exactAttribute("markerUnits")?.trimmingCharacters(in: .whitespaces) != "userSpaceOnUse" }
        var widestStroke = 1.0
        if markersInStrokes {
            for declaration in declarations.all where declaration.property == "stroke-width" && !["inherit", "initial", "unset"].contains(declaration.value) {
                guard let width = Self.plainNumber(declaration.value), width.isFinite else {
                    throw SVGIconPreflight.Problem(description: "\(declaration.place) of \(Self.short(declaration.value)), not in plain numbers, in an icon with a filter that "
                                                   + "moves what it reads and markers sized by the stroke: how far the filter reaches cannot be read; write the width in px")
                }
                widestStroke = max(widestStroke, abs(width))
            }
        }
        var scales = [Double](repeating: 1, count: elements.count)
        for (index, element) in elements.enumerated() {
            try clock.checkpoint()
            let tag = element.tag
            scales[index] = own[index].largestScale
            if let transform = tag.exactAttribute("patternTransform") { scales[index] *= Self.largestScale(transform) }
            guard index > 0, ["svg", "symbol", "marker", "pattern"].contains(tag.localName) else { continue }
            let marker = tag.localName == "marker"
            let stroke = marker && tag.exactAttribute("markerUnits")?.trimmingCharacters(in: .whitespaces) != "userSpaceOnUse" ? widestStroke : 1
            var scale = 1.0
            // (Without a viewBox its content is in its parent's units, or the stroke's.)
            let box = Self.numbers(in: tag.exactAttribute("viewBox") ?? "")
            if box.count == 4, box[2] > 0, box[3] > 0, box.allSatisfy(\.isFinite) {
                // Its own size and every <use>'s of it; a size not read is taken as the largest
                // viewport there is (100 % of one).
                let sizes = [(tag.exactAttribute(marker ? "markerWidth" : "width"), tag.exactAttribute(marker ? "markerHeight" : "height"))] + reach.uses(of: index).map { (elements[$0].tag.exactAttribute("width"), elements[$0].tag.exactAttribute("height")) }
                for (width, height) in sizes {
                    let w = width.map { Self.plainNumber($0) ?? largestViewBox } ?? (marker ? 3 : largestViewBox)
                    let h = height.map { Self.plainNumber($0) ?? largestViewBox } ?? (marker ? 3 : largestViewBox)
                    scale = max(scale, abs(w) / box[2], abs(h) / box[3])
                }
            }
            scales[index] *= stroke * scale
        }
        return scales.map { $0.isFinite && $0 >= 0 ? $0 : .greatestFiniteMagnitude }
    }

    /// Refuses a filter inside a nested `<svg>` or `<symbol>`: what lies past the icon's box
    /// there a browser leaves out of the filter's input (its viewport is drawn culled to what
    /// shows), where inside a group or a marker it reads it (hostile round 110: measured,
    /// Chromium draws nothing of a rect moved in from past the box through a symbol, clipped or
    /// not, librsvg widened all of it; from inside the box, both alike). Refused whole: where
    /// the filtered shape lies is not read.
    private func checkNoFilterInNestedViewports(_ reach: SVGUseReach) throws(SVGIconPreflight.Problem) {
        let sheets = sheetSelection("filter", where: { $0 != "none" })
        for (index, element) in elements.enumerated() where index > 0 && ["svg", "symbol"].contains(element.tag.localName) {
            try clock.checkpoint()
            // (A filter on the <svg> itself reads it as its viewport shows it: measured alike.)
            let content = Array(try drawn(from: index, reach).dropFirst())
            if content.contains(where: { filtered($0, sheets) }) {
                throw SVGIconPreflight.Problem(description: "<\(Self.short(element.tag.name))> holding a filter that moves what it reads: what lies past the icon's box "
                                               + "there a browser leaves out of the filter and librsvg, drawn widened, not; filter a group outside it instead")
            }
        }
    }

    /// Refuses a filter on what a mask, pattern or clip path draws in `objectBoundingBox`
    /// content units: its reach is a share of the box of whatever uses it (hostile round 110: a
    /// mask's content moved 12 units counted as half of one).
    private func checkNoFilterInBoxContent(_ reach: SVGUseReach) throws(SVGIconPreflight.Problem) {
        let sheets = sheetSelection("filter", where: { $0 != "none" })
        for (index, element) in elements.enumerated() {
            try clock.checkpoint()
            let tag = element.tag
            let units: String
            switch tag.localName {
            case "mask": units = "maskContentUnits"
            case "pattern" where tag.exactAttribute("viewBox") == nil: units = "patternContentUnits"
            case "clipPath": units = "clipPathUnits"
            default: continue
            }
            guard tag.exactAttribute(units)?.trimmingCharacters(in: .whitespacesAndNewlines) == "objectBoundingBox" else { continue }
            let content = try drawn(from: index, reach)
            if content.contains(where: { filtered($0, sheets) }) {
                throw SVGIconPreflight.Problem(description: "<\(Self.short(tag.name))> in objectBoundingBox content units holding a filter that moves what it reads: its "
                                               + "reach is a share of a box not known before drawing, and librsvg cuts what it reads at the icon's box; use userSpaceOnUse")
            }
        }
    }

    /// Whether what a resource draws may draw another resource: a paint, mask, clip path or
    /// marker by `url()`, its own or a style sheet's.
    /// `sheets`: what the style sheets' rules giving `resourceProperties` a `url()` may select.
    private func drawsResources(_ index: Int, _ reach: SVGUseReach, sheets: [SheetSelection]) throws(SVGIconPreflight.Problem) -> Bool {
        try drawn(from: index, reach).dropFirst().contains { at in
            let tag = elements[at].tag
            return Self.resourceProperties.contains { Self.declared($0, on: tag)?.contains("url(") ?? false } || sheets.contains { $0.mayMatch(tag, root: false) }
        }
    }

    /// The properties by which an element draws another resource.
    private static let resourceProperties = ["fill", "stroke", "mask", "clip-path", "marker", "marker-start", "marker-mid", "marker-end"]

    /// Whether the element has a filter of its own or a style sheet's may give it one (the
    /// sheets' selection read once by the caller).
    private func filtered(_ index: Int, _ sheets: SheetSelection) -> Bool {
        let tag = elements[index].tag
        return Self.sets("filter", on: tag) || sheets.mayMatch(tag, root: index == 0)
    }

    /// The functions of a CSS value, `name(arguments)`, in order (nested parentheses kept in
    /// their arguments: `drop-shadow(1px 1px rgb(0 0 0))`).
    static func functions(in value: String) -> [(name: String, arguments: String)] {
        var found: [(String, String)] = []
        var name = "", arguments = "", depth = 0
        for character in value {
            if depth == 0 {
                if character == "(" {
                    depth = 1
                    arguments = ""
                } else if character.isLetter || character == "-" || character.isNumber {
                    name.append(character)
                } else {
                    name = ""
                }
            } else if character == "(" {
                depth += 1
                arguments.append(character)
            } else if character == ")" {
                depth -= 1
                if depth == 0 {
                    found.append((name.lowercased(), arguments))
                    name = ""
                } else {
                    arguments.append(character)
                }
            } else {
                arguments.append(character)
            }
        }
        // A function left open at the end of the value is closed there, as CSS closes it (round
        // 113: `filter="url(#b"` was applied by librsvg and counted nothing here).
        if depth > 0, !name.isEmpty { found.append((name.lowercased(), arguments)) }
        return found
    }

    /// The words of a function's arguments at its own depth (a nested function is one word).
    private static func words(in arguments: String) -> [String] {
        var words: [String] = [], word = "", depth = 0
        for character in arguments {
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if depth == 0, character.isWhitespace || character == "," {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { words.append(word) }
        return words
    }
}
