import CFontconfig
import CPango
import Foundation
import TabsnapModel

/// A text run as SVG `<text>`: laid out by pango exactly as the PNG's, then written run by run
/// (a run is one font, one direction, one span) as a `<tspan>` at the run's own place, naming
/// the family, weight and style of the face pango drew it in — a fallback font too (Noto Sans
/// Arabic for Arabic) — and the size and language asked. A viewer shapes each run again with
/// that face, so the letters fall where the PNG's do. A run right to left is anchored at its
/// right edge and kept in its order. What SVG text cannot say is refused with the way out
/// (`MarkupSpans`).
enum EditableSVGText {
    /// `<text>` of `run` with this id (nil: none), each pango run a `<tspan>`. `place` names the
    /// text in a refusal (`items[1]`); `faces` collects the faces used (`embedding`: for the
    /// `<style>` that carries them).
    static func element(_ run: TextRun, id: String?, place: String, session: FontSession, faces: inout SVGFontFaces,
                        embedding: Bool) throws(RenderError) -> String {
        let spans = try MarkupSpans(run.content, base: run.color, size: run.font.size, place: place)
        let layout = session.makeLayout(run.content, font: run.font, wrapWidth: run.constrained ? run.frame.width : nil, maxLines: run.lines)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        guard let textPointer = pango_layout_get_text(layout), let iterator = pango_layout_get_iter(layout) else { return "" }
        defer { pango_layout_iter_free(iterator) }
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(textPointer).assumingMemoryBound(to: UInt8.self), count: strlen(textPointer))
        let unit = Double(PANGO_SCALE)
        var tspans = ""
        repeat {
            // The end of each line is a run without glyphs (nil).
            guard let glyphRun = pango_layout_iter_get_run_readonly(iterator), let item = glyphRun.pointee.item,
                  let font = item.pointee.analysis.font, let pattern = pango_fc_font_get_pattern(font) else { continue }
            let start = max(Int(item.pointee.offset), 0), end = min(start + Int(item.pointee.length), bytes.count)
            guard start < end else { continue }
            let flags = item.pointee.analysis.flags
            var text = flags & tabsnap_analysis_is_ellipsis != 0 ? "…" : String(decoding: bytes[start..<end], as: UTF8.self)
            // A word broken across lines: pango draws a hyphen the text does not hold (in place of
            // the soft hyphen it broke at, which is left out: a designer would edit an invisible
            // character).
            if flags & tabsnap_analysis_needs_hyphen != 0 {
                if text.hasSuffix("\u{AD}") { text.removeLast() }
                text += "-"
            }
            var extents = PangoRectangle()
            pango_layout_iter_get_run_extents(iterator, nil, &extents)
            let baseline = run.frame.y + Double(pango_layout_iter_get_baseline(iterator)) / unit
            let left = run.frame.x + Double(extents.x) / unit
            let rightToLeft = item.pointee.analysis.level % 2 == 1
            let face = Self.face(of: pattern)
            let family = faces.family(for: face, embedding: embedding)
            let style = spans.style(at: start)
            var element = "<tspan x=\"\(SVGNumber.format(rightToLeft ? left + Double(extents.width) / unit : left))\" y=\"\(SVGNumber.format(baseline))\""
            element += " font-family=\"\(SVGFontFaces.quoted(family))\" font-size=\"\(SVGNumber.format(style.size))\" font-weight=\"\(face.weight)\""
            if face.italic { element += " font-style=\"italic\"" }
            if let language = style.language { element += " xml:lang=\"\(SVGNumber.escape(language))\"" }
            element += SVGPaint.fill(style.color)
            if !style.decorations.isEmpty { element += " text-decoration=\"\(style.decorations.joined(separator: " "))\"" }
            // Kept in its own order, right to left from its right edge: a viewer's bidi would
            // otherwise move a run's neutral characters (a space at its end) to its other side.
            if rightToLeft { element += " direction=\"rtl\" unicode-bidi=\"bidi-override\"" }
            tspans += element + ">\(SVGNumber.escape(text))</tspan>"
        } while pango_layout_iter_next_run(iterator) != 0
        guard !tspans.isEmpty else { return "" }
        var attributes = id.map { " id=\"\(SVGNumber.escape($0))\"" } ?? ""
        // The language shapes the text (the same Han character in Japanese or Chinese forms).
        if let language = run.font.language { attributes += " xml:lang=\"\(SVGNumber.escape(language))\"" }
        return "<text\(attributes) xml:space=\"preserve\">\(tspans)</text>\n"
    }

    /// The face pango chose: fontconfig's family, weight (on the CSS scale) and slant, and file.
    private static func face(of pattern: OpaquePointer) -> SVGFontFaces.Face {
        var family: UnsafeMutablePointer<FcChar8>?
        var file: UnsafeMutablePointer<FcChar8>?
        _ = FcPatternGetString(pattern, FC_FAMILY, 0, &family)
        _ = FcPatternGetString(pattern, FC_FILE, 0, &file)
        var weight = 0.0
        var integer: Int32 = 0
        var css = 400
        if FcPatternGetDouble(pattern, FC_WEIGHT, 0, &weight) == FcResultMatch {
            css = Int(FcWeightToOpenTypeDouble(weight).rounded())
        } else if FcPatternGetInteger(pattern, FC_WEIGHT, 0, &integer) == FcResultMatch {
            css = Int(FcWeightToOpenTypeDouble(Double(integer)).rounded())
        }
        var slant: Int32 = 0
        _ = FcPatternGetInteger(pattern, FC_SLANT, 0, &slant)
        return SVGFontFaces.Face(family: family.map { String(cString: $0) } ?? "sans-serif", weight: min(max(css, 1), 1000),
                                 italic: slant != 0, file: file.map { String(cString: $0) } ?? "")
    }
}
