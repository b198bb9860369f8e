import CSandbox
import Foundation

/// What librsvg (2.54) reads otherwise than a browser's `<img>`, so an icon drew blank, or
/// something else, with exit 0 where the browser draws it (hostile round 67): refused before
/// librsvg reads it, naming what to write. A browser ignores an invalid `viewBox` (librsvg drew
/// nothing) and draws nothing for a zero one (librsvg drew); it skips a style sheet of another
/// type or medium (librsvg applied it); it draws a polygon's complete pairs (librsvg drew nothing
/// for an odd count); it ignores an invalid `transform` (librsvg applied the part before the
/// error); librsvg laid `writing-mode: vertical-lr` text out across, outside the icon.
///
/// These are what librsvg reads and draws otherwise. What it does not read at all — CSS it
/// cannot parse, a presentation attribute's value, an element it leaves out — librsvg says
/// itself, and the sandbox probe refuses it (`CSandbox/ignored_css.c`). Presentation attributes
/// of properties librsvg does not have (`transform-origin`, `vector-effect`) it skips without a
/// word, so they are judged here by the probe's own rule (`tabsnap_css_is_harmless`).
enum SVGBrowserAgreement {
    /// The problem with `tag`, or nil.
    static func problem(with tag: SVGScanner.Tag) -> String? {
        let name = tag.localName
        if ["svg", "symbol", "marker", "pattern", "view"].contains(name), let viewBox = tag.exactAttribute("viewBox"), !isViewBox(viewBox) {
            return "<\(name) viewBox=\"\(short(viewBox))\">: not four numbers with a width and height over 0, which librsvg and a browser draw "
                + "differently (nothing, or the whole); write min-x min-y width height, or leave it out"
        }
        if name == "style" {
            if let type = tag.exactAttribute("type"), !["", "text/css"].contains(type.lowercased()) {
                return "<style type=\"\(short(type))\">: a browser skips a sheet of another type, librsvg applies it; write type=\"text/css\" or leave it out"
            }
            if let media = tag.exactAttribute("media"), !["", "all", "screen"].contains(media.trimmingCharacters(in: .whitespaces).lowercased()) {
                return "<style media=\"\(short(media))\">: a browser applies a sheet for one medium only, librsvg applies it always; leave media out"
            }
        }
        for attribute in tag.attributes where ["transform", "gradientTransform", "patternTransform"].contains(attribute.name) {
            // An empty one on a paint server: a browser takes it as not written (and inherits
            // one through href), librsvg as none (hostile round 97: a turned gradient upright).
            if attribute.name != "transform", attribute.value.allSatisfy({ $0.isXMLSpace }) {
                return "<\(name) \(attribute.name)=\"\(short(attribute.value))\">: empty, which a browser takes as not written and librsvg as no transform; "
                    + "leave it out"
            }
            if !isTransformList(attribute.value) {
                return "<\(name) \(attribute.name)=\"\(short(attribute.value))\">: not a transform list, which a browser ignores and librsvg may apply "
                    + "in part (scale(0) before the error drew nothing); write matrix, translate, scale, rotate, skewX or skewY (numbers)"
            }
        }
        if name == "polygon" || name == "polyline", let points = tag.exactAttribute("points") {
            // A browser stops at what it cannot read (`4,4,,20,4`: nothing drawn), librsvg reads on.
            guard let values = SVGNumberList.read(points) else {
                return "<\(name) points=\"\(short(points))\">: not numbers as a browser reads them (it stops there, librsvg reads on); write x,y pairs"
            }
            if values.count % 2 == 1 {
                return "<\(name) points>: an odd count of numbers, which librsvg draws as nothing (a browser drops the last); write x,y pairs"
            }
        }
        // A colour matrix's values as many as its type takes: a browser drops others (and takes
        // the default), librsvg reads the first (hostile round 94: saturate "0 0" drew grey).
        if name == "feColorMatrix", let values = tag.exactAttribute("values"),
           let wanted = ["matrix": 20, "saturate": 1, "hueRotate": 1][tag.exactAttribute("type") ?? "matrix"],
           SVGNumberList.read(values)?.count != wanted {
            return "<feColorMatrix values=\"\(short(values))\">: not \(wanted == 1 ? "one number" : "\(wanted) numbers") as a browser reads them for its type, "
                + "which a browser drops and librsvg reads in part; write \(wanted == 1 ? "one" : "\(wanted)")"
        }
        if name == "image", let problem = imageProblem(tag) { return problem }
        if animationElements.contains(String(name)) {
            return "<\(name)>: an animation, which librsvg does not play (a browser's <img> does); draw the frame the bar should show"
        }
        // A filter primitive librsvg 2.54 does not have leaves the filtered element out, without
        // a word (feDropShadow: hostile round 69); a browser draws it.
        // Lighting librsvg shades otherwise wherever the icon is not drawn one user unit to a
        // pixel (always, in a tab bar: Inkscape's emboss and bevel filters drew flat grey, a
        // specular star dark red; round 72: a spot light's cone twice as wide), and
        // kernelUnitLength, which a browser ignores and librsvg applies (hostile round 78).
        if name == "feDiffuseLighting" || name == "feSpecularLighting" {
            return "<\(name)>: lighting, which librsvg shades otherwise than a browser at the sizes an icon is drawn; draw the shading as gradients"
        }
        if tag.exactAttribute("kernelUnitLength") != nil {
            return "<\(name) kernelUnitLength>: which librsvg applies and a browser ignores; leave it out"
        }
        // A number ending in its point (`20.`) or in an exponent without digits (`20e`): a
        // browser's path data stops there, librsvg reads on or stops elsewhere (round 78).
        if name == "path", let data = tag.exactAttribute("d") {
            if let bad = malformedNumber(in: data) {
                return "<path d>: the number \"\(bad)\", which a browser and librsvg read up to different places; write digits after a point or an e"
            }
            // A comma before a command letter: a browser reads past it, librsvg stops the path
            // there (hostile round 79: "M4 4h16,v16h-16z" drew nothing).
            if data.range(of: #",[ \t\r\n]*[A-Za-z]"#, options: .regularExpression) != nil {
                return "<path d>: a comma before a command letter, which a browser reads past and librsvg stops the path at; leave the comma out"
            }
        }
        if name.hasPrefix("fe"), !filterElements.contains(String(name)) {
            return "<\(name)>: a filter primitive librsvg 2.54 does not have, so it leaves the filtered element out (a browser draws it); "
                + "build it from feGaussianBlur, feOffset, feFlood, feComposite and feMerge"
        }
        for attribute in tag.attributes {
            if let problem = attributeProblem(attribute.name, attribute.value, on: name) { return problem }
        }
        return nil
    }

