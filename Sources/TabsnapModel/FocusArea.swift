extension SelectionState {
    /// Tabman's focus area: the frame between the two buttons around the position.
    /// A = frame(lower), B = frame(upper); x = A.x + (B.x − A.x)·f, width = A.w + (B.w − A.w)·f,
    /// over the full bar height. Past the ends it stays on the end button (the indicator's
    /// overscroll rule, not the focus, moves past the ends). Zero without buttons.
    public func focusArea(buttons: [Rect], barHeight: Double) -> Rect {
        guard buttons.indices.contains(lower), buttons.indices.contains(upper) else { return .zero }
        let a = buttons[lower]
        let b = buttons[upper]
        let f = fraction
        return Rect(x: a.x + (b.x - a.x) * f, y: 0, width: a.width + (b.width - a.width) * f, height: barHeight)
    }
}
