import Foundation
import TabsnapModel

/// What an SVG icon will cost librsvg, worked out from its elements before librsvg reads it, and
/// the few rewrites that keep librsvg inside Tabsnap's promises. An icon's byte limit does not
/// bound its cost (a 4 MB file of empty groups took 1.3 GB; 10⁵ `<use>` copies of one path run
/// for minutes; one `feTurbulence` with a huge `numOctaves` runs for hours), so the bound is on
/// what gets drawn:
///
/// - **Drawn elements** (`Limits.svgDrawnElements`): every element counts once, and again each
///   time something draws it anew — a `<use>` draws its target, a `fill`, `stroke`, `mask`,
///   `clip-path` or `filter` reference draws the pattern, mask, clip path or filter it names,
///   and a `marker-*` reference draws the marker at every vertex of the path. A reference from a
///   `<style>` sheet may match any element, so it counts once per element. Cycles are refused.
///   Summed over the icons of one bar against `Limits.svgBarDrawnElements`.
/// - **Elements as written** (`Limits.svgElements`) and nesting depth (`Limits.svgDepth`): what
///   librsvg keeps in memory (about 2 KB an element) and recurses over.
/// - **Filter primitives whose cost has no other bound**: `feTurbulence` octaves (each octave
///   halves the previous one's amplitude, so past 9 nothing changes in 8 bits: at most 10),
///   `feConvolveMatrix` kernels (at most 9 × 9), `feMorphology` radii (at most 100 user units).
/// - **Embedded images** (`<image href="data:…">`): PNG, JPEG and GIF only, their pixel size read
///   from their header before librsvg decodes them (`Limits.svgImagePixels` together); nested SVG
///   documents are refused.
///
/// - **Text** in `<text>` only (`<tref>`, `<textPath>` and `<foreignObject>` are refused), every
///   character of it in a bundled font. (The size it is set at is the sandbox probe's to judge:
///   `CSandbox/text_sizes.c`.)
/// - **Nothing that follows the machine**: `systemLanguage` is refused (librsvg matches it against
///   the host's locale variables, so a golden recorded under one `LANG` failed under another).
///
/// The rewrite: link elements (`<a>`) become groups (`<g>`, same length, drawn the same). librsvg
/// turns a link into a cairo tag, and cairo 1.16 copies a recording surface that holds a tag
/// wrongly (`_cairo_recording_surface_copy__tag` reads the tag as a stroke command, past the end
/// of its allocation): an icon's group on an SVG or PDF page is such a surface, copied when it
/// is let go, so SVG and PDF output read freed memory and crashed. A tab bar's icon has nothing to
/// link to, and an untrusted icon should not put links into our PDFs anyway. A link inside a
/// `<text>` becomes a `<tspan>` instead: a group there is not text, and librsvg left its words
/// out with exit 0 (hostile round 29). And a style sheet's `@import` of a file, which a
/// browser's `<img>` never fetches, becomes spaces (`SVGStyleImports`).
package enum SVGIconPreflight {
    /// The bytes librsvg gets, and the icon's drawn-element count.
    package struct Checked {
        var bytes: [UInt8]
        /// How it is drawn when its filters move what they read (nil: into its box as it is).
        var wide: SVGWideViewport?
        var drawnElements: Int
        /// Pixels librsvg decodes for the icon's embedded images.
        var imagePixels: Int
        /// Its finest details, judged where the icon is drawn smallest.
        var fineDetail: FineDetail
    }

    /// Detail librsvg draws otherwise than a browser when it comes under a device pixel, as
    /// fractions of the icon's side after what scales it in the icon (the renderer, which knows
    /// the smallest size an icon is drawn at, judges them: `IconCache`).
    struct FineDetail {
        /// The shortest pattern tile (`Document.smallestPatternTile`), nil without patterns.
        var patternTile: Double?
        /// The shortest period of a dash pattern (`Document.finestDashPeriod`), nil without dashes.
        var dashPeriod: Double?
        /// The largest `feMorphology` radius, taken large (`Document.largestMorphologyRadius`),
        /// nil without one: librsvg caps it in device pixels, so it is judged where the icon is
        /// drawn largest.
        var morphologyRadius: Double?
    }

    package struct Problem: Error, CustomStringConvertible {
        /// What is wrong, for a one-line error.
        package var description: String
        /// Refused for its time (`SVGCheckClock`) rather than for what it holds.
        var overTime = false
        /// Refused as the machine gave the check too little CPU in its wall time
        /// (`SVGCheckWorker.wallTimesBudget`): no verdict on the icon, so nothing is remembered.
        var busy = false
    }

    /// The icon checked within `milliseconds` of this thread's CPU time (nil: however long it
    /// takes), or refused: for what it holds, or, past the time, for its time (`overTime`).
    package static func check(_ input: [UInt8], within milliseconds: Int? = nil) throws(Problem) -> Checked {
        try check(input, clock: SVGCheckClock(milliseconds: milliseconds))
    }

    /// The icon checked within what `clock` allows (tests stop it after a number of steps).
    static func check(_ input: [UInt8], clock: SVGCheckClock) throws(Problem) -> Checked {
        let overTime = Problem(description: "took too long to check", overTime: true)
        do throws(Problem) {
            let checked = try check(input, clock)
            // (A walk cut short may have let a check pass: see `SVGCheckClock`.)
            if clock.expired { throw overTime }
            return checked
        } catch {
            throw clock.expired ? overTime : error
        }
    }

    private static func check(_ input: [UInt8], _ clock: SVGCheckClock) throws(Problem) -> Checked {
        var document = try Document(parsing: input, clock: clock)
        for element in document.elements {
            if let problem = SVGBrowserAgreement.problem(with: element.tag) { throw Problem(description: problem) }
        }
        // What it refers to first: whatever else is wrong, an icon reaching outside itself is
        // named as that.
        try clock.checkpoint(every: 1)
        try document.checkReferences()
        // The cost next, before any check that walks what refers to what: a chain of 4 000
        // gradients each naming the next by `href` (166 KB) kept the checks below busy for minutes
        // before this refused it (hostile round 133); within the limit, chains are short.
        try clock.checkpoint(every: 1)
        let drawn = try document.drawnElements()
        guard drawn <= Limits.svgDrawnElements else {
            throw Problem(description: "draws \(drawn > Limits.svgDrawnElements * 1000 ? "over \(Limits.svgDrawnElements * 1000)" : "\(drawn)") elements once <use>, patterns, masks, markers and filters are counted; the limit is \(Limits.svgDrawnElements) (simplify the icon or use a PNG)")
        }
        try clock.checkpoint(every: 1)
        let declarations = document.declarations
        let facts = SVGBrowserAgreement.Facts(
            text: !document.drawnText.isEmpty,
            pathLength: document.elements.contains { $0.tag.exactAttribute("pathLength") != nil },
            preservesSpace: document.elements.contains { $0.tag.attributes.contains { $0.name == "xml:space" && $0.value == "preserve" } },
            // (A link inside text is a <tspan> to librsvg.)
            mixedText: document.textWithLetters.contains { document.elements[$0].children.contains { ["tspan", "a"].contains(document.elements[$0].tag.localName) } },
            collapsibleSpace: document.drawnPieces.contains { piece in
                piece.first == 0x20 || piece.last == 0x20 || piece.contains { [0x09, 0x0A, 0x0D].contains($0) }
                    || zip(piece, piece.dropFirst()).contains { $0 == 0x20 && $1 == 0x20 }
            },
            usesEm: SVGBrowserAgreement.writesEmOrEx(declarations),
            sheetsMayMatchRoot: document.sheetsMayApply(to: Array(document.elements.prefix(1))),
            sheetsMayHideRoot: document.sheetsMayHideRoot(),
            hidesByDisplay: declarations.all.contains { $0.property == "display" && $0.value.hasPrefix("none") })
        try clock.checkpoint(every: 1)
        if let problem = SVGBrowserAgreement.problem(with: declarations, facts) { throw Problem(description: problem) }
        try clock.checkpoint(every: 1)
        try document.checkLinkSelectors()
        try clock.checkpoint(every: 1)
        try document.checkAcrossElements()
        try clock.checkpoint(every: 1)
        try document.checkSheetsOnResources()
        try clock.checkpoint(every: 1)
        try document.checkResources()
        try clock.checkpoint(every: 1)
        try document.checkCSSTransformsAreRead()
        try clock.checkpoint(every: 1)
        try document.checkGeometry(declarations)
        try clock.checkpoint(every: 1)
        try document.checkFilters()
        try clock.checkpoint(every: 1)
        try document.checkText()
        try clock.checkpoint(every: 1)
        try document.checkTextLayout(collapsibleSpace: facts.collapsibleSpace)
        try clock.checkpoint(every: 1)
        try document.checkTextSpans(declarations)
        try clock.checkpoint(every: 1)
        try document.clipSymbolViewports()
        try clock.checkpoint(every: 1)
        try document.setBrowsersDefaultFontSize(declarations)
        try clock.checkpoint(every: 1)
        try document.stretchAsABrowserDoes()
        try clock.checkpoint(every: 1)
        let imagePixels = try document.checkImages()
        try clock.checkpoint(every: 1)
        let fineDetail = FineDetail(patternTile: document.smallestPatternTile(), dashPeriod: document.finestDashPeriod(declarations),
                                    morphologyRadius: try document.largestMorphologyRadius())
        // (Last: what a filter's primitives themselves break is named first.)
        try clock.checkpoint(every: 1)
        let wide = try document.wideViewport(reach: try document.filterReach(declarations))
        return Checked(bytes: document.rewritten, wide: wide, drawnElements: drawn, imagePixels: imagePixels, fineDetail: fineDetail)
    }

    /// The icon's elements as a tree, with what refers to what.
    struct Document {
        struct Element {
            var tag: SVGScanner.Tag
            var parent: Int?
            var children: [Int] = []
        }

        var bytes: [UInt8]
        var elements: [Element] = []
        /// The check's time (`SVGCheckClock`): its loops pass its checkpoints.
        let clock: SVGCheckClock
        var ids: [String: Int] = [:]
        /// Text of `<style>` elements, where CSS may name patterns, masks, markers and filters.
        var styleSheets: [String] = []
        /// Their rules (`sheetRules(of:)`).
        private(set) var parsedSheetRules: [SheetRule] = []
        /// The declarations of the style sheets (which may match any element), read once (round
        /// 138: read again for each element a loop met, 0.1 s each).
        private(set) var sheetDeclarations: [SVGDeclarations.Declaration] = []
        /// The character data of `<text>` elements (and their `<tspan>`, `<textPath>`), which
        /// librsvg sets in the bundled fonts.
        var drawnText: [UInt8] = []
        /// The same text as librsvg shapes it: one piece per run of character data between two
        /// tags (comments join), each laid out apart, so a mark starting a piece has no letter.
        var drawnPieces: [[UInt8]] = []
        /// `<text>` elements holding letters of their own (not only white space between tags).
        var textWithLetters: Set<Int> = []
        /// The `<text>` elements among them holding a character that is drawn with a size:
        /// not only spaces, format or default-ignorable characters (`SVGFilterCulling`).
        var textWithGlyphs: Set<Int> = []
        /// Elements inside text holding drawn characters other than white space themselves (not
        /// counting their children's).
        var holdingLetters: Set<Int> = []
        /// Where a link inside `<text>` has its name's last byte (`a` of `<a` or `</svg:a`),
        /// which becomes `tspan` in `rewritten`.
        var textLinks: [Int] = []
        /// Bytes `rewritten` adds before the byte at a position (attributes, SVGSymbolViewports).
        var insertions: [(position: Int, bytes: [UInt8])] = []
        /// The viewBox of the root's width and height, stretched as a browser stretches an icon
        /// without one (`SVGRootStretch`): kept apart, as a wide viewport writes its own
        /// (`SVGWideViewport`).
        var rootStretch: (width: Double, height: Double)?

        /// The most declarations an icon's style attributes may hold together, about 1.5 s of
        /// checks: the most among this machine's 3 215 SVG files is 13 296 (Inkscape's about
        /// screen, 1 612 styles).
        static let styleDeclarationLimit = 60_000

        init(parsing input: [UInt8], clock: SVGCheckClock = SVGCheckClock(milliseconds: nil)) throws(Problem) {
            bytes = input
            self.clock = clock
            var styleDeclarations = 0, sheetBytes = 0
            try Self.checkEncoding(input)
            var scanner = SVGScanner(input)
            var open: [Int] = []
            // Whether the last event was drawn text, so more text joins its piece.
            var textPiece = false
            do {
                while let event = try scanner.next() {
                    // (Refused for its time by `check`.)
                    try clock.checkpoint(every: 1)
                    switch event {
                    case .start(let tag):
                        guard elements.count < Limits.svgElements else {
                            throw Problem(description: "has over \(Limits.svgElements) elements (the limit for one icon)")
                        }
                        // Every declaration is read into the icon's declarations and checked,
                        // about 25 µs each: 400 000 in one style attribute took 11 s (hostile
                        // round 134), far past an icon's 2 s.
                        styleDeclarations += tag.styleDeclarationCount
                        guard styleDeclarations <= Self.styleDeclarationLimit else {
                            throw Problem(description: "has over \(Self.styleDeclarationLimit) declarations in its style attributes (the limit for one icon)")
                        }
                        guard open.count < Limits.svgDepth else {
                            throw Problem(description: "nests elements over \(Limits.svgDepth) deep")
                        }
                        if open.isEmpty && !elements.isEmpty {
                            throw Problem(description: "has more than one root element")
                        }
                        let index = elements.count
                        elements.append(Element(tag: tag, parent: open.last))
                        if let parent = open.last { elements[parent].children.append(index) }
                        if let id = tag.exactAttribute("id"), ids[id] == nil { ids[id] = index }
                        textPiece = false
                        if tag.localName == "a" { rewriteLink(endingAt: tag.nameRange.upperBound - 1, inText: open.contains { elements[$0].tag.localName == "text" }) }
                        if !tag.selfClosing { open.append(index) }
                        if tag.localName == "style" && !tag.selfClosing {
                            let (sheet, positions) = try Self.text(after: scanner.index, in: input, closedBy: tag.name)
                            styleSheets.append(String(decoding: blankImports(in: sheet, positions: positions), as: UTF8.self))
                            // (Bounded as they are read: they are parsed once here, before any
                            // check; review of f6bb933.)
                            sheetBytes += styleSheets[styleSheets.count - 1].utf8.count
                            guard sheetBytes <= Limits.svgStyleSheetBytes else {
                                throw Problem(description: "has over \(Limits.svgStyleSheetBytes >> 10) KB of style sheets; an icon's are at most \(Limits.svgStyleSheetBytes >> 10) KB together")
                            }
                        }
                    case .end(let name, let range):
                        guard let last = open.popLast(), elements[last].tag.name == name else {
                            throw Problem(description: "has an end tag </\(name)> that closes nothing open")
                        }
                        textPiece = false
                        if elements[last].tag.localName == "a" { rewriteLink(endingAt: range.upperBound - 1, inText: open.contains { elements[$0].tag.localName == "text" }) }
                    case .text(let characters):
                        // Text outside the root is no XML (a browser shows a broken image), and
                        // the icon's bytes go no further (a `#!` line: hostile round 93).
                        if open.isEmpty, characters.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
                            throw Problem(description: "has text outside its root element (\(elements.isEmpty ? "before <svg>" : "after </svg>")), which is no XML; "
                                          + "an icon is an SVG file from its first tag to its last")
                        }
                        guard Self.drawsText(inside: open.map { elements[$0].tag.localName }) else { break }
                        if let last = open.last, characters.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
                            if elements[last].tag.localName == "text" {
                                textWithLetters.insert(last)
                                // (Spaces, format and ignorable characters alone make no box:
                                // round 119's zero-width space.)
                                if String(decoding: characters, as: UTF8.self).unicodeScalars.contains(where: { scalar in
                                    let properties = scalar.properties
                                    return !properties.isWhitespace && !properties.isDefaultIgnorableCodePoint
                                        && ![.format, .control, .spaceSeparator, .lineSeparator, .paragraphSeparator, .unassigned, .surrogate].contains(properties.generalCategory)
                                }) { textWithGlyphs.insert(last) }
                            }
                            holdingLetters.insert(last)
                        }
                        drawnText += characters
                        if textPiece, !drawnPieces.isEmpty { drawnPieces[drawnPieces.count - 1] += characters } else { drawnPieces.append(characters) }
                        textPiece = true
                    }
                }
            } catch let problem as SVGScanner.Problem {
                throw Problem(description: "cannot load SVG (\(problem.message))")
            } catch let problem as Problem {
                throw problem
            } catch {
                throw Problem(description: "\(error)")
            }
            if let unclosed = open.last { throw Problem(description: "leaves <\(elements[unclosed].tag.name)> open") }
            guard !elements.isEmpty else { throw Problem(description: "has no elements") }
            parsedSheetRules = Self.sheetRules(of: styleSheets)
            var sheets = SVGDeclarations()
            for sheet in styleSheets { sheets.add(sheet: sheet) }
            sheetDeclarations = sheets.all
        }

        /// A link becomes a group, or inside a text a text span (see the type's comment).
        private mutating func rewriteLink(endingAt position: Int, inText: Bool) {
            if inText { textLinks.append(position) } else { bytes[position] = UInt8(ascii: "g") }
        }

        /// The bytes librsvg gets: links inside texts made `tspan` (the rest was rewritten in place)
        /// and the insertions made.
        var rewritten: [UInt8] {
            let root = elements[0].tag
            let stretch = rootStretch.map { " viewBox=\"0 0 \(SVGNumber.format($0.width)) \(SVGNumber.format($0.height))\" preserveAspectRatio=\"none\"" }
            return rewritten(with: stretch.map { [(root.nameRange.upperBound, 0, Array($0.utf8))] } ?? []).bytes
        }

        /// The bytes librsvg gets, with the root's own `viewBox` and `preserveAspectRatio`
        /// renamed out of its way and `extra` edits, and where in them the root's fit is to be
        /// written (after its name): what `SVGWideViewport` writes its widened viewBox into.
        func rewrittenWithoutTheRootsFit(adding extra: [(Int, Int, [UInt8])] = []) -> (bytes: [UInt8], fitAt: Int) {
            let root = elements[0].tag
            var edits = extra
            for (attribute, range) in zip(root.attributes, root.attributeNameRanges) where ["viewBox", "preserveAspectRatio"].contains(attribute.name) {
                edits.append((range.lowerBound, range.count, Array("data-tabsnap-\(attribute.name)".utf8)))
            }
            return rewritten(with: edits, markingAt: root.nameRange.upperBound)
        }

        /// The bytes with `extra` edits (position, bytes replaced, replacement) besides the
        /// document's own, and where the byte at `mark` (before any insertion there) lands.
        private func rewritten(with extra: [(Int, Int, [UInt8])], markingAt mark: Int = 0) -> (bytes: [UInt8], fitAt: Int) {
            // (position, bytes replaced, replacement), in the order of the bytes.
            let edits = (textLinks.map { ($0, 1, Array("tspan".utf8)) } + insertions.map { ($0.position, 0, $0.bytes) } + extra).sorted { $0.0 < $1.0 }
            guard !edits.isEmpty else { return (bytes, mark) }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + edits.reduce(0) { $0 + $1.2.count })
            var from = 0, marked: Int?
            for (position, replaced, replacement) in edits {
                result += bytes[from..<position]
                if marked == nil, position >= mark { marked = result.count - (position - mark) }
                result += replacement
                from = position + replaced
            }
            result += bytes[from...]
            return (result, marked ?? result.count - (bytes.count - mark))
        }

        /// The declarations the icon writes, wherever they may be read: attributes other than
        /// ids, classes, path data and references, nor an editor's own (`inkscape:label`) or a
        /// page's (`data-`, `aria-`), `style` attributes and sheets.
        var declarations: SVGDeclarations {
            var declarations = SVGDeclarations()
            for (index, element) in elements.enumerated() {
                for attribute in element.tag.attributes where !["d", "points", "id", "class"].contains(attribute.name) && !Self.isHref(attribute.name)
                    && !attribute.name.contains(":") && !attribute.name.hasPrefix("data-") && !attribute.name.hasPrefix("aria-") {
                    declarations.add(attribute: attribute.name, value: attribute.value, on: element.tag.localName, isRoot: index == 0)
                }
            }
            declarations.add(sheetDeclarations)
            return declarations
        }

        /// What a browser reads and librsvg does not, across elements (hostile round 69): a
        /// `<use>` sizing a nested `<svg>` (librsvg draws it at the size it has), and `lang`,
        /// which a browser matches `:lang()` against and chooses fonts by (librsvg reads
        /// `xml:lang` only).
        func checkAcrossElements() throws(Problem) {
            // A root outside SVG's namespace is no picture to a browser (a broken image);
            // librsvg draws it.
            if let root = elements.first?.tag {
                let prefix = root.name.contains(":") ? ":" + root.name.prefix { $0 != ":" } : ""
                if root.exactAttribute("xmlns" + prefix) != "http://www.w3.org/2000/svg" {
                    throw Problem(description: "<\(Self.short(root.name))> is not in SVG's namespace, which a browser draws as a broken image; "
                                  + "write xmlns=\"http://www.w3.org/2000/svg\" on it")
                }
            }
            // An element in no namespace (below xmlns=""): librsvg draws it as SVG's, a browser not
            // at all — and applies a <style> only in SVG's (or XHTML's) namespace, librsvg only in
            // SVG's (hostile round 87: a rect, a group, a gradient and a sheet drawn by Tabsnap
            // alone, an XHTML sheet by the browser alone).
            // (An empty <script xmlns=""/>, as two of Inkscape's own icons end, draws nothing in either.)
            let drawnByNeither: Set<String> = ["script", "metadata", "title", "desc"]
            if elements.contains(where: { $0.tag.exactAttribute("xmlns") == "" }),
               let index = try firstIndex(where: { !elements[$0].tag.name.contains(":") && namespace(of: $0) == ""
                   && !drawnByNeither.contains(String(elements[$0].tag.localName)) && !isInsideMetadata($0) }) {
                throw Problem(description: "<\(Self.short(elements[index].tag.name))> is in no namespace (xmlns=\"\"), which librsvg draws as SVG and a browser "
                              + "does not draw; remove xmlns=\"\" or the element")
            }
            if let index = try firstIndex(where: { elements[$0].tag.localName == "style" && namespace(of: $0) != Self.svgNamespace }) {
                throw Problem(description: "<\(Self.short(elements[index].tag.name))> is not in SVG's namespace: a browser applies an XHTML one and "
                              + "librsvg none; write the style sheet in SVG's namespace")
            }
            // A browser's sheets match a <use>'s copy as a tree of its own (no ancestors, no
            // siblings); librsvg matches the element where it is written (hostile round 77:
            // `#sprite path` recoloured a symbol's path in librsvg only, `:first-child` in a
            // browser only).
            if elements.contains(where: { $0.tag.localName == "use" }), styleSheets.contains(where: { Self.selectsByContext(Self.selectorText(of: $0)) }) {
                throw Problem(description: "a style sheet selects by ancestors, siblings or position (a combinator, :first-child, :nth-…) in an icon "
                              + "with <use>, whose copies a browser matches apart and librsvg where written; select by class, id or type alone")
            }
            // A browser's <switch> may choose an element of another namespace (and draw nothing);
            // librsvg passes over it to the next (hostile round 76).
            for element in elements where element.tag.localName == "switch" {
                try clock.checkpoint()
                if let foreign = element.children.first(where: { namespace(of: $0) != Self.svgNamespace }) {
                    throw Problem(description: "<switch> holds <\(Self.short(elements[foreign].tag.name))>, of another namespace than SVG's, which a browser "
                                  + "may choose (drawing nothing) and librsvg passes over; keep the branch the bar should show")
                }
            }
            // A filter, mask or clip path in bounding-box units on a <use> of an element with its
            // own transform: librsvg works out the effect's region without that transform, and
            // blurred, masked or clipped the copy away (hostile round 78: Inkscape's rope-3D
            // example).
            let effects = ["filter", "mask", "clip-path"]
            let usesOfTransformed = elements.filter { use in
                guard use.tag.localName == "use", let target = use.tag.attributes.first(where: { Self.isHref($0.name) })
                    .flatMap({ ids[String($0.value.trimmingCharacters(in: .whitespaces).dropFirst())] }) else { return false }
                return elements[target].tag.exactAttribute("transform") != nil || Self.styleDeclares("transform", in: elements[target].tag) != nil
            }
            // Regions in user space (filterUnits, maskUnits userSpaceOnUse; a clip path's own
            // default) were drawn alike.
            func boxBased(_ resource: Int) -> Bool {
                let tag = elements[resource].tag
                func units(_ name: String) -> String? { tag.exactAttribute(name)?.trimmingCharacters(in: .whitespacesAndNewlines) }
                switch tag.localName {
                case "filter": return units("filterUnits") != "userSpaceOnUse" || units("primitiveUnits") == "objectBoundingBox"
                case "mask": return units("maskUnits") != "userSpaceOnUse" || units("maskContentUnits") == "objectBoundingBox"
                default: return units("clipPathUnits") == "objectBoundingBox"
                }
            }
            let onBoxes = usesOfTransformed.contains { use in
                effects.contains { effect in
                    Self.declared(effect, on: use.tag).map { Self.references(in: $0).contains { ids[$0].map(boxBased) ?? false } } ?? false
                }
            }
            if onBoxes || effects.contains(where: { sheetsMayApply($0, where: { $0 != "none" }, to: usesOfTransformed) }) {
                throw Problem(description: "a filter, mask or clip path in bounding-box units on a <use> of an element with its own transform, whose "
                              + "region librsvg works out without it (a browser with it); put the transform on the <use>, or the effect on a group around it")
            }
            for element in elements where element.tag.localName == "use" {
                guard element.tag.exactAttribute("width") != nil || element.tag.exactAttribute("height") != nil else { continue }
                let target = element.tag.attributes.first { Self.isHref($0.name) }.flatMap { ids[String($0.value.dropFirst())] }
                if let target, elements[target].tag.localName == "svg" {
                    throw Problem(description: "<use width height> of a nested <svg>, which librsvg draws at the <svg>'s own size (a browser at the <use>'s); "
                                  + "give the <svg> that width and height")
                }
            }
            // librsvg takes a transform attribute over the CSS transform property; a browser the
            // CSS, as for every presentation attribute (hostile round 72).
            let transformed = elements.filter { $0.tag.exactAttribute("transform") != nil }
            if let element = transformed.first(where: { Self.styleDeclares("transform", in: $0.tag) != nil }) {
                throw Problem(description: "<\(Self.short(element.tag.name))> has a transform attribute and a CSS transform, of which librsvg draws the "
                              + "attribute and a browser the CSS; keep one")
            }
            if sheetsMayApply("transform", to: transformed) {
                throw Problem(description: "a style sheet may give an element with a transform attribute a CSS transform, of which librsvg draws the "
                              + "attribute and a browser the CSS; keep one")
            }
            let selectsByLanguage = styleSheets.contains { $0.lowercased().contains(":lang") }
                || elements.contains { $0.tag.exactAttribute("style")?.lowercased().contains(":lang") ?? false }
            if !drawnText.isEmpty || selectsByLanguage, let element = elements.first(where: { $0.tag.exactAttribute("lang") != nil }) {
                throw Problem(description: "<\(Self.short(element.tag.name)) lang>: librsvg reads xml:lang only (a browser reads lang too, for :lang() and "
                              + "its choice of fonts); write xml:lang")
            }
        }

        static let svgNamespace = "http://www.w3.org/2000/svg"

        /// Whether a selector list selects by an element's context: a combinator (white space,
        /// `>`, `+`, `~`) inside a selector or a structural pseudo-class.
        static func selectsByContext(_ selectors: String) -> Bool {
            selectors.split(separator: ",").contains { selector in
                let trimmed = selector.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
                return trimmed.contains(where: { " \t\n\r>+~".contains($0) })
                    || [":first-", ":last-", ":nth-", ":only-", ":empty"].contains(where: trimmed.contains)
            }
        }

        /// The first element `test` picks, passing a checkpoint for each.
        func firstIndex(where test: (Int) -> Bool) throws(Problem) -> Int? {
            for index in elements.indices {
                try clock.checkpoint()
                if test(index) { return index }
            }
            return nil
        }

        /// The elements `test` picks, passing a checkpoint for each.
        func indices(where test: (Int) -> Bool) throws(Problem) -> [Int] {
            var found: [Int] = []
            for index in elements.indices {
                try clock.checkpoint()
                if test(index) { found.append(index) }
            }
            return found
        }

        /// Whether the element is inside `<metadata>`, `<title>` or `<desc>`, which neither librsvg
        /// nor a browser draws (an editor's RDF may sit there in any namespace).
        func isInsideMetadata(_ index: Int) -> Bool {
            if clock.isSpent() { return false }
            var current = elements[index].parent
            while let at = current {
                if ["metadata", "title", "desc"].contains(elements[at].tag.localName) { return true }
                current = elements[at].parent
            }
            return false
        }

        /// The namespace an element's name is in: its prefix's (or the default) `xmlns`
        /// declaration on it or the nearest ancestor declaring it; nil if none does.
        func namespace(of index: Int) -> String? {
            if clock.isSpent() { return nil }
            let name = elements[index].tag.name
            let declaration = name.contains(":") ? "xmlns:" + name.prefix { $0 != ":" } : "xmlns"
            var current: Int? = index
            while let at = current {
                if let uri = elements[at].tag.exactAttribute(declaration) { return uri }
                current = elements[at].parent
            }
            return nil
        }

        /// Whether a style sheet's rule declaring `property` (any, if nil) at a value `admits` may
        /// match one of `targets`: by type, `*`, an id or class one of them has, or `:root` for
        /// the outermost element. Conservative, a plain reading of rules.
        func sheetsMayApply(_ property: String? = nil, where admits: (String) -> Bool = { _ in true }, to targets: [Element]) -> Bool {
            guard !targets.isEmpty, !clock.isSpent() else { return false }
            var marks = Set<String>()
            for target in targets { marks.formUnion(Self.marks(of: target.tag).union([target.tag.localName.lowercased()])) }
            return sheetsMayDeclare(property, where: admits, matching: marks, root: targets.contains { $0.parent == nil })
        }

        /// Whether a style sheet's rule declaring `property` (any, if nil) at a value `admits` may
        /// select an element by one of `marks` (a type in small letters, `#id`, `.class`), `*`, no
        /// type, id or class at all, or (`root`) `:root`.
        func sheetsMayDeclare(_ property: String?, where admits: (String) -> Bool = { _ in true }, matching marks: Set<String>, root: Bool) -> Bool {
            sheetSelection(property, where: admits).mayMatch(marks, root: root)
        }

        /// What the style sheets' rules declaring a property may select, read once.
        struct SheetSelection {
            /// A rule selects by `*`, or by nothing of a type, id or class.
            var anything = false
            /// A rule selects by `:root`.
            var root = false
            /// The types, `#id`s and `.class`es rules select by.
            var words = Set<String>()

            /// Whether an element with `marks` (its type in small letters, id, classes) may be
            /// selected; `root`: it is the outermost one.
            func mayMatch(_ marks: Set<String>, root isRoot: Bool) -> Bool { anything || (root && isRoot) || !words.isDisjoint(with: marks) }

            /// Whether `tag` may be selected, by its type, id or classes (`Tag.marks`, read once
            /// when it was; not copied per look, as a class attribute may hold 100 000 words).
            func mayMatch(_ tag: SVGScanner.Tag, root isRoot: Bool) -> Bool {
                anything || (root && isRoot) || words.contains(tag.localName.lowercased()) || !words.isDisjoint(with: tag.marks)
            }
        }

        /// What the style sheets' rules declaring `property` (any, if nil) at a value `admits`
        /// may select.
        func sheetSelection(_ property: String?, where admits: (String) -> Bool = { _ in true }) -> SheetSelection {
            var selection = SheetSelection()
            for rule in sheetRules(declaring: property, where: admits) {
                selection.anything = selection.anything || rule.selection.anything
                selection.root = selection.root || rule.selection.root
                selection.words.formUnion(rule.selection.words)
            }
            return selection
        }

        /// Each style sheet rule declaring `property` (any, if nil) at a value `admits`: what it
        /// may select, and those values (trimmed; lower case unless `keepingCase`: an id in
        /// `url(#Id)` keeps its case).
        func sheetRules(declaring property: String?, where admits: (String) -> Bool = { _ in true }, keepingCase: Bool = false) -> [(selection: SheetSelection, values: [String])] {
            var rules: [(selection: SheetSelection, values: [String])] = []
            // (Past the time, none: a whole answer, never a list cut short that another list's
            // positions index.)
            guard !clock.isSpent() else { return rules }
            for rule in parsedSheetRules {
                let values = rule.declarations.compactMap { declaration -> String? in
                    guard property == nil || declaration.name == property else { return nil }
                    let value = keepingCase ? declaration.value : declaration.lowered
                    return admits(value) ? value : nil
                }
                if !values.isEmpty { rules.append((rule.selection, values)) }
            }
            return rules
        }

        /// A style sheet's rule as `sheetRules` reads it: what it may select, and its
        /// declarations (names in small letters, values trimmed, and in small letters too).
        struct SheetRule {
            var selection: SheetSelection
            var declarations: [(name: String, value: String, lowered: String)]
        }

        /// The style sheets' rules, read once when the icon is (`sheetRules` is asked for each of
        /// many elements: reading 256 KB of sheets again each time was the costliest step of a walk).
        static func sheetRules(of sheets: [String]) -> [SheetRule] {
            var rules: [SheetRule] = []
            for sheet in sheets {
                for rule in SVGDeclarations.withoutComments(sheet).split(separator: "}") {
                    guard let open = rule.firstIndex(of: "{") else { continue }
                    let selectors = String(rule[..<open]), body = rule[rule.index(after: open)...]
                    let declarations = body.split(separator: ";").compactMap { piece -> (name: String, value: String, lowered: String)? in
                        guard let colon = piece.firstIndex(of: ":") else { return nil }
                        let value = piece[piece.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
                        return (piece[..<colon].trimmingCharacters(in: .whitespacesAndNewlines).lowercased(), value, value.lowercased())
                    }
                    guard !declarations.isEmpty else { continue }
                    var selection = SheetSelection()
                    selection.anything = selectors.contains("*") || Self.subjectMayBeAnything(selectors)
                    selection.root = selectors.lowercased().contains(":root")
                    selection.words = Self.selectorWords(in: selectors)
                    rules.append(SheetRule(selection: selection, declarations: declarations))
                }
            }
            return rules
        }

        /// Whether a style sheet's rule setting `display: none` may match the outermost element:
        /// a selector of one compound (the root has no parent nor sibling, so `svg svg` or
        /// `g :first-child` never selects it) by `*`, `:root`, its type, id or class, or by
        /// nothing of these (`:not(.a)`).
        func sheetsMayHideRoot() -> Bool {
            guard let root = elements.first else { return false }
            let marks = Self.marks(of: root.tag).union([root.tag.localName.lowercased()])
            for sheet in styleSheets {
                for rule in SVGDeclarations.withoutComments(sheet).split(separator: "}") {
                    guard let open = rule.firstIndex(of: "{") else { continue }
                    let hides = rule[rule.index(after: open)...].split(separator: ";").contains { piece in
                        guard let colon = piece.firstIndex(of: ":") else { return false }
                        return piece[..<colon].trimmingCharacters(in: .whitespacesAndNewlines).lowercased() == "display"
                            && piece[piece.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines).lowercased().hasPrefix("none")
                    }
                    guard hides else { continue }
                    for selector in rule[..<open].split(separator: ",").map({ $0.trimmingCharacters(in: .whitespacesAndNewlines) }) {
                        guard !selector.contains(where: { $0.isWhitespace || ">+~".contains($0) }) else { continue }
                        if selector.contains("*") || selector.lowercased().contains(":root") || Self.subjectMayBeAnything(selector)
                            || !Self.selectorWords(in: selector).isDisjoint(with: marks) { return true }
                    }
                }
            }
            return false
        }

        /// The elements of the type names `names`.
        func elements(named names: Set<String>) -> [Element] {
            elements.filter { names.contains(String($0.tag.localName)) }
        }

        /// Whether one of the selectors (a comma list) selects elements by neither type, id nor
        /// class: `:first-child`, `[fill]`, `:not(.a)` may select any element (hostile round 72).
        static func subjectMayBeAnything(_ selectors: String) -> Bool {
            // A combinator or white space ends a compound; the next character starts the next
            // one. White space before a `,` or the rule's `{` ends nothing: `[d] {` selects by
            // `[d]` (hostile round 100: read as an empty subject, such rules applied to nothing).
            var depth = 0, subject = "", ended = false
            func anything(_ subject: String) -> Bool {
                guard let first = subject.first else { return false }
                return !(first.isLetter || first == "_" || first == "-" || first == "\\") && !subject.contains("#") && !subject.contains(".")
            }
            func add(_ character: Character) {
                if ended { subject = ""; ended = false }
                subject.append(character)
            }
            for character in selectors {
                switch character {
                case "(", "[": if depth == 0 { add(character) }; depth += 1
                case ")", "]": depth = max(0, depth - 1)
                case _ where depth > 0: continue
                case ",": if anything(subject) { return true }; subject = ""; ended = false
                case ">", "+", "~": ended = true
                case _ where character.isXMLSpace || character == "\u{0C}": ended = true
                default: add(character)
                }
            }
            return anything(subject)
        }

        /// The value the tag's `style` attribute gives `property` — the last one written, or the
        /// last marked `!important` (hostile round 72) — or nil.
        static func styleDeclares(_ property: String, in tag: SVGScanner.Tag) -> String? {
            tag.styleValues[property]
        }

        /// The value the tag gives `property`, its style attribute first (`styleDeclares`), then
        /// its presentation attribute, trimmed; nil when it gives none.
        static func declared(_ property: String, on tag: SVGScanner.Tag) -> String? {
            (styleDeclares(property, in: tag) ?? tag.exactAttribute(property))?.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// Whether the tag gives `property` a value other than `none`.
        static func sets(_ property: String, on tag: SVGScanner.Tag) -> Bool {
            declared(property, on: tag).map { $0.lowercased() != "none" } ?? false
        }

        /// A plain number, with `px` or none, as a number; nil for anything else (a unit, a
        /// percentage, nothing).
        /// A `preserveAspectRatio` as its words with one space between (a browser and librsvg
        /// read white space around and between them alike: `xMidYMid\tslice`), nil for none.
        static func aspect(_ value: String?) -> String? {
            value.map { $0.split(whereSeparator: { $0.isXMLSpace }).joined(separator: " ") }
        }

        static func plainNumber(_ value: String?) -> Double? {
            // Read byte by byte: a regular expression built for every number cost 25 µs each, and
            // a dash array of 3.5 million took 92 s (hostile round 135).
            guard let value else { return nil }
            var bytes = Substring(value).utf8[...]
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C }
            while let first = bytes.first, isSpace(first) { bytes = bytes.dropFirst() }
            while let last = bytes.last, isSpace(last) { bytes = bytes.dropLast() }
            if bytes.count >= 2, bytes.suffix(2).elementsEqual("px".utf8) { bytes = bytes.dropLast(2) }
            // [+-]? (digits .? digits* | . digits) ([eE] [+-]? digits)?
            var index = bytes.startIndex
            func digits() -> Int {
                var count = 0
                while index < bytes.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                    index = bytes.index(after: index)
                    count += 1
                }
                return count
            }
            func take(_ byte: UInt8) -> Bool {
                guard index < bytes.endIndex, bytes[index] == byte else { return false }
                index = bytes.index(after: index)
                return true
            }
            if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
            let whole = digits()
            let point = take(UInt8(ascii: "."))
            let fraction = point ? digits() : 0
            guard whole > 0 || fraction > 0 else { return nil }
            if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
                if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
                guard digits() > 0 else { return nil }
            }
            guard index == bytes.endIndex else { return nil }
            return Double(String(decoding: bytes, as: UTF8.self))
        }

        /// Resources whose content is drawn where they are referenced, inheriting from where it
        /// is written (`SVGInheritance`, `filterReach`).
        static let referencedContent: Set<Substring> = ["marker", "pattern", "mask", "clipPath"]
        /// What is never drawn where it is written: those resources, paint servers and filters,
        /// definitions (drawn through `<use>`), and the document's text and style.
        static let notDrawnWhereWritten: Set<Substring> = referencedContent.union(["defs", "symbol", "linearGradient", "radialGradient", "filter",
                                                                                     "style", "script", "title", "desc", "metadata", "font", "font-face"])

        /// What a selector may name an element by: `#id`, `.class` for each class it has.
        static func marks(of tag: SVGScanner.Tag) -> Set<String> { tag.marks }

        /// The names in selector text, whole: type selectors in small letters (as `typeSelectors`
        /// finds them), and `#id` and `.class` words as written, so `.st1` is not found in `.st10`.
        static func selectorWords(in selectors: String) -> Set<String> {
            var words = Set(typeSelectors(in: selectors.lowercased()).map(String.init))
            var index = selectors.startIndex
            while let mark = selectors[index...].firstIndex(where: { $0 == "#" || $0 == "." }) {
                let end = selectors[selectors.index(after: mark)...].firstIndex { !($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") } ?? selectors.endIndex
                words.insert(String(selectors[mark..<end]))
                index = end
            }
            return words
        }

        /// What style sheets do to resources otherwise in a browser (see
        /// SVGBrowserAgreement.placeProblem), and alternate sheets: a browser applies the first
        /// titled `<style>` and the untitled ones, librsvg every one (hostile round 71).
        func checkSheetsOnResources() throws(Problem) {
            if sheetsMayApply("transform", to: elements(named: SVGBrowserAgreement.cssTransformIgnored)) {
                throw Problem(description: "a style sheet gives a gradient, pattern, mask or symbol a transform, which librsvg ignores and a browser applies; "
                              + "write gradientTransform, patternTransform or a transform attribute")
            }
            if sheetsMayApply("display", where: { $0.hasPrefix("none") }, to: elements(named: SVGBrowserAgreement.referredTo)) {
                throw Problem(description: "a style sheet hides (display none) a clip path, mask, gradient, pattern, filter or symbol, which a browser "
                              + "then does not use and librsvg does; leave display out")
            }
            if sheetsMayApply("opacity", where: { Double($0) != 1 }, to: elements(named: ["pattern", "symbol"])) {
                throw Problem(description: "a style sheet gives a pattern or symbol an opacity, which librsvg and a browser apply otherwise; put it on what uses it")
            }
            // What SVGBrowserAgreement refuses written on the element, given by a sheet (hostile
            // round 95: `pattern{filter:…}`, `mask{clip-path:…}`, `.n{clip-path:…}` on a nested
            // <svg> were drawn with the effect librsvg applies and a browser does not).
            let notNone: (String) -> Bool = { !$0.hasPrefix("none") }
            for property in ["clip-path", "mask", "filter"] where sheetsMayApply(property, where: notNone, to: elements(named: ["pattern"])) {
                throw Problem(description: "a style sheet may give a <pattern> a \(property), which librsvg applies and a browser does not; "
                              + "put it on what the pattern is used by")
            }
            if sheetsMayApply("clip-path", where: notNone, to: elements(named: ["mask"])) {
                throw Problem(description: "a style sheet may give a <mask> a clip-path, which librsvg applies and a browser does not; put it on what the mask is used by")
            }
            for property in ["clip-path", "mask"] where sheetsMayApply(property, where: notNone, to: Array(elements.dropFirst().filter { $0.tag.localName == "svg" })) {
                throw Problem(description: "a style sheet may give a nested <svg> a \(property), which librsvg and a browser place in different units; "
                              + "put it on a <g> around the <svg>")
            }
            let titles = Set(elements.filter { $0.tag.localName == "style" }.compactMap { $0.tag.exactAttribute("title") }.filter { !$0.isEmpty })
            if titles.count > 1 {
                throw Problem(description: "<style> sheets of different titles, of which a browser applies the first only (the others are alternates) "
                              + "and librsvg all; leave title out")
            }
        }

        /// Illustrator's branch for its own editing data: a `<foreignObject>` in a `<switch>`
        /// that requires an extension neither librsvg nor a browser has (not XHTML's or
        /// MathML's, which a browser draws), so both draw the next branch.
        func isIllustratorBranch(_ element: Element) -> Bool {
            guard element.tag.localName == "foreignObject", let parent = element.parent, elements[parent].tag.localName == "switch",
                  let required = element.tag.exactAttribute("requiredExtensions")?.trimmingCharacters(in: .whitespacesAndNewlines), !required.isEmpty
            else { return false }
            return !["xhtml", "mathml", "math"].contains { required.lowercased().contains($0) }
        }

        /// A sheet's selectors (text outside its blocks, comments removed), a rule's ending `,`.
        static func selectorText(of sheet: String) -> String {
            var depth = 0, selectors = ""
            for character in SVGDeclarations.withoutComments(sheet) {
                if character == "{" { depth += 1; selectors += "," } else if character == "}" { depth = max(0, depth - 1) } else if depth == 0 { selectors.append(character) }
            }
            return selectors
        }

        /// Links become groups, or spans in text (see the type's comment), so a style sheet
        /// selecting the type `a`, `g` or `tspan`, or `:link`, would style one thing in a browser
        /// and another in librsvg: refused in icons with links.
        func checkLinkSelectors() throws(Problem) {
            guard elements.contains(where: { $0.tag.localName == "a" }) else { return }
            for sheet in styleSheets {
                let lowered = Self.selectorText(of: sheet).lowercased()
                // (`:…-of-type` counts elements by their type, which a link drawn as a group
                // changes: hostile round 98, `.k:last-of-type` was the link in librsvg.)
                if lowered.contains(":link") || lowered.contains(":any-link") || lowered.contains("-of-type")
                    || Self.typeSelectors(in: lowered).contains(where: { ["a", "g", "tspan"].contains($0) }) {
                    throw Problem(description: "a style sheet selects links (a, :link), groups (g, tspan) or by type (:…-of-type), which icons with links "
                                  + "draw otherwise (links are drawn as groups); give the elements a class and select that")
                }
            }
        }

        /// The type selectors in selector text: names at its start or after white space, `,`,
        /// `>`, `+`, `~`, `(` or a namespace's `|` (`*|a`: hostile round 98) — not a class, id,
        /// attribute or pseudo-class.
        static func typeSelectors(in selectors: String) -> [Substring] {
            var names: [Substring] = []
            var index = selectors.startIndex, previous: Character = ","
            while index < selectors.endIndex {
                let character = selectors[index]
                if character.isLetter || character == "_" || character == "-", (previous.isXMLSpace || previous == "\u{0C}" || ",>+~(|".contains(previous)) {
                    let end = selectors[index...].firstIndex { !($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") } ?? selectors.endIndex
                    names.append(selectors[index..<end])
                    previous = "x"
                    index = end
                    continue
                }
                previous = character
                index = selectors.index(after: index)
            }
            return names
        }

        /// Whether character data with these open elements (outermost first) is drawn: inside a
        /// `<text>`, and not in an element librsvg never draws (a title, a description).
        static func drawsText(inside open: [Substring]) -> Bool {
            open.contains("text") && !open.contains { ["title", "desc", "metadata", "style", "script"].contains($0) }
        }

        /// A character no bundled font has would be drawn by librsvg as a missing-glyph box
        /// (pango's fallback ends there), exit 0: refused, naming it, as a bar's own text is
        /// (`MissingGlyphs`). Icons are drawn with the bundled fonts only, never a spec's own.
        func checkText() throws(Problem) {
            let text = String(decoding: drawnText, as: UTF8.self)
            // (A font family naming the colour emoji font: SVGBrowserAgreement, over the icon's
            // declarations.)
            // librsvg drops XML's own line breaks, but pango starts a new line at these, which the
            // icon's box cuts off ("A&#x2028;B" drew the top of a B under the A, exit 0: hostile
            // round 40), as a title refuses them (`Limits.lineBreaks`).
            if let code = Limits.lineBreak(in: text.replacingOccurrences(of: "\n", with: "").replacingOccurrences(of: "\r", with: "")) {
                throw Problem(description: "<text> holds a line break (\(code)), which starts a new line inside the icon, cut off at its edge; "
                              + "an icon's text is one line: use one <text> per line")
            }
            // What stands for an object or annotation is not text: a title refuses it, and in an
            // icon pango drew U+FFF9 as a missing-glyph box, exit 0 (hostile round 41).
            if let placeholder = Limits.placeholder(in: text) {
                throw Problem(description: "<text> holds \(placeholder), which stands for an object or annotation that is not text; leave it out")
            }
            // librsvg draws text as paths: a colour glyph becomes a one-colour silhouette (an
            // emoji's face a black block; hostile round 21), in PNG, SVG and PDF alike.
            if let emoji = BundledCoverage.inColourOnly(in: text).first {
                throw Problem(description: "<text> has \(Character(emoji)) (\(emoji.codePoint)), an emoji character pango may draw from the colour emoji font, "
                              + "which icons' text turns into a one-colour silhouette; draw it as paths, or use a PNG icon")
            }
            let missing = BundledCoverage.lacking(in: text)
            guard let first = missing.first else { return try checkMarks() }
            let others = missing.count - 1
            let shown = first.properties.generalCategory == .control || first.properties.isWhitespace ? first.codePoint : "\(Character(first)) (\(first.codePoint))"
            throw Problem(description: "<text> has \(shown)"
                          + (others > 0 ? " and \(others) more character\(others == 1 ? "" : "s")" : "")
                          + ", which no bundled font has (icons' text is set in the bundled fonts only); draw \(missing.count == 1 ? "it" : "them") as paths")
        }

        /// A mark with no letter before it in its piece (a vowel sign before its consonant, a lone
        /// visarga, a mark in a `<tspan>` of its own) is drawn by HarfBuzz on a dotted circle ◌
        /// the icon does not hold: refused as a title's is (`MissingGlyphs`, hostile round 29).
        /// Each piece as librsvg sets it by default: line breaks dropped, tabs made spaces, runs
        /// of spaces one, leading ones gone.
        private func checkMarks() throws(Problem) {
            var session: FontSession?
            for piece in drawnPieces {
                try clock.checkpoint()
                let text = String(decoding: piece, as: UTF8.self)
                guard text.unicodeScalars.contains(where: { [.nonspacingMark, .spacingMark, .enclosingMark].contains($0.properties.generalCategory) }) else { continue }
                var set = ""
                for scalar in text.unicodeScalars where scalar != "\n" && scalar != "\r" {
                    let spaced: Unicode.Scalar = scalar == "\t" ? " " : scalar
                    if spaced == " ", set.isEmpty || set.hasSuffix(" ") { continue }
                    set.unicodeScalars.append(spaced)
                }
                // A piece that starts with a mark is refused whatever the family: whether HarfBuzz
                // adds the ◌ depends on the face having one (DejaVu Sans does, Inter does not, and
                // the icon's family may be either). Within a piece, as DejaVu Sans shapes it.
                // So is a mark after a space of any kind (a no-break or ideographic space is no
                // letter either, and librsvg's font for it may not be the mark's: hostile round 32).
                let isMark = { (scalar: Unicode.Scalar) in [.nonspacingMark, .spacingMark, .enclosingMark].contains(scalar.properties.generalCategory) }
                var previous: Unicode.Scalar?
                var leading: Character?
                for scalar in set.unicodeScalars {
                    if isMark(scalar), previous.map({ $0.properties.isWhitespace }) ?? true { leading = Character(scalar); break }
                    previous = scalar
                }
                if session == nil, leading == nil { session = FontSession() }
                guard let mark = leading ?? session?.markOnDottedCircle(in: set) else { continue }
                throw Problem(description: "<text> has \(mark.shownAlone) (\(mark.unicodeScalars.first.map(\.codePoint) ?? "")) with no letter to sit on where it stands "
                              + "(librsvg sets each <tspan> apart), so it would be drawn on a dotted circle ◌ the icon does not hold; put it after its letter, in the same text")
            }
        }

        /// UTF-8 only, as this check reads it: libxml2 honours an XML declaration's other
        /// encodings (UTF-7, UTF-16, EBCDIC…), in which the bytes this check read as text could be
        /// elements to librsvg.
        private static func checkEncoding(_ input: [UInt8]) throws(Problem) {
            guard String(validating: input, as: UTF8.self) != nil else {
                throw Problem(description: "is not UTF-8 text; icons are read as UTF-8")
            }
            var start = input[...]
            if start.starts(with: [0xEF, 0xBB, 0xBF]) { start = start.dropFirst(3) }
            // (A byte loop: `firstRange(of:)` on bytes allocates at each byte it tries.)
            guard start.starts(with: Array("<?xml".utf8)),
                  let end = start.indices.dropLast().first(where: { start[$0] == UInt8(ascii: "?") && start[$0 + 1] == UInt8(ascii: ">") }) else { return }
            let declaration = String(decoding: start[start.startIndex..<end], as: UTF8.self)
            guard let found = declaration.range(of: "encoding") else { return }
            let value = declaration[found.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" || $0 == "\"" || $0 == "'" }
                .prefix { $0 != "\"" && $0 != "'" && $0 != " " }.lowercased()
            guard ["utf-8", "utf8", "us-ascii", "ascii"].contains(value) else {
                throw Problem(description: "declares the encoding \(short(String(value))); icons are read as UTF-8")
            }
        }

        /// A style sheet's text as librsvg gets it: the text and the insides of CDATA sections up
        /// to the end tag, joined (libxml2 joins them before the CSS is parsed, so
        /// `u]]><![CDATA[rl(` is `url(` there and must be here). Any other markup in a sheet — a
        /// comment, a processing instruction, an element, an end tag of another name — is
        /// refused: libxml2 reads on past it, so text after it would reach librsvg unseen. With it,
        /// where each of its bytes is in the icon.
        /// (`name` is the element's, as written: `</svg:style>` ends an `<svg:style>`.)
        private static func text(after index: Int, in bytes: [UInt8], closedBy name: String) throws(Problem) -> (sheet: [UInt8], positions: [Int]) {
            let open = Array("<![CDATA[".utf8), close = Array("]]>".utf8), end = Array("</\(name)".utf8)
            var sheet: [UInt8] = []
            var positions: [Int] = []
            var cursor = index
            var inCDATA = false
            while cursor < bytes.count {
                if inCDATA {
                    if bytes[cursor...].starts(with: close) { inCDATA = false; cursor += close.count; continue }
                    sheet.append(bytes[cursor])
                    positions.append(cursor)
                    cursor += 1
                    continue
                }
                if bytes[cursor] == UInt8(ascii: "<") {
                    if bytes[cursor...].starts(with: open) { inCDATA = true; cursor += open.count; continue }
                    let tail = bytes[cursor...].prefix(end.count + 1)
                    let isEnd = tail.count > end.count && tail.starts(with: end)
                        && [UInt8(ascii: ">"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(tail.last ?? 0)
                    guard isEnd else {
                        throw Problem(description: "a style sheet holds markup (a comment, an element or an instruction); icons' style sheets are text and CDATA only")
                    }
                    break
                }
                sheet.append(bytes[cursor])
                positions.append(cursor)
                cursor += 1
            }
            return (sheet, positions)
        }

        /// What librsvg would fetch from elsewhere, which this check could not see: anything an
        /// `href` or a `url()` names other than one of the icon's own elements (`#id`) — a file,
        /// or a `data:` document that could hold elements of its own — bar an `<image>`'s embedded
        /// picture (judged by `EmbeddedImage`); XInclude; CSS `@import`. A link's own href is
        /// harmless: links become groups.
        func checkReferences() throws(Problem) {
            for element in elements {
                try clock.checkpoint()
                let tag = element.tag
                if tag.localName == "include" { throw Problem(description: "uses XInclude (<\(Self.short(tag.name))>), which icons may not") }
                // `<tref>` draws the character data of any element it names (a group's, a
                // title's), which `checkText` reads only inside `<text>`: SVG 2 dropped it, and
                // an icon writes its text in `<text>` (round 18: boxes drawn with exit 0).
                if tag.localName == "tref" { throw Problem(description: "uses <tref>, which icons may not (SVG 2 dropped it); write the text in <text>") }
                // What librsvg (2.54) leaves out with no word: text along a path, and HTML in a
                // foreign object — a browser draws them, so the icon would lose words (hostile
                // round 30).
                if tag.localName == "textPath" {
                    throw Problem(description: "uses <textPath>, whose text librsvg does not draw; write it in <text> or draw it as paths")
                }
                if tag.localName == "foreignObject" && !isIllustratorBranch(element) {
                    throw Problem(description: "uses <foreignObject>, which librsvg does not draw; draw its content as SVG")
                }
                // librsvg reads xlink:href before href, a browser href before xlink:href (hostile
                // round 72: a <use> drew another element).
                if Set(tag.attributes.filter { Self.isHref($0.name) }.map(\.value)).count > 1 {
                    throw Problem(description: "<\(Self.short(tag.name))> names two elements, with href and xlink:href, of which librsvg draws one and a browser "
                                  + "the other; keep one")
                }
                for attribute in tag.attributes {
                    // The same icon must draw the same everywhere: librsvg matches systemLanguage
                    // against LANGUAGE, LC_ALL, LC_MESSAGES and LANG (hostile round 20).
                    if attribute.name.split(separator: ":").last == "systemLanguage" {
                        throw Problem(description: "<\(Self.short(tag.name)) systemLanguage>: what it draws would follow the machine's language "
                                      + "settings, so icons may not use it; keep the branch the bar should show")
                    }
                    if Self.isHref(attribute.name), tag.localName != "a" {
                        let value = attribute.value.trimmingCharacters(in: .whitespacesAndNewlines)
                        let embedded = tag.localName == "image" && value.lowercased().hasPrefix("data:")
                        if !value.hasPrefix("#") && !embedded {
                            throw Problem(description: "<\(Self.short(tag.name)) \(attribute.name)=\"\(Self.short(value))\">: an icon may refer only to its own elements (#id) and embed pictures in <image>")
                        }
                        if value.hasPrefix("#") && value.contains("%") { throw Self.escapedFragment(value, where: "<\(Self.short(tag.name)) \(attribute.name)>") }
                        // A browser takes spaces around a URL away (and tabs and line breaks in
                        // it); librsvg does not, and drew nothing where `<use href=" #t ">` named
                        // a text (hostile round 66).
                        if value.hasPrefix("#") && attribute.value.contains(where: \.isWhitespace) {
                            let written = String(value.filter { !$0.isWhitespace })
                            throw Problem(description: "<\(Self.short(tag.name)) \(attribute.name)=\"\(Self.short(attribute.value))\">: spaces in or around the reference, "
                                          + "which librsvg keeps (a browser takes them away); write \(attribute.name)=\"\(Self.short(written))\"")
                        }
                    }
                    // Presentation attributes are CSS values too (fill="\\75 rl(…)" is url(…) to
                    // librsvg): no attribute may hold an escape this check would not read. But
                    // those neither librsvg nor a browser reads as CSS: an editor's own
                    // (`inkscape:export-filename="C:\\…"`), data and ARIA text, and SVG fonts'
                    // glyphs (`<glyph unicode="\\">`, drawn by neither: hostile round 82).
                    if attribute.value.contains("\\"), !Self.isNeverCSS(attribute.name, on: tag.localName) {
                        throw Problem(description: "<\(Self.short(tag.name)) \(attribute.name)>: holds a CSS escape (\\); icons' attributes are read as written")
                    }
                    if attribute.name == "style", let string = Self.stringHoldingCSSMarks(in: attribute.value) {
                        throw Self.cssMarksInString(string, where: "<\(Self.short(tag.name)) style>")
                    }
                    try Self.checkURLs(in: attribute.value, where: "<\(Self.short(tag.name)) \(attribute.name)>")
                }
            }
            let sheetBytes = styleSheets.reduce(0) { $0 + $1.utf8.count }
            guard sheetBytes <= Limits.svgStyleSheetBytes else {
                throw Problem(description: "has \((sheetBytes + 1023) / 1024) KB of style sheets; an icon's are at most \(Limits.svgStyleSheetBytes >> 10) KB together")
            }
            for sheet in styleSheets {
                // CSS escapes (u\72l, @\69mport) and entities in a sheet could spell what this
                // check looks for without its letters.
                if sheet.contains("\\") || sheet.contains("&") {
                    throw Problem(description: "a style sheet holds an escape (\\ or &); icons' CSS is read as written")
                }
                if let string = Self.stringHoldingCSSMarks(in: sheet) { throw Self.cssMarksInString(string, where: "a style sheet") }
                if sheet.lowercased().contains("@import") { throw Problem(description: "a style sheet imports another (@import), which icons may not") }
                // (Refused anyway, by librsvg's log or for its url(): said as what it is.)
                if sheet.lowercased().contains("@namespace") {
                    throw Problem(description: "a style sheet declares a namespace (@namespace), which librsvg does not read and a browser does; leave it out "
                                  + "(the icon's elements are SVG's already)")
                }
                try Self.checkURLs(in: sheet, where: "a style sheet")
            }
            // Matching style rules costs rules × elements (40 000 rules over 19 000 rectangles
            // ran for minutes): bounded like the elements drawn.
            let rules = styleSheets.reduce(0) { $0 + $1.utf8.filter { $0 == UInt8(ascii: "{") }.count }
            let (matches, overflow) = rules.multipliedReportingOverflow(by: elements.count)
            if overflow || matches > Limits.svgStyleMatches {
                throw Problem(description: "has \(rules) style rules over \(elements.count) elements; rules × elements is at most \(Limits.svgStyleMatches)")
            }
        }

        /// The first CSS string (outside comments) holding `{`, `}`, `;`, `/*` or `*/`, or nil.
        /// The checks read CSS by those marks, not by CSS's tokens, so `font-family:"/*"` hid
        /// every rule after it from them where librsvg and a browser apply them (hostile round
        /// 96: `svg{display:none}` after it drew nothing). A string ends at its quote or a line
        /// break (escapes are refused before).
        static func stringHoldingCSSMarks(in css: String) -> String? {
            let bytes = Array(css.utf8)
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                    var end = index + 2
                    while end + 1 < bytes.count, !(bytes[end] == UInt8(ascii: "*") && bytes[end + 1] == UInt8(ascii: "/")) { end += 1 }
                    index = end + 2
                    continue
                }
                guard byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") else { index += 1; continue }
                var end = index + 1
                while end < bytes.count, bytes[end] != byte, ![0x0A, 0x0C, 0x0D].contains(bytes[end]) { end += 1 }
                let inside = bytes[(index + 1)..<min(end, bytes.count)]
                if inside.contains(where: { [UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ";")].contains($0) })
                    || zip(inside, inside.dropFirst()).contains(where: { ($0 == UInt8(ascii: "/") && $1 == UInt8(ascii: "*")) || ($0 == UInt8(ascii: "*") && $1 == UInt8(ascii: "/")) }) {
                    return String(decoding: bytes[index..<min(end + 1, bytes.count)], as: UTF8.self)
                }
                index = end + 1
            }
            return nil
        }

        private static func cssMarksInString(_ string: String, where place: String) -> Problem {
            Problem(description: "\(place): the CSS string \(short(string)) holds { } ; or a comment mark, which Tabsnap's reading of the CSS does not "
                    + "follow (librsvg and a browser do); write the string without them")
        }

        /// A reference whose name holds a %-escape (`#%73`): a browser decodes it, librsvg does
        /// not, so the icon would lose what it refers to, exit 0 (hostile round 62).
        private static func escapedFragment(_ written: String, where place: String) -> Problem {
            Problem(description: "\(place): \(short(written)) escapes its id with %, which librsvg does not decode (a browser does); write the id as it is")
        }

        /// Every `url(…)` names one of the icon's own elements.
        private static func checkURLs(in text: String, where place: String) throws(Problem) {
            for inside in Document.urlContents(in: text) {
                let written = inside.trimmingCharacters(in: .whitespacesAndNewlines)
                var name = written
                if name.first == "\"" || name.first == "'" { name = String(name.dropFirst()) }
                guard name.hasPrefix("#") else {
                    // As written, quotes and all (round 43: one quote was dropped, one kept).
                    throw Problem(description: "\(place): url(\(short(written))) is not one of the icon's own elements (#id)")
                }
                if name.contains("%") { throw escapedFragment(written, where: place) }
                // A plain id, or one in matching quotes: CSS reads an unquoted url(…) holding a
                // brace, bracket, quote or comment start as one token up to its `)`, where a
                // reader of syntax (an earlier text size rule, round 64) reads something else.
                if let quote = written.first, quote == "\"" || quote == "'" { name = written.count >= 2 && written.last == quote ? String(name.dropLast()) : name + "\u{0}" }
                if name.dropFirst().contains(where: { $0.isWhitespace || "{}[]()\"'/*;\u{0}".contains($0) }) {
                    throw Problem(description: "\(place): url(\(short(written))) names no plain id; write url(#id)")
                }
            }
        }

        /// Whether the filter holding an element is one something may use: its id referred to
        /// (`url(#id)`, `#id`) in an attribute or a style sheet (a primitive outside a filter, or
        /// in one without an id, is drawn by neither). The references are read once: a search of
        /// the whole icon for each primitive cost elements × bytes (code review).
        func filterUsage() -> (Element) -> Bool {
            var referred = Set<String>()
            for element in elements {
                for attribute in element.tag.attributes {
                    referred.formUnion(Self.references(in: attribute.value))
                    if Self.isHref(attribute.name) { referred.insert(String(attribute.value.trimmingCharacters(in: .whitespaces).dropFirst())) }
                }
            }
            for sheet in styleSheets { referred.formUnion(Self.references(in: sheet)) }
            return { element in
                var current = element.parent
                while let at = current, elements[at].tag.localName != "filter" { current = elements[at].parent }
                guard let at = current, let id = elements[at].tag.exactAttribute("id"), !id.isEmpty else { return false }
                return referred.contains(id)
            }
        }

        func checkFilters() throws(Problem) {
            let filterIsUsed = filterUsage()
            for element in elements {
                try clock.checkpoint()
                let tag = element.tag
                switch tag.localName {
                case "feTurbulence":
                    if let octaves = tag.attribute("numOctaves"), let value = Double(octaves.trimmingCharacters(in: .whitespacesAndNewlines)),
                       value > 10 {
                        throw Problem(description: "feTurbulence numOctaves=\"\(Self.short(octaves))\" is over 10 (octaves past 9 change nothing in 8-bit colour)")
                    }
                // Primitives librsvg draws by whole device pixels where a browser does not (hostile
                // round 90), in a filter something uses (`#id` written anywhere: Inkscape's own
                // feConvolveMatrix icon defines one and uses none): a convolution's edge pixel,
                // part-covered where the region ends between pixels, copied across the kernel's
                // reach (edgeMode duplicate, the default, and wrap: robust 78–395); a tile
                // repeated at a rounded period (robust 567–755).
                case "feConvolveMatrix" where (tag.attribute("edgeMode") ?? "duplicate").trimmingCharacters(in: .whitespaces) != "none" && filterIsUsed(element):
                    throw Problem(description: "<feConvolveMatrix> with edgeMode duplicate or wrap (duplicate is the default), whose edge librsvg smears "
                                  + "where the filter region ends between pixels (a browser does not); write edgeMode=\"none\"")
                case "feTile" where filterIsUsed(element):
                    throw Problem(description: "<feTile>, which librsvg repeats at a period of whole device pixels and a browser at the tile's own size; "
                                  + "draw the tiles, or use a <pattern>")
                case "feConvolveMatrix":
                    let order = Self.numbers(in: tag.attribute("order") ?? "3")
                    if order.contains(where: { $0 > 9 }) {
                        throw Problem(description: "feConvolveMatrix order=\"\(Self.short(tag.attribute("order") ?? ""))\" is over 9")
                    }
                case "feMorphology":
                    // (SVGBrowserAgreement has refused a radius that is not one or two numbers.)
                    let radius = Self.numbers(in: tag.attribute("radius") ?? "0")
                    if radius.contains(where: { $0 > 100 }) {
                        throw Problem(description: "feMorphology radius=\"\(Self.short(tag.attribute("radius") ?? ""))\" is over 100")
                    }
                default:
                    break
                }
            }
            try checkFilterInputs()
        }

        /// A filter primitive's `in` and `in2` as a browser and librsvg both read them: the
        /// source graphic or alpha, or a result named by an earlier primitive of the same filter.
        /// A browser reads anything else — BackgroundImage, BackgroundAlpha (Inkscape 0.48's layer
        /// blends), a name no earlier primitive gives, a keyword in other case — as the previous
        /// result; librsvg as transparent (or the keyword in any case): hostile round 77.
        private func checkFilterInputs() throws(Problem) {
            for filter in elements where filter.tag.localName == "filter" {
                try clock.checkpoint()
                var results = Set<String>()
                for child in filter.children {
                    // (An feMerge's nodes read inputs too.)
                    for tag in ([child] + elements[child].children).map({ elements[$0].tag }) {
                        for name in ["in", "in2"] {
                            guard let value = tag.exactAttribute(name), !["SourceGraphic", "SourceAlpha"].contains(value), !results.contains(value) else { continue }
                            throw Problem(description: "<\(Self.short(tag.name)) \(name)=\"\(Self.short(value))\">: not SourceGraphic, SourceAlpha or an earlier primitive's "
                                          + "result, which a browser reads as the previous result and librsvg otherwise (transparent); name one of those")
                        }
                    }
                    if let result = elements[child].tag.exactAttribute("result") { results.insert(result) }
                }
            }
        }

        /// Pixels of the embedded images (librsvg decodes each distinct one once).
        func checkImages() throws(Problem) -> Int {
            var seen = Set<String>()
            var pixels = 0
            for element in elements where element.tag.localName == "image" {
                try clock.checkpoint()
                // Every href the element holds (href and xlink:href both), whichever librsvg reads.
                for href in element.tag.attributes.filter({ Self.isHref($0.name) }).map(\.value) where seen.insert(href).inserted {
                guard let size = try EmbeddedImage.check(href) else { continue }
                pixels += size
                guard pixels <= Limits.svgImagePixels else {
                    throw Problem(description: "embeds images of over \(Limits.svgImagePixels / 1_000_000) Mpx together")
                }
                }
            }
            return pixels
        }

        /// Drawn elements of the whole document (see the type's comment), saturating.
        func drawnElements() throws(Problem) -> Int {
            let costs = try costs()
            var total = costs[0]
            // What a style sheet names may apply to every element (or every vertex, for markers).
            var vertices = 0
            for element in elements { vertices = Self.adding(vertices, Self.vertices(of: element.tag)) }
            for target in styleSheets.flatMap({ Self.references(in: $0) }) {
                guard let index = ids[target], let instances = Self.instantiates(elements[index].tag.localName) else { continue }
                total = Self.adding(total, Self.multiplying(costs[index], instances == .perVertex ? vertices : elements.count))
            }
            return total
        }

        /// How a reference to an element draws it again.
        enum Instances { case once, perVertex }

        /// Patterns, masks, clip paths and filters are drawn for each element naming them; markers
        /// at each vertex; gradients and others cost nothing per reference.
        static func instantiates(_ localName: Substring) -> Instances? {
            switch localName {
            case "pattern", "mask", "clipPath", "filter": return .once
            case "marker": return .perVertex
            default: return nil
            }
        }

        /// Every element's drawn count: itself, its children, and what it draws again through a
        /// `<use>` or a reference. Worked out without recursion (a chain of references may be as
        /// long as the file, deeper than a render thread's stack).
        private func costs() throws(Problem) -> [Int] {
            var cost = [Int](repeating: -1, count: elements.count)
            var visiting = [Bool](repeating: false, count: elements.count)
            var edges: [[(target: Int, times: Int)]] = elements.map { element in
                var list = element.children.map { ($0, 1) }
                let tag = element.tag
                // Whatever an href names is drawn again: a <use>'s target, an <feImage>'s element, the
                // content a pattern takes from its template. Every href counts (href and
                // xlink:href both: which one librsvg reads is its business).
                for attribute in tag.attributes where Self.isHref(attribute.name) && tag.localName != "a" {
                    let value = attribute.value.trimmingCharacters(in: .whitespacesAndNewlines)
                    if value.hasPrefix("#"), let target = ids[String(value.dropFirst())] { list.append((target, 1)) }
                }
                for attribute in tag.attributes where !Self.isHref(attribute.name) {
                    for name in Self.references(in: attribute.value) {
                        guard let target = ids[name], let instances = Self.instantiates(elements[target].tag.localName) else { continue }
                        list.append((target, instances == .perVertex ? Self.vertices(of: tag) : 1))
                    }
                }
                return list
            }
            for root in elements.indices where cost[root] < 0 {
                try clock.checkpoint()
                var stack: [(element: Int, next: Int)] = [(root, 0)]
                visiting[root] = true
                while let (element, next) = stack.last {
                    if next < edges[element].count {
                        stack[stack.count - 1].next += 1
                        let target = edges[element][next].target
                        if visiting[target] {
                            let name = elements[target].tag.attribute("id").map { "#\($0)" } ?? "<\(elements[target].tag.name)>"
                            throw Problem(description: "refers to itself through \(Self.short(name))")
                        }
                        if cost[target] < 0 {
                            visiting[target] = true
                            stack.append((target, 0))
                        }
                        continue
                    }
                    var total = 1
                    for edge in edges[element] { total = Self.adding(total, Self.multiplying(cost[edge.target], edge.times)) }
                    cost[element] = total
                    visiting[element] = false
                    edges[element] = []
                    stack.removeLast()
                }
            }
            return cost
        }

        static func isHref(_ name: String) -> Bool { name == "href" || name.hasSuffix(":href") }

        /// The ids a value names with `url(#id)` (attributes, `style`, CSS).
        static func references(in value: String) -> [String] {
            urlContents(in: value).compactMap { inside in
                var name = inside.trimmingCharacters(in: .whitespacesAndNewlines)
                if name.first == "\"" || name.first == "'" { name = String(name.dropFirst().dropLast()) }
                return name.hasPrefix("#") ? String(name.dropFirst()) : nil
            }
        }

        /// What each `url(` of a value holds, up to its `)` (or the end), in one pass over the
        /// bytes. Searching the rest of the text with Foundation's `range(of:)` copied it at every
        /// match: 8 MB of `url(#a) ` took minutes, in Tabsnap's own process, before the sandbox.
        static func urlContents(in value: String) -> [String] {
            let bytes = Array(value.utf8)
            func lower(_ b: UInt8) -> UInt8 { (65...90).contains(b) ? b + 32 : b }
            var found: [String] = []
            var i = 0
            while i + 4 <= bytes.count {
                guard lower(bytes[i]) == 0x75, lower(bytes[i + 1]) == 0x72, lower(bytes[i + 2]) == 0x6C, bytes[i + 3] == 0x28 else {
                    i += 1
                    continue
                }
                var end = i + 4
                while end < bytes.count, bytes[end] != 0x29 { end += 1 }
                found.append(String(decoding: bytes[(i + 4)..<end], as: UTF8.self))
                i = end
            }
            return found
        }

        /// Vertices a marker may be drawn at: the numbers of a path's `d` or a polyline's
        /// `points` (two a vertex, at least one), two for a line.
        static func vertices(of tag: SVGScanner.Tag) -> Int {
            switch tag.localName {
            case "path": return max(1, numberCount(tag.attribute("d") ?? "") / 2 + 1)
            case "polyline", "polygon": return max(1, numberCount(tag.attribute("points") ?? "") / 2 + 1)
            case "line": return 2
            default: return 1
            }
        }

        /// How many numbers a path or points list holds, read as SVG reads them: a second point
        /// or a sign starts a new number (`.5.5` is two, `1-2` is two).
        static func numberCount(_ text: String) -> Int {
            var count = 0, inNumber = false, seenPoint = false, afterExponent = false
            for byte in text.utf8 {
                let digit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
                let point = byte == UInt8(ascii: ".")
                let sign = byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
                if inNumber && (byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")) { afterExponent = true; continue }
                if digit {
                    if !inNumber { count += 1; inNumber = true; seenPoint = false }
                    afterExponent = false
                } else if point {
                    if !inNumber || seenPoint || afterExponent { count += 1; inNumber = true }
                    seenPoint = true
                    afterExponent = false
                } else if sign && afterExponent {
                    afterExponent = false
                } else {
                    inNumber = false; seenPoint = false; afterExponent = false
                }
            }
            return count
        }

        static func numbers(in text: String) -> [Double] {
            text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" }).map { Double($0) ?? .infinity }
        }

        /// Whether an attribute is one librsvg and a browser never read as CSS: another namespace's
        /// (but xlink and xml), `data-*` and `aria-*`, and any on an SVG font's elements.
        static func isNeverCSS(_ name: String, on element: Substring) -> Bool {
            // librsvg and a browser read SVG's attributes in no namespace (and xlink's).
            if let colon = name.firstIndex(of: ":"), !["xlink", "xml"].contains(name[..<colon]) { return true }
            if name.hasPrefix("data-") || name.hasPrefix("aria-") { return true }
            return ["font", "font-face", "glyph", "missing-glyph", "hkern", "vkern", "font-face-src", "font-face-name", "font-face-uri"].contains(element)
        }

        static func short(_ text: String) -> String { SVGBrowserAgreement.short(text) }

        static func adding(_ a: Int, _ b: Int) -> Int {
            let (sum, overflow) = a.addingReportingOverflow(b)
            return overflow ? Int.max : sum
        }

        static func multiplying(_ a: Int, _ b: Int) -> Int {
            let (product, overflow) = a.multipliedReportingOverflow(by: b)
            return overflow ? Int.max : product
        }
    }
}
