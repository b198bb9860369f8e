import Foundation
import TabsnapModel

/// An icon drawn into a viewport widened by its filters' reach (`SVGFilterReach`): librsvg cuts
/// what a filter reads at the viewport it is given, so it gets one larger by the reach on every
/// side, with the viewBox widened alike (`preserveAspectRatio="none"`: the same mapping of user
/// units to the box), and the painter clips back to the icon's box. Percentages of the viewport
/// would change with it, so an icon needing this holds none (`checkNoViewportPercentages`).
struct SVGWideViewport {
    /// The root's viewBox as drawn (its own, or its width and height).
    var viewBox: Rect
    /// Where the viewBox sits in a box of another shape (0, ½, 1 of the room left on each
    /// axis); nil: stretched (`none`).
    var align: (x: Double, y: Double)?
    /// `slice` rather than `meet`.
    var slice = false
    /// The filters' reach, in root user units.
    var reach: Double
    /// The icon's bytes with the root's own fit renamed away, and where the widened one goes.
    var bytes: [UInt8]
    var fitAt: Int

    /// The user-space rectangle `frame` shows (the viewBox, or more where the box is of another
    /// shape), widened by the reach, and the viewport that maps it where `frame` maps the icon.
    /// `devicePerUnit`: device pixels per unit of `frame` on each axis. The widening is whole
    /// device pixels: a viewport shifted by part of one moves librsvg's filter surfaces off the
    /// pixel grid, and their picture is resampled (system cursor icons' shadowed text came out
    /// blurred at a half pixel).
    func placement(in frame: Rect, devicePerUnit: (x: Double, y: Double) = (1, 1)) -> (viewBox: Rect, viewport: Rect) {
        let (shown, scaleX, scaleY) = shownRect(in: frame)
        // The margin in frame units, up to whole device pixels, and in user units.
        func margin(_ scale: Double, _ device: Double) -> (frame: Double, user: Double) {
            guard device > 0, device.isFinite, scale > 0 else { return (reach * scale, reach) }
            let frame = (reach * scale * device - 1e-9).rounded(.up) / device
            return (frame, frame / scale)
        }
        let (x, y) = (margin(scaleX, devicePerUnit.x), margin(scaleY, devicePerUnit.y))
        let wide = Rect(x: shown.x - x.user, y: shown.y - y.user, width: shown.width + 2 * x.user, height: shown.height + 2 * y.user)
        let viewport = Rect(x: frame.x - x.frame, y: frame.y - y.frame, width: frame.width + 2 * x.frame, height: frame.height + 2 * y.frame)
        return (wide, viewport)
    }

    /// The user-space rectangle `frame` shows (the viewBox, or more where the box is of another
    /// shape), and frame units per user unit on each axis.
    func shownRect(in frame: Rect) -> (shown: Rect, scaleX: Double, scaleY: Double) {
        var scaleX = frame.width / viewBox.width, scaleY = frame.height / viewBox.height
        var shown = viewBox
        if let align {
            let scale = slice ? max(scaleX, scaleY) : min(scaleX, scaleY)
            (scaleX, scaleY) = (scale, scale)
            shown = Rect(x: viewBox.x - align.x * (frame.width / scale - viewBox.width), y: viewBox.y - align.y * (frame.height / scale - viewBox.height),
                         width: frame.width / scale, height: frame.height / scale)
        }
        return (shown, scaleX, scaleY)
    }

    /// The viewport that maps `wide`, a widened viewBox holding what `frame` shows by the reach
    /// at least, where `frame` maps the icon (nil when it does not hold that much): a handle
    /// made for another size drawn at this one (`WideIcon`).
    func viewport(mapping wide: Rect, in frame: Rect) -> Rect? {
        let (shown, scaleX, scaleY) = shownRect(in: frame)
        let slack = 1e-9 * max(abs(shown.width), abs(shown.height), 1)
        guard wide.x <= shown.x - reach + slack, wide.y <= shown.y - reach + slack, wide.x + wide.width >= shown.x + shown.width + reach - slack,
              wide.y + wide.height >= shown.y + shown.height + reach - slack else { return nil }
        // Nor much more: a handle kept from a box of another shape would draw a viewport many
        // times the box (review of stop 64: 125 000 px for a square box after a 2000 × 16 one).
        let most = max(3 * reach, max(shown.width, shown.height) / 4) + slack
        guard shown.x - wide.x <= most, shown.y - wide.y <= most, wide.x + wide.width - shown.x - shown.width <= most,
              wide.y + wide.height - shown.y - shown.height <= most else { return nil }
        return Rect(x: frame.x - (shown.x - wide.x) * scaleX, y: frame.y - (shown.y - wide.y) * scaleY, width: wide.width * scaleX, height: wide.height * scaleY)
    }

