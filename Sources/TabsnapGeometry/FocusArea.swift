import TabsnapModel

/// Tabman's focus area: the frame between the two buttons around the position.
/// A = frame(lower), B = frame(upper); x = A.x + (B.x − A.x)·f, width = A.w + (B.w − A.w)·f,
/// over the full bar height. Past the ends it stays on the end button (the indicator's overscroll
/// rule, not the focus, moves past the ends).
func focusArea(buttonFrames: [Rect], selection: SelectionState, barHeight: Double) -> Rect {
    guard !buttonFrames.isEmpty else { return .zero }
    let a = buttonFrames[selection.lower]
    let b = buttonFrames[selection.upper]
    let f = selection.fraction
    return Rect(x: a.x + (b.x - a.x) * f, y: 0, width: a.width + (b.width - a.width) * f, height: barHeight)
}

/// Linear interpolation: `a` at t = 0, `b` at t = 1 (focus, title widths, jump frames).
func interpolate(_ a: Double, _ b: Double, _ f: Double) -> Double {
    a + (b - a) * f
}
