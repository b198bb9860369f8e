import CPango
import TabsnapModel

/// What markup's spans do to a text's letters, by byte of the laid-out text, for the editable
/// SVG: their colour, size, language and lines. Plain text is one span of the run's colour and
/// size. Markup that SVG text cannot say is refused at its item (`unwritable`).
struct MarkupSpans {
    /// How the letters of one span are written.
    struct Style {
        /// Fill colour, alpha included.
        var color: RGBAColor
        /// Size in points, as asked (a colour emoji face's bitmaps have sizes of their own).
        var size: Double
        /// The span's `lang`, when it sets one.
        var language: String?
        /// SVG's `text-decoration` words.
        var decorations: [String] = []
    }

    private var spans: [(range: Range<Int>, style: Style)] = []
    private let base: Style

    /// What markup can ask that SVG text cannot say, by pango's attribute type (checked against
    /// the installed pango by scripts/check-c-shims): letters moved (`rise`, `<sup>`'s baseline
    /// shift, `letter_spacing`), painted behind or coloured apart (`background`, line colours),
    /// or drawn other than as the text's own characters (small caps, features, transforms,
    /// shown invisibles, vertical gravity, shapes), or sized by the font (`font_scale`, whose size
    /// pango works out only while shaping, so the span's size here would be the unscaled one). Everything else maps: family, weight,
    /// style, size and scale are the run's face and size; colour and alpha the fill; single
    /// underline, strike-through and overline the decoration; line heights the runs' baselines.
    private static let unwritable: [(type: UInt32, name: String, integer: Bool)] = [
        (5, "font_variant", true), (10, "background", false), (13, "rise", true), (14, "shape", false),
        (17, "letter_spacing", true), (18, "underline_color", false), (19, "strikethrough_color", false), (21, "gravity", true),
        (23, "font_features", false), (25, "background alpha", false), (27, "show", true), (30, "overline_color", false),
        (33, "text_transform", true), (36, "baseline_shift (<sup>, <sub>)", true), (37, "font_scale", true),
    ]

    /// The spans of `content` drawn in `base` at `size` points; `place` names the text in a
    /// refusal (`items[1]`).
    init(_ content: TextContent, base color: RGBAColor, size: Double, place: String) throws(RenderError) {
        base = Style(color: color, size: size)
        guard case .markup(let markup) = content else { return }
        var attributes: OpaquePointer?
        guard pango_parse_markup(markup, -1, 0, &attributes, nil, nil, nil) != 0, let attributes else { return }
        defer { pango_attr_list_unref(attributes) }
        guard let iterator = pango_attr_list_get_iterator(attributes) else { return }
        defer { pango_attr_iterator_destroy(iterator) }
        func value(_ kind: UInt32) -> Int32? {
            pango_attr_iterator_get(iterator, PangoAttrType(rawValue: kind))
                .map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: PangoAttrInt.self).pointee.value }
        }
        repeat {
            var start: Int32 = 0, end: Int32 = 0
            pango_attr_iterator_range(iterator, &start, &end)
            for kind in Self.unwritable {
                guard let found = value(kind.type) else { continue }
                // Integer kinds refuse only a value other than the default (`rise='0'` is fine).
                if kind.integer, found == 0 { continue }
                throw .text("\(place).markup: \(kind.name) has no SVG text equivalent; write this SVG with --svg-text outlines")
            }
            var style = base
            if let attribute = pango_attr_iterator_get(iterator, PANGO_ATTR_FOREGROUND) {
                let value = UnsafeMutableRawPointer(attribute).assumingMemoryBound(to: PangoAttrColor.self).pointee.color
                style.color = RGBAColor(red: Double(value.red) / 65_535, green: Double(value.green) / 65_535, blue: Double(value.blue) / 65_535)
            }
            // A span's alpha replaces the colour's (pango's cairo renderer sets it, not multiplies).
            if let alpha = value(PANGO_ATTR_FOREGROUND_ALPHA.rawValue) { style.color.alpha = Double(alpha) / 65_535 }
            // Size and language as pango reads the span (`size`, `<big>`, `font`, `lang`).
            if let description = pango_font_description_new() {
                pango_font_description_set_size(description, Int32((size * Double(PANGO_SCALE)).rounded()))
                var language: OpaquePointer?
                pango_attr_iterator_get_font(iterator, description, &language, nil)
                style.size = Double(pango_font_description_get_size(description)) / Double(PANGO_SCALE)
                // A PangoLanguage is its tag's string (pango_language_to_string is a cast).
                style.language = language.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
                pango_font_description_free(description)
            }
            switch value(PANGO_ATTR_UNDERLINE.rawValue) ?? 0 {
            case 0: break
            case 1, 5: style.decorations.append("underline")  // single, single line
            default: throw .text("\(place).markup: a double, low or error underline has no SVG text equivalent; write this SVG with --svg-text outlines")
            }
            if (value(PANGO_ATTR_STRIKETHROUGH.rawValue) ?? 0) != 0 { style.decorations.append("line-through") }
            if (value(29) ?? 0) != 0 { style.decorations.append("overline") }  // PANGO_ATTR_OVERLINE, single
            // pango's end of the last range is G_MAXUINT (as a signed int, -1).
            let upper = end < 0 ? Int(Int32.max) : Int(end)
            if Int(start) < upper { spans.append((Int(start)..<upper, style)) }
        } while pango_attr_iterator_next(iterator) != 0
    }

    /// The style of the letters from byte `offset`.
    func style(at offset: Int) -> Style {
        spans.first { $0.range.contains(offset) }?.style ?? base
    }
}
