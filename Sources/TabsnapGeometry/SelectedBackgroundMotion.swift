import TabsnapModel

/// How the selected background moves (the rule for every `BarSelectedBackground`, built-in or
/// not): `slide`: one shape, its frame interpolated between the two buttons the position lies
/// between, like the indicator (mid-jump, straight from the jump's start to its end), at full
/// colour; it stops at the ends (no overscroll). `fade`: a shape behind every button, its alpha
/// multiplied by the button's selection.
enum SelectedBackgroundMotion {
    /// The sliding shape at a selection state, from each button's resting shape.
    static func sliding(_ shapes: [ShapeGeometry], motion: SelectedBackground.Motion, selection: SelectionState) -> ShapeGeometry? {
        guard motion == .slide, !shapes.isEmpty else { return nil }
        return selection.interpolated({ shapes.indices.contains($0) ? shapes[$0] : nil }, blend: { $0.interpolated(to: $1, $2) })
    }

    /// The fading shape behind one button; nil where it is not selected at all.
    static func fading(_ shape: ShapeGeometry, motion: SelectedBackground.Motion, selection v: Double) -> ShapeGeometry? {
        guard motion == .fade, v > 0 else { return nil }
        return ShapeGeometry(frame: shape.frame, cornerRadius: shape.cornerRadius, color: shape.color.multiplyingAlpha(by: v))
    }
}
