/// A shape behind the selected button — the segmented control's thumb, the pill of Material's
/// and iOS's newer tab bars: the built-in (`button.selectedBackground`, `StandardSelectedBackground`),
/// or yours.
///
/// The component says what the shape is behind one button at rest; the bar keeps the rule of how
/// it moves, in one place (`SelectedBackgroundMotion.swift`): with `.slide` one shape's frame is
/// interpolated between the two buttons the position lies between (mid-jump, straight from the
/// jump's start to its end) and stops at the ends; with `.fade` each button has its shape, its
/// alpha multiplied by that button's selection. Both are pure functions of their arguments.
///
/// ```swift
/// /// A bar under the selected button's content, as wide as the button.
/// struct UnderlayBackground: BarSelectedBackground {
///     func shape(behind button: Rect, content: Rect, band: Rect, in environment: BarEnvironment) -> ShapeGeometry {
///         ShapeGeometry(frame: Rect(x: button.minX, y: content.maxY - 2, width: button.width, height: 6),
///                       cornerRadius: 3, color: environment.selectedTint.withAlpha(0.3))
///     }
/// }
/// ```
public protocol BarSelectedBackground: Sendable, Hashable {
    /// The name error messages use (the built-in: `standard`).
    var name: String { get }
    /// Keys of the spec's `button.selectedBackground` section this component ignores, each with
    /// why (default none): the spec reader refuses them where a spec sets them.
    var inertSettings: [InertSetting] { get }
    /// Slide one shape from button to button, or fade each button's in (default `.slide`).
    var motion: SelectedBackground.Motion { get }
    /// The shape behind the button whose slot is `button` at rest, at full colour, in content
    /// coordinates laid out left to right. `content` encloses the button's resting content (zero
    /// size when it has none); `band` is the bar's content from its first to its last point, the
    /// bar's full height.
    func shape(behind button: Rect, content: Rect, band: Rect, in environment: BarEnvironment) -> ShapeGeometry
    /// What to paint for the shape, whose frame is in canvas coordinates (scrolled, mirrored in
    /// right-to-left, moved by the safe area) and whose colour carries the fade's alpha.
    func draw(_ shape: ShapeGeometry, direction: BarDirection) -> [DrawCommand]
}

extension BarSelectedBackground {
    /// Ignores none of the section's keys.
    public var inertSettings: [InertSetting] { [] }
    /// Slides.
    public var motion: SelectedBackground.Motion { .slide }
    /// The frame filled with its corner radius.
    public func draw(_ shape: ShapeGeometry, direction: BarDirection) -> [DrawCommand] {
        [.rect(shape.frame, color: shape.color, cornerRadius: shape.cornerRadius)]
    }
}
