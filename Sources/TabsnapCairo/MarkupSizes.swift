import CPango
import TabsnapModel

/// The sizes a markup title draws its text at, as pango reads its spans (`size`, `font`,
/// `<small>`, `<big>`…): the design rules judge a title at the size drawn, not at its button's
/// font size (hostile round 24: `<span size="5000">` drew 4.9 pt text that `textSize` never saw,
/// and `contrast` judged it as 17 pt "large" text).
public enum MarkupSizes {
    /// The smallest size, in points, at which `markup` draws visible text, `base` where no span
    /// sets one; `base` when pango refuses the markup.
    public static func smallest(in markup: String, base: Double) -> Double {
        memo.value(Key(markup: ExactText(markup), base: base)) { parseSmallest(in: markup, base: base) }
    }

    private struct Key: Hashable {
        /// By its bytes: `String`'s hash normalises the markup at every look-up.
        var markup: ExactText
        var base: Double
    }

    private static let memo = MarkupMemo<Key, Double>()

    private static func parseSmallest(in markup: String, base: Double) -> Double {
        var attributes: OpaquePointer?
        var text: UnsafeMutablePointer<CChar>?
        guard PangoMarkup.problem(markup) == nil, pango_parse_markup(markup, -1, 0, &attributes, &text, nil, nil) != 0,
              let attributes, let text else { return base }
        defer {
            pango_attr_list_unref(attributes)
            g_free(text)
        }
        let bytes = Array(String(cString: text).utf8)
        guard let iterator = pango_attr_list_get_iterator(attributes) else { return base }
        defer { pango_attr_iterator_destroy(iterator) }
        var smallest = Double.infinity
        repeat {
            var start: Int32 = 0, end: Int32 = 0
            pango_attr_iterator_range(iterator, &start, &end)
            let from = min(max(Int(start), 0), bytes.count), to = min(max(Int(end), 0), bytes.count)
            // Only ranges that draw something: a span of spaces sets no size anyone reads.
            guard from < to, String(decoding: bytes[from..<to], as: UTF8.self).contains(where: { !$0.isWhitespace }) else { continue }
            guard let description = pango_font_description_new() else { continue }
            pango_font_description_set_size(description, Int32((base * Double(PANGO_SCALE)).rounded()))
            pango_attr_iterator_get_font(iterator, description, nil, nil)
            smallest = min(smallest, Double(pango_font_description_get_size(description)) / Double(PANGO_SCALE))
            pango_font_description_free(description)
        } while pango_attr_iterator_next(iterator) != 0
        return smallest.isFinite ? smallest : base
    }
}
