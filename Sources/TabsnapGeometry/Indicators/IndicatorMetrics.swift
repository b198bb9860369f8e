import TabsnapModel

/// Sizes of each indicator style, in points (Tabman's line weights; dot and chevron sizes by weight).
public enum IndicatorMetrics {
    /// Line thickness: light 2, medium 4, heavy 8, or the given points.
    public static func lineThickness(_ weight: IndicatorWeight) -> Double {
        switch weight {
        case .light: return 2
        case .medium: return 4
        case .heavy: return 8
        case .points(let value): return value
        }
    }

    /// Dot diameter: small (light) 6, medium 8, large (heavy) 12.
    public static func dotDiameter(_ weight: IndicatorWeight) -> Double {
        switch weight {
        case .light: return 6
        case .medium: return 8
        case .heavy: return 12
        case .points(let value): return value
        }
    }

    /// Chevron (upward triangle) size: 10×8, 14×12, 20×16.
    public static func chevronSize(_ weight: IndicatorWeight) -> Size {
        switch weight {
        case .light: return Size(width: 10, height: 8)
        case .medium: return Size(width: 14, height: 12)
        case .heavy: return Size(width: 20, height: 16)
        case .points(let value): return Size(width: value, height: value * 0.8)
        }
    }

    /// The gap between a dot and the bar edge it sits on.
    public static let dotEdgeGap: Double = 4
}