    /// An `<image>`'s size and fit as librsvg draws them otherwise (hostile round 76): given
    /// one side, or `auto`, a browser keeps the picture's proportions and librsvg draws it at its
    /// own size in pixels; cropped (`slice`), librsvg's smoothing reads the cropped-away pixels in
    /// at the edge (a band of their colour) where a browser's does not.
    private static func imageProblem(_ tag: SVGScanner.Tag) -> String? {
        let sides = ["width", "height"].map { tag.exactAttribute($0) }
        if sides.contains(where: { $0 == nil }) && sides.contains(where: { $0 != nil })
            || sides.contains(where: { $0?.trimmingCharacters(in: .whitespaces).lowercased() == "auto" }) {
            return "<image> with one of width and height (or auto), which a browser completes from the picture's proportions and librsvg "
                + "does not; write both"
        }
        if let fit = tag.exactAttribute("preserveAspectRatio"), SVGIconPreflight.Document.aspect(fit)?.hasSuffix("slice") == true {
            return "<image preserveAspectRatio=\"\(short(fit))\">: a cropped picture, whose edge librsvg blends with the pixels cropped away "
                + "(a browser does not); crop the picture itself, or write meet"
        }
        return nil
    }

    private static func attributeProblem(_ attribute: String, _ value: String, on name: Substring) -> String? {
        let place = "<\(name) \(attribute)=\"\(short(value))\">"
        if (name == "text" || name == "tspan") && attribute == "rotate" && numbers(in: value) > 0 && !isAllZero(value) {
            return "\(place): librsvg does not turn a text's characters (a browser does); draw them as paths, or turn the whole <text> with transform"
        }
        // Conditional processing librsvg evaluates otherwise than a browser (hostile round 69): it
        // tests requiredFeatures (SVG 2 dropped it; a browser takes it as true), and an empty
        // requiredExtensions passes there and fails in a browser, as do the extensions a browser
        // has. (Illustrator's <foreignObject requiredExtensions> in a <switch>, which neither
        // draws, is let through by SVGIconPreflight, which knows the parent.)
        if attribute == "requiredFeatures" || (attribute == "requiredExtensions" && name != "foreignObject") {
            return "\(place): librsvg and a browser choose otherwise by \(attribute); keep the branch the bar should show and leave it out"
        }
        if name == "symbol", ["x", "y", "width", "height"].contains(attribute) {
            return "\(place): SVG 2's size of a <symbol>, which librsvg does not read (a browser does); size it on the <use>"
        }
        if attribute == "class", value.unicodeScalars.contains(where: { $0.properties.isWhitespace && !$0.isASCII }) {
            // A browser splits classes at ASCII white space only; librsvg at any.
            return "\(place): a class holding white space other than spaces, tabs and line breaks, which librsvg and a browser split otherwise; "
                + "separate classes with spaces"
        }
        if (attribute == "in" || attribute == "in2"), ["FillPaint", "StrokePaint"].contains(value.trimmingCharacters(in: .whitespaces)) {
            return "\(place): librsvg fills the filter's whole region with the paint (a browser does not); flood the region with feFlood, or leave it out"
        }
        // librsvg moves a text by a list's first value only; a browser each character by its own
        // (hostile round 72; lists of x and y librsvg says it cannot read).
        if (name == "text" || name == "tspan"), attribute == "dx" || attribute == "dy", numbers(in: value) > 1 {
            return "\(place): librsvg moves the whole text by the first value (a browser each character by its own); write one value, or a <tspan> per character"
        }
        // An feImage of an element: librsvg draws it at another size and place than a browser
        // (hostile round 72); an embedded picture is drawn alike.
        if name == "feImage", attribute.split(separator: ":").last == "href", value.trimmingCharacters(in: .whitespaces).hasPrefix("#") {
            return "\(place): an feImage of an element, which librsvg places otherwise than a browser; embed a picture (data:) or draw the element itself"
        }
        if attribute == "textLength" || attribute == "lengthAdjust" {
            return "\(place): librsvg does not fit text to a length (a browser does); leave it out"
        }
        if let kind = written(attribute, on: name), !kind.admits(value) {
            if case .keyword = kind {
                return "\(place): not \(kind) as written (case and spaces), which librsvg reads anyway and a browser takes as its default; write one of them"
            }
            if case .matching = kind {
                return "\(place): not \(kind) as written, which librsvg may read and a browser takes as its default; write one of them"
            }
            if case .numberCount = kind {
                return "\(place): not \(kind) as a browser reads them (a point needs a digit after it), which a browser drops (taking the default) "
                    + "and librsvg reads in part; write \(kind)"
            }
            return "\(place): not \(kind), which librsvg leaves out and a browser may read (or take the default of); write the value it comes to"
        }
        return nil
    }

