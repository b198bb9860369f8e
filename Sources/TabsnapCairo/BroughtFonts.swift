import CFontconfig
import CPango
import Foundation
import TabsnapGeometry
import TabsnapDraw
import TabsnapModel

/// The face a stretch of text asks for: family list, weight (pango's scale), slant, width
/// (fontconfig's scale, 100 normal).
struct AskedFace {
    var family: String
    var weight: Double
    var slanted: Bool
    var width: Double

    init(family: String, weight: Double, slanted: Bool, width: Double) {
        self.family = family
        self.weight = weight
        self.slanted = slanted
        self.width = width
    }

    /// A font key's face: upright, normal width.
    init(_ font: FontSpec) {
        self.init(family: font.family, weight: Double(font.weight.pangoWeight), slanted: false, width: 100)
    }
}

/// A spec's own font files are the fonts drawn, or the bar is refused: a brought font that pango
/// would quietly replace drew the wrong picture with exit 0. The ways it happened, each checked
/// on the text the bar draws in it, laid out as drawn and asked which file draws each run
/// (`DrawnRun`), not by predicting fontconfig:
/// - fontconfig matches the family to another file (a name that differs from a bundled family's
///   only in spaces or case, "In ter", "DejaVuSans": fontconfig compares names that way and the
///   bundled file comes first), or a brought file to a bundled family (a font records "Inter" as
///   a second family name, or "DejaVu ſans", which case folding makes "DejaVu Sans");
/// - the family has no face of the weight, slant or width asked (pango draws the nearest, or
///   emboldens one); a family named with a comma cannot be asked for at all;
/// - the file lacks characters of the text, so pango draws them in a bundled font;
/// - its character map is damaged: fontconfig reads the characters from the glyph names, but
///   HarfBuzz finds no glyph and pango draws missing-glyph boxes;
/// - its glyphs have no outlines, so the text (or one character of it) draws nothing;
/// - its glyphs have colours of their own, which the button's colour does not reach.
struct BroughtFonts {
    /// A brought face: its file, fontconfig's pattern of it (owned by the config's font set).
    struct Face {
        /// The spec's file, and the path fontconfig loaded it from (its private copy).
        var file: URL
        var loaded: String
        var families: [String]
        var charset: OpaquePointer?
        /// Whether its glyphs have colours of their own (COLR, sbix, CBDT: fontconfig's `color`).
        var colour = false
        /// Fontconfig's reading of its style, what pango's requests are matched on
        /// (`BroughtFontTwins`).
        var style = FaceStyle(weight: nil, width: nil, slant: nil)
    }

    let faces: [Face]
    /// The spec's files fontconfig did not load (damaged past what it reads), for messages.
    let unloaded: [URL]
    /// The tallest line a brought font may set, in ems: scripts with tall stacks set about 2.5.
    static let tallestLine = 3.0
    /// How far, in ems, a text's ink may reach past its own box on either side (italic overhangs
    /// and swashes stay well within it).
    static let sideOverhang = 1.0

    /// The faces fontconfig loaded into `config` (its application font set) from the files
    /// `files` maps: the path fontconfig loaded (a private copy) to the spec's file.
    /// No brought faces: what markup titles in bundled families are checked with.
    init() {
        faces = []
        unloaded = []
    }

    init(config: OpaquePointer, files: [String: URL]) {
        var faces: [Face] = []
        if let set = FcConfigGetFonts(config, FcSetApplication) {
            for index in 0..<Int(set.pointee.nfont) {
                guard let pattern = set.pointee.fonts[index] else { continue }
                var file: UnsafeMutablePointer<FcChar8>?
                guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file,
                      let original = files[String(cString: file)] else { continue }
                var families: [String] = []
                var family: UnsafeMutablePointer<FcChar8>?
                while FcPatternGetString(pattern, FC_FAMILY, Int32(families.count), &family) == FcResultMatch, let name = family {
                    families.append(String(cString: name))
                }
                var charset: OpaquePointer?
                _ = FcPatternGetCharSet(pattern, FC_CHARSET, 0, &charset)
                var colour: FcBool = 0
                _ = FcPatternGetBool(pattern, FC_COLOR, 0, &colour)
                faces.append(Face(file: original, loaded: String(cString: file), families: families, charset: charset, colour: colour != 0,
                                  style: FaceStyle(of: pattern)))
            }
        }
        self.faces = faces
        unloaded = Set(files.values).filter { file in !faces.contains { $0.file == file } }.sorted { $0.path < $1.path }
    }

