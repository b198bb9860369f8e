extension SelectionState {
    /// Tabman's focus area: the frame between the two buttons around the position.
    /// A = frame(lower), B = frame(upper); x = A.x + (B.x − A.x)·f, width = A.w + (B.w − A.w)·f,
    /// over the full bar height. Past the ends it stays on the end button (the indicator's
    /// overscroll rule, not the focus, moves past the ends). Mid-jump, the focus at the jump's
    /// start moves to the focus at its end the same way, over the buttons between. Zero without
    /// buttons.
    public func focusArea(buttons: [Rect], barHeight: Double) -> Rect {
        let x = interpolated { buttons.indices.contains($0) ? buttons[$0].x : nil }
        let width = interpolated { buttons.indices.contains($0) ? buttons[$0].width : nil }
        guard let x, let width else { return .zero }
        return Rect(x: x, y: 0, width: width, height: barHeight)
    }
}