    /// What the checks of declarations need to know of the whole icon.
    struct Facts {
        /// The icon draws text.
        var text: Bool
        /// An element has a `pathLength`.
        var pathLength: Bool
        /// An element keeps its text's white space (`xml:space="preserve"`).
        var preservesSpace: Bool
        /// A `<text>` holds letters of its own and a `<tspan>`.
        var mixedText: Bool
        /// The icon's text has white space that xml:space or white-space would keep or collapse
        /// (a run of spaces, a tab or line break, a space at either end of a piece).
        var collapsibleSpace: Bool
        /// A declaration writes an em or ex length (`writesEmOrEx`).
        var usesEm: Bool
        /// A style sheet's selectors may match the outermost `<svg>` (`svg`, `*`, `:root`, its
        /// id or a class of it).
        var sheetsMayMatchRoot: Bool
        /// A style sheet's rule setting `display: none` may match the outermost `<svg>`.
        var sheetsMayHideRoot = false
        /// Something in the icon — an attribute, a style, a sheet — says `display: none`.
        var hidesByDisplay = false
    }

    /// Display values of CSS 3 that librsvg 2.54 does not read (its log says so) and a browser
    /// draws an SVG element with as it draws `inline` (Chromium: all six, at the root and
    /// inside; `contents` is not one: it hides an element). Copied from web pages, icons carry
    /// them on the root (`style="display:inline-block;vertical-align:middle"`).
    static let displayValuesDrawnAsInline = ["inline-block", "flex", "inline-flex", "grid", "inline-grid", "flow-root"]

    /// Whether a declaration writes an em or ex length, which is a font size too.
    static func writesEmOrEx(_ declarations: SVGDeclarations) -> Bool {
        declarations.all.contains { writesLength($0.value, in: ["em", "ex"]) }
    }

    /// Whether `value` (in small letters) writes a number in one of `units`: a digit or point,
    /// the unit, then no letter, digit, `_` or character beyond ASCII — CSS reads those as more
    /// of the unit's name, so `2ex` then a no-break space is no length to librsvg or a browser.
    /// (Read byte by byte: a regular expression for each declaration was about 25 µs; the one
    /// before, `[0-9.](em|ex)\b`, took punctuation beyond ASCII as the unit's end.)
    static func writesLength(_ value: String, in units: Set<String>) -> Bool {
        let bytes = Array(value.utf8)
        guard bytes.count >= 3 else { return false }
        func isWord(_ byte: UInt8) -> Bool {
            byte >= 0x80 || byte == UInt8(ascii: "_") || (0x30...0x39).contains(byte) || (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte)
        }
        let unitBytes = units.map { Array($0.utf8) }
        for start in 1..<bytes.count where (0x30...0x39).contains(bytes[start - 1]) || bytes[start - 1] == UInt8(ascii: ".") {
            for unit in unitBytes where bytes[start...].starts(with: unit) {
                let after = start + unit.count
                if after == bytes.count || !isWord(bytes[after]) { return true }
            }
        }
        return false
    }

