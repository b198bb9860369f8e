import Foundation
import CPango
import TabsnapModel

/// A character no font can draw is an error, never a missing-glyph box: with the bundled scripts
/// (Fonts/README.md) and a spec's own fonts, pango falls back through every file, and what it
/// still finds in none it would draw as a box with exit 0 (a Japanese title was a row of boxes).
/// Checked where every draw list is prepared, so the CLI, the check, the preview and the library
/// refuse the same texts.
extension FontSession {
    /// The first text run that would draw a missing-glyph box, naming its characters; nil when
    /// every character has a glyph. Each text and font is laid out once a session.
    func missingGlyphProblem(in commands: [DrawCommand]) -> String? {
        for case .text(let run) in DrawCommand.flattened(commands) {
            if let problem = missingGlyphProblem(run.content, font: run.font, at: nil) { return problem }
        }
        return nil
    }

    /// Why `content` in `font` would draw a missing-glyph box, naming the characters, at `place`
    /// (`items[2].title`; nil: the text itself, quoted); nil when every character has a glyph.
    func missingGlyphProblem(_ content: TextContent, font: FontSpec, at place: String?) -> String? {
        let key = MissingGlyphKey(content: content, font: font)
        guard !glyphsFound.contains(key) else { return nil }
        let layout = makeLayout(content, font: font)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        // An object replacement character (U+FFFC) or an interlinear annotation character
        // stands for something that is not text: pango leaves it out, so "A\u{FFFC}B" was drawn
        // as "AB", exit 0 (hostile round 38).
        let text = String(cString: pango_layout_get_text(layout))
        if let placeholder = Limits.placeholder(in: text) {
            return "\(place ?? MissingGlyphKey.quoted(text)): holds \(placeholder), "
                + "which stands for an object or annotation that is not text and is drawn as nothing; leave it out"
        }
        let missing = Self.missingCharacters(in: layout)
        guard let first = missing.first else {
            if let keycap = Self.splitKeycap(in: layout) {
                let codes = keycap.unicodeScalars.map(\.codePoint).joined(separator: " ")
                if keycap == "\u{20E3}" {
                    return "\(place ?? MissingGlyphKey.quoted(text)): holds a keycap (U+20E3) with no character to enclose, so it would be drawn as an empty keycap; leave it out"
                }
                return "\(place ?? MissingGlyphKey.quoted(text)): \(keycap) (\(codes)) is a keycap the fonts split — its character from one font, "
                    + "the keycap from the emoji font — so it would be drawn as the character beside an empty keycap; leave the keycap out"
            }
            if let mark = Self.marksOnDottedCircles(in: layout).first {
                let shown = "\(place ?? MissingGlyphKey.quoted(text)): \(mark.shownAlone) (\(mark.unicodeScalars.first.map(\.codePoint) ?? ""))"
                // A ◌ the text holds before the mark is set in another font than the mark (no
                // bundled font has both), so HarfBuzz still adds its own: two circles are drawn.
                if text.contains("\u{25CC}" + String(mark)) {
                    return shown + " follows a ◌ (U+25CC) that is set in another font than the mark, so a second dotted circle would be drawn; "
                        + "bring a font that has both with fonts:, or put the mark after a letter"
                }
                return shown + " has no letter to sit on where it stands, so it would be drawn on a dotted circle ◌ the text does not hold; put it after the letter it belongs to"
            }
            glyphsFound.insert(key)
            return nil
        }
        let others = missing.count - 1
        // A control character (BEL from "\a") is not text: no font is the fix (round 33).
        if let scalar = first.unicodeScalars.first, scalar.properties.generalCategory == .control {
            return "\(place ?? MissingGlyphKey.quoted(text)): holds the control character \(scalar.codePoint), "
                + "which is not text and no font draws; leave it out"
        }
        return "\(place ?? MissingGlyphKey.quoted(text)): no bundled or brought font has \(first) (\(first.unicodeScalars.first.map(\.codePoint) ?? ""))"
            + (others > 0 ? " and \(others) more character\(others == 1 ? "" : "s")" : "")
            + "; add a font that has \(missing.count == 1 ? "it" : "them") with fonts:"
    }

