/// A `<symbol>` is drawn inside the viewport its `<use>` gives it. A browser clips what it draws
/// past that viewport unless the symbol's `overflow` is `visible` or `auto` (its style sheet hides
/// a symbol's overflow). librsvg 2.54 reads that backwards: it clips when the symbol's overflow
/// is `visible` or `auto` (or the use's is `hidden` or `scroll`), and then to the symbol's
/// `viewBox` rather than the viewport, so an icon whose symbol reaches past its `viewBox` came out
/// larger with exit 0, and one written `overflow="visible"` came out cut.
///
/// The preflight gives librsvg the browser's picture. Each `<use>` of a symbol gets
/// `overflow="auto"` where librsvg would clip by itself (under which it never does), and, where a
/// browser clips, a clip path of the viewport, added before the icon's last end tag: the
/// rectangle of the use's `x`, `y`, `width` and `height` (100% where not written) in the use's
/// own user space — librsvg does not move a use's clip path by its `x` and `y` (a browser does,
/// which is why only librsvg gets the rewritten bytes).
///
/// What would make that wrong is refused rather than guessed: a use of a clipped symbol with a
/// clip path of its own, a style sheet that may set a symbol's or use's `overflow` or a use's
/// `clip-path`, or that may style the added `<clipPath>` or `<rect>`, lengths other than plain
/// numbers, and `overflow` values other than `visible`, `auto`, `hidden` and `scroll`.
extension SVGIconPreflight.Document {
    /// The properties a style sheet could give the added clip path's rectangle that change the
    /// area it clips.
    private static let clipGeometry = ["transform", "translate", "rotate", "scale", "display", "visibility", "x", "y", "width", "height", "rx", "ry",
                                       "clip-path", "clip-rule", "mask", "filter"]