    /// The families of a pango family list (`"Tiny A, Inter"`), empty entries left out.
    static func families(in list: String) -> [String] {
        list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Fontconfig's way of comparing family names: case (Unicode case folding: "ſ" is "s") and
    /// spaces ignored.
    static func normalized(_ family: String) -> String {
        FontCatalog.fontconfigKey(family)
    }

    /// Whether fontconfig reads `family` as a bundled family's name.
    static func isBundled(_ family: String) -> Bool {
        FontCatalog.families.contains { normalized($0.name) == normalized(family) }
    }

    /// Whether the brought families `font` names (all of them brought) have `scalar`.
    func covers(_ scalar: Unicode.Scalar, in font: FontSpec) -> Bool {
        let listed = Self.families(in: font.family)
        guard !listed.isEmpty, listed.allSatisfy({ !faces(of: $0).isEmpty && !Self.isBundled($0) }) else { return false }
        return listed.flatMap { faces(of: $0) }.contains { face in face.charset.map { FcCharSetHasChar($0, scalar.value) != 0 } ?? false }
    }

    /// Whether fontconfig loaded `file` (its path) from the spec's fonts.
    func isBrought(_ file: String) -> Bool {
        faces.contains { $0.loaded == file }
    }

    /// The brought faces of `family`, if it is a brought family.
    func faces(of family: String) -> [Face] {
        let key = Self.normalized(family)
        return faces.filter { $0.families.contains { Self.normalized($0) == key } }
    }

    /// Why `text` in `font` would not be drawn with the brought file, or nil (also nil for a
    /// bundled family: those are Tabsnap's own). With `wrapWidth`, laid out wrapped at that width
    /// as a title of several lines is: pango shapes each line anew where it breaks, so a rule of
    /// the font that fires only at a line's end is seen (every line, none ellipsized).
    /// With `drawnLines` too, laid out as the renderer draws it: at most that many lines, the last
    /// ellipsized where the text is cut.
    func problem(drawing text: String, in font: FontSpec, session: FontSession, wrapWidth: Double? = nil, drawnLines: Int? = nil) -> String? {
        // Pango reads a family as a comma-separated list, tried in order. A list naming a family
        // that is not brought draws what the brought ones lack in it, as asked; a list of brought
        // families only ("Tiny A,", "Tiny A, Tiny A") is held to them.
        // Pango splits a family at commas, so a brought family named with one ("Zed, Zed") can
        // never be asked for: its text would be drawn in the fallback.
        if font.family.contains(","), let face = faces.first(where: { $0.families.contains { Self.normalized($0) == Self.normalized(font.family) } }) {
            return "\(face.file.path): is named '\(font.family)', and pango reads a comma in a font name as a list of families, "
                + "so it can never draw it; give the font a family name without commas"
        }
        let listed = Self.families(in: font.family)
        guard !listed.isEmpty else { return nil }
        // Held to brought files when every family listed is brought (and not a bundled name).
        var own: [Face] = []
        var heldToBrought = true
        for family in listed {
            let found = faces(of: family)
            if found.isEmpty || Self.isBundled(family) { heldToBrought = false }
            own += found
        }
        if heldToBrought, let face = own.first {
            // Every character of the text, in one of the family's files. (An ellipsis pango adds to
            // a cut line is pango's, not the text's: the text's own are checked like any other, and
            // so are spaces: U+1680 is a space with ink, and a font without U+0020 draws a box.
            // Only what pango hides when no font has it is left out: a Hangul filler is drawn as
            // a box, and one missing was blamed on a damaged character map, round 59.)
            let missing = text.unicodeScalars.filter { scalar in
                scalar.properties.generalCategory != .control && !BundledCoverage.hiddenWhenMissing(scalar)
                    && !own.contains { face in face.charset.map { FcCharSetHasChar($0, scalar.value) != 0 } ?? false }
            }
            if let first = missing.first {
                let count = Set(missing).count
                return "\(face.file.path): has no glyph for '\(Character(first))' (U+\(String(first.value, radix: 16, uppercase: true)))"
                    + (count > 1 ? " and \(count - 1) more character\(count > 2 ? "s" : "")" : "")
                    + " of \(Self.quoted(text)); they would be drawn in another font: bring a font that has them"
            }
        }
        // What pango draws it with, run by run, also for a bundled family: a brought font may
        // answer to its name.
        guard text.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else { return nil }
        // The same layout in this session and, for the order probe, in the one listing the
        // spec's files the other way round.
        func layOut(in session: FontSession) -> OpaquePointer {
            let layout = session.makeLayout(.plain(text), font: font, wrapWidth: wrapWidth, maxLines: drawnLines ?? 1)
            if wrapWidth != nil, drawnLines == nil {
                // Broken at spaces only: a break inside a word adds pango's hyphen, which is pango's
                // (drawn in a fallback when the font lacks one), not the text's.
                pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_NONE)
                pango_layout_set_wrap(layout, PANGO_WRAP_WORD)
            }
            return layout
        }
        let layout = layOut(in: session)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        if heldToBrought, let face = own.first {
            let unknown = pango_layout_get_unknown_glyphs_count(layout)
            if unknown > 0 {
                return "\(face.file.path): finds no glyph for \(unknown) character\(unknown == 1 ? "" : "s") of \(Self.quoted(text)) "
                    + "and would draw missing-glyph boxes (its character map is damaged?)"
            }
            var ink = PangoRectangle(), logical = PangoRectangle()
            pango_layout_get_extents(layout, &ink, &logical)
            if ink.width <= 0 || ink.height <= 0 {
                return "\(face.file.path): draws nothing for \(Self.quoted(text)) (its glyphs have no outlines)"
            }
        }
        let asked = AskedFace(font)
        let drawn = DrawnRun.runs(of: layout, drawingGlyphsOf: isBrought, holdingPositions: true)
        if let problem = problem(drawn: drawn, text: text, asked: { _ in asked }) {
            return problem
        }
        if let problem = session.orderProblem(of: text, drawn: drawn, layingOut: layOut) { return problem }
        // Ink far to either side of the text's own box lands on its neighbours: a badge's value
        // over the title beside it (round 15: a "1" reaching 2.7 ems left painted over "me").
        if let run = drawn.first(where: { isBrought($0.file) }), let face = faces.first(where: { $0.loaded == run.file }) {
            var ink = PangoRectangle(), logical = PangoRectangle()
            pango_layout_get_extents(layout, &ink, &logical)
            let scale = Double(PANGO_SCALE), reach = Self.sideOverhang * font.size
            let left = Double(logical.x - ink.x) / scale, right = Double((ink.x + ink.width) - (logical.x + logical.width)) / scale
            if ink.width > 0, max(left, right) > reach {
                return "\(face.file.path): draws \(Self.quoted(text)) with ink \(String(format: "%.1f", max(left, right) / font.size)) ems "
                    + "\(left >= right ? "before" : "after") the text's own box (at most \(Int(Self.sideOverhang))), over what stands beside it"
            }
        }
        // The line box (ascent and descent) measures where glyphs may go: a font can stretch it.
        // (Measured on one line: a wrapped layout is as tall as its lines together.)
        // A fallback for characters the bundled fonts lack sets the line too (hostile round 21:
        // unitsPerEm 16 made a 1 087 pt glyph and a bar 2 174 px tall, exit 0).
        let fallback = drawn.first(where: { isBrought($0.file) }).flatMap { run in faces.first(where: { $0.loaded == run.file }) }
        if wrapWidth == nil, let face = heldToBrought ? own.first : fallback {
            var logical = PangoRectangle()
            pango_layout_get_extents(layout, nil, &logical)
            let ems = Double(logical.height) / Double(PANGO_SCALE) / font.size
            if ems > Self.tallestLine {
                return "\(face.file.path): sets its lines \(String(format: "%.1f", ems)) ems tall (its ascent and descent); at most "
                    + "\(Int(Self.tallestLine)): text would sit far from its buttons' centres"
            }
        }
        return nil
    }

