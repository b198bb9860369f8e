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

    /// How far an indicator on the bar's top or bottom edge reaches in from that edge; 0 for one
    /// that fills the bar behind the buttons (a block, `display: fill`) or none.
    public static func edgeExtent(_ options: IndicatorOptions) -> Double {
        guard options.resolvedDisplay != .fill else { return 0 }
        switch options.style {
        case .line: return lineThickness(options.weight)
        case .dot: return dotEdgeGap + dotDiameter(options.weight)
        case .chevron: return chevronSize(options.weight).height
        case .block, .hidden: return 0
        }
    }
}

/// The room an edge indicator takes at the top and bottom of the bar: titles and icons are kept
/// clear of it, and an intrinsic height grows to make it where the insets do not.
struct IndicatorRoom: Sendable, Hashable {
    var top = 0.0
    var bottom = 0.0

    init(_ options: IndicatorOptions) {
        let extent = IndicatorMetrics.edgeExtent(options)
        switch options.resolvedDisplay {
        case .top: top = extent
        case .bottom: bottom = extent
        case .fill: break
        }
    }

    /// How much taller than its content (plus insets) a button must be so the room is clear.
    func deficit(layoutInsets li: Insets, contentInsets ci: Insets) -> Double {
        max(top - li.top - ci.top, 0) + max(bottom - li.bottom - ci.bottom, 0)
    }

    /// The vertical span content may use in a bar `height` tall.
    func clearSpan(height: Double) -> ClosedRange<Double> {
        top...max(height - bottom, top)
    }
}

/// Places the indicator of `options.style` on a horizontal span (already through the overscroll
/// rule) in a bar of height `barHeight`. Lines, dots and chevrons sit on the bar's edge; a block
/// fills the buttons' band, inside the layout's top and bottom insets. Returns nil for `none`.
func indicatorFrame(style: IndicatorStyle, options: IndicatorOptions, span: (x: Double, width: Double),
                    barHeight H: Double, insets: Insets) -> (frame: Rect, cornerRadius: Double)? {
    let display = options.resolvedDisplay
    func edgeY(_ height: Double, gap: Double = 0) -> Double {
        switch display {
        case .top: return gap
        case .bottom: return H - height - gap
        case .fill: return (H - height) / 2
        }
    }
    switch style {
    case .hidden:
        return nil
    case .line:
        let t = IndicatorMetrics.lineThickness(options.weight)
        let height = display == .fill ? H : t
        let frame = Rect(x: span.x, y: edgeY(height), width: span.width, height: height)
        let radius: Double
        switch options.corners {
        case .square: radius = 0
        case .rounded: radius = height / 4
        case .elliptical: radius = height / 2
        }
        return (frame, radius)
    case .block:
        let height = max(H - insets.vertical, 0)
        let frame = Rect(x: span.x, y: insets.top, width: span.width, height: height)
        let radius: Double
        switch options.corners {
        case .square: radius = 0
        case .rounded: radius = height / 6
        case .elliptical: radius = height / 2
        }
        return (frame, radius)
    case .dot:
        let d = IndicatorMetrics.dotDiameter(options.weight)
        let frame = Rect(x: span.x + span.width / 2 - d / 2, y: edgeY(d, gap: IndicatorMetrics.dotEdgeGap), width: d, height: d)
        return (frame, d / 2)
    case .chevron:
        let size = IndicatorMetrics.chevronSize(options.weight)
        let frame = Rect(x: span.x + span.width / 2 - size.width / 2, y: edgeY(size.height), width: size.width, height: size.height)
        return (frame, 0)
    }
}
