import TabsnapModel

/// Measures text for layout. The pango backend implements it; tests pass a fake with known widths,
/// so the geometry can be tested as numbers without cairo.
public protocol TextMeasurer: Sendable {
    /// The logical size of `text` set in `font` on one line, in points.
    func measure(_ text: String, font: FontSpec) -> Size
}