    mutating func clipSymbolViewports() throws(SVGIconPreflight.Problem) {
        // Each symbol's overflow as written (nil: the browser's default, hidden).
        var symbols: [Int: String?] = [:]
        for (index, element) in elements.enumerated() where element.tag.localName == "symbol" {
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
        let browserClips = uses.filter { use in
            guard case let written?? = symbols[use.symbol] else { return true }
            return written != "visible" && written != "auto"
        }
        if sheetsMayApply("clip-path", to: browserClips.map { elements[$0.use] }) {
            throw SVGIconPreflight.Problem(description: "a style sheet may give a <use> of a <symbol> a clip path, which would take the place of the symbol's "
                                           + "viewport (a browser clips to both, librsvg to neither unless told); put the clip path on a group around the <use>")
        }
        if !browserClips.isEmpty, Self.clipGeometry.contains(where: { sheetsMayDeclare($0, matching: ["rect", "clippath"], root: false) }) {
            throw SVGIconPreflight.Problem(description: "a style sheet may style every <rect> or <clipPath> (by type, *, or no type, id or class) in an icon "
                                           + "whose <symbol> Tabsnap clips to its viewport as a browser does; select by class")
        }
        let prefix = elements[0].tag.name.split(separator: ":", omittingEmptySubsequences: false).dropLast().map { $0 + ":" }.joined()
        var clips = "", id = 0
        for (use, symbol) in uses {
            let tag = elements[use].tag
            let place = "<\(Self.short(tag.name))\(tag.exactAttribute("id").map { " id=\"\(Self.short($0))\"" } ?? "")>"
            try checkEffects(on: use, clipped: browserClips.contains { $0.use == use }, place: place)
            var inserted = try Self.librsvgClipsItself(use: tag, symbolOverflow: symbols[symbol] ?? nil, place: place)
            if browserClips.contains(where: { $0.use == use }) {
                if tag.attributes.contains(where: { $0.name.split(separator: ":").last == "clip-path" }) || Self.styleDeclares("clip-path", in: tag) != nil {
                    throw SVGIconPreflight.Problem(description: "\(place) of a <symbol> has a clip path of its own, which would take the place of the symbol's viewport "
                                                   + "(a browser clips to both, librsvg to neither unless told); put the clip path on a group around the <use>")
                }
                var name: String
                repeat { id += 1; name = "tabsnap-symbol-viewport-\(id)" } while ids[name] != nil
                clips += "<\(prefix)clipPath id=\"\(name)\" clipPathUnits=\"userSpaceOnUse\"><\(prefix)rect \(try Self.viewport(of: tag, place: place))/></\(prefix)clipPath>"
                inserted += " clip-path=\"url(#\(name))\""
            }
            if !inserted.isEmpty { insertions.append((tag.nameRange.upperBound, Array(inserted.utf8))) }
        }
        if !clips.isEmpty {
            guard let rootEnd else { return }
            insertions.append((rootEnd, Array(clips.utf8)))
        }
    }

    /// A transform, clip path, mask or filter on a symbol: a browser applies them (SVG 2),
    /// librsvg 2.54 does not.
    private func checkSymbolsOwnEffects(symbols: [Int]) throws(SVGIconPreflight.Problem) {
        for property in ["transform", "clip-path", "mask", "filter"] {
            for index in symbols {
                let tag = elements[index].tag
                if let value = Self.styleDeclares(property, in: tag) ?? tag.exactAttribute(property), value.trimmingCharacters(in: .whitespaces).lowercased() != "none" {
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

    /// A mask or filter on a use of a symbol: librsvg does not move them by the use's `x` and
    /// `y` (a browser does), and filters what the use draws before the viewport's clip (a
    /// browser after).
    private func checkEffects(on use: Int, clipped: Bool, place: String) throws(SVGIconPreflight.Problem) {
        let tag = elements[use].tag
        let moved = ["x", "y"].contains { tag.exactAttribute($0).map { Double($0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "px", with: "")) != 0 } ?? false }
        for property in ["mask", "filter"] where moved || (property == "filter" && clipped) {
            let written = (Self.styleDeclares(property, in: tag) ?? tag.exactAttribute(property)).map { $0.trimmingCharacters(in: .whitespaces).lowercased() != "none" } ?? false
            if written || sheetsMayApply(property, where: { $0 != "none" }, to: [elements[use]]) {
                throw SVGIconPreflight.Problem(description: "\(place) of a <symbol> with a \(property), which librsvg places otherwise than a browser "
                                               + "(not moved by the use's x and y, and before the symbol's clip); put it on a group around the <use>")
            }
        }
    }

    /// What to add to a use so that librsvg does not clip the symbol to its `viewBox` by itself:
    /// it does when the use's overflow is `hidden` or `scroll`, or `visible` (the default) and
    /// the symbol's is `visible` or `auto`; under `auto` it never does.
    private static func librsvgClipsItself(use tag: SVGScanner.Tag, symbolOverflow: String?, place: String) throws(SVGIconPreflight.Problem) -> String {
        let styled = styleDeclares("overflow", in: tag) != nil, attribute = tag.exactAttribute("overflow") != nil
        let written = try overflow(of: tag) ?? "visible"
        let clips = written == "hidden" || written == "scroll" || (written == "visible" && (symbolOverflow == "visible" || symbolOverflow == "auto"))
        guard clips else { return "" }
        if !styled && !attribute { return " overflow=\"auto\"" }
        if tag.exactAttribute("style") == nil { return " style=\"overflow:auto\"" }
        throw SVGIconPreflight.Problem(description: "\(place) of a <symbol> with overflow \(written) in a style attribute, which librsvg reads otherwise than a browser; "
                                       + "leave it out")
    }

    /// The use's viewport as the added rectangle's attributes.
    private static func viewport(of tag: SVGScanner.Tag, place: String) throws(SVGIconPreflight.Problem) -> String {
        var rectangle: [String] = []
        for (name, unwritten) in [("x", "0"), ("y", "0"), ("width", "100%"), ("height", "100%")] {
            let written = tag.exactAttribute(name)?.trimmingCharacters(in: .whitespacesAndNewlines)
            guard let value = written, value != "auto" || unwritten != "100%" else { rectangle.append("\(name)=\"\(unwritten)\""); continue }
            guard isPlainLength(value) else {
                throw SVGIconPreflight.Problem(description: "\(place) \(name)=\"\(short(value))\" of a <symbol>: Tabsnap clips the symbol to the viewport "
                                               + "it gives (librsvg does not, a browser does) and reads it in plain numbers only; write one")
            }
            rectangle.append("\(name)=\"\(value)\"")
        }
        return rectangle.joined(separator: " ")
    }

    /// A symbol's or use's overflow as written (style attribute first, then presentation
    /// attribute), in small letters, or nil.
    private static func overflow(of tag: SVGScanner.Tag) throws(SVGIconPreflight.Problem) -> String? {
        guard let written = styleDeclares("overflow", in: tag) ?? tag.exactAttribute("overflow") else { return nil }
        let value = written.lowercased().replacingOccurrences(of: "!important", with: "").trimmingCharacters(in: .whitespacesAndNewlines)
        guard ["visible", "auto", "hidden", "scroll"].contains(value) else {
            throw SVGIconPreflight.Problem(description: "<\(short(tag.name)) overflow=\"\(short(written))\">: write visible, auto, hidden or scroll")
        }
        return value
    }

    /// A number, with `px` or none: what the added rectangle reads as the use does.
    private static func isPlainLength(_ value: String) -> Bool {
        value.range(of: #"^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?(px)?$"#, options: .regularExpression) != nil
    }
}
