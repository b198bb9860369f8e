import TabsnapModel

/// Badge metrics and placement: a pill around the value (insets 2 pt vertical, 4 pt horizontal,
/// never narrower than tall, so one character makes a circle), or an 8 pt dot for an empty value.
///
/// Where it sits: on an icon standing alone or above its title, the badge rides the icon's
/// top-trailing (or top-leading) corner, overlapping it by half its height — the iOS tab bar look.
/// Everywhere else (a label, an icon beside its title) it follows the title at its top corner,
/// `titleGap` clear of the glyphs, and the button makes room for it (or, when the layout fixes the
/// button's width, the title ellipsizes to make room), so it never covers a title or the next button.
/// It is kept inside its button (which grows for a badge that sticks out past an icon); then the
/// offset moves it as asked, and only the bar's edges stop it.
public enum BadgeMetrics {
    /// Space above and below the value inside the pill, in points.
    public static let verticalInset: Double = 2
    /// Space before and after the value inside the pill, in points.
    public static let horizontalInset: Double = 4
    /// Size of the dot an empty badge value draws, in points.
    public static let dotDiameter: Double = 8
    /// Space between a title and the badge beside it.
    public static let titleGap: Double = 3
}

/// The room a badge beside its title takes in the button's content (zero when it rides the icon).
struct BadgeRoom: Sendable, Hashable {
    /// Badge width plus the gap to the title.
    var width: Double = 0
    /// The badge sits before the title (position topLeading) rather than after it.
    var leads = false

    static let none = BadgeRoom()
}

struct BadgePlacer {
    let options: BadgeOptions
    let measurer: TextMeasurer

    /// The badge's size and its value's size.
    func size(of value: String) -> (badge: Size, text: Size) {
        guard !value.isEmpty else { return (Size(width: BadgeMetrics.dotDiameter, height: BadgeMetrics.dotDiameter), .zero) }
        let text = measurer.measure(value, font: options.font)
        let height = text.height + 2 * BadgeMetrics.verticalInset
        return (Size(width: max(text.width + 2 * BadgeMetrics.horizontalInset, height), height: height), text)
    }

    /// The room a badge takes beside a title: only when there is a title and no icon standing
    /// above it to carry the badge.
    func room(for value: String?, title: Size, icon: Size, imagePosition: ImagePosition) -> BadgeRoom {
        guard let value, title.width > 0, icon.width == 0 || imagePosition == .leading else { return .none }
        return BadgeRoom(width: size(of: value).badge.width + BadgeMetrics.titleGap, leads: options.position == .topLeading)
    }

    /// How far a badge riding an icon `iconWidth` wide, centred in content `contentWidth` wide,
    /// reaches past the content's side: the button grows by it on both sides (keeping the icon
    /// centred), so the badge does not reach into the next button.
    func overhang(of value: String?, iconWidth: Double, contentWidth: Double) -> Double {
        guard let value else { return 0 }
        let size = size(of: value).badge
        let overlap = min(size.width, size.height) / 2
        return max(iconWidth / 2 - overlap + size.width + options.offset.x - contentWidth / 2, 0)
    }

    /// A badge beside `title` (the room was made by the layout), or on `anchor`'s corner; kept
    /// inside its `button`, then moved by the offset, and kept inside the `bar`.
    func badge(value: String, besideTitle: Bool, title: Rect, anchor: Rect, button: Rect, bar: Rect) -> BadgeGeometry {
        let (size, text) = size(of: value)
        var x: Double
        if besideTitle {
            switch options.position {
            case .topTrailing: x = title.maxX + BadgeMetrics.titleGap
            case .topLeading: x = title.minX - BadgeMetrics.titleGap - size.width
            }
        } else {
            let overlap = min(size.width, size.height) / 2
            switch options.position {
            case .topTrailing: x = anchor.maxX - overlap
            case .topLeading: x = anchor.minX - size.width + overlap
            }
        }
        // In its own button first; then the offset moves it as asked, and only the bar stops it.
        x = min(max(x, button.minX), max(button.maxX - size.width, button.minX))
        x += options.position == .topTrailing ? options.offset.x : -options.offset.x
        let top = besideTitle ? title.minY : anchor.minY
        var y = top - size.height / 2 + options.offset.y
        x = min(max(x, bar.minX), max(bar.maxX - size.width, bar.minX))
        y = min(max(y, bar.minY), max(bar.maxY - size.height, bar.minY))
        let frame = Rect(x: x, y: y, width: size.width, height: size.height)
        let textFrame = Rect(x: frame.midX - text.width / 2, y: frame.midY - text.height / 2, width: text.width, height: text.height)
        return BadgeGeometry(frame: frame, cornerRadius: size.height / 2, text: value, textFrame: textFrame,
                             color: options.color, textColor: options.textColor, font: options.font)
    }
}
