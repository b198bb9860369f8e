import Foundation

/// One paint operation of a `DrawList`, in bar coordinates (points, origin top left).
public enum DrawCommand: Sendable, Hashable {
    /// A filled rectangle, its corners rounded by `cornerRadius` (capped at half the shorter side).
    case rect(Rect, color: RGBAColor, cornerRadius: Double)
    /// A shape filled with a colour or a gradient (the chevron indicator is a triangle path).
    case fill(VectorPath, paint: Paint, rule: FillRule = .nonZero)
    /// A shape's outline.
    case stroke(VectorPath, paint: Paint, style: StrokeStyle)
    /// A title or a badge value, set with pango.
    case text(TextRun)
    /// A built-in, SVG or PNG icon scaled into its box.
    case icon(IconRun)
    /// Commands drawn together, then put down through an opacity, a clip and a mask (the edge
    /// fade is a group with a horizontal alpha mask).
    indirect case group(DrawGroup)
}

/// Commands drawn as one layer: moved by `transform`, kept inside `clip`, then laid over what is
/// below at `opacity` and through `mask`'s alpha. A group with none of these draws exactly as its
/// commands would alone. A `name` says which part of the bar the group is (`button-2`,
/// `indicator`); it changes nothing drawn, and the editable SVG writes it as the group's id.
public struct DrawGroup: Sendable, Hashable {
    /// What the group holds, back to front.
    public var commands: [DrawCommand]
    /// The layer's opacity, 0 … 1.
    public var opacity: Double
    /// Only what falls inside this path shows (in the coordinates outside the transform).
    public var clip: VectorPath?
    /// Maps the commands' coordinates to the draw list's.
    public var transform: DrawTransform?
    /// The layer shows as much as this gradient's alpha at each point (its colours are ignored).
    public var mask: LinearGradient?
    /// Which part of the bar the group is, for files that keep parts apart (the editable SVG's
    /// `<g id="button-2">`); nil for a group that is only a layer.
    public var name: String?

    /// A group of `commands`; by default it changes nothing about how they draw.
    public init(_ commands: [DrawCommand], opacity: Double = 1, clip: VectorPath? = nil, transform: DrawTransform? = nil,
                mask: LinearGradient? = nil, name: String? = nil) {
        self.commands = commands
        self.name = name
        self.opacity = opacity
        self.clip = clip
        self.transform = transform
        self.mask = mask
    }

    /// Whether the group only names a part: a name, and nothing done to how its commands draw.
    /// (A group with neither is a layer, as it always was.)
    public var isOnlyNamed: Bool {
        name != nil && opacity == 1 && clip == nil && transform == nil && mask == nil
    }
}

/// Text in a box. Unconstrained text is drawn at the box's origin as laid out; constrained text
/// is centred in the box's width, wrapped onto at most `lines` lines and ellipsized at the end.
public struct TextRun: Sendable, Hashable {
    /// The text: plain, or pango markup (which may colour, underline or strike its own runs).
    public var content: TextContent
    /// Family, weight and size in points.
    public var font: FontSpec
    /// The text's colour, alpha included (a button's alpha is already multiplied in).
    public var color: RGBAColor
    /// The text's box in bar coordinates: its origin is where the layout's top-left corner goes.
    public var frame: Rect
    /// Whether the text is set to `frame`'s width: centred in it, wrapped onto at most `lines`
    /// lines and ellipsized at the end (a title narrower than its text). False sets it with no
    /// width limit, as it was measured.
    public var constrained: Bool
    /// The most lines constrained text wraps onto; ignored when the text is not constrained.
    public var lines: Int

    /// A text run; by default unconstrained on one line.
    public init(content: TextContent, font: FontSpec, color: RGBAColor, frame: Rect, constrained: Bool = false, lines: Int = 1) {
        self.content = content
        self.font = font
        self.color = color
        self.frame = frame
        self.constrained = constrained
        self.lines = lines
    }
}

/// An icon in a box. Template icons (`tint` set) take the tint as their only colour; original
/// ones keep their own, at `alpha`.
public struct IconRun: Sendable, Hashable {
    /// A built-in icon or an SVG or PNG file.
    public var icon: Icon
    /// The icon's box in bar coordinates: built-in and SVG icons fill it; PNG icons fit inside it,
    /// keeping their aspect ratio, centred.
    public var frame: Rect
    /// The only colour of a template icon (the icon's shape masks it); nil draws the icon in its
    /// own colours.
    public var tint: RGBAColor?
    /// Opacity multiplied into the icon's (or tint's) own alpha: 0 … 1; below 1 while an icon
    /// cross-fades with its selected icon.
    public var alpha: Double
    /// Whether the icon rests (`ButtonIcon.isResting`): raster output snaps a resting icon whose
    /// size is whole device pixels to a device pixel; one that grows or shrinks is drawn where it is.
    public var isResting: Bool

    /// An icon run; `tint` nil keeps the icon's own colours; `isResting` false while it grows or
    /// shrinks with the selection.
    public init(icon: Icon, frame: Rect, tint: RGBAColor?, alpha: Double, isResting: Bool = true) {
        self.icon = icon
        self.frame = frame
        self.tint = tint
        self.alpha = alpha
        self.isResting = isResting
    }
}

extension DrawCommand {
    /// A group of `commands` that only names a part of the bar (`button-2`): it draws them as
    /// they are.
    public static func part(_ name: String, _ commands: [DrawCommand]) -> DrawCommand {
        .group(DrawGroup(commands, name: name))
    }

    /// Every command, groups opened, in paint order (a group's contents after nothing of it: the
    /// order a reader of text runs or icons needs, not how layers combine).
    public static func flattened(_ commands: [DrawCommand]) -> [DrawCommand] {
        commands.flatMap { command -> [DrawCommand] in
            if case .group(let group) = command { return flattened(group.commands) }
            return [command]
        }
    }
}