    /// What librsvg reads from an icon's declarations and draws otherwise than a browser, or nil.
    static func problem(with declarations: SVGDeclarations, _ facts: Facts) -> String? {
        let text = facts.text, pathLength = facts.pathLength, usesEm = facts.usesEm
        for declaration in declarations.all {
            let words = declaration.value.split(whereSeparator: { " \t\n\r,/".contains($0) })
            if let problem = placeProblem(declaration, facts) { return problem }
            // An ex is half an em to librsvg, the font's x-height to a browser (hostile round 76:
            // r="2ex" drew a circle of another size).
            if writesLength(declaration.value, in: ["ex"]) {
                return "\(declaration.place): a length in ex, which librsvg takes as half an em and a browser as the font's x-height; write em or user units"
            }
            // A filter function's lengths need units too (hostile round 81: `filter:blur(4)` and
            // `drop-shadow(4 4 0 red)`, dropped by a browser, drawn by librsvg).
            if declaration.property == "filter", let function = unitlessFilterFunction(declaration.value) {
                return "\(declaration.place): filter \(function)() with a number where CSS needs a length, which a browser drops and librsvg applies; "
                    + "write units (blur(4px), drop-shadow(4px 4px 0 red))"
            }
            if declaration.property == "transform", declaration.isCSS, let function = unitlessCSSTransform(declaration.value) {
                return "\(declaration.place): CSS transform \(function)() with a number where CSS needs a length or an angle, which a browser drops "
                    + "and librsvg applies; write units (translate(4px, 0), rotate(20deg)) or the transform attribute"
            }
            switch declaration.property {
            case "font-size" where text || usesEm, "font" where text || usesEm:
                // librsvg's sizes for these differ from CSS's (medium is 12 there, 16 in a browser).
                // In `font` the size comes before the families: words up to a length or a quote.
                let sizePosition = declaration.property == "font-size" ? words[...]
                    : words.prefix { !($0.first?.isNumber ?? false) && $0.first != "." && $0.first != "'" && $0.first != "\"" }
                if let keyword = sizePosition.first(where: { fontSizeKeywords.contains(String($0)) }) {
                    return "\(declaration.place): font-size \(keyword), which librsvg sets at another size than a browser; write a length (px, pt, em)"
                }
            case "baseline-shift":
                // librsvg shifts by its own fraction of the font-size, a browser by the font's
                // superscript and subscript offsets.
                if declaration.value == "super" || declaration.value == "sub" {
                    return "\(declaration.place): baseline-shift \(declaration.value), which librsvg shifts otherwise than a browser; write a length or a percentage"
                }
            case "rx", "ry":
                if declaration.value == "auto" {
                    return "\(declaration.place): \(declaration.property) auto, which librsvg reads otherwise than a browser; write the length, or leave it out"
                }
            case "writing-mode" where text:
                if declaration.value.filter({ !$0.isWhitespace }).contains("vertical-lr") { return verticalLeftToRight }
            case "font-family" where text:
                // A font family naming the colour emoji font (or fontconfig's `emoji` alias)
                // draws every character it has from it: silhouettes at emoji advances (hostile
                // round 24). fontconfig ignores white space in names.
                if declaration.value.filter({ !$0.isWhitespace }).contains("emoji") { return namesTheEmojiFont }
            case "stroke-width":
                // A browser drops a negative width (the inherited one is drawn); librsvg draws
                // no stroke and turns markers around (hostile round 73).
                if declaration.value.hasPrefix("-"), Double(declaration.value.filter { $0.isNumber || $0 == "." }) != 0 {
                    return "\(declaration.place): a negative stroke-width, which a browser drops and librsvg draws as none; leave it out"
                }
            case "filter":
                // CSS's colour filter functions: librsvg works them in linearRGB, a browser in
                // sRGB (hostile round 72: brightness(0.5) drew (125,73,50) for (85,51,34)).
                if let function = ["brightness(", "contrast(", "invert(", "saturate(", "hue-rotate(", "grayscale(", "sepia("].first(where: { declaration.value.contains($0) }) {
                    return "\(declaration.place): filter \(function.dropLast())(), which librsvg draws in other colours than a browser; "
                        + "build it from feColorMatrix or feComponentTransfer with color-interpolation-filters=\"sRGB\""
                }
            case "font-variant" where text, "font-variant-caps" where text:
                // librsvg draws no small capitals (hostile round 72: "ab" where a browser drew "AB").
                if declaration.value != "normal" {
                    return "\(declaration.place): \(declaration.property) \(declaration.value), which librsvg does not draw (a browser does); write the letters as they should look"
                }
            case "stroke-dasharray" where pathLength:
                if declaration.value != "none" {
                    return "\(declaration.place): dashes on an element with pathLength, which librsvg does not scale by it (a browser does); "
                        + "write the dashes in the path's own length and leave pathLength out"
                }
            default: break
            }
            if declaration.property == "font", text, declaration.value.filter({ !$0.isWhitespace }).contains("emoji") { return namesTheEmojiFont }
            if declaration.property == "font", text, words.contains(where: { $0.hasSuffix("-caps") || $0 == "unicase" }) {
                return "\(declaration.place): font \(declaration.value), whose small capitals librsvg does not draw (a browser does); write the letters as they should look"
            }
        }
        return nil
    }

