import TabsnapModel

extension BarGeometry {
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