    /// The icon with `viewBox` as its root's, stretched to whatever viewport it is given.
    func document(showing viewBox: Rect) -> [UInt8] {
        let fit = " viewBox=\"\(viewBox.x) \(viewBox.y) \(viewBox.width) \(viewBox.height)\" preserveAspectRatio=\"none\""
        return Array(bytes[..<fitAt]) + Array(fit.utf8) + Array(bytes[fitAt...])
    }
}

extension SVGIconPreflight.Document {
    /// The wide viewport the icon is drawn in when its filters reach `reach` (root user units),
    /// nil when they move nothing. Refused where it cannot be written: a root without a viewBox
    /// or a size in pixels, an aspect ratio not read, percentages of the viewport.
    func wideViewport(reach: Double) throws(SVGIconPreflight.Problem) -> SVGWideViewport? {
        guard reach > 0 else { return nil }
        let root = elements[0].tag
        let why = "a filter that moves what it reads (an offset, a blur, a shadow), which librsvg cuts at the icon's box and a browser does not: the icon is "
            + "drawn widened by its reach"
        var box = Self.numbers(in: root.exactAttribute("viewBox") ?? "")
        var aspect = Self.aspect(root.exactAttribute("preserveAspectRatio")) ?? "xMidYMid meet"
        if let stretch = rootStretch {
            (box, aspect) = ([0, 0, stretch.width, stretch.height], "none")
        } else if root.exactAttribute("viewBox") == nil, let width = Self.plainNumber(root.exactAttribute("width")), let height = Self.plainNumber(root.exactAttribute("height")) {
            box = [0, 0, width, height]
        }
        guard box.count == 4, box.allSatisfy(\.isFinite), box[2] > 0, box[3] > 0 else {
            throw SVGIconPreflight.Problem(description: "\(why), which needs a viewBox (or a width and height in px); give the icon a viewBox")
        }
        // Too far, and the widened drawing costs what the icon does not show. (Against the
        // shorter side: the margin is then at most twice the box on each axis, whatever the
        // viewBox's shape and fit; against the longer, a viewBox 1 by 10^19 stretched made a
        // margin of 10^19 pixels.)
        guard reach <= 2 * min(box[2], box[3]) else {
            throw SVGIconPreflight.Problem(description: "\(why); its filters may reach \(SVGNumber.format(reach)) units, past twice the icon's shorter side "
                                           + "(at the largest scale anything in it is drawn at); move less, or draw the effect")
        }
        let words = aspect.split(separator: " ").filter { $0 != "defer" }
        var wide = SVGWideViewport(viewBox: Rect(x: box[0], y: box[1], width: box[2], height: box[3]), align: nil, reach: reach, bytes: [], fitAt: 0)
        let alignments = ["xmin": 0.0, "xmid": 0.5, "xmax": 1.0]
        if let first = words.first.map({ $0.lowercased() }), first != "none" {
            guard first.count == 8, let x = alignments[String(first.prefix(4))], let y = alignments["x" + String(first.dropFirst(5))],
                  first.dropFirst(4).hasPrefix("y"), words.count <= 2, ["meet", "slice"].contains(words.last.map { $0.lowercased() } ?? "meet") || words.count == 1 else {
                throw SVGIconPreflight.Problem(description: "\(why), which needs its preserveAspectRatio read; write one of xMidYMid meet, none and the like")
            }
            wide.align = (x, y)
            wide.slice = words.count == 2 && words[1].lowercased() == "slice"
        }
        let defaults = try checkNoViewportPercentages(why, viewBox: (box[2], box[3]))
        // An attribute selector would see the root's fit renamed.
        if styleSheets.contains(where: { Self.selectorText(of: $0).contains("[") }) {
            throw SVGIconPreflight.Problem(description: "a style sheet selects by attribute in an icon with \(why), its viewBox written anew; select by class")
        }
        (wide.bytes, wide.fitAt) = rewrittenWithoutTheRootsFit(adding: defaults)
        return wide
    }

