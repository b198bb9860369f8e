/// An icon drawn from paths in Swift (`Icon.vector`): shapes on a `viewBox`-sized canvas, scaled
/// to the icon's frame. A template icon (the default) is drawn in the button's colour, whatever
/// colours its shapes have, with their alpha as coverage; an original one keeps them.
///
/// ```swift
/// let flame = VectorGlyph(viewBox: Size(width: 24, height: 24), shapes: [
///     .init(path: VectorPath([.move(12, 2), .curve(18, 8, 20, 13, 12, 22), .curve(4, 13, 6, 8, 12, 2), .close])),
/// ])
/// BarItem(title: "Discover", icon: .vector(flame))
/// ```
public struct VectorGlyph: Sendable, Hashable {
    /// One filled or stroked path of the glyph.
    public struct Shape: Sendable, Hashable {
        /// The outline, in view-box units (y down).
        public var path: VectorPath
        /// nil fills the path; a style strokes it (its width in view-box units).
        public var stroke: StrokeStyle?
        /// Which parts of a self-overlapping path a fill covers.
        public var rule: FillRule
        /// The shape's colour in an original icon (black when nil); a template icon uses the tint.
        public var color: RGBAColor?

        /// A shape filling `path` (non-zero), or stroking it when `stroke` is given.
        public init(path: VectorPath, stroke: StrokeStyle? = nil, rule: FillRule = .nonZero, color: RGBAColor? = nil) {
            self.path = path
            self.stroke = stroke
            self.rule = rule
            self.color = color
        }
    }

    /// The size of the canvas the paths are drawn on; it is stretched to the icon's frame.
    public var viewBox: Size
    /// The shapes, back to front.
    public var shapes: [Shape]

    /// A glyph of `shapes` on a canvas of `viewBox` (24 × 24 unless given, as the built-in icons).
    public init(viewBox: Size = Size(width: 24, height: 24), shapes: [Shape]) {
        self.viewBox = viewBox
        self.shapes = shapes
    }
}
