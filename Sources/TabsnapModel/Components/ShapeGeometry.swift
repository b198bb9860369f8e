/// A filled shape: a rect with rounded corners.
public struct ShapeGeometry: Sendable, Hashable, Codable {
    /// In content coordinates, points.
    public var frame: Rect
    /// Corner radius in points (the painter caps it at half the shorter side).
    public var cornerRadius: Double
    /// Fill colour; a fading shape's (or separator's) visibility is already in its alpha.
    public var color: RGBAColor

    /// A shape at `frame` with corners of `cornerRadius`, filled with `color`.
    public init(frame: Rect, cornerRadius: Double, color: RGBAColor) {
        self.frame = frame
        self.cornerRadius = cornerRadius
        self.color = color
    }
}
