import Tabsnap

/// The Tinder bar's button: an icon that grows and takes the selected tint as it is selected, and
/// moves towards the focus as Tinder's button containers do (by half its width at one button's
/// distance), with a dot under the selected one.
public struct TinderButton: BarButton, Codable {
    /// The icon's side when selected, in points (default 28).
    public var iconSize: Double?
    /// The icon's scale when unselected (default 0.75).
    public var unselectedScale: Double?

    /// A Tinder button; 28 pt icons at 75 % when unselected unless given.
    public init(iconSize: Double? = nil, unselectedScale: Double? = nil) {
        self.iconSize = iconSize
        self.unselectedScale = unselectedScale
    }

    /// `tinder`.
    public var name: String { "tinder" }
    /// Icons only.
    public var drawsTitles: Bool { false }

    private var side: Double { iconSize ?? 28 }

    /// The icon, the gap and the dot under it, with room around them.
    public func measure(_ item: BarItem, in environment: BarEnvironment) -> ButtonSize {
        ButtonSize(natural: Size(width: side + 24, height: block + 16))
    }

    /// Icon, gap, dot.
    private var block: Double { side + 4 + 5 }

    /// The icon scaled and tinted by the selection, offset towards the focus, the dot below it;
    /// the whole block centred in the slot and kept clear of an edge indicator.
    public func place(_ item: BarItem, measured: ButtonSize, in context: ButtonContext) -> ButtonContent {
        let v = context.selection
        let scale = (unselectedScale ?? 0.75) + (1 - (unselectedScale ?? 0.75)) * v
        let size = side * scale
        let top = max(min(context.frame.midY, context.clear.upperBound - block / 2) - block / 2, context.clear.lowerBound)
        let centre = context.frame.midX + context.offset * size / 2
        let icon = Rect(x: centre - size / 2, y: top + (side - size) / 2, width: size, height: size)
        let dot = Rect(x: centre - 2.5, y: top + side + 4, width: 5, height: 5)
        let env = context.environment
        return ButtonContent(color: env.tint.interpolated(to: env.selectedTint, by: v),
                             icon: item.icon.map { ButtonIcon(image: $0, selectedImage: item.selectedIcon) },
                             iconFrame: icon, badgeAnchor: icon, restingContent: icon,
                             parts: [ButtonPart(name: "dot", frame: dot)])
    }

    /// The icon as the built-ins draw it, and the dot fading in with the selection.
    public func draw(_ button: ButtonGeometry, direction: BarDirection) -> [DrawCommand] {
        var commands = button.standardCommands()
        if let dot = button.parts.first(where: { $0.name == "dot" }), button.selection > 0 {
            commands.append(.fill(.ellipse(in: dot.frame), paint: .color(button.color.multiplyingAlpha(by: button.selection)), rule: .nonZero))
        }
        return commands
    }
}
