/// Plain geometry value types, in points. Kept free of any UI framework so the model stays portable.
public struct Insets: Sendable, Hashable, Codable {
    public var left: Double
    public var right: Double
    public var top: Double
    public var bottom: Double

    public init(left: Double = 0, right: Double = 0, top: Double = 0, bottom: Double = 0) {
        self.left = left
        self.right = right
        self.top = top
        self.bottom = bottom
    }

    public static let zero = Insets()
    public var horizontal: Double { left + right }
    public var vertical: Double { top + bottom }
}

public struct Size: Sendable, Hashable, Codable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)
}

public struct Rect: Sendable, Hashable, Codable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    public var minX: Double { x }
    public var maxX: Double { x + width }
    public var midX: Double { x + width / 2 }
    public var minY: Double { y }
    public var maxY: Double { y + height }
    public var midY: Double { y + height / 2 }

    public func offsetBy(dx: Double, dy: Double = 0) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

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
