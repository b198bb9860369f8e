import TabsnapModel

extension BarGeometry {
    /// Every frame, so transforms touch them all in one place.
    private mutating func mapFrames(_ transform: (Rect) -> Rect) {
        focus = transform(focus)
        separators = separators.map { ShapeGeometry(frame: transform($0.frame), cornerRadius: $0.cornerRadius, color: $0.color) }
        hairlines = hairlines.map(transform)
        if let shape = selectedBackground { selectedBackground?.frame = transform(shape.frame) }
        buttons = buttons.map { button in
            var button = button
            button.frame = transform(button.frame)
            // A zero frame means "none" and stays zero.
            if button.titleFrame != .zero { button.titleFrame = transform(button.titleFrame) }
            if button.iconFrame != .zero { button.iconFrame = transform(button.iconFrame) }
            if let background = button.background { button.background?.frame = transform(background.frame) }
            if var badge = button.badge {
                badge.frame = transform(badge.frame)
                badge.textFrame = transform(badge.textFrame)
                button.badge = badge
            }
            return button
        }
        if let indicator { self.indicator?.frame = transform(indicator.frame) }
    }

    /// Right-to-left: the same layout mirrored inside the content, so order and overscroll signs
    /// flip; badge text and titles are not mirrored, only placed.
    func mirrored() -> BarGeometry {
        var copy = self
        let span = contentWidth
        copy.direction = .rightToLeft
        copy.scrollOffset = max(contentWidth - width, 0) - scrollOffset
        copy.insets = Insets(left: insets.right, right: insets.left, top: insets.top, bottom: insets.bottom)
        copy.mapFrames { $0.mirrored(in: span) }
        return copy
    }

    /// Moves everything down by the top safe area and grows the canvas by both.
    func addingSafeArea(_ safeArea: SafeArea) -> BarGeometry {
        guard safeArea != .zero else { return self }
        var copy = self
        copy.safeArea = safeArea
        copy.height = height + safeArea.top + safeArea.bottom
        copy.mapFrames { $0.offsetBy(dx: 0, dy: safeArea.top) }
        return copy
    }
}