    /// Refuses lengths in percentages of a viewport (they would follow the widened viewBox):
    /// `x="10%"` and the like, and strokes; not a gradient's or a region's in
    /// `objectBoundingBox` units (fractions of a box), nor the root's own size. Lengths left to
    /// a default in percent too (review of stop 64): a nested `<svg>`'s or a used `<symbol>`'s
    /// size (100 %) is refused; a `userSpaceOnUse` gradient's end (`x2`, `cx`, `cy`, `r`) and
    /// region (a filter's or mask's −10 %, 120 %) are written in user units of the icon's own
    /// viewBox (`viewBox`: its width and height) — the edits returned — where no nested
    /// viewport could be theirs (Inkscape's filters leave their size to the default), else
    /// refused.
    private func checkNoViewportPercentages(_ why: String, viewBox: (width: Double, height: Double)) throws(SVGIconPreflight.Problem) -> [(Int, Int, [UInt8])] {
        var edits: [(Int, Int, [UInt8])] = []
        let nested = elements.indices.contains { $0 > 0 && ["svg", "symbol"].contains(elements[$0].tag.localName) }
        let (w, h) = viewBox
        let written: [String: Double] = ["x": -0.1 * w, "y": -0.1 * h, "width": 1.2 * w, "height": 1.2 * h, "x2": w, "cx": w / 2, "cy": h / 2,
                                         "r": ((w * w + h * h) / 2).squareRoot() / 2]
        func refuse(_ tag: SVGScanner.Tag, _ what: String) -> SVGIconPreflight.Problem {
            SVGIconPreflight.Problem(description: "<\(Self.short(tag.name))> without \(what), which is a percentage of the viewport, in an icon with \(why) (its "
                                     + "viewBox widened too); write it in user units")
        }
        let defaults: [String: [String]] = ["linearGradient": ["x2"], "radialGradient": ["cx", "cy", "r"], "filter": ["x", "y", "width", "height"],
                                            "mask": ["x", "y", "width", "height"]]
        let unitsOfDefaults = ["linearGradient": "gradientUnits", "radialGradient": "gradientUnits", "filter": "filterUnits", "mask": "maskUnits"]
        // What `url(#…)`s name anywhere (attributes, style sheets).
        var used = Set<String>()
        for element in elements { for attribute in element.tag.attributes where !Self.isHref(attribute.name) { used.formUnion(Self.references(in: attribute.value)) } }
        for sheet in styleSheets { used.formUnion(Self.references(in: sheet)) }
        /// An attribute of a resource, or of the one its href names, down a chain of them.
        func linked(_ index: Int, _ attribute: String) -> String? {
            var at = index
            for _ in 0..<16 {
                if let value = elements[at].tag.exactAttribute(attribute) { return value }
                guard let link = elements[at].tag.attributes.first(where: { Self.isHref($0.name) })?.value.trimmingCharacters(in: .whitespaces),
                      link.hasPrefix("#"), let next = ids[String(link.dropFirst())], elements[next].tag.localName == elements[index].tag.localName
                        || (["linearGradient", "radialGradient"].contains(elements[next].tag.localName) && ["linearGradient", "radialGradient"].contains(elements[index].tag.localName)) else { return nil }
                at = next
            }
            return nil
        }
        // Which resources link to each (their href names it), read once.
        var linkers: [Int: [Int]] = [:]
        for (index, element) in elements.enumerated() where ["linearGradient", "radialGradient", "filter", "mask", "pattern"].contains(element.tag.localName) {
            guard let link = element.tag.attributes.first(where: { Self.isHref($0.name) })?.value.trimmingCharacters(in: .whitespaces),
                  link.hasPrefix("#"), let target = ids[String(link.dropFirst())] else { continue }
            linkers[target, default: []].append(index)
        }
        let reach = SVGUseReach(self)
        for (index, element) in elements.enumerated() where index > 0 {
            let tag = element.tag
            let name = String(tag.localName)
            // (What a gradient leaves out it takes from the one its href names: Inkscape's hold
            // only stops, used through others giving the ends. Only what paints or filters counts.)
            if let units = unitsOfDefaults[name], used.contains(tag.exactAttribute("id") ?? ""),
               linked(index, units)?.trimmingCharacters(in: .whitespacesAndNewlines) == "userSpaceOnUse",
               let missing = defaults[name]?.filter({ linked(index, $0) == nil }), let first = missing.first {
                guard !nested else { throw refuse(tag, first) }
                // A gradient linking to this one without the attribute reads what is written
                // too: in its units, which must be the same (round 111: an objectBoundingBox
                // gradient took 24 for x2 as 24 boxes).
                var reading = linkers[index] ?? [], seen = Set(reading)
                while let linker = reading.popLast() {
                    guard missing.contains(where: { elements[linker].tag.exactAttribute($0) == nil }) else { continue }
                    if linked(linker, units)?.trimmingCharacters(in: .whitespacesAndNewlines) != "userSpaceOnUse" { throw refuse(elements[linker].tag, first) }
                    for next in linkers[linker] ?? [] where seen.insert(next).inserted { reading.append(next) }
                }
                let added = missing.map { " \($0)=\"\(SVGNumber.format(written[$0] ?? 0))\"" }.joined()
                edits.append((tag.nameRange.upperBound, 0, Array(added.utf8)))
            }
            if name == "svg" || name == "symbol" {
                // Sized by itself, or by each <use> of it (a symbol only where used).
                let sizers = name == "svg" ? [tag] : reach.uses(of: index).map { elements[$0].tag }.map { use in
                    var sized = use
                    for size in ["width", "height"] where use.exactAttribute(size) == nil { if let own = tag.exactAttribute(size) { sized.attributes.append((size, own)) } }
                    return sized
                }
                for sizer in sizers {
                    if let missing = ["width", "height"].first(where: { sizer.exactAttribute($0) == nil }) { throw refuse(tag, missing) }
                }
            }
        }
        // (A radial gradient's focus and focal radius are lengths of the viewport too, round 113.)
        let lengthAttributes = Self.lengthAttributes.union(["fx", "fy", "fr"])
        let unitsOf = ["linearGradient": "gradientUnits", "radialGradient": "gradientUnits", "filter": "filterUnits", "mask": "maskUnits", "pattern": "patternUnits"]
        let strokes = ["stroke-width", "stroke-dasharray", "stroke-dashoffset"]
        for (index, element) in elements.enumerated() where index > 0 {
            let tag = element.tag
            let name = String(tag.localName)
            let inBox: Bool
            if let units = unitsOf[name] {
                // (Units and lengths as the href chain gives them: a userSpaceOnUse gradient
                // takes `x2="50%"` from one in box units, review of stop 64.)
                inBox = (linked(index, units)?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "objectBoundingBox") == "objectBoundingBox"
                if !inBox, let inherited = lengthAttributes.sorted().first(where: { linked(index, $0)?.contains("%") ?? false }) {
                    throw SVGIconPreflight.Problem(description: "<\(Self.short(tag.name)) \(inherited)> in percent (its own or through its href) in an icon with \(why) (its viewBox "
                                                   + "widened too); write it in user units")
                }
            } else if name.hasPrefix("fe"), let filter = element.parent {
                inBox = elements[filter].tag.exactAttribute("primitiveUnits")?.trimmingCharacters(in: .whitespacesAndNewlines) == "objectBoundingBox"
            } else {
                inBox = false
            }
            let lengths = inBox ? [] : lengthAttributes.subtracting(["font-size"] + strokes)
            for property in lengths.union(strokes) where Self.declared(property, on: tag)?.contains("%") ?? false {
                throw SVGIconPreflight.Problem(description: "<\(Self.short(tag.name)) \(property)> in percent in an icon with \(why) (its viewBox widened too); "
                                               + "write it in user units")
            }
        }
        for property in lengthAttributes.subtracting(["font-size"]).sorted() where sheetsMayApply(property, where: { $0.contains("%") }, to: elements) {
            throw SVGIconPreflight.Problem(description: "a style sheet's \(property) in percent in an icon with \(why) (its viewBox widened too); write it in user units")
        }
        return edits
    }
}
