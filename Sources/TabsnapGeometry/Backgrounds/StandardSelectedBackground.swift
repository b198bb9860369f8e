import TabsnapModel

/// The built-in selected background (`button.selectedBackground`): the segmented / pill look.
/// Behind a button it is the button's frame inset by `insets`, grown where needed to enclose the
/// button's content (the wider font's title and the resting icon) plus the same insets — a tight
/// label button's pill is wider than the button — as far as the button's height and the content's
/// ends allow.
public struct StandardSelectedBackground: BarSelectedBackground {
    /// Style, colour, insets, corner radius and motion.
    public var options: SelectedBackground

    /// The built-in background with `options`.
    public init(options: SelectedBackground = SelectedBackground()) {
        self.options = options
    }

    /// `standard`.
    public var name: String { "standard" }
    /// The options' motion.
    public var motion: SelectedBackground.Motion { options.motion }
    /// A pill's corners are its own.
    public var inertSettings: [InertSetting] {
        options.style == .pill ? [InertSetting("cornerRadius", "a pill's ends are fully rounded; cornerRadius shapes style roundedRect")] : []
    }

    /// The inset frame grown around the content, kept to the button's height and the band's ends.
    public func shape(behind button: Rect, content: Rect, band: Rect, in environment: BarEnvironment) -> ShapeGeometry {
        let insets = options.insets
        let inner = button.insetBy(insets)
        let around = Rect(x: content.minX - insets.left, y: content.minY - insets.top,
                          width: content.width + insets.horizontal, height: content.height + insets.vertical)
        var shape = content.width > 0 || content.height > 0 ? inner.union(around) : inner
        shape = shape.clamped(toX: band.minX...max(band.maxX, band.minX), y: button.minY...max(button.maxY, button.minY))
        let radius = options.style == .pill ? shape.height / 2 : options.cornerRadius
        return ShapeGeometry(frame: shape, cornerRadius: radius, color: options.color ?? environment.selectedTint.withAlpha(0.15))
    }
}