    /// Why the runs of a laid-out text are not drawn as asked, or nil. `asked` gives the face
    /// asked for at a byte of the text. A run drawn with a brought file must have asked for that
    /// file's family by a name that is not a bundled family's (a font recording "Inter" among its
    /// names would otherwise draw the spec's Inter titles), and with a face of the weight, slant
    /// and width asked (pango would draw the nearest face, or embolden one); every character
    /// must leave ink. A run asked in brought families only must be drawn with their files. The
    /// same weight, slant and width rule holds for a bundled family drawn as itself (markup can
    /// ask DejaVu Sans for a semibold it does not have).
    func problem(drawn runs: [DrawnRun], text: String, asked: (Int) -> AskedFace) -> String? {
        let bytes = Array(text.utf8)
        for run in runs {
            let want = asked(run.range.lowerBound)
            let listed = Self.families(in: want.family)
            let part = String(decoding: bytes[min(run.range.lowerBound, bytes.count)..<min(run.range.upperBound, bytes.count)], as: UTF8.self)
            let brought = faces.first { $0.loaded == run.file }
            var isFallback = false
            if let brought {
                let asksIt = listed.contains { name in
                    !Self.isBundled(name) && brought.families.contains { Self.normalized($0) == Self.normalized(name) }
                }
                // Unasked, it may still be the fallback for characters no bundled font has (a
                // font brought to cover a script): held to every rule below but the name.
                isFallback = !asksIt
                guard asksIt || BundledCoverage.lacksSome(of: part) else {
                    return "\(brought.file.path): would draw \(Self.quoted(part)), asked in '\(want.family)', in place of that family "
                        + "(fontconfig reads every family name the font records, in any language and case, and it records "
                        + "\(brought.families.map { "'\($0)'" }.joined(separator: ", "))); a brought font needs names of its own"
                }
                // A title is drawn in the button's colour; a colour font's glyphs keep their own (a
                // white glyph vanishes on a light bar), pick bitmaps by size, and PNG titles, drawn
                // as outlines, would not match SVG and PDF.
                if brought.colour {
                    return "\(brought.file.path): has colour glyphs, which would draw \(Self.quoted(part)) in the font's colours rather than "
                        + "the button's (and differently in PNG and in SVG or PDF); bring an outline font"
                }
                // What a character's glyphs do wrong, worst first: each list, the verb, the why.
                let lines = Int(DrawnRun.furthestMove)
                let faults: [([Unicode.Scalar], String, String)] = [
                    (run.oversized, "draws", "as a shape over \(lines) lines tall or \(2 * lines) wide, over its neighbours"),
                    (run.misplaced, "moves", "more than \(lines) lines from its place (its kerning, advances or positioning), out of its title"),
                    (run.stacked, "draws", "on top of the character before it (its kerning or positioning), so the two show as one"),
                    (isFallback ? run.outsized : [], "draws", "as a shape over \(lines) ems tall or \(2 * lines) wide, over its neighbours"),
                    (isFallback ? run.overhanging : [], "draws", "over 0.35 em past its own width (its ink, or an advance of zero), over the characters beside it"),
                    (run.boxed, "draws its missing-glyph box for", "(its substitutions replace the character with glyph 0)"),
                    (run.inkless, "draws nothing for", "(its glyph leaves no ink on the line)"),
                ]
                if let (characters, verb, why) = faults.first(where: { !$0.0.isEmpty }), let character = characters.first {
                    let named = "'\(Character(character))' (U+\(String(character.value, radix: 16, uppercase: true)))"
                    // A fallback's run is a character or two of someone else's title: name the title.
                    return "\(brought.file.path): \(verb) \(named) of \(Self.quoted(isFallback ? text : part)) \(why)"
                }
            } else if let name = listed.first(where: { Self.isBundled($0) && !faces(of: $0).isEmpty }),
                      let claimant = faces(of: name).first {
                // A brought font named like a bundled family ("Deja VuSans"): the bundled file wins.
                return "\(claimant.file.path): fontconfig draws '\(want.family)' with \(URL(fileURLWithPath: run.file).lastPathComponent), not this file "
                    + "(names that differ only in spaces or case are one name to it); give the font a family name of its own"
            } else if !listed.isEmpty, listed.allSatisfy({ !Self.isBundled($0) }) {
                // Only brought families asked (the spec's fonts name them), drawn with another
                // file: the brought face lacks the text, or fontconfig could not load it at all (a
                // damaged file whose names Tabsnap read: hostile round 24 drew it in a bundled font).
                let loaded = listed.contains { !faces(of: $0).isEmpty }
                // The spec's files fontconfig did not take in under any family asked.
                let unread = (unloaded + faces.filter { face in !listed.contains { name in face.families.contains { Self.normalized($0) == Self.normalized(name) } } }
                    .map(\.file)).map(\.lastPathComponent)
                return "\(Self.quoted(part)) in '\(want.family)' would be drawn with \(URL(fileURLWithPath: run.file).lastPathComponent), "
                    + "not the spec's font: " + (loaded ? "bring a font of that family that draws it"
                                                         : "fontconfig does not read " + (unread.isEmpty ? "a font" : Array(Set(unread)).sorted().joined(separator: ", "))
                                                             + " as '\(listed[0])' (is the file damaged?)")
            }
            // A face of the family asked (not a fallback for characters it lacks, bundled or
            // brought: that takes its nearest face, as the bundled scripts do) must be the one asked.
            guard listed.contains(where: { Self.normalized($0) == Self.normalized(run.family) }) || (brought != nil && !isFallback) else {
                if run.emboldened { return "\(brought?.file.path ?? run.family): has no \(Self.weightName(want.weight)) face for \(Self.quoted(part)); pango would embolden a lighter one: bring the face" }
                continue
            }
            let name = brought?.file.path ?? run.family
            if run.emboldened {
                return "\(name): has no \(Self.weightName(want.weight)) face for \(Self.quoted(part)); pango would embolden a lighter one: bring the face"
            }
            if let weight = run.weight, abs(weight - want.weight) > 50 {
                return "\(name): \(Self.quoted(part)) asks for \(Self.weightName(want.weight)) (\(Int(want.weight))) and would be drawn "
                    + "with a \(Self.weightName(weight)) (\(Int(weight))) face: bring that weight, or ask for one the family has"
            }
            if want.slanted != run.slanted {
                return "\(name): \(Self.quoted(part)) asks for \(want.slanted ? "italic" : "upright") text and would be drawn with "
                    + "\(run.slanted ? "an italic" : "an upright") face: bring one, or ask for the style the family has"
            }
            if let width = run.width, abs(width - want.width) > 1 {
                // Nothing but markup asks for a width, and markup may not (round 57: "leave
                // stretch out" to a spec that asked for none).
                guard abs(want.width - 100) > 1 else {
                    return "\(name): has no face of normal width for \(Self.quoted(part)), only one of width \(Int(width)) (100 is normal), "
                        + "and Tabsnap draws text at normal width: bring the family's normal-width face"
                }
                return "\(name): \(Self.quoted(part)) asks for width \(Int(want.width)) and would be drawn with a face of width "
                    + "\(Int(width)) (100 is normal): bring that width, or leave stretch out"
            }
        }
        return nil
    }