    /// What librsvg draws otherwise for where a declaration is written, or nil (hostile round 70).
    private static func placeProblem(_ declaration: SVGDeclarations.Declaration, _ facts: Facts) -> String? {
        let property = declaration.property, value = declaration.value, place = declaration.place
        if !declaration.isCSS, browserOnlyPresentationAttributes.contains(property), tabsnap_css_is_harmless(property, value, facts.text ? 1 : 0) == 0 {
            return "\(place): librsvg does not read \(property) (a browser does); leave it out, or draw what it does"
        }
        // A length without a unit: librsvg reads it in a sheet, a browser only in attributes
        // (and `style` attributes) of SVG's own properties, not of font-size or letter-spacing
        // (hostile round 71: Illustrator's `.st2{letter-spacing:1}`).
        if declaration.isCSS, ["font-size", "letter-spacing", "baseline-shift"].contains(property), declaration.element == nil,
           let number = Double(value), number != 0 {
            return "\(place): \(property) \(value) without a unit, which librsvg reads and a browser does not in a style sheet; write \(value)px"
        }
        // Resources a browser treats otherwise (hostile round 71): CSS transform on a gradient,
        // pattern, mask or symbol (librsvg ignores it, a browser replaces gradientTransform with
        // it), display:none on something referred to (a browser drops the clip, the mask, the
        // paint; librsvg uses it), opacity on a pattern (librsvg applies it) or a symbol (a browser
        // does).
        if let element = declaration.element.map(String.init) {
            if property == "transform", declaration.isCSS, cssTransformIgnored.contains(element) {
                return "\(place): transform in CSS on a <\(element)>, which librsvg ignores and a browser applies; write gradientTransform, patternTransform or a transform attribute"
            }
            if property == "display", value.hasPrefix("none"), referredTo.contains(element) {
                return "\(place): display none on a <\(element)>, which a browser then does not use and librsvg does; leave display out"
            }
            if property == "opacity", element == "pattern" || element == "symbol", Double(value) != 1 {
                return "\(place): opacity on a <\(element)>, which librsvg and a browser apply otherwise; put it on what uses it"
            }
            // A mask on a <mask>: librsvg applies it, a browser does not (hostile round 72); nor a
            // clip path on a <mask>, nor a clip path, mask or filter on a <pattern> (round 90).
            if property == "mask", element == "mask", value != "none" {
                return "\(place): a mask on a <mask>, which librsvg applies and a browser does not; leave it out"
            }
            if ["clip-path", "mask", "filter"].contains(property), element == "pattern" || (element == "mask" && property == "clip-path"),
               !value.hasPrefix("none") {
                return "\(place): \(property) on a <\(element)>, which librsvg applies and a browser does not; put it on what the \(element) is used by"
            }
            // A clip path or mask on a nested <svg>: librsvg lays it out in the viewport's own
            // units, a browser in the parent's (round 90: a 2 px dot for a 10 px square; round
            // 105: the same for a mask).
            if property == "clip-path" || property == "mask", element == "svg", !declaration.mayBeOnRoot, !value.hasPrefix("none") {
                return "\(place): a \(property == "mask" ? "mask" : "clip path") on a nested <svg>, which librsvg and a browser place in different units; "
                    + "put it on a <g> around the <svg>"
            }
        }
        switch property {
        case "font" where facts.text || facts.usesEm:
            // A browser drops a `font` whose size has no unit (it is not CSS); librsvg reads it.
            if declaration.isCSS, !["inherit", "initial"].contains(value),
               value.range(of: #"(^|\s)(\.?[0-9][0-9.]*(px|pt|pc|mm|cm|in|em|ex|%|q|rem)|0|xx-small|x-small|small|medium|large|x-large|xx-large|xxx-large|larger|smaller)(/|\s|$)"#,
                           options: .regularExpression) == nil {
                return "\(place): font \(value), whose size has no unit, which a browser drops and librsvg reads; write the size in px"
            }
        case "letter-spacing" where value.contains("%"):
            // librsvg takes a percentage of the viewport, a browser of the font size (round 113:
            // 10 % spaced letters 2.4 units apart in a 24-unit icon, 0.8 in Chromium).
            return "\(place): letter-spacing \(value), a percentage librsvg takes of the viewport and a browser of the font size; write it in em or px"
        case "letter-spacing" where facts.mixedText:
            // librsvg spaces no letters of a <text> whose letters are split by a <tspan>.
            if !["normal", "0", "0px"].contains(value) {
                return "\(place): letter-spacing on text split by a <tspan>, which librsvg does not space (a browser does); put all its letters in one <tspan>"
            }
        case "text-decoration", "text-decoration-line":
            // librsvg draws no line under a <tspan>'s letters when the <text> asks for it, and
            // lines of its own thickness otherwise.
            if value == "none" || !facts.text { return nil }
            return "\(place): \(property) \(value), which librsvg draws otherwise than a browser (no line under a <tspan>); draw the line as a path"
        case "white-space" where facts.collapsibleSpace:
            // A browser lets CSS's white-space decide over xml:space; librsvg reads xml:space only.
            let keeps = ["pre", "pre-wrap", "break-spaces"].contains(value), collapses = ["normal", "nowrap"].contains(value)
            if !(keeps && facts.preservesSpace) && !(collapses && !facts.preservesSpace) {
                return "\(place): white-space \(value), which librsvg does not read (it reads xml:space); write xml:space=\"preserve\" for pre, "
                    + "or leave both out"
            }
        case "inline-size":
            // A browser reads inline-size as the logical width of a box: 0 or auto takes a rect or
            // an image away.
            if let element = declaration.element, !["rect", "image", "svg", "use", "foreignObject"].contains(element) { return nil }
            return "\(place): inline-size on a shape with a width, which a browser takes as its width (librsvg does not); leave it out"
        case "x", "y", "width", "height":
            // CSS geometry: a browser moves a <use> by it and ignores it on a nested <svg>;
            // librsvg the other way round.
            if !declaration.isCSS || (declaration.element.map { ["rect", "circle", "ellipse"].contains($0) } ?? false) { return nil }
            return "\(place): \(property) in CSS, which librsvg and a browser apply to other elements; write it as an attribute"
        // (Its first word, as ignored_css.c reads it: white space of any kind, `!important` after.)
        case "display" where facts.hidesByDisplay
            && displayValuesDrawnAsInline.contains(String(value.prefix { !" \t\n\r\u{0C}!".contains($0) })):
            // librsvg skips the value (ignored_css.c lets it through), so a `display: none` it
            // overrides in a browser would hold in librsvg.
            return "\(place): display \(Self.short(value)), which librsvg does not read (a display: none it overrides in a browser would hold); "
                + "write inline or block"
        case "display" where ["run-in", "compact", "marker"].contains(where: { value.hasPrefix($0) }):
            // CSS 2.0's values: librsvg 2.54 reads them (and draws), a browser drops them, so an
            // earlier `display: none` holds there (hostile round 89: robust 2500 of 2500).
            return "\(place): display \(Self.short(value)), a CSS 2 value librsvg reads and a browser drops; write inline or block, or leave it out"
        case _ where ["opacity", "fill-opacity", "stroke-opacity", "flood-opacity", "stop-opacity"].contains(property)
            && value.range(of: #"[0-9.]\s*px\s*(!\s*important)?$"#, options: .regularExpression) != nil:
            // px on an opacity: librsvg reads the number, a browser drops it (and draws opaque;
            // hostile round 91: 0.3px drawn at 30 %). Other units librsvg drops too (its log says so).
            return "\(place): \(property) \(Self.short(value)), a number with a unit, which librsvg reads and a browser drops; write a number or a percentage"
        case "font-size" where value.hasPrefix("-"):
            // A browser drops a negative size (and inherits 16px for em lengths); librsvg uses it
            // (round 90: strokes in em gone, rectangles in em not drawn).
            return "\(place): font-size \(Self.short(value)), a negative size a browser drops and librsvg draws with; write a size over 0"
        case "stroke-miterlimit" where value.hasPrefix("-"):
            // A browser drops a negative limit (and inherits); cairo squares it (hostile round 89).
            return "\(place): stroke-miterlimit \(Self.short(value)), a negative limit a browser drops and librsvg draws with; write 1 or more"
        case "display" where value.hasPrefix("none"):
            // A browser's <img> draws the document whatever the outermost <svg>'s display says;
            // librsvg draws nothing (hostile round 82).
            if !declaration.mayBeOnRoot || (declaration.element == nil && !facts.sheetsMayHideRoot) { return nil }
            return "\(place): display none on the outermost <svg>, which a browser's <img> ignores (it draws the icon) and librsvg obeys "
                + "(it draws nothing); leave it out"
        case "transform" where value.hasPrefix("inherit"):
            // A browser applies the parent's transform once more (transform is not inherited, so
            // `inherit` copies it); librsvg does not (hostile round 93: a square moved by 10 units).
            return "\(place): transform inherit, which a browser applies as the parent's transform again and librsvg not at all; "
                + "write the transform out, or leave it out"
        case "transform", "clip-path", "mask", "filter", "rotate", "translate", "scale":
            // On the outermost <svg> librsvg applies them in viewBox units about (0, 0); a browser
            // to the element's CSS box, or not at all.
            // (`inherit` on the root is the initial value, none: round 111's `g * { filter: inherit }`.)
            if !declaration.mayBeOnRoot || ["none", "inherit", "initial", "unset"].contains(value) || (declaration.element == nil && !facts.sheetsMayMatchRoot) { return nil }
            return "\(place): \(property) on the outermost <svg>, which librsvg and a browser apply otherwise; put it on a <g> inside"
        default: break
        }
        return nil
    }

    static let verticalLeftToRight = "<text> is written vertically left to right (writing-mode: vertical-lr), which librsvg lays out across, "
        + "outside the icon; write vertical-rl, or draw it as paths"

    static let namesTheEmojiFont = "<text> names the colour emoji font as its font family, whose glyphs icons' text turns into one-colour silhouettes; "
        + "name a text family (Inter, DejaVu Sans…) or draw it as paths"

    /// SMIL: a browser's `<img>` plays it (a `<set>` at 0 s is what is shown), librsvg draws the
    /// elements as they are written.
    private static let animationElements: Set<String> = ["animate", "animateTransform", "animateMotion", "animateColor", "set", "discard", "mpath"]

    /// Elements whose CSS `transform` librsvg ignores and a browser applies.
    static let cssTransformIgnored: Set<String> = ["linearGradient", "radialGradient", "pattern", "mask", "symbol"]
    /// Elements drawn only by reference, which a browser does not use when they are `display: none`.
    static let referredTo: Set<String> = ["clipPath", "mask", "linearGradient", "radialGradient", "pattern", "filter", "symbol", "defs"]

    /// The first CSS filter function (`blur`, `drop-shadow`) given a plain number other than 0
    /// at its own level (a colour function's numbers inside it are its own), or nil.
    static func unitlessFilterFunction(_ value: String) -> String? {
        var name = "", depth = 0, current: String?, token = ""
        func endToken() -> Bool {
            defer { token = "" }
            return depth == 1 && current != nil && (Double(token).map { $0 != 0 } ?? false)
        }
        for character in value {
            switch character {
            case "(":
                depth += 1
                if depth == 1 { current = ["blur", "drop-shadow"].contains(name.trimmingCharacters(in: .whitespaces)) ? name.trimmingCharacters(in: .whitespaces) : nil }
                name = ""
                token = ""
            case ")":
                if endToken(), let current { return current }
                depth = max(0, depth - 1)
                if depth == 0 { current = nil }
            case " ", ",", "\t", "\n", "\r":
                if endToken(), let current { return current }
                if depth == 0 { name = "" }
            default:
                if depth == 0 { name.append(character) } else { token.append(character) }
            }
        }
        return nil
    }

    /// The first function of a CSS transform given a plain number (other than 0) where CSS needs
    /// a length (translate…) or an angle (rotate, skew…), or nil. SVG's attribute syntax takes
    /// plain numbers; CSS does not, and a browser drops the declaration (hostile round 78:
    /// `style="transform: rotate(20)"` turned the square in librsvg only).
    static func unitlessCSSTransform(_ value: String) -> String? {
        var rest = Substring(value)
        while let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") {
            let name = rest[..<open].trimmingCharacters(in: CharacterSet(charactersIn: " ,\t\r\n")).lowercased()
            let arguments = rest[rest.index(after: open)..<close].split(whereSeparator: { $0 == "," || $0.isXMLSpace })
            rest = rest[rest.index(after: close)...]
            let needsUnit = name.hasPrefix("translate") || name.hasPrefix("rotate") || name.hasPrefix("skew")
            // Numbers other than 0 written with nothing after them.
            if needsUnit, arguments.contains(where: { Double($0).map { $0 != 0 } ?? false }) { return name }
        }
        return nil
    }

