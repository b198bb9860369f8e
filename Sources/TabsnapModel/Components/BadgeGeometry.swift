/// A badge as placed: a pill (or a dot) and its value, in content coordinates (points).
public struct BadgeGeometry: Sendable, Hashable, Codable {
    /// The pill, kept inside the bar.
    public var frame: Rect
    /// Half the pill's height, so its ends are round (a one-character value gives a circle).
    public var cornerRadius: Double
    /// The value; empty for a dot.
    public var text: String
    /// The value's logical box, centred in `frame`; zero size for a dot.
    public var textFrame: Rect
    /// The pill's fill (the bar's badge colour).
    public var color: RGBAColor
    /// The value's colour.
    public var textColor: RGBAColor
    /// The value's font (the bar's `textScale` does not apply to badges, as in UIKit).
    public var font: FontSpec

    /// A badge of these values.
    public init(frame: Rect, cornerRadius: Double, text: String, textFrame: Rect, color: RGBAColor, textColor: RGBAColor,
                font: FontSpec) {
        self.frame = frame
        self.cornerRadius = cornerRadius
        self.text = text
        self.textFrame = textFrame
        self.color = color
        self.textColor = textColor
        self.font = font
    }
}