    private static func weightName(_ weight: Double) -> String {
        let names: [(Double, String)] = [(100, "thin"), (200, "ultralight"), (300, "light"), (350, "semilight"), (380, "book"),
                                         (400, "regular"), (500, "medium"), (600, "semibold"), (700, "bold"),
                                         (800, "ultrabold"), (900, "heavy"), (1000, "ultraheavy")]
        return names.min { abs($0.0 - weight) < abs($1.0 - weight) }?.1 ?? "regular"
    }

    /// A text for messages, cut at 40 characters.
    static func quoted(_ text: String) -> String {
        "'" + (text.count > 40 ? text.prefix(40) + "…" : text) + "'"
    }
}

extension FontSession {
    /// Why the text the commands draw would not be drawn in the fonts it asks for, or nil:
    /// titles and badges in their fonts, a markup title's runs in the faces its spans set.
    /// Each text and font is checked once per session (every frame of an animation asks again).
    func broughtFontProblem(in commands: [DrawCommand]) -> String? {
        let runs = DrawCommand.flattened(commands).compactMap { command -> TextRun? in
            if case .text(let run) = command { return run }
            return nil
        }
        // Without brought fonts, markup is still held to the faces it asks for (a span can ask a
        // bundled family for a weight it lacks).
        let hasBrought = !(brought?.faces.isEmpty ?? true)
        guard hasBrought || runs.contains(where: { if case .markup = $0.content { true } else { false } }) else { return nil }
        let brought = brought ?? BroughtFonts()
        func check(_ text: String, _ font: FontSpec, wrapWidth: Double? = nil, drawnLines: Int? = nil) -> String? {
            // Its language too: fontconfig ranks faces by it (a Han title under ja and under zh).
            let key = "\(font.family)|\(font.weight)|\(font.size)|\(font.language ?? "")|\(wrapWidth.map { "\($0)" } ?? "")|\(drawnLines.map { "\($0)" } ?? "")|\(text)"
            guard !fontsChecked.contains(key) else { return nil }
            if let problem = brought.problem(drawing: text, in: font, session: self, wrapWidth: wrapWidth, drawnLines: drawnLines) { return problem }
            fontsChecked.insert(key)
            return nil
        }
        for run in runs {
            switch run.content {
            case .markup(let markup):
                guard !fontsChecked.contains(Self.markupKey(markup, run.font)) else { continue }
                // Each run of a markup title in the family it sets (or its own); once a markup
                // passed, later frames skip parsing it again.
                for span in Self.runs(of: markup, in: run.font) where hasBrought {
                    if let problem = check(span.text, span.font) { return problem }
                }
                if hasBrought, let problem = check("", run.font) { return problem }
                // What pango draws may not be the markup's characters (text_transform makes an
                // A an a): the title as drawn has no missing-glyph box.
                if let problem = missingGlyphs(inMarkup: markup, font: run.font) { return problem }
            case .plain(let text):
                if hasBrought, !text.isEmpty, let problem = check(text, run.font) { return problem }
                if hasBrought, run.constrained, run.lines > 1, !text.isEmpty, let problem = check(text, run.font, wrapWidth: run.frame.width) {
                    return problem
                }
                // A cut title ends in pango's ellipsis, drawn in the title's font when it has one:
                // held to the same rules as the title's own characters.
                if hasBrought, run.constrained, brought.covers("\u{2026}", in: run.font), let problem = check("\u{2026}", run.font) { return problem }
                // And the title as drawn, cut where it is cut: a "…" reaching back over the letters
                // before it passed on its own (round 15).
                if hasBrought, run.constrained, !text.isEmpty,
                   let problem = check(text, run.font, wrapWidth: run.frame.width, drawnLines: max(run.lines, 1)) {
                    return problem
                }
            }
        }
        return nil
    }

