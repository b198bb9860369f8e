import CFontconfig
import CPango
import Foundation
import TabsnapGeometry
import TabsnapModel

/// A spec's own font files are the fonts drawn, or the bar is refused: a brought font that pango
/// would quietly replace drew the wrong picture with exit 0. Three ways it happened, each checked
/// on the text the bar draws in it:
/// - fontconfig matches the family to another file (a name that differs from a bundled family's
///   only in spaces or case, "In ter", "DejaVuSans": fontconfig compares names that way and the
///   bundled file comes first);
/// - the file lacks characters of the text, so pango draws them in a bundled font;
/// - its character map is damaged: fontconfig reads the characters from the glyph names, but
///   HarfBuzz finds no glyph and pango draws missing-glyph boxes;
/// - its glyphs have no outlines, so the text draws nothing.
struct BroughtFonts {
    /// A brought face: its file, fontconfig's pattern of it (owned by the config's font set).
    struct Face {
        /// The spec's file, and the path fontconfig loaded it from (its private copy).
        var file: URL
        var loaded: String
        var families: [String]
        var charset: OpaquePointer?
    }

    let faces: [Face]
    private let config: OpaquePointer

    /// The faces fontconfig loaded into `config` (its application font set) from the files
    /// `files` maps: the path fontconfig loaded (a private copy) to the spec's file.
    init(config: OpaquePointer, files: [String: URL]) {
        self.config = config
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
                faces.append(Face(file: original, loaded: String(cString: file), families: families, charset: charset))
            }
        }
        self.faces = faces
    }

    /// The families of a pango family list (`"Tiny A, Inter"`), empty entries left out.
    static func families(in list: String) -> [String] {
        list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Fontconfig's way of comparing family names: case and spaces ignored.
    static func normalized(_ family: String) -> String {
        family.lowercased().filter { $0 != " " }
    }

    /// The brought faces of `family`, if it is a brought family.
    func faces(of family: String) -> [Face] {
        let key = Self.normalized(family)
        return faces.filter { $0.families.contains { Self.normalized($0) == key } }
    }

    /// Why `text` in `font` would not be drawn with the brought file, or nil (also nil for a
    /// bundled family: those are Tabsnap's own).
    func problem(drawing text: String, in font: FontSpec, session: FontSession) -> String? {
        // Pango reads a family as a comma-separated list, tried in order. A list naming a family
        // that is not brought draws what the brought ones lack in it, as asked; a list of brought
        // families only ("Tiny A,", "Tiny A, Tiny A") is held to them.
        let listed = Self.families(in: font.family)
        guard let first = listed.first else { return nil }
        var own: [Face] = []
        for family in listed {
            let found = faces(of: family)
            if found.isEmpty { return nil }
            own += found
        }
        guard let face = own.first else { return nil }
        // Whom fontconfig picks for the family.
        if let chosen = match(first), !own.contains(where: { $0.loaded == chosen }) {
            let shown = faces.first { $0.loaded == chosen }?.file.lastPathComponent ?? URL(fileURLWithPath: chosen).lastPathComponent
            return "\(face.file.path): fontconfig draws '\(font.family)' with \(shown), not this file "
                + "(names that differ only in spaces or case are one name to it); give the font a family name of its own"
        }
        // Every character of the text, in one of the family's files. (An ellipsis pango adds to
        // a cut line is pango's, not the text's: the text's own are checked like any other, and
        // so are spaces: U+1680 is a space with ink, and a font without U+0020 draws a box.)
        let missing = text.unicodeScalars.filter { scalar in
            scalar.properties.generalCategory != .control && !scalar.properties.isDefaultIgnorableCodePoint
                && !own.contains { face in face.charset.map { FcCharSetHasChar($0, scalar.value) != 0 } ?? false }
        }
        if let first = missing.first {
            let count = Set(missing).count
            return "\(face.file.path): has no glyph for '\(Character(first))' (U+\(String(first.value, radix: 16, uppercase: true)))"
                + (count > 1 ? " and \(count - 1) more character\(count > 2 ? "s" : "")" : "")
                + " of \(Self.quoted(text)); they would be drawn in another font: bring a font that has them"
        }
        // Glyphs for all of it, and something to see.
        guard text.unicodeScalars.contains(where: { !$0.properties.isWhitespace }) else { return nil }
        let layout = session.makeLayout(.plain(text), font: font)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
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
        return nil
    }

    /// The file fontconfig picks for `family`.
    private func match(_ family: String) -> String? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        _ = family.withCString { FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let found = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(found) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(found, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        return String(cString: file)
    }

    private static func quoted(_ text: String) -> String {
        "'" + (text.count > 40 ? text.prefix(40) + "…" : text) + "'"
    }
}

extension FontSession {
    /// Why the geometry's text would not be drawn in the brought fonts it asks for, or nil: titles
    /// in the button fonts, badges in the badge font, a markup title's text in its button's font.
    /// Each text and font is checked once per session (every frame of an animation asks again).
    func broughtFontProblem(in geometry: BarGeometry) -> String? {
        guard let brought, !brought.faces.isEmpty else { return nil }
        func check(_ text: String, _ font: FontSpec) -> String? {
            let key = "\(font.family)|\(font.weight)|\(font.size)|\(text)"
            guard !fontsChecked.contains(key) else { return nil }
            if let problem = brought.problem(drawing: text, in: font, session: self) { return problem }
            fontsChecked.insert(key)
            return nil
        }
        for button in geometry.buttons {
            if let markup = button.markup, !fontsChecked.contains(Self.markupKey(markup, button.font)) {
                // Each run of a markup title in the family it sets (or its button's); once a
                // markup passed, later frames skip parsing it again.
                for run in Self.runs(of: markup, in: button.font) {
                    if let problem = check(run.text, run.font) { return problem }
                }
                if let problem = check("", button.font) { return problem }
                // What pango draws may not be the markup's characters (text_transform makes an
                // A an a): the title as drawn has no missing-glyph box.
                if let problem = missingGlyphs(inMarkup: markup, font: button.font) { return problem }
            } else if button.markup == nil, let title = button.title, let problem = check(title, button.font) {
                return problem
            }
            if let badge = button.badge, !badge.text.isEmpty, let problem = check(badge.text, badge.font) { return problem }
        }
        return nil
    }

    /// The runs of `markup` as pango sets them: each stretch of text with the family its spans
    /// give it (else `base`'s), at `base`'s weight and size (the characters a family's files
    /// hold do not depend on either). Markup pango refuses is drawn as plain text: one run, the
    /// whole string in `base`.
    static func runs(of markup: String, in base: FontSpec) -> [(text: String, font: FontSpec)] {
        guard PangoMarkup.problem(markup) == nil else { return [(markup, base)] }
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
        var runs: [(text: String, font: FontSpec)] = []
        repeat {
            var start: Int32 = 0, end: Int32 = 0
            pango_attr_iterator_range(iterator, &start, &end)
            let lower = min(max(Int(start), 0), bytes.count), upper = min(max(Int(end), lower), bytes.count)
            guard upper > lower, let description = pango_font_description_new() else { continue }
            defer { pango_font_description_free(description) }
            pango_font_description_set_family(description, base.family)
            pango_attr_iterator_get_font(iterator, description, nil, nil)
            var font = base
            if let family = pango_font_description_get_family(description) { font.family = String(cString: family) }
            runs.append((String(decoding: bytes[lower..<upper], as: UTF8.self), font))
        } while pango_attr_iterator_next(iterator) != 0
        return runs
    }

    /// The key a markup title's checks are remembered by once it passed them all.
    private static func markupKey(_ markup: String, _ font: FontSpec) -> String {
        "markup|\(font.family)|\(font.weight)|\(font.size)|\(markup)"
    }

    /// Why a markup title, laid out as drawn, would show missing-glyph boxes, or nil. Once per
    /// markup and font in a session.
    private func missingGlyphs(inMarkup markup: String, font: FontSpec) -> String? {
        let key = Self.markupKey(markup, font)
        guard !fontsChecked.contains(key) else { return nil }
        let layout = makeLayout(.markup(markup), font: font)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let unknown = pango_layout_get_unknown_glyphs_count(layout)
        if unknown > 0 {
            let files = (brought?.faces ?? []).map(\.file.lastPathComponent)
            return "the markup '\(markup.count > 60 ? markup.prefix(60) + "…" : Substring(markup))' would draw \(unknown) missing-glyph "
                + "box\(unknown == 1 ? "" : "es") with the spec's fonts (\(Set(files).sorted().joined(separator: ", "))): "
                + "a character it draws (text_transform changes them) is in none of them"
        }
        fontsChecked.insert(key)
        return nil
    }
}
