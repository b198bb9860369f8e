import CFontconfig
import CPango
import Foundation
import TabsnapModel

/// A text run as SVG `<text>`: laid out by pango exactly as the PNG's, then written run by run
/// (a run is one font, one direction, one span) as a `<tspan>` at the run's own place, naming
/// the family, weight, style and size of the face pango drew it in — a fallback font too (Noto
/// Sans Arabic for Arabic). A viewer shapes each run again with that face, so the letters fall
/// where the PNG's do. A run right to left is anchored at its right edge and kept in its order.
/// What SVG text cannot say is refused with the way out (`MarkupSpans.unwritable`).
enum EditableSVGText {
    /// The font files the text uses, for embedding: one `@font-face` each.
    struct Faces {
        fileprivate struct Face: Hashable {
            var family: String
            var weight: Int
            var italic: Bool
            var file: String
        }
        fileprivate var all: [Face] = []

        /// A `<style>` of `@font-face` rules, the files inside as base64; nil when no text.
        func style() throws(RenderError) -> String? {
            guard !all.isEmpty else { return nil }
            var css = "<style>\n"
            for face in all {
                guard let data = FileManager.default.contents(atPath: face.file) else {
                    throw .fonts("\(face.file): cannot read this font file to embed it in the SVG")
                }
                let kind = data.prefix(4) == Data("OTTO".utf8) ? "opentype" : "truetype"
                css += "@font-face { font-family: '\(Self.cssString(face.family))'; font-weight: \(face.weight); "
                css += "font-style: \(face.italic ? "italic" : "normal"); src: url(data:font/\(kind == "opentype" ? "otf" : "ttf");base64,"
                css += data.base64EncodedString() + ") format('\(kind)'); }\n"
            }
            return css + "</style>\n"
        }

        fileprivate mutating func add(_ face: Face) {
            if !all.contains(face) { all.append(face) }
        }

        private static func cssString(_ text: String) -> String {
            SVGNumber.escape(text).replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
        }
    }

    /// `<text>` of `run` with this id (nil: none), each pango run a `<tspan>`.
    /// `place` names the text in a refusal (`items[1]`).
    static func element(_ run: TextRun, id: String?, place: String, session: FontSession, faces: inout Faces) throws(RenderError) -> String {
        let spans = try MarkupSpans(run.content, base: run.color, place: place)
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
            let ellipsis = item.pointee.analysis.flags & tabsnap_analysis_is_ellipsis != 0
            var text = ellipsis ? "…" : String(decoding: bytes[start..<end], as: UTF8.self)
            // A word broken across lines: pango draws a hyphen the text does not hold.
            if item.pointee.analysis.flags & tabsnap_analysis_needs_hyphen != 0 { text += "-" }
            var extents = PangoRectangle()
            pango_layout_iter_get_run_extents(iterator, nil, &extents)
            let baseline = run.frame.y + Double(pango_layout_iter_get_baseline(iterator)) / unit
            let left = run.frame.x + Double(extents.x) / unit
            let rightToLeft = item.pointee.analysis.level % 2 == 1
            let face = Self.face(of: font, pattern: pattern)
            faces.add(face)
            let style = spans.style(at: start)
            var element = "<tspan x=\"\(SVGNumber.format(rightToLeft ? left + Double(extents.width) / unit : left))\" y=\"\(SVGNumber.format(baseline))\""
            element += " font-family=\"\(SVGNumber.escape(face.family))\" font-size=\"\(SVGNumber.format(Self.size(of: font, asked: run.font.size)))\""
            element += " font-weight=\"\(face.weight)\""
            if face.italic { element += " font-style=\"italic\"" }
            element += SVGPaint.fill(style.color)
            if !style.decorations.isEmpty { element += " text-decoration=\"\(style.decorations.joined(separator: " "))\"" }
            // Kept in its own order, right to left from its right edge: a viewer's bidi would
            // otherwise move a run's neutral characters (a space at its end) to its other side.
            if rightToLeft { element += " direction=\"rtl\" unicode-bidi=\"bidi-override\"" }
            tspans += element + ">\(SVGNumber.escape(text))</tspan>"
        } while pango_layout_iter_next_run(iterator) != 0
        guard !tspans.isEmpty else { return "" }
        let idAttribute = id.map { " id=\"\(SVGNumber.escape($0))\"" } ?? ""
        return "<text\(idAttribute) xml:space=\"preserve\">\(tspans)</text>\n"
    }

    /// The face pango chose: fontconfig's family, weight (on the CSS scale) and slant, and file.
    private static func face(of font: OpaquePointer, pattern: OpaquePointer) -> Faces.Face {
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
        return Faces.Face(family: family.map { String(cString: $0) } ?? "sans-serif", weight: min(max(css, 1), 1000),
                          italic: slant != 0, file: file.map { String(cString: $0) } ?? "")
    }

    /// The run's size in points (markup may set its own), else the size asked.
    private static func size(of font: OpaquePointer, asked: Double) -> Double {
        guard let description = pango_font_describe_with_absolute_size(font) else { return asked }
        defer { pango_font_description_free(description) }
        let size = Double(pango_font_description_get_size(description)) / Double(PANGO_SCALE)
        return size > 0 ? size : asked
    }
}

