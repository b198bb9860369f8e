import TabsnapModel

/// Where a built-in indicator of `height` sits vertically in a bar `barHeight` tall: on its top or
/// bottom edge (`gap` in from it), or centred for `fill`.
func edgeY(_ display: IndicatorDisplay, height: Double, barHeight: Double, gap: Double = 0) -> Double {
    switch display {
    case .top: return gap
    case .bottom: return barHeight - height - gap
    case .fill: return (barHeight - height) / 2
    }
}

/// The height a buttonless bar gets for a built-in indicator: the room it takes at its edge, or a
/// line's thickness of its weight when it takes none (a filling one).
func builtinBareHeight(extent: Double, weight: IndicatorWeight) -> Double {
    extent > 0 ? extent : IndicatorMetrics.lineThickness(weight)
}
