import Foundation
import TabsnapModel

/// What to paint, in order, in bar coordinates (points, origin top left). Backends (cairo for PNG,
/// SVG and PDF) replay it; it holds no backend types, so it can be inspected in tests.
public struct DrawList: Sendable, Hashable {
    public var size: Size
    public var commands: [DrawCommand]
    /// The user's font files the text is drawn from, beside the bundled fonts.
    public var fonts: [URL] = []

    public init(size: Size, commands: [DrawCommand] = []) {
        self.size = size
        self.commands = commands
    }
}

public enum DrawCommand: Sendable, Hashable {
    /// A filled rectangle, its corners rounded by `cornerRadius` (capped at half the shorter side).
    case rect(Rect, color: RGBAColor, cornerRadius: Double)
    /// A triangle filling the rect, its apex at the top edge's middle (`pointsUp`) or the bottom
    /// edge's (chevron indicator: it points away from the bar's edge, at the buttons).
    case triangle(Rect, color: RGBAColor, pointsUp: Bool)
    case text(TextRun)
    case icon(IconRun)
    /// Commands drawn through a horizontal alpha mask (the edge fade).
    indirect case masked([DrawCommand], stops: [MaskStop])
}

/// Text in a box. Unconstrained text is drawn at the box's origin as laid out; constrained text
/// is centred in the box's width, wrapped onto at most `lines` lines and ellipsized at the end.
public struct TextRun: Sendable, Hashable {
    public var content: TextContent
    public var font: FontSpec
    public var color: RGBAColor
    public var frame: Rect
    public var constrained: Bool
    public var lines: Int

    public init(content: TextContent, font: FontSpec, color: RGBAColor, frame: Rect, constrained: Bool = false, lines: Int = 1) {
        self.content = content
        self.font = font
        self.color = color
        self.frame = frame
        self.constrained = constrained
        self.lines = lines
    }
}

/// An icon in a box. Template icons (`tint` set) take the tint as their only colour; original
/// ones keep their own, at `alpha`.
public struct IconRun: Sendable, Hashable {
    public var icon: Icon
    public var frame: Rect
    public var tint: RGBAColor?
    public var alpha: Double

    public init(icon: Icon, frame: Rect, tint: RGBAColor?, alpha: Double) {
        self.icon = icon
        self.frame = frame
        self.tint = tint
        self.alpha = alpha
    }
}

/// A stop of a horizontal alpha mask, in bar coordinates.
public struct MaskStop: Sendable, Hashable {
    public var x: Double
    public var alpha: Double

    public init(x: Double, alpha: Double) {
        self.x = x
        self.alpha = alpha
    }
}