/// What markup's spans do to the letters, by byte of the laid-out text: their colour and lines.
/// Plain text is one span of the run's colour.
struct MarkupSpans {
    struct Style {
        var color: RGBAColor
        var decorations: [String] = []
    }

    private var spans: [(range: Range<Int>, style: Style)] = []
    private let base: RGBAColor

    init(_ content: TextContent, base: RGBAColor, place: String) throws(RenderError) {
        self.base = base
        guard case .markup(let markup) = content else { return }
        var attributes: OpaquePointer?
        guard pango_parse_markup(markup, -1, 0, &attributes, nil, nil, nil) != 0, let attributes else { return }
        defer { pango_attr_list_unref(attributes) }
        guard let iterator = pango_attr_list_get_iterator(attributes) else { return }
        defer { pango_attr_iterator_destroy(iterator) }
        func value(_ kind: PangoAttrType) -> Int32? {
            pango_attr_iterator_get(iterator, kind).map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: PangoAttrInt.self).pointee.value }
        }
        repeat {
            var start: Int32 = 0, end: Int32 = 0
            pango_attr_iterator_range(iterator, &start, &end)
            for kind in Self.unwritable {
                guard let attribute = pango_attr_iterator_get(iterator, PangoAttrType(rawValue: kind.type)) else { continue }
                // Integer kinds refuse only a value other than the default (`rise='0'` is fine).
                if kind.integer, UnsafeMutableRawPointer(attribute).assumingMemoryBound(to: PangoAttrInt.self).pointee.value == 0 { continue }
                throw .text("\(place).markup: \(kind.name) has no SVG text equivalent; write this SVG with --svg-text outlines")
            }
            var color = base
            if let attribute = pango_attr_iterator_get(iterator, PANGO_ATTR_FOREGROUND) {
                let value = UnsafeMutableRawPointer(attribute).assumingMemoryBound(to: PangoAttrColor.self).pointee.color
                color = RGBAColor(red: Double(value.red) / 65_535, green: Double(value.green) / 65_535, blue: Double(value.blue) / 65_535)
            }
            // A span's alpha replaces the colour's (pango's cairo renderer sets it, not multiplies).
            if let alpha = value(PANGO_ATTR_FOREGROUND_ALPHA) { color.alpha = Double(alpha) / 65_535 }
            var decorations: [String] = []
            if (value(PANGO_ATTR_UNDERLINE) ?? 0) != 0 { decorations.append("underline") }
            if (value(PANGO_ATTR_STRIKETHROUGH) ?? 0) != 0 { decorations.append("line-through") }
            if (value(PangoAttrType(rawValue: 29)) ?? 0) != 0 { decorations.append("overline") }  // PANGO_ATTR_OVERLINE
            // pango's end of the last range is G_MAXUINT (as a signed int, -1).
            let upper = end < 0 ? Int(Int32.max) : Int(end)
            if Int(start) < upper { spans.append((Int(start)..<upper, Style(color: color, decorations: decorations))) }
        } while pango_attr_iterator_next(iterator) != 0
    }

    /// What markup can ask that SVG text cannot say, by pango's attribute type (checked against
    /// the installed pango by scripts/check-c-shims): letters moved (`rise`, `<sup>`'s baseline
    /// shift, `letter_spacing`), painted behind or coloured apart (`background`, line colours),
    /// or drawn other than as the text's own characters (small caps, features, transforms,
    /// shown invisibles, vertical gravity, shapes). Everything else maps: family, weight,
    /// style, size and scale are the run's face; colour and alpha the fill; underline,
    /// strike-through and overline the decoration; line heights the runs' baselines.
    private static let unwritable: [(type: UInt32, name: String, integer: Bool)] = [
        (5, "font_variant", true), (10, "background", false), (13, "rise", true), (14, "shape", false),
        (17, "letter_spacing", true), (18, "underline_color", false), (19, "strikethrough_color", false), (21, "gravity", true),
        (23, "font_features", false), (25, "background alpha", false), (27, "show", true), (30, "overline_color", false),
        (33, "text_transform", true), (36, "baseline_shift (<sup>, <sub>)", true),
    ]

    /// The style of the letters from byte `offset`.
    func style(at offset: Int) -> Style {
        spans.first { $0.range.contains(offset) }?.style ?? Style(color: base)
    }
}
