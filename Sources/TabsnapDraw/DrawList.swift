import TabsnapModel

/// What to paint, in order, in bar coordinates (points, origin top left). Backends (cairo for PNG,
/// SVG and PDF) replay it; it holds no backend types, so it can be inspected in tests.
public struct DrawList: Sendable, Hashable {
    public var size: Size
    public var commands: [DrawCommand]

    public init(size: Size, commands: [DrawCommand] = []) {
        self.size = size
        self.commands = commands
    }
}

public enum DrawCommand: Sendable, Hashable {
    /// A filled rectangle, its corners rounded by `cornerRadius` (capped at half the shorter side).
    case rect(Rect, color: Color, cornerRadius: Double)
    /// An upward-pointing triangle filling the rect (chevron indicator).
    case triangle(Rect, color: Color)
    /// One line of text, its logical box's top-left corner at `origin`.
    case text(String, font: FontSpec, color: Color, origin: Point)
    /// Commands drawn through a horizontal alpha mask (the edge fade).
    indirect case masked([DrawCommand], stops: [MaskStop])
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

public struct Point: Sendable, Hashable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