    /// A title or badge of characters that take no width (a combining mark with no letter
    /// before it, U+200B) is laid out 0 pt wide and left out: the bar drew without it, exit 0.
    /// A space is drawn as asked (a blank title), so only a width of exactly 0 is refused.
    /// Checked after markup spacing, which names its own cause of a 0 pt title.
    func widthlessProblem(_ content: TextContent, font: FontSpec, at place: String) -> String? {
        let key = MissingGlyphKey(content: content, font: font)
        guard !widthsFound.contains(key) else { return nil }
        let layout = makeLayout(content, font: font)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let text = String(cString: pango_layout_get_text(layout))
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        guard !text.isEmpty, logical.width == 0 else {
            widthsFound.insert(key)
            return nil
        }
        let codes = text.unicodeScalars.prefix(4).map(\.codePoint).joined(separator: " ") + (text.unicodeScalars.count > 4 ? " …" : "")
        let marks = text.unicodeScalars.contains { [.nonspacingMark, .enclosingMark].contains($0.properties.generalCategory) }
        return "\(place): its characters (\(codes)) take no width, so nothing of it would be drawn"
            + (marks ? "; a combining mark needs a letter before it (U+25CC ◌ shows one alone)" : "")
    }

    /// The first mark of plain `text`, set in DejaVu Sans and the bundled fallbacks, that
    /// HarfBuzz would draw on a dotted circle; nil when none is (an SVG icon's text,
    /// `SVGIconPreflight`).
    func markOnDottedCircle(in text: String) -> Character? {
        let layout = makeLayout(.plain(text), font: FontSpec(family: "DejaVu Sans", size: 16))
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        return Self.marksOnDottedCircles(in: layout).first
    }

