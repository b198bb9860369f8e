import TabsnapModel

/// The finger drawn for docs (`screen: {finger: true}`): a touch circle where a person's finger
/// would be, worked out from the position alone, so every frame is the same whatever came
/// before. Mid-swipe it drags the pages: it travels half the page area's width for each page,
/// against the pages' direction (right to left as the position grows, mirrored right to left),
/// and fades in and out within a tenth of a page of a whole position, where nobody is touching.
/// Mid-jump it is a tap on the target button, fading over the first third of the jump.
public struct TouchMarker: Sendable, Hashable {
    /// The circle's centre, in the screen's points.
    public var center: Point
    /// The circle's radius (a fingertip's contact, 22 pt).
    public var radius: Double
    /// 0 (gone) … 1.
    public var opacity: Double

    /// A fingertip's contact: 44 pt across, Apple's smallest touch target.
    public static let radius = 22.0

    /// The marker at `selection` over `pages` (the page area), with a jump's target button's
    /// centre in `target`; nil where nobody touches.
    public static func marker(at selection: SelectionState, count: Int, pages: Rect, target: (Int) -> Point?,
                              direction: BarDirection) -> TouchMarker? {
        if let jump = selection.jump {
            let opacity = min(max(1 - jump.progress / 0.35, 0), 1)
            guard opacity > 0, let centre = target(min(max(Int(jump.to.rounded()), 0), count - 1)) else { return nil }
            return TouchMarker(center: centre, radius: radius, opacity: opacity)
        }
        let p = selection.position
        let whole = p.rounded()
        let opacity = min(abs(p - whole) / 0.1, 1)
        guard opacity > 0, count > 1 || p != whole else { return nil }
        // The swipe's starting page: the one left of the position, kept inside the bar so that
        // overscroll past either end drags on from the end's swipe.
        let base = min(max(p.rounded(.down), 0), Double(max(count - 2, 0)))
        let travel = pages.width / 2
        var x = pages.minX + pages.width * 0.75 - (p - base) * travel
        if direction == .rightToLeft { x = pages.minX + pages.maxX - x }
        return TouchMarker(center: Point(x: x, y: pages.midY), radius: radius, opacity: opacity)
    }
}
