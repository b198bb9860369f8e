/// How an item's badge looks: the built-in red pill (`StandardBadge`), or yours.
///
/// Tabman's buttons lay their badge out themselves (`TMBarButton.layoutBadge(_:in:)`); here the
/// bar keeps the rule of where a badge goes, in one place for every button (`Badges.swift`): on
/// the top corner of the icon it rides, or beside the title with room made for it, kept inside its
/// button, moved by `offset`, kept inside the bar. A badge component answers the rest, as pure
/// functions of its settings and arguments:
///
/// 1. **Sizing.** `size(of:in:)`: how big the badge is for a value (an empty value: a dot). The
///    buttons make room for this size beside a title (`BarEnvironment.badge` is how a button of
///    your own asks).
/// 2. **Styling.** `place(_:in:environment:)`: once the bar has given the badge its frame, its
///    colours, corners, font and where the value's text goes: what `tabsnap layout` prints.
/// 3. **Drawing.** `draw(_:direction:)` gets the placed badge in canvas coordinates; the default
///    fills the frame with rounded corners and draws the value over it.
///
/// ```swift
/// /// A square tag with the value in the bar's selected tint.
/// struct SquareBadge: BarBadge {
///     var name: String { "square" }
///     func size(of value: String, in environment: BarEnvironment) -> Size {
///         let text = environment.measurer.measure(value, font: FontSpec(size: 10))
///         return Size(width: max(text.width + 6, 12), height: 12)
///     }
///     func place(_ value: String, in frame: Rect, environment: BarEnvironment) -> BadgePlacement {
///         let text = environment.measurer.measure(value, font: FontSpec(size: 10))
///         return BadgePlacement(color: environment.selectedTint, textColor: .white, font: FontSpec(size: 10),
///                               textFrame: Rect(x: frame.midX - text.width / 2, y: frame.midY - text.height / 2,
///                                               width: text.width, height: text.height))
///     }
/// }
/// ```
public protocol BarBadge: Sendable, Hashable {
    /// The name error messages use (the built-in: `standard`).
    var name: String { get }
    /// Keys of the spec's `badges` section this component ignores, each with why (default none):
    /// the spec reader refuses them where a spec sets them.
    var inertSettings: [InertSetting] { get }
    /// Which top corner of what it rides the badge sits on (default `.topTrailing`); beside a
    /// title, `.topLeading` puts it before the title.
    var position: BadgeOptions.Anchor { get }
    /// How far the bar moves the badge from its place, x outward (away from the side it sits on),
    /// y down (default none).
    var offset: BadgeOffset { get }
    /// The badge's size for `value`; an empty value is a badge without text (a dot). Measure text
    /// with `environment.measurer` only.
    func size(of value: String, in environment: BarEnvironment) -> Size
    /// The badge's look at `frame` (from `size`, placed by the bar, content coordinates).
    func place(_ value: String, in frame: Rect, environment: BarEnvironment) -> BadgePlacement
    /// What to paint for the placed badge, whose frames are in canvas coordinates (scrolled,
    /// mirrored in right-to-left, moved by the safe area).
    func draw(_ badge: BadgeGeometry, direction: BarDirection) -> [DrawCommand]
}

extension BarBadge {
    /// Ignores none of the section's keys.
    public var inertSettings: [InertSetting] { [] }
    /// The top trailing corner, as iOS draws badges.
    public var position: BadgeOptions.Anchor { .topTrailing }
    /// Not moved.
    public var offset: BadgeOffset { BadgeOffset() }
    /// The frame filled with rounded corners, and the value over it.
    public func draw(_ badge: BadgeGeometry, direction: BarDirection) -> [DrawCommand] {
        badge.standardCommands()
    }
}

/// A badge's look, from `BarBadge.place(_:in:environment:)`.
public struct BadgePlacement: Sendable, Hashable {
    /// The badge's fill.
    public var color: RGBAColor
    /// The value's colour.
    public var textColor: RGBAColor
    /// The value's font (the bar's `textScale` does not apply to badges, as in UIKit).
    public var font: FontSpec
    /// Where the value's text goes, in content coordinates; zero size for no text.
    public var textFrame: Rect
    /// Corner rounding of the fill; nil: half the frame's height (round ends).
    public var cornerRadius: Double?

    /// A look of these values.
    public init(color: RGBAColor, textColor: RGBAColor, font: FontSpec, textFrame: Rect, cornerRadius: Double? = nil) {
        self.color = color
        self.textColor = textColor
        self.font = font
        self.textFrame = textFrame
        self.cornerRadius = cornerRadius
    }
}

extension BadgeGeometry {
    /// The built-in badge's drawing: the frame filled with its corner radius, and the value
    /// centred in it (nothing more for a dot).
    public func standardCommands() -> [DrawCommand] {
        var result: [DrawCommand] = [.rect(frame, color: color, cornerRadius: cornerRadius)]
        if !text.isEmpty {
            result.append(.text(TextRun(content: .plain(text), font: font, color: textColor, frame: textFrame)))
        }
        return result
    }
}
