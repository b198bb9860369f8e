/// Text split into spans that librsvg lays out otherwise than a browser (hostile round 80).
/// librsvg sets each span's characters as a run of their own: across spans it neither reorders
/// right-to-left text (Hebrew spans came in logical order; `direction="rtl"` swapped Latin spans)
/// nor joins letters (Arabic letters split by a span lost their joining forms). A span with a
/// position but no characters moves the text after it in librsvg; a browser gives the position to
/// no character. Synthesised slants and widths: a browser slants text the bundled faces have no
/// italic of, librsvg draws it upright.
extension SVGIconPreflight.Document {
    /// Scripts written right to left or joined (and shaped) across letters: Hebrew to NKo and
    /// the Arabic extensions, Indic scripts (conjuncts), Mongolian, the presentation forms, and
    /// the right-to-left scripts past the basic plane.
    private static let contextualScripts: [ClosedRange<UInt32>] = [
        0x0590...0x08FF, 0x0900...0x0DFF, 0x1800...0x18AF, 0x200C...0x200F, 0x202A...0x202E, 0x2066...0x2069,
        0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF,
    ]

    func checkTextSpans(_ declarations: SVGDeclarations) throws(SVGIconPreflight.Problem) {
        guard !drawnText.isEmpty else { return }
        let spans = try indices { ["tspan", "a"].contains(elements[$0].tag.localName) && isInside($0, "text") }
        for index in spans where elements[index].tag.exactAttribute("x") != nil || elements[index].tag.exactAttribute("y") != nil {
            guard !holdsLetters(index) else { continue }
            throw SVGIconPreflight.Problem(description: "<\(Self.short(elements[index].tag.name)) x/y> with no characters of its own, whose position librsvg "
                                           + "gives the text after it and a browser to nothing; leave it out, or put the characters in it")
        }
        // A link in text becomes a <tspan> for librsvg (see the Document's comment), which
        // would move its letters by positions a browser ignores on a link (hostile round 97:
        // `<a x="14">` drew its letters apart).
        for index in spans where elements[index].tag.localName == "a" {
            if let name = ["x", "y", "dx", "dy", "rotate"].first(where: { elements[index].tag.exactAttribute($0) != nil }) {
                throw SVGIconPreflight.Problem(description: "<\(Self.short(elements[index].tag.name)) \(name)> in text, which a browser ignores on a link and librsvg "
                                               + "(drawing the link as a span) moves its letters by; leave it out, or put it on a <tspan>")
            }
        }
        // Group effects on a span: a browser applies them to its letters, librsvg to none (hostile
        // round 89: `<tspan opacity="0">` drawn in full, a filter's flood missing).
        let effects: [(property: String, isNeutral: (String) -> Bool)] = [
            ("opacity", { Double($0.split(separator: "!").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? "") == 1 }),
            ("clip-path", { $0.hasPrefix("none") }), ("mask", { $0.hasPrefix("none") }), ("filter", { $0.hasPrefix("none") }),
            ("mix-blend-mode", { $0.hasPrefix("normal") }),
        ]
        for (property, isNeutral) in effects {
            let written = spans.first { index in Self.declared(property, on: elements[index].tag).map { !isNeutral($0.lowercased()) } ?? false }
            if written != nil || (!spans.isEmpty && sheetsMayApply(property, where: { !isNeutral($0) }, to: spans.map { elements[$0] })) {
                throw SVGIconPreflight.Problem(description: "\(property) on a <tspan> (or a link in text), which a browser applies to its letters and librsvg "
                                               + "does not; put the letters in a <text> of their own with it")
            }
        }
        if !spans.isEmpty {
            let text = String(decoding: drawnText, as: UTF8.self)
            if let scalar = text.unicodeScalars.first(where: { scalar in Self.contextualScripts.contains { $0.contains(scalar.value) } }) {
                throw SVGIconPreflight.Problem(description: "<text> split by <tspan> with \(scalar.codePoint), of a script written right to left or joined, "
                                               + "which librsvg lays out span by span (a browser across them); one <text> per span, or no spans")
            }
            if declarations.all.contains(where: { $0.property == "direction" && $0.value.contains("rtl") }) {
                throw SVGIconPreflight.Problem(description: "direction rtl on text split by <tspan>, whose spans librsvg orders right to left and a browser "
                                               + "in their text's own order; leave direction out, or the spans")
            }
        }
        // baseline-shift on what is not text content (a <g> or a link around a <text>): a
        // browser shifts text content elements only (the property is not inherited), librsvg
        // passes it to the text inside (hostile round 95: text 15 px off).
        let shifts: (String) -> Bool = { value in
            let bare = value.replacingOccurrences(of: #"![ \t\n\r]*important$"#, with: "", options: .regularExpression).trimmingCharacters(in: .whitespaces)
            return !["0", "0px", "baseline", "0%"].contains(bare)
        }
        let notText = try indices { !["text", "tspan", "textPath"].contains(elements[$0].tag.localName) && !isInside($0, "text") }
        let written = notText.first { Self.declared("baseline-shift", on: elements[$0].tag).map { shifts($0.lowercased()) } ?? false }
        if written != nil || sheetsMayApply("baseline-shift", where: shifts, to: notText.map { elements[$0] }) {
            let place = written.map { "<\(Self.short(elements[$0].tag.name)) baseline-shift>: on what is not text" }
                ?? "a style sheet's baseline-shift: it may select what is not text"
            throw SVGIconPreflight.Problem(description: "\(place), which librsvg passes to the text inside and a browser does not; put it on the <tspan> it should shift")
        }
        for declaration in declarations.all {
            let slanted = declaration.property == "font-style" && declaration.value != "normal"
            let stretched = declaration.property == "font-stretch" && !["normal", "100%"].contains(declaration.value)
            let inFont = declaration.property == "font" && declaration.value.split(whereSeparator: { $0 == " " }).contains {
                ["italic", "oblique"].contains($0) || $0.hasSuffix("condensed") || $0.hasSuffix("expanded")
            }
            if slanted || stretched || inFont {
                throw SVGIconPreflight.Problem(description: "\(declaration.place): \(declaration.property) \(Self.short(declaration.value)), which a browser "
                                               + "synthesises and librsvg draws upright and at normal width (the bundled fonts have no such face); draw the text as paths")
            }
        }
    }

    /// Whether the element or one inside it (not hidden by `display="none"`) holds drawn
    /// characters other than white space.
    private func holdsLetters(_ index: Int) -> Bool {
        if clock.isSpent() { return false }
        var stack = [index]
        while let at = stack.popLast() {
            if Self.declared("display", on: elements[at].tag)?.lowercased() == "none" { continue }
            if holdingLetters.contains(at) { return true }
            stack += elements[at].children
        }
        return false
    }
}
