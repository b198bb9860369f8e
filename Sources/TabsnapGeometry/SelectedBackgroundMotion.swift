import TabsnapModel

/// The selected background (the segmented / pill look). Behind button i it is the button's frame
/// inset by `insets`, grown where needed to enclose the button's content (the wider font's title and
/// the resting icon) plus the same insets — a tight label button's pill is wider than the button —
/// as far as the button's height and the content's ends allow.
///
/// `slide`: one shape, its frame interpolated between the two buttons the position lies between,
/// like the indicator (mid-jump, straight from the jump's start to its end), at full colour; it
/// stops at the ends (no overscroll). `fade`: a shape behind
/// every button, its alpha multiplied by the button's selection.
struct SelectedBackgroundShape {
    let options: SelectedBackground
    let tint: RGBAColor

    /// The shape behind a button, at full colour. Growing never takes it above or below the
    /// button, or past the content's ends (`band`).
    func shape(frame: Rect, content: Rect, band: Rect) -> ShapeGeometry {
        let insets = options.insets
        let inner = frame.insetBy(insets)
        let around = Rect(x: content.minX - insets.left, y: content.minY - insets.top,
                          width: content.width + insets.horizontal, height: content.height + insets.vertical)
        var shape = content.width > 0 || content.height > 0 ? inner.union(around) : inner
        shape = shape.clamped(toX: band.minX...max(band.maxX, band.minX), y: frame.minY...max(frame.maxY, frame.minY))
        let radius = options.style == .pill ? shape.height / 2 : options.cornerRadius
        return ShapeGeometry(frame: shape, cornerRadius: radius, color: options.color ?? tint.withAlpha(0.15))
    }

    /// The sliding shape at a selection state, from each button's resting shape.
    func sliding(_ shapes: [ShapeGeometry], selection: SelectionState) -> ShapeGeometry? {
        guard options.motion == .slide, !shapes.isEmpty else { return nil }
        return selection.interpolated({ shapes.indices.contains($0) ? shapes[$0] : nil }, blend: { $0.interpolated(to: $1, $2) })
    }

    /// The fading shape behind one button; nil where it is not selected at all.
    func fading(_ shape: ShapeGeometry, selection v: Double) -> ShapeGeometry? {
        guard options.motion == .fade, v > 0 else { return nil }
        return ShapeGeometry(frame: shape.frame, cornerRadius: shape.cornerRadius, color: shape.color.multiplyingAlpha(by: v))
    }
}