    /// The runs of `markup` as pango sets them: each stretch of text (its bytes in the parsed
    /// text, and the text) with the face its spans ask for: family (else `base`'s), weight,
    /// style and stretch, at `base`'s size. Markup pango refuses is drawn as plain text: one
    /// run, the whole string in `base`.
    /// Whether pango's reading of the markup sets a `letter_spacing` or `rise` other than 0
    /// (the words in the text or in other attributes do not count: "Home rise" once switched the
    /// position checks off).
    static func movesGlyphs(_ markup: String) -> Bool {
        var attributes: OpaquePointer?
        guard pango_parse_markup(markup, -1, 0, &attributes, nil, nil, nil) != 0, let attributes else { return false }
        defer { pango_attr_list_unref(attributes) }
        guard let iterator = pango_attr_list_get_iterator(attributes) else { return false }
        defer { pango_attr_iterator_destroy(iterator) }
        repeat {
            for kind in [PANGO_ATTR_RISE, PANGO_ATTR_LETTER_SPACING] {
                guard let attribute = pango_attr_iterator_get(iterator, kind) else { continue }
                if UnsafeMutableRawPointer(attribute).assumingMemoryBound(to: PangoAttrInt.self).pointee.value != 0 { return true }
            }
        } while pango_attr_iterator_next(iterator) != 0
        return false
    }