    /// The characters pango found no font for, in text order, once each.
    private static func missingCharacters(in layout: OpaquePointer) -> [Character] {
        guard pango_layout_get_unknown_glyphs_count(layout) > 0, let iterator = pango_layout_get_iter(layout) else { return [] }
        defer { pango_layout_iter_free(iterator) }
        var found: [UInt32] = []
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iterator), let glyphs = run.pointee.glyphs else { continue }
            for index in 0..<Int(glyphs.pointee.num_glyphs) {
                guard let glyph = glyphs.pointee.glyphs?[index].glyph, glyph & unknownFlag != 0 else { continue }
                let scalar = glyph & ~unknownFlag
                if !found.contains(scalar) { found.append(scalar) }
            }
        } while pango_layout_iter_next_run(iterator) != 0
        return found.compactMap { Unicode.Scalar($0).map(Character.init) }
    }

    /// Marks HarfBuzz drew on a dotted circle (U+25CC, inserted where a cluster starts with a
    /// mark: a vowel sign before its consonant, a lone visarga), in text order, once each — a
    /// glyph the title does not hold, like a missing-glyph box (hostile round 27). A ◌ the text
    /// itself holds is its own.
    private static func marksOnDottedCircles(in layout: OpaquePointer) -> [Character] {
        guard let textPointer = pango_layout_get_text(layout), let iterator = pango_layout_get_iter(layout) else { return [] }
        defer { pango_layout_iter_free(iterator) }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(textPointer).assumingMemoryBound(to: UInt8.self), count: strlen(textPointer))
        var found: [Character] = []
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iterator), let item = run.pointee.item, let glyphs = run.pointee.glyphs,
                  let font = item.pointee.analysis.font, let clusters = glyphs.pointee.log_clusters else { continue }
            let circle = pango_fc_font_get_glyph(font, 0x25CC)
            guard circle != 0 else { continue }
            for index in 0..<Int(glyphs.pointee.num_glyphs) where glyphs.pointee.glyphs?[index].glyph == circle {
                // The cluster's first character, from its byte in the text.
                let start = Int(item.pointee.offset) + Int(clusters[index])
                guard start >= 0, start < bytes.count else { continue }
                let rest = String(decoding: bytes[start..<min(start + 8, bytes.count)], as: UTF8.self)
                guard let first = rest.unicodeScalars.first, first.value != 0x25CC else { continue }
                // The mark itself, past a joiner or control the cluster starts with (U+200C).
                let scalar = rest.unicodeScalars.first { [.nonspacingMark, .spacingMark, .enclosingMark].contains($0.properties.generalCategory) } ?? first
                let character = Character(scalar)
                if !found.contains(character) { found.append(character) }
            }
        } while pango_layout_iter_next_run(iterator) != 0
        return found
    }

    /// The first keycap sequence (`1️⃣`: a character, U+FE0F perhaps, U+20E3) whose character and
    /// keycap pango set in different runs: the bundled emoji font has the whole keycap, but the
    /// character came from a text font, so the emoji font drew an empty keycap beside it
    /// (hostile round 35). Nil when every keycap is whole.
    private static func splitKeycap(in layout: OpaquePointer) -> String? {
        guard let textPointer = pango_layout_get_text(layout), let iterator = pango_layout_get_iter(layout) else { return nil }
        defer { pango_layout_iter_free(iterator) }
        let text = String(cString: textPointer)
        guard text.unicodeScalars.contains(where: { $0.value == 0x20E3 }) else { return nil }
        // Each run's byte range.
        var runs: [Range<Int>] = []
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iterator), let item = run.pointee.item else { continue }
            let start = Int(item.pointee.offset)
            runs.append(start..<(start + Int(item.pointee.length)))
        } while pango_layout_iter_next_run(iterator) != 0
        func run(at offset: Int) -> Int? { runs.firstIndex { $0.contains(offset) } }
        var offset = 0
        var base: (offset: Int, scalar: Unicode.Scalar)?
        var selector = false
        for scalar in text.unicodeScalars {
            let length = String(scalar).utf8.count
            if scalar.value == 0x20E3 {
                // A keycap on nothing (or on a space) is an empty keycap (round 36).
                guard let base, !base.scalar.properties.isWhitespace else { return "\u{20E3}" }
                if run(at: base.offset) != run(at: offset) {
                    return String(base.scalar) + (selector ? "\u{FE0F}" : "") + "\u{20E3}"
                }
            } else if scalar.value == 0xFE0F {
                selector = true
                offset += length
                continue
            }
            base = (offset, scalar)
            selector = false
            offset += length
        }
        return nil
    }

    /// `PANGO_GLYPH_UNKNOWN_FLAG`: pango's glyph for a character no font has is the character
    /// with this bit set (drawn as a box showing its code).
    private static let unknownFlag: UInt32 = 0x1000_0000
}

/// A text and font whose characters all have glyphs, kept for the session.
struct MissingGlyphKey: Hashable {
    let content: TextContent
    let font: FontSpec

    /// The text in quotes, cut after 40 characters.
    static func quoted(_ text: String) -> String {
        "\"" + String(text.unicodeScalars.prefix(40).map(Character.init)) + (text.unicodeScalars.count > 40 ? "…" : "") + "\""
    }
}

extension Character {
    /// A mark shown on its own in a message: on U+25CC ◌, as Unicode's charts show one, so it
    /// does not sit on the space before it (hostile round 30); other characters as they are.
    var shownAlone: String {
        guard let first = unicodeScalars.first, [.nonspacingMark, .spacingMark, .enclosingMark].contains(first.properties.generalCategory) else {
            return String(self)
        }
        return "\u{25CC}" + String(self)
    }
}

extension Unicode.Scalar {
    /// How error messages name a character: `U+6F22`, at least four hex digits.
    var codePoint: String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(4 - hex.count, 0)) + hex
    }
}
