/// A `<symbol>` is drawn inside the viewport its `<use>` gives it. A browser clips what it draws
/// past that viewport unless the symbol's `overflow` is `visible` or `auto` (its style sheet hides
/// a symbol's overflow). librsvg 2.54 reads that backwards: it clips when the symbol's overflow
/// is `visible` or `auto` (or the use's is `hidden` or `scroll`), and then to the symbol's
/// `viewBox` rather than the viewport, so an icon whose symbol reaches past its `viewBox` came out
/// larger with exit 0, and one written `overflow="visible"` came out cut.
///
/// The preflight gives librsvg the browser's picture by setting `overflow` attributes, nothing
/// else (hostile round 72: added elements changed what `:last-child` and ids select): where a
/// browser clips, `visible` on a symbol whose overflow is not written, or `hidden` on the use,
/// under which librsvg clips to the `viewBox` — the viewport itself when the two have one shape,
/// which is required then — and `auto` on the use where a browser does not, under which librsvg
/// never clips.
///
/// What would make that wrong is refused rather than guessed: a clipped symbol without a
/// `viewBox` (librsvg has nothing to clip to), or whose `viewBox` has another shape than the
/// viewport (or a viewport not known: a percentage inside a marker, pattern, mask or nested
/// viewport), a style sheet that may set a symbol's or use's `overflow`, or that selects by
/// attribute in an icon whose uses get one, and `overflow` values other than `visible`,
/// `auto`, `hidden` and `scroll`.
extension SVGIconPreflight.Document {
    mutating func clipSymbolViewports() throws(SVGIconPreflight.Problem) {
        // Each symbol's overflow as written (nil: the browser's default, hidden).
        var symbols: [Int: String?] = [:]
        for (index, element) in elements.enumerated() where element.tag.localName == "symbol" {
            try clock.checkpoint()
            symbols[index] = try Self.overflow(of: element.tag)
        }
        let uses = elements.indices.compactMap { index -> (use: Int, symbol: Int)? in
            let tag = elements[index].tag
            guard tag.localName == "use" else { return nil }
            for attribute in tag.attributes where Self.isHref(attribute.name) && attribute.value.hasPrefix("#") {
                if let target = ids[String(attribute.value.dropFirst())], symbols[target] != nil { return (index, target) }
            }
            return nil
        }
        try checkSymbolsOwnEffects(symbols: symbols.keys.sorted())
        guard !uses.isEmpty else { return }
        if sheetsMayApply("overflow", to: symbols.keys.sorted().map { elements[$0] } + uses.map { elements[$0.use] }) {
            throw SVGIconPreflight.Problem(description: "a style sheet may set the overflow of a <symbol> or of a <use> of one, which librsvg reads otherwise "
                                           + "than a browser; write overflow as the symbol's attribute")
        }
        var added: [(position: Int, bytes: [UInt8])] = []
        // A symbol a browser clips, its overflow not written, is given `visible` (read backwards,
        // librsvg then clips under a use's own default or `visible`: Illustrator writes its uses
        // `style="overflow:visible"`, hostile round 74); the use is told otherwise only where
        // that is not enough.
        var toldVisible = Set<Int>()
        for (index, overflow) in symbols where overflow == nil && Set(uses.map(\.symbol)).contains(index) {
            let tag = elements[index].tag
            if Self.declared("overflow", on: tag) == nil {
                toldVisible.insert(index)
                added.append((tag.nameRange.upperBound, Array(" overflow=\"visible\"".utf8)))
            }
        }
        // What inherits a symbol's overflow inside it would inherit the `visible` told to
        // librsvg (a browser's is hidden): refused (hostile round 75).
        for index in elements.indices where Self.declared("overflow", on: elements[index].tag)?.lowercased() == "inherit" {
            try clock.checkpoint()
            var ancestor = elements[index].parent
            while let at = ancestor, !toldVisible.contains(at) { ancestor = elements[at].parent }
            if ancestor != nil {
                throw SVGIconPreflight.Problem(description: "<\(Self.short(elements[index].tag.name)) overflow=\"inherit\"> inside a <symbol>, whose overflow "
                                               + "librsvg reads otherwise than a browser; write visible or hidden")
            }
        }
        for (use, symbol) in uses {
            let tag = elements[use].tag
            let place = "<\(Self.short(tag.name))\(tag.exactAttribute("id").map { " id=\"\(Self.short($0))\"" } ?? "")>"
            let symbolOverflow = symbols[symbol] ?? nil
            let browserClips = symbolOverflow != "visible" && symbolOverflow != "auto"
            try checkEffects(on: use, clipped: browserClips, place: place)
            if !browserClips, ["width", "height"].contains(where: { Self.plainNumber(tag.exactAttribute($0)) == 0 }) {
                throw SVGIconPreflight.Problem(description: "\(place) of a <symbol> at a width or height of 0, whose drawing a browser shows (its overflow "
                                               + "is visible) and librsvg does not; give the use a size")
            }
            if browserClips { try checkViewBoxIsViewport(symbol: symbol, use: use, place: place) }
            // What librsvg does with the use's overflow as written (see the type's comment),
            // given the symbol's overflow as librsvg now reads it.
            let written = try Self.overflow(of: tag) ?? "visible"
            let librsvgSymbolShows = !browserClips || toldVisible.contains(symbol)
            let librsvgClips = written == "hidden" || written == "scroll" || (written == "visible" && librsvgSymbolShows)
            guard librsvgClips != browserClips else { continue }
            let wanted = browserClips ? "hidden" : "auto"
            if Self.declared("overflow", on: tag) == nil {
                added.append((tag.nameRange.upperBound, Array(" overflow=\"\(wanted)\"".utf8)))
            } else if tag.exactAttribute("style") == nil {
                added.append((tag.nameRange.upperBound, Array(" style=\"overflow:\(wanted)\"".utf8)))
            } else {
                throw SVGIconPreflight.Problem(description: "\(place) of a <symbol> with overflow \(written) in a style attribute, which librsvg reads otherwise "
                                               + "than a browser; leave it out")
            }
        }
        if !added.isEmpty, styleSheets.contains(where: { Self.selectorText(of: $0).contains("[") }) {
            throw SVGIconPreflight.Problem(description: "a style sheet selects by attribute in an icon whose <use> of a <symbol> Tabsnap gives an overflow "
                                           + "(librsvg reads a symbol's overflow backwards); select by class")
        }
        insertions += added
    }

    /// librsvg clips a symbol to its `viewBox`, a browser to the use's viewport: the same when
    /// the two have one shape (or the symbol stretches, `preserveAspectRatio="none"`).
    private func checkViewBoxIsViewport(symbol: Int, use: Int, place: String) throws(SVGIconPreflight.Problem) {
        let symbolTag = elements[symbol].tag
        let box = SVGIconPreflight.Document.numbers(in: symbolTag.exactAttribute("viewBox") ?? "")
        guard box.count == 4, box[2] > 0, box[3] > 0 else {
            // librsvg does not clip then; the same when the viewport is the whole icon.
            if viewportIsTheIcon(use) { return }
            throw SVGIconPreflight.Problem(description: "\(place) of a <symbol> without a viewBox, which a browser clips to the use's viewport and librsvg "
                                           + "does not clip; give the symbol a viewBox")
        }
        if Self.aspect(symbolTag.exactAttribute("preserveAspectRatio"))?.hasPrefix("none") == true { return }
        guard let width = viewportLength("width", of: use, rootIndex: 2), let height = viewportLength("height", of: use, rootIndex: 3) else {
            throw SVGIconPreflight.Problem(description: "\(place) of a <symbol> whose viewport Tabsnap cannot tell (write width and height in plain numbers): "
                                           + "librsvg clips the symbol to its viewBox, a browser to the viewport")
        }
        // A use of no area draws nothing in either.
        if width <= 0 || height <= 0 || abs(width / height - box[2] / box[3]) <= 1e-6 * box[2] / box[3] { return }
        throw SVGIconPreflight.Problem(description: "\(place) of a <symbol> whose viewBox has another shape than the use's width and height: librsvg "
                                       + "clips the symbol to its viewBox, a browser to the viewport; give the use the viewBox's proportions")
    }

    /// Whether the use's viewport is the icon's own: at 0, 0, of the whole outermost viewport,
    /// nothing between moving it (no transform attribute on the use or above it, no style sheet
    /// declaring one), and that viewport all the icon shows (`showsItsViewportOnly`).
    private func viewportIsTheIcon(_ use: Int) -> Bool {
        guard showsItsViewportOnly() else { return false }
        let tag = elements[use].tag
        // Drawn by another <use> (of it or of what holds it), it is moved by that one too.
        var chain: Set<String> = []
        var holder: Int? = use
        while let at = holder { if let id = elements[at].tag.exactAttribute("id") { chain.insert(id) }; holder = elements[at].parent }
        let referred = elements.contains { element in
            element.tag.localName == "use" && element.tag.attributes.contains { Self.isHref($0.name) && chain.contains(String($0.value.trimmingCharacters(in: .whitespaces).dropFirst())) }
        }
        if referred { return false }
        guard ["x", "y"].allSatisfy({ tag.exactAttribute($0) == nil || Self.plainNumber(tag.exactAttribute($0)) == 0 }),
              ["width", "height"].allSatisfy({ ["100%", "auto", nil].contains(tag.exactAttribute($0)?.trimmingCharacters(in: .whitespaces)) }),
              viewportLength("width", of: use, rootIndex: 2) != nil, !styleSheets.contains(where: { $0.lowercased().contains("transform") })
        else { return false }
        var index: Int? = use
        while let current = index, current != 0 {
            let element = elements[current]
            if element.tag.exactAttribute("transform") != nil || Self.styleDeclares("transform", in: element.tag) != nil { return false }
            index = element.parent
        }
        return true
    }

    /// Whether what the icon shows is its outermost viewBox (or, without one, its width and
    /// height, stretched) and no more: a square at 0, 0, in a square. An icon is drawn in a square, and a
    /// browser clips it to that square, not to its viewBox: a viewBox of another shape shows
    /// user space beside it, and one not at 0, 0 (`-12 -12 24 24`) puts a use's 100% viewport,
    /// which starts at 0, 0, elsewhere (hostile round 106: a symbol without a viewBox drawn whole
    /// where a browser cut it to a band, or to a quarter).
    private func showsItsViewportOnly() -> Bool {
        let root = elements[0].tag
        let width = root.exactAttribute("width")?.trimmingCharacters(in: .whitespacesAndNewlines)
        let height = root.exactAttribute("height")?.trimmingCharacters(in: .whitespacesAndNewlines)
        let box = SVGIconPreflight.Document.numbers(in: root.exactAttribute("viewBox") ?? "")
        if box.count == 4 {
            // A square viewBox at 0, 0 in a square: sizes written alike (`24`, `100%`, `1em`),
            // or one or none (the other follows the viewBox).
            guard box[0] == 0, box[1] == 0, box[2] > 0, box[2] == box[3] else { return false }
            if let width, let height { return width == height || Self.plainNumber(width).map { $0 == Self.plainNumber(height) } == true }
            return true
        }
        // Without a viewBox the user space is stretched into the square (`SVGRootStretch`): a
        // use of 100 % covers what is shown.
        return width.flatMap { Self.plainNumber($0) }.map { $0 > 0 } == true && height.flatMap { Self.plainNumber($0) }.map { $0 > 0 } == true
    }

    /// The use's width or height in user units: as written (plain numbers), or a percentage
    /// (100% when not written, or `auto`) of the outermost viewport when nothing between
    /// establishes another; nil when not known.
    private func viewportLength(_ name: String, of use: Int, rootIndex: Int) -> Double? {
        let written = elements[use].tag.exactAttribute(name)?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "auto"
        if let number = Self.plainNumber(written) { return number }
        let fraction: Double
        if written == "auto" { fraction = 1 } else if written.hasSuffix("%"), let percent = Double(written.dropLast()) { fraction = percent / 100 } else { return nil }
        var ancestor = elements[use].parent
        while let index = ancestor {
            if index != 0, ["svg", "symbol", "marker", "pattern", "mask", "clipPath"].contains(String(elements[index].tag.localName)) { return nil }
            ancestor = elements[index].parent
        }
        let root = elements[0].tag
        let box = SVGIconPreflight.Document.numbers(in: root.exactAttribute("viewBox") ?? "")
        if box.count == 4 { return fraction * box[rootIndex] }
        return Self.plainNumber(root.exactAttribute(name)).map { fraction * $0 }
    }

    /// A transform, clip path, mask or filter on a symbol: a browser applies them (SVG 2),
    /// librsvg 2.54 does not.
    private func checkSymbolsOwnEffects(symbols: [Int]) throws(SVGIconPreflight.Problem) {
        for property in ["transform", "clip-path", "mask", "filter"] {
            for index in symbols {
                let tag = elements[index].tag
                if Self.sets(property, on: tag) {
                    throw SVGIconPreflight.Problem(description: "<\(Self.short(tag.name)) \(property)>: a browser applies it to the symbol (SVG 2), librsvg does not; "
                                                   + "put it on the <use>")
                }
            }
            if sheetsMayApply(property, where: { $0 != "none" }, to: symbols.map { elements[$0] }) {
                throw SVGIconPreflight.Problem(description: "a style sheet may give a <symbol> a \(property), which a browser applies (SVG 2) and librsvg does not; "
                                               + "put it on the <use>")
            }
        }
    }

    /// A mask, filter or clip path on a use of a symbol: librsvg does not move them by the use's `x` and
    /// `y` (a browser does), and filters a clipped symbol otherwise (measured against Chromium).
    private func checkEffects(on use: Int, clipped: Bool, place: String) throws(SVGIconPreflight.Problem) {
        let tag = elements[use].tag
        let moved = ["x", "y"].contains { tag.exactAttribute($0) != nil && Self.plainNumber(tag.exactAttribute($0)) != 0 }
        for property in ["mask", "filter", "clip-path"] where moved || (property == "filter" && clipped) {
            if Self.sets(property, on: tag) || sheetsMayApply(property, where: { $0 != "none" }, to: [elements[use]]) {
                throw SVGIconPreflight.Problem(description: "\(place) of a <symbol> with a \(property), which librsvg places otherwise than a browser "
                                               + "(not moved by the use's x and y, nor filtered as clipped); put it on a group around the <use>")
            }
        }
    }

    /// A symbol's or use's overflow as written (style attribute first, then presentation
    /// attribute), in small letters, or nil.
    private static func overflow(of tag: SVGScanner.Tag) throws(SVGIconPreflight.Problem) -> String? {
        guard let written = declared("overflow", on: tag) else { return nil }
        let value = written.lowercased().replacingOccurrences(of: "!important", with: "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard ["visible", "auto", "hidden", "scroll"].contains(value) else {
            throw SVGIconPreflight.Problem(description: "<\(short(tag.name)) overflow=\"\(short(written))\">: write visible, auto, hidden or scroll")
        }
        return value
    }
}