    static func runs(of markup: String, in base: FontSpec) -> [(text: String, range: Range<Int>, font: FontSpec, asked: AskedFace)] {
        guard PangoMarkup.problem(markup) == nil else { return [(markup, 0..<markup.utf8.count, base, AskedFace(base))] }
        var attributes: OpaquePointer?
        var text: UnsafeMutablePointer<CChar>?
        guard pango_parse_markup(markup, -1, 0, &attributes, &text, nil, nil) != 0, let attributes, let text else { return [] }
        defer {
            g_free(text)
            pango_attr_list_unref(attributes)
        }
        let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: strlen(text)))
        guard let iterator = pango_attr_list_get_iterator(attributes) else { return [] }
        defer { pango_attr_iterator_destroy(iterator) }
        // fontconfig's widths for pango's stretches, ultra-condensed to ultra-expanded.
        let widths: [Double] = [50, 62.5, 75, 87.5, 100, 112.5, 125, 150, 200]
        var runs: [(text: String, range: Range<Int>, font: FontSpec, asked: AskedFace)] = []
        repeat {
            var start: Int32 = 0, end: Int32 = 0
            pango_attr_iterator_range(iterator, &start, &end)
            let lower = min(max(Int(start), 0), bytes.count), upper = min(max(Int(end), lower), bytes.count)
            guard upper > lower, let description = pango_font_description_new() else { continue }
            defer { pango_font_description_free(description) }
            pango_font_description_set_family(description, base.family)
            pango_font_description_set_weight(description, PangoWeight(rawValue: base.weight.pangoWeight))
            pango_attr_iterator_get_font(iterator, description, nil, nil)
            var font = base
            if let family = pango_font_description_get_family(description) { font.family = String(cString: family) }
            // The span's weight too (`weight='normal'` in a semibold title asks for regular), as
            // near as a spec's weights come; the full markup check below holds the exact one.
            let spanWeight = Int(pango_font_description_get_weight(description).rawValue)
            if let nearest = FontSpec.Weight.allCases.min(by: { abs(Int($0.pangoWeight) - spanWeight) < abs(Int($1.pangoWeight) - spanWeight) }) {
                font.weight = nearest
            }
            let stretch = Int(pango_font_description_get_stretch(description).rawValue)
            let asked = AskedFace(family: font.family, weight: Double(pango_font_description_get_weight(description).rawValue),
                                  slanted: pango_font_description_get_style(description) != PANGO_STYLE_NORMAL,
                                  width: widths.indices.contains(stretch) ? widths[stretch] : 100)
            runs.append((String(decoding: bytes[lower..<upper], as: UTF8.self), lower..<upper, font, asked))
        } while pango_attr_iterator_next(iterator) != 0
        return runs
    }

    /// The key a markup title's checks are remembered by once it passed them all.
    private static func markupKey(_ markup: String, _ font: FontSpec) -> String {
        "markup|\(font.family)|\(font.weight)|\(font.size)|\(font.language ?? "")|\(markup)"
    }

    /// Why a markup title, laid out as drawn, would show missing-glyph boxes, or nil. Once per
    /// markup and font in a session.
    private func missingGlyphs(inMarkup markup: String, font: FontSpec) -> String? {
        let key = Self.markupKey(markup, font)
        guard !fontsChecked.contains(key) else { return nil }
        let layout = makeLayout(.markup(markup), font: font)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        // Each run drawn with the face its spans ask for (weight, style and stretch included).
        do {
            let brought = brought ?? BroughtFonts()
            let runs = Self.runs(of: markup, in: font)
            let text = String(cString: pango_layout_get_text(layout))
            // Positions are held as in plain text unless the markup moves glyphs itself (its
            // letter_spacing and rise do, as asked): a span does not end the font's kerning.
            let movesGlyphs = Self.movesGlyphs(markup)
            let drawn = DrawnRun.runs(of: layout, drawingGlyphsOf: brought.isBrought, holdingPositions: !movesGlyphs)
            let problem = brought.problem(drawn: drawn, text: text) { offset in
                runs.first { $0.range.contains(offset) }?.asked ?? AskedFace(font)
            }
            if let problem { return problem }
            if let problem = orderProblem(of: text, drawn: drawn, layingOut: { $0.makeLayout(.markup(markup), font: font) }) { return problem }
        }
        let unknown = pango_layout_get_unknown_glyphs_count(layout)
        if unknown > 0, let brought, !brought.faces.isEmpty {
            let files = brought.faces.map(\.file.lastPathComponent)
            return "the markup '\(markup.count > 60 ? markup.prefix(60) + "…" : Substring(markup))' would draw \(unknown) missing-glyph "
                + "box\(unknown == 1 ? "" : "es") with the spec's fonts (\(Set(files).sorted().joined(separator: ", "))): "
                + "a character it draws (text_transform changes them) is in none of them"
        }
        fontsChecked.insert(key)
        return nil
    }
}