    /// The first number in path data with a point or an exponent that no digit follows, or nil.
    static func malformedNumber(in data: String) -> String? {
        let bytes = Array(data.utf8)
        func digit(_ at: Int) -> Bool { at < bytes.count && (0x30...0x39).contains(bytes[at]) }
        for (index, byte) in bytes.enumerated() {
            let point = byte == UInt8(ascii: ".") && !digit(index + 1)
            // An exponent follows a digit or a point (not an "e" of its own, which no command is).
            let exponent = (byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")) && index > 0 && (digit(index - 1) || bytes[index - 1] == UInt8(ascii: "."))
                && !(digit(index + 1) || (index + 1 < bytes.count && (bytes[index + 1] == UInt8(ascii: "+") || bytes[index + 1] == UInt8(ascii: "-")) && digit(index + 2)))
            if point || exponent {
                let start = (0..<index).last { !(digit($0) || bytes[$0] == UInt8(ascii: ".") || bytes[$0] == UInt8(ascii: "-")) }.map { $0 + 1 } ?? 0
                return String(decoding: bytes[start...min(index, bytes.count - 1)], as: UTF8.self)
            }
        }
        return nil
    }

    /// The filter primitives librsvg 2.54 draws, and their children.
    private static let filterElements: Set<String> = [
        "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite", "feConvolveMatrix", "feDiffuseLighting", "feDisplacementMap",
        "feFlood", "feGaussianBlur", "feImage", "feMerge", "feMorphology", "feOffset", "feSpecularLighting", "feTile", "feTurbulence",
        "feFuncR", "feFuncG", "feFuncB", "feFuncA", "feMergeNode", "feDistantLight", "fePointLight", "feSpotLight",
    ]

    private static let fontSizeKeywords: Set<String> = ["xx-small", "x-small", "small", "medium", "large", "x-large", "xx-large", "xxx-large", "larger", "smaller"]

    /// Presentation attributes a browser reads and librsvg 2.54 has no property for (it skips
    /// them without a word).
    private static let browserOnlyPresentationAttributes: Set<String> = [
        "alignment-baseline", "buffered-rendering", "clip", "color-interpolation", "color-rendering", "cursor", "dominant-baseline",
        "font-size-adjust", "image-rendering", "pointer-events", "text-overflow", "transform-box", "transform-origin", "vector-effect",
        "white-space", "word-spacing",
    ]

    /// What an attribute librsvg reads itself (not as a CSS property) holds.
    private enum Written: CustomStringConvertible {
        case lengths, numbers, nonNegativeLength
        /// Numbers as a browser reads them (`SVGNumberList`), as many as it takes: librsvg reads
        /// the first of more, or `2.` as 2, where a browser drops the attribute (hostile round 94).
        case numberCount(ClosedRange<Int>)
        case oneOf(Set<String>)
        /// One of these keywords exactly as written: librsvg reads them in any case and with
        /// spaces around, a browser not (hostile round 73: operator="XOR" drew nothing).
        case keyword(Set<String>)
        /// Text matching a regular expression (whole).
        case matching(String, described: String)

        func admits(_ value: String) -> Bool {
            switch self {
            case .keyword(let names): return names.contains(value)
            case .matching(let pattern, _): return value.range(of: "^(?:" + pattern + ")$", options: .regularExpression) != nil
            case .lengths: return isLengthList(value, numbersOnly: false)
            case .numbers: return isLengthList(value, numbersOnly: true)
            case .nonNegativeLength: return isLengthList(value, numbersOnly: false) && !value.contains("-")
            case .numberCount(let counts): return SVGNumberList.read(value).map { counts.contains($0.count) } ?? false
            case .oneOf(let names): return names.contains(value.trimmingCharacters(in: [" ", "\t", "\n", "\r"]))
            }
        }

        var description: String {
            switch self {
            case .lengths: return "lengths (numbers with px, pt, pc, mm, cm, in, em, ex or %)"
            case .numbers: return "numbers"
            case .nonNegativeLength: return "a length of 0 or more"
            case .numberCount(let counts):
                let words = [1: "one", 2: "two"]
                if counts.count == 1 { return counts.lowerBound == 1 ? "one number" : "\(counts.lowerBound) numbers" }
                return counts.count == 2 ? "\(words[counts.lowerBound] ?? "\(counts.lowerBound)") or \(words[counts.upperBound] ?? "\(counts.upperBound)") numbers"
                    : "\(counts.lowerBound) to \(counts.upperBound) numbers"
            case .oneOf(let names), .keyword(let names): return names.sorted().joined(separator: " or ")
            case .matching(_, let described): return described
            }
        }
    }

    /// Attributes librsvg reads itself, not as CSS properties: one it cannot read leaves its
    /// element out (a gradient drawn with its default, a marker not drawn) without a word, where
    /// a browser reads it or takes its default. (`dx`, `dy` are numbers on filter primitives.)
    private static func written(_ attribute: String, on element: Substring) -> Written? {
        let units: Set<String> = ["userSpaceOnUse", "objectBoundingBox"]
        switch attribute {
        case "dx", "dy": return element.hasPrefix("fe") ? .numberCount(1...1) : .lengths
        case "stdDeviation", "baseFrequency": return .numberCount(1...2)
        case "radius" where element == "feMorphology": return .numberCount(1...2)
        case "order" where element == "feConvolveMatrix": return .numberCount(1...2)
        case "kernelMatrix": return .numberCount(1...81)
        case "seed", "numOctaves", "scale", "k1", "k2", "k3", "k4", "divisor", "bias", "targetX", "targetY":
            return element.hasPrefix("fe") ? .numberCount(1...1) : nil
        // A stop's offset is a number or a percentage, a transfer function's numbers plain: a
        // unit (`0.3px`) librsvg reads as the number and a browser drops (hostile round 91), and
        // any feFunc attribute librsvg cannot read, used or not (`tableValues=""`, `slope="0%"`),
        // drops the whole <feComponentTransfer> where a browser applies the others.
        case "offset" where element == "stop": return .matching("\\s*" + number + "%?\\s*", described: "a number or a percentage")
        case "offset", "slope", "intercept", "amplitude", "exponent", "tableValues":
            guard element.hasPrefix("feFunc") else { return attribute == "offset" ? .lengths : nil }
            return attribute == "tableValues" ? .matching("\\s*" + number + "(?:\\s*,?\\s*" + number + ")*\\s*", described: "numbers")
                : .matching("\\s*" + number + "\\s*", described: "a number")
        case "x1", "y1", "x2", "y2", "fx", "fy", "fr", "refX", "refY", "startOffset": return .lengths
        case "markerWidth", "markerHeight": return .nonNegativeLength
        case "clipPathUnits", "maskUnits", "maskContentUnits", "patternUnits", "patternContentUnits", "gradientUnits", "filterUnits", "primitiveUnits":
            return .oneOf(units)
        case "markerUnits": return .oneOf(["strokeWidth", "userSpaceOnUse"])
        case "spreadMethod": return .oneOf(["pad", "reflect", "repeat"])
        case "operator" where element == "feComposite": return .keyword(["over", "in", "out", "atop", "xor", "arithmetic"])
        case "operator" where element == "feMorphology": return .keyword(["erode", "dilate"])
        case "mode" where element == "feBlend":
            return .keyword(["normal", "multiply", "screen", "darken", "lighten", "overlay", "color-dodge", "color-burn", "hard-light", "soft-light",
                             "difference", "exclusion", "hue", "saturation", "color", "luminosity"])
        case "type" where element == "feColorMatrix": return .keyword(["matrix", "saturate", "hueRotate", "luminanceToAlpha"])
        case "type" where element == "feTurbulence": return .keyword(["fractalNoise", "turbulence"])
        case "type" where element.hasPrefix("feFunc"): return .keyword(["identity", "table", "discrete", "linear", "gamma"])
        case "edgeMode": return .keyword(["duplicate", "wrap", "none"])
        case "stitchTiles": return .keyword(["stitch", "noStitch"])
        case "xChannelSelector", "yChannelSelector": return .keyword(["R", "G", "B", "A"])
        case "preserveAspectRatio":
            // (White space around and between as a browser and librsvg both read it: round 94.)
            return .matching("[ \\t\\r\\n]*(?:none|x(?:Min|Mid|Max)Y(?:Min|Mid|Max)(?:[ \\t\\r\\n]+(?:meet|slice))?)[ \\t\\r\\n]*",
                             described: "none or xMinYMin…xMaxYMax, then meet or slice")
        case "orient":
            return .matching("auto|auto-start-reverse|" + number + "(?:deg|rad|grad)?",
                             described: "auto, auto-start-reverse or an angle (deg, rad, grad)")
        default: return nil
        }
    }

    /// SVG lengths (a number, then px, pt, pc, mm, cm, in, em, ex or %), separated by white space
    /// or one comma; numbers only when `numbersOnly`.
    static func isLengthList(_ text: String, numbersOnly: Bool) -> Bool { lengthCount(text, numbersOnly: numbersOnly) != nil }

    /// How many lengths (numbers when `numbersOnly`) `text` lists as `isLengthList` reads it; nil
    /// when it is no such list.
    static func lengthCount(_ text: String, numbersOnly: Bool) -> Int? {
        var rest = Substring(text)
        func skipSpace() { rest = rest.drop { $0.isXMLSpace } }
        skipSpace()
        var count = 0
        while !rest.isEmpty {
            if count > 0, rest.first == "," {
                rest = rest.dropFirst()
                skipSpace()
                guard !rest.isEmpty else { return nil }
            }
            guard let (_, after) = SVGNumberList.leadingNumber(of: rest) else { return nil }
            rest = after
            let unit = rest.prefix { $0.isASCII && ($0.isLetter || $0 == "%") }
            guard unit.isEmpty || (!numbersOnly && ["px", "pt", "pc", "mm", "cm", "in", "em", "ex", "%"].contains(unit.lowercased())) else { return nil }
            rest = rest.dropFirst(unit.count)
            count += 1
            let before = rest.startIndex
            skipSpace()
            guard rest.isEmpty || rest.first == "," || rest.startIndex != before else { return nil }
        }
        return count > 0 ? count : nil
    }

    private static func isAllZero(_ text: String) -> Bool {
        text.split(whereSeparator: { $0 == "," || $0.isXMLSpace }).allSatisfy { Double($0) == 0 }
    }

    /// SVG's number as a browser reads it: a sign, digits with an optional fraction (or a
    /// fraction alone), an exponent; a point has a digit after it (`48.` is none).
    private static let number = #"[+-]?(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?"#

    private static func isViewBox(_ text: String) -> Bool {
        guard text.utf8.count <= 200 else { return false }
        let separator = #"(?:[ \t\r\n]+,?[ \t\r\n]*|,[ \t\r\n]*)"#
        let pattern = "^[ \\t\\r\\n]*(\(number))\(separator)(\(number))\(separator)(\(number))\(separator)(\(number))[ \\t\\r\\n]*$"
        guard let expression = try? NSRegularExpression(pattern: pattern),
              let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { return false }
        let values = (1...4).compactMap { Range(match.range(at: $0), in: text).flatMap { Double(text[$0]) } }
        // librsvg reads CSS numbers as 32-bit floats: 1e39 is infinite there.
        return values.count == 4 && values.allSatisfy { abs($0) <= Double(Float.greatestFiniteMagnitude) } && values[2] > 0 && values[3] > 0
    }

    /// SVG 1.1's transform list as a browser reads the attribute, strictly (`SVGTransformList`).
    static func isTransformList(_ text: String) -> Bool { SVGTransformList(attribute: text) != nil }

    private static func numbers(in text: String) -> Int {
        guard let expression = try? NSRegularExpression(pattern: number) else { return 0 }
        return expression.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text))
    }

    /// Up to 24 characters of what the icon wrote, for a message.
    static func short(_ text: String) -> String { text.count > 24 ? text.prefix(24) + "…" : text }
}
