import TabsnapModel

// Where a badge goes: the bar's rule for every `BarBadge`, built-in or not (the badge says its
// size and look; this file, where it sits).
///
// On an icon standing alone or above its title, the badge rides the icon's top-trailing (or
// top-leading) corner, overlapping it by half its smaller side — the iOS tab bar look.
// Everywhere else (a label, an icon beside its title) it follows the title at its top corner,
// `titleGap` clear of the glyphs, and the button makes room for it (or, when the layout fixes the
// button's width, the title ellipsizes to make room), so it never covers a title or the next button.
// It is kept inside its button (which grows for a badge that sticks out past an icon); then the
// offset moves it as asked, and only the bar's edges stop it.

/// The room a badge beside its title takes in the button's content (zero when it rides the icon).
struct BadgeRoom: Sendable, Hashable {
    /// Badge width plus the gap to the title.
    var width: Double = 0
    /// The badge sits before the title (position topLeading) rather than after it.
    var leads = false

    static let none = BadgeRoom()
}

struct BadgePlacer {
    let badge: AnyBarBadge
    let environment: BarEnvironment

    /// The room a badge takes beside a title: only when there is a title and no icon standing
    /// above it to carry the badge.
    func room(for value: String?, title: Size, icon: Size, imagePosition: ImagePosition) -> BadgeRoom {
        guard let value, title.width > 0, icon.width == 0 || imagePosition == .leading else { return .none }
        return BadgeRoom(width: badge.size(of: value, in: environment).width + BadgeMetrics.titleGap, leads: badge.position == .topLeading)
    }

    /// How far a badge riding an icon `iconWidth` wide, centred in content `contentWidth` wide,
    /// reaches past the content's side: the button grows by it on both sides (keeping the icon
    /// centred), so the badge does not reach into the next button.
    func overhang(of value: String?, iconWidth: Double, contentWidth: Double) -> Double {
        guard let value else { return 0 }
        let size = badge.size(of: value, in: environment)
        let overlap = min(size.width, size.height) / 2
        return max(iconWidth / 2 - overlap + size.width + badge.offset.x - contentWidth / 2, 0)
    }

    /// A badge beside `title` (the room was made by the layout), or on `anchor`'s corner; kept
    /// inside its `button`, then moved by the offset, and kept inside the `bar`.
    func badge(value: String, besideTitle: Bool, title: Rect, anchor: Rect, button: Rect, bar: Rect) -> BadgeGeometry {
        let size = badge.size(of: value, in: environment)
        let position = badge.position, offset = badge.offset
        var x: Double
        if besideTitle {
            switch position {
            case .topTrailing: x = title.maxX + BadgeMetrics.titleGap
            case .topLeading: x = title.minX - BadgeMetrics.titleGap - size.width
            }
        } else {
            let overlap = min(size.width, size.height) / 2
            switch position {
            case .topTrailing: x = anchor.maxX - overlap
            case .topLeading: x = anchor.minX - size.width + overlap
            }
        }
        // In its own button first; then the offset moves it as asked, and only the bar stops it.
        x = min(max(x, button.minX), max(button.maxX - size.width, button.minX))
        x += position == .topTrailing ? offset.x : -offset.x
        let top = besideTitle ? title.minY : anchor.minY
        var y = top - size.height / 2 + offset.y
        x = min(max(x, bar.minX), max(bar.maxX - size.width, bar.minX))
        y = min(max(y, bar.minY), max(bar.maxY - size.height, bar.minY))
        let frame = Rect(x: x, y: y, width: size.width, height: size.height)
        let look = badge.place(value, in: frame, environment: environment)
        return BadgeGeometry(frame: frame, cornerRadius: look.cornerRadius ?? size.height / 2, text: value, textFrame: look.textFrame,
                             color: look.color, textColor: look.textColor, font: look.font)
    }
}
