

/// Measures text for layout. The pango backend implements it; tests pass a fake with known widths,
/// so the geometry can be tested as numbers without cairo.
public protocol TextMeasurer: Sendable {
    /// The logical size of `text` set in `font` on one line, in points.
    func measure(_ text: TextContent, font: FontSpec) -> Size
    /// The logical size of `text` wrapped at `width`, at most `maxLines` lines (the last one
    /// ellipsized).
    func measure(_ text: TextContent, font: FontSpec, wrapWidth width: Double, maxLines: Int) -> Size
}

extension TextMeasurer {
    /// The logical size of plain `text` set in `font` on one line, in points.
    public func measure(_ text: String, font: FontSpec) -> Size {
        measure(.plain(text), font: font)
    }

    /// Estimates wrapping from the one-line size: as many lines as the width needs, capped.
    public func measure(_ text: TextContent, font: FontSpec, wrapWidth width: Double, maxLines: Int) -> Size {
        let line = measure(text, font: font)
        let lines = min(max(Int((line.width / max(width, 1)).rounded(.up)), 1), maxLines)
        return Size(width: min(line.width, width), height: line.height * Double(lines))
    }
}
