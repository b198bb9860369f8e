/// The built-in badge (the spec's `badges` section): iOS's red pill around the value — insets
/// 2 pt above and below, 4 pt either side, never narrower than tall, so one character makes a
/// circle — or an 8 pt dot for an empty value.
public struct StandardBadge: BarBadge {
    /// Colours, font, corner and offset.
    public var options: BadgeOptions

    /// The built-in badge with `options` (default: iOS's look).
    public init(options: BadgeOptions = BadgeOptions()) {
        self.options = options
    }

    /// `standard`.
    public var name: String { "standard" }
    /// The corner the options name.
    public var position: BadgeOptions.Anchor { options.position }
    /// The offset the options name.
    public var offset: BadgeOffset { options.offset }

    /// The pill around the value, or the dot.
    public func size(of value: String, in environment: BarEnvironment) -> Size {
        guard !value.isEmpty else { return Size(width: BadgeMetrics.dotDiameter, height: BadgeMetrics.dotDiameter) }
        let text = environment.measurer.measure(value, font: options.font)
        let height = text.height + 2 * BadgeMetrics.verticalInset
        return Size(width: max(text.width + 2 * BadgeMetrics.horizontalInset, height), height: height)
    }

    /// The options' colours and font, the value centred, round ends.
    public func place(_ value: String, in frame: Rect, environment: BarEnvironment) -> BadgePlacement {
        let text = value.isEmpty ? .zero : environment.measurer.measure(value, font: options.font)
        return BadgePlacement(color: options.color, textColor: options.textColor, font: options.font,
                              textFrame: Rect(x: frame.midX - text.width / 2, y: frame.midY - text.height / 2,
                                              width: text.width, height: text.height))
    }
}

/// The built-in badge's metrics, and the gap the bar keeps between a title and the badge beside it.
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
