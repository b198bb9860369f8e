import CPango
import TabsnapModel

/// The colours a markup title draws its text in, as pango reads its spans: each run's
/// foreground (the button's colour where a span sets none) at its alpha, and the span's own
/// background when it sets one. The contrast rule measures each (hostile round 22: white spans
/// on a white bar passed, the rule having measured the button's colour).
public enum MarkupColors {
    /// One run's text colour and, when a span sets it, the background drawn behind it.
    public struct Run: Sendable, Equatable {
        /// The text's colour, alpha included.
        public var foreground: RGBAColor
        /// The span's background, alpha included; nil when none is set (the bar's shows).
        public var background: RGBAColor?

        /// A run of these colours.
        public init(foreground: RGBAColor, background: RGBAColor?) {
            self.foreground = foreground
            self.background = background
        }
    }

    /// The runs of `markup` drawn with `base` where no span sets a colour (a span's `alpha`
    /// replaces the colour's, as pango draws it); one run of `base` when pango refuses the markup.
    public static func runs(of markup: String, base: RGBAColor) -> [Run] {
        memo.value(Key(markup: ExactText(markup), base: base)) { parse(markup, base: base) }
    }

    private struct Key: Hashable {
        /// By its bytes: `String`'s hash normalises the markup at every look-up.
        var markup: ExactText
        var base: RGBAColor
    }

    private static let memo = MarkupMemo<Key, [Run]>()

    private static func parse(_ markup: String, base: RGBAColor) -> [Run] {
        var attributes: OpaquePointer?
        guard PangoMarkup.problem(markup) == nil, pango_parse_markup(markup, -1, 0, &attributes, nil, nil, nil) != 0, let attributes else {
            return [Run(foreground: base, background: nil)]
        }
        defer { pango_attr_list_unref(attributes) }
        guard let iterator = pango_attr_list_get_iterator(attributes) else { return [Run(foreground: base, background: nil)] }
        defer { pango_attr_iterator_destroy(iterator) }
        func color(_ kind: PangoAttrType) -> RGBAColor? {
            guard let attribute = pango_attr_iterator_get(iterator, kind) else { return nil }
            let value = UnsafeMutableRawPointer(attribute).assumingMemoryBound(to: PangoAttrColor.self).pointee.color
            return RGBAColor(red: Double(value.red) / 65_535, green: Double(value.green) / 65_535, blue: Double(value.blue) / 65_535)
        }
        func alpha(_ kind: PangoAttrType) -> Double? {
            guard let attribute = pango_attr_iterator_get(iterator, kind) else { return nil }
            return Double(UnsafeMutableRawPointer(attribute).assumingMemoryBound(to: PangoAttrInt.self).pointee.value) / 65_535
        }
        var runs: [Run] = []
        repeat {
            var foreground = color(PANGO_ATTR_FOREGROUND) ?? RGBAColor(red: base.red, green: base.green, blue: base.blue)
            // A span's alpha replaces the colour's: pango's cairo renderer sets it, not multiplies.
            foreground.alpha = alpha(PANGO_ATTR_FOREGROUND_ALPHA) ?? (color(PANGO_ATTR_FOREGROUND) == nil ? base.alpha : 1)
            var background = color(PANGO_ATTR_BACKGROUND)
            if let alpha = alpha(PANGO_ATTR_BACKGROUND_ALPHA) { background?.alpha = alpha }
            let run = Run(foreground: foreground, background: background)
            if !runs.contains(run) { runs.append(run) }
        } while pango_attr_iterator_next(iterator) != 0
        return runs.isEmpty ? [Run(foreground: base, background: nil)] : runs
    }
}
