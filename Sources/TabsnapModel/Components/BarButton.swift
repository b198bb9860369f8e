/// One button of the bar: Tabman's `TMBarButton`, as a value.
///
/// Tabman populates a button for its item (`populate(for:)`), asks its intrinsic size, lays it out
/// (`layout(in:)`) and updates it as the selection changes (`update(for: selectionState)`). Here
/// the bar asks three pure questions for every picture, with nothing remembered between calls:
///
/// 1. **Measuring.** `measure(_:in:)` sizes the item's content once per picture (the only place
///    to measure text: `environment.measurer`). The result's `natural` size is what layouts place
///    and what a bar of intrinsic height is made tall enough for; anything else the button keeps
///    in it comes back to `place`.
/// 2. **Placing.** `place(_:measured:in:)` puts the content in the button's slot at selection
///    v ∈ 0…1 — Tabman's `SelectionState` — and says its colour, title, icon, where a badge rides
///    and any frames of its own (`parts`). The frames are what `tabsnap layout` prints, what
///    right-to-left mirrors. In a jump (a tap on a far button) v cross-fades between the jump's
///    two buttons and the ones between stay at 0. A selected background and a badge are added
///    by the bar around what the button reports.
/// 3. **Drawing.** `draw(_:direction:)` gets the placed button in canvas coordinates and returns
///    draw commands; the default draws the icon (cross-fading to the selected icon) and the title
///    as the built-in buttons do.
///
/// ```swift
/// /// The seed's Tinder button: an icon that grows and takes the selected tint as it is selected.
/// struct GrowingIconButton: BarButton {
///     var iconSize = 28.0
///     var name: String { "growing-icon" }
///     var drawsTitles: Bool { false }
///     func measure(_ item: BarItem, in environment: BarEnvironment) -> ButtonSize {
///         ButtonSize(natural: Size(width: iconSize + 16, height: iconSize + 16))
///     }
///     func place(_ item: BarItem, measured: ButtonSize, in context: ButtonContext) -> ButtonContent {
///         let side = iconSize * (0.8 + 0.2 * context.selection)
///         let icon = Rect(x: context.frame.midX - side / 2, y: context.frame.midY - side / 2, width: side, height: side)
///         let env = context.environment
///         return ButtonContent(color: env.tint.interpolated(to: env.selectedTint, by: context.selection),
///                              icon: item.icon.map { ButtonIcon(image: $0) }, iconFrame: icon, badgeAnchor: icon)
///     }
/// }
/// ```
public protocol BarButton: Sendable, Hashable {
    /// What `measure` keeps of an item for `place`: at least its natural size.
    associatedtype Measure: ButtonMeasure = ButtonSize

    /// The name error messages and `tabsnap layout` use (the built-ins: `label`, `icon`,
    /// `tabItem`, `none`).
    var name: String { get }
    /// Keys of the spec's `button` section this component ignores, each with why (default none):
    /// the spec reader refuses them where a spec sets them.
    var inertSettings: [InertSetting] { get }
    /// Whether it draws its items' titles (default true): a spec's titles and fonts matter.
    var drawsTitles: Bool { get }
    /// Whether it draws its items' icons (default true): a spec's icons matter.
    var drawsIcons: Bool { get }
    /// Whether it draws anything at all (default true); a bar of buttons that draw nothing (a
    /// LineBar's empty slots) is as tall as its indicator.
    var drawsContent: Bool { get }
    /// Sizes the item's content, content insets included; measure text with
    /// `environment.measurer` only.
    func measure(_ item: BarItem, in environment: BarEnvironment) -> Measure
    /// The button's height when the layout made it `width` wide (a title may wrap); default the
    /// natural height.
    func height(of item: BarItem, measured: Measure, width: Double, in environment: BarEnvironment) -> Double
    /// The content placed in `context.frame` at `context.selection`, in content coordinates laid
    /// out left to right.
    func place(_ item: BarItem, measured: Measure, in context: ButtonContext) -> ButtonContent
    /// What to paint for the placed button, whose frames are in canvas coordinates (scrolled,
    /// mirrored in right-to-left, moved by the safe area). Selected backgrounds and badges are
    /// painted by the bar, not here.
    func draw(_ button: ButtonGeometry, direction: BarDirection) -> [DrawCommand]
}

extension BarButton {
    /// Ignores none of the section's keys.
    public var inertSettings: [InertSetting] { [] }
    /// Draws titles.
    public var drawsTitles: Bool { true }
    /// Draws icons.
    public var drawsIcons: Bool { true }
    /// Draws something.
    public var drawsContent: Bool { true }
    /// The natural height.
    public func height(of item: BarItem, measured: Measure, width: Double, in environment: BarEnvironment) -> Double {
        measured.natural.height
    }
    /// The icon and title, as the built-in buttons draw them.
    public func draw(_ button: ButtonGeometry, direction: BarDirection) -> [DrawCommand] {
        button.standardCommands()
    }
}

/// What a button keeps of its item between measuring and placing.
public protocol ButtonMeasure: Sendable {
    /// The content's size with the button's content insets: what layouts place.
    var natural: Size { get }
    /// The title's width and offset from the button's centre, which an indicator as wide as the
    /// title follows; zero for a button without a title.
    var titleExtent: TitleExtent { get }
}

/// The simplest measure: a natural size, and the title's extent when there is one.
public struct ButtonSize: ButtonMeasure, Hashable {
    /// The content's size with the button's content insets.
    public var natural: Size
    /// The title's width and offset from the button's centre.
    public var titleExtent: TitleExtent

    /// A measure of `natural` size; no title unless `titleExtent` is given.
    public init(natural: Size, titleExtent: TitleExtent = .zero) {
        self.natural = natural
        self.titleExtent = titleExtent
    }
}

/// Where and how a button is asked to place its content.
public struct ButtonContext: Sendable {
    /// The item's index.
    public var index: Int
    /// How many buttons the bar has.
    public var count: Int
    /// The button's slot from the layout, inside the layout's top and bottom insets.
    public var frame: Rect
    /// v: 0 unselected … 1 selected (Tabman's selection state).
    public var selection: Double
    /// Where the focus is from this button: position − index clamped to −1…1 (negative: the
    /// focus is before it; 0: on it). Tinder's bar offsets its buttons by this.
    public var offset: Double
    /// The vertical band content must keep to: the bar's height less the room an edge indicator
    /// takes.
    public var clear: ClosedRange<Double>
    /// The bar's colours, direction, text scale and measurer.
    public var environment: BarEnvironment

    /// A context of these values.
    public init(index: Int, count: Int, frame: Rect, selection: Double, offset: Double, clear: ClosedRange<Double>,
                environment: BarEnvironment) {
        self.index = index
        self.count = count
        self.frame = frame
        self.selection = selection
        self.offset = offset
        self.clear = clear
        self.environment = environment
    }
}

/// A frame of a button's own, named, that moves with the button (mirrored in right-to-left,
/// scrolled) and is printed by `tabsnap layout`.
public struct ButtonPart: Sendable, Hashable, Codable {
    /// What the frame is (`dot`, `underline`, …), unique within the button.
    public var name: String
    /// In content coordinates, points.
    public var frame: Rect

    /// A part named `name` at `frame`.
    public init(name: String, frame: Rect) {
        self.name = name
        self.frame = frame
    }
}
