/// Plain geometry value types, in points. Kept free of any UI framework so the model stays portable.

/// Space left on each side of a rectangle's content, in points (in specs,
/// `{left, right, top, bottom}` or one number for all sides). A right-to-left bar mirrors them with
/// the rest of its layout.
public struct Insets: Sendable, Hashable, Codable {
    /// Space at the left edge.
    public var left: Double
    /// Space at the right edge.
    public var right: Double
    /// Space at the top edge.
    public var top: Double
    /// Space at the bottom edge.
    public var bottom: Double

    /// Insets of the given sides; any side left out is 0.
    public init(left: Double = 0, right: Double = 0, top: Double = 0, bottom: Double = 0) {
        self.left = left
        self.right = right
        self.top = top
        self.bottom = bottom
    }

    /// No space on any side.
    public static let zero = Insets()
    /// Left and right together: the width the insets take.
    public var horizontal: Double { left + right }
    /// Top and bottom together: the height the insets take.
    public var vertical: Double { top + bottom }
}

/// A width and a height, in points.
public struct Size: Sendable, Hashable, Codable {
    /// Horizontal extent.
    public var width: Double
    /// Vertical extent.
    public var height: Double

    /// A size `width` points wide and `height` points high.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// No width and no height.
    public static let zero = Size(width: 0, height: 0)
}

/// An axis-aligned rectangle in points, its origin at the top left and y growing downward, as cairo
/// draws.
public struct Rect: Sendable, Hashable, Codable {
    /// Left edge.
    public var x: Double
    /// Top edge.
    public var y: Double
    /// Horizontal extent.
    public var width: Double
    /// Vertical extent.
    public var height: Double

    /// A rectangle with its top-left corner at (`x`, `y`).
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    /// Left edge (`x`).
    public var minX: Double { x }
    /// Right edge (`x + width`).
    public var maxX: Double { x + width }
    /// Horizontal centre.
    public var midX: Double { x + width / 2 }
    /// Top edge (`y`).
    public var minY: Double { y }
    /// Bottom edge (`y + height`).
    public var maxY: Double { y + height }
    /// Vertical centre.
    public var midY: Double { y + height / 2 }

    /// The rectangle moved `dx` points right and `dy` points down (0 unless given), its size kept.
    public func offsetBy(dx: Double, dy: Double = 0) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The rectangle shrunk by `insets` on each side (grown where they are negative). The size is
    /// not clamped: insets larger than the rectangle give a negative width or height.
    public func insetBy(_ insets: Insets) -> Rect {
        Rect(x: x + insets.left, y: y + insets.top,
             width: width - insets.horizontal, height: height - insets.vertical)
    }

    /// The smallest rect holding both.
    public func union(_ other: Rect) -> Rect {
        let left = min(minX, other.minX), top = min(minY, other.minY)
        return Rect(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }

    /// The part of the rect inside the ranges (an empty rect at the nearest edge when outside).
    public func clamped(toX xs: ClosedRange<Double>, y ys: ClosedRange<Double>) -> Rect {
        let left = min(max(minX, xs.lowerBound), xs.upperBound), right = min(max(maxX, xs.lowerBound), xs.upperBound)
        let top = min(max(minY, ys.lowerBound), ys.upperBound), bottom = min(max(maxY, ys.lowerBound), ys.upperBound)
        return Rect(x: left, y: top, width: max(right - left, 0), height: max(bottom - top, 0))
    }

    /// The rects share some area (touching edges do not count).
    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// Mirrors the rect horizontally inside a span `[0, span]` (right-to-left layouts).
    public func mirrored(in span: Double) -> Rect {
        Rect(x: span - x - width, y: y, width: width, height: height)
    }
}
