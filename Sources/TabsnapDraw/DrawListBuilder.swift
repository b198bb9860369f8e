import TabsnapGeometry
import TabsnapModel

extension DrawList {
    /// Turns a bar's geometry (and nothing else) into paint operations, back to front: background
    /// and the hairlines along its edges (chrome: they neither scroll nor fade, and whatever sits on
    /// the edge — an indicator line — covers them); then, through the edge fade when there is one,
    /// a fill indicator, separators, selected backgrounds, the buttons' icons and titles, a top or
    /// bottom indicator, badges. The scroll offset is applied here, so the geometry stays in
    /// content coordinates. Each part is a named group (`background`, `button-2`, `indicator`,
    /// `badge-2`; buttons and badges numbered from 1, as a designer counts layers), which draws
    /// nothing differently and becomes a group id in the editable SVG.
    public init(geometry: BarGeometry) {
        self.init(size: Size(width: geometry.width, height: geometry.height))
        fonts = geometry.fonts
        let dx = -geometry.scrollOffset
        if let color = geometry.background {
            commands.append(.part("background", [.rect(Rect(x: 0, y: 0, width: geometry.width, height: geometry.height), color: color, cornerRadius: 0)]))
        }
        if !geometry.hairlines.isEmpty {
            commands.append(.part("hairlines", geometry.hairlines.map { .rect($0.offsetBy(dx: dx), color: geometry.hairlineColor, cornerRadius: 0) }))
        }
        var content: [DrawCommand] = []
        if let indicator = geometry.indicator, indicator.display == .fill {
            content.append(.part("indicator", DrawList.commands(for: indicator, dx: dx, direction: geometry.direction)))
        }
        // Separators under the selected backgrounds, which cover them as a segment is selected.
        if !geometry.separators.isEmpty {
            content.append(.part("separators", geometry.separators.map { shape in
                .rect(shape.frame.offsetBy(dx: dx), color: shape.color, cornerRadius: shape.cornerRadius)
            }))
        }
        let background = geometry.selectedBackgroundComponent ?? AnyBarSelectedBackground(StandardSelectedBackground())
        for (index, button) in geometry.buttons.enumerated() {
            guard let shape = button.background else { continue }
            var placed = shape
            placed.frame = shape.frame.offsetBy(dx: dx)
            content.append(.part("button-\(index + 1)-background", background.draw(placed, direction: geometry.direction)))
        }
        if let shape = geometry.selectedBackground {
            var placed = shape
            placed.frame = shape.frame.offsetBy(dx: dx)
            content.append(.part("selected-background", background.draw(placed, direction: geometry.direction)))
        }
        for (index, button) in geometry.buttons.enumerated() {
            let placed = button.offsetBy(dx: dx)
            content.append(.part("button-\(index + 1)", geometry.buttonComponent?.draw(placed, direction: geometry.direction) ?? placed.standardCommands()))
        }
        if let indicator = geometry.indicator, indicator.display != .fill {
            content.append(.part("indicator", DrawList.commands(for: indicator, dx: dx, direction: geometry.direction)))
        }
        for (index, button) in geometry.buttons.enumerated() {
            guard var badge = button.badge else { continue }
            badge.frame = badge.frame.offsetBy(dx: dx)
            badge.textFrame = badge.textFrame.offsetBy(dx: dx)
            content.append(.part("badge-\(index + 1)", geometry.badgeComponent?.draw(badge, direction: geometry.direction) ?? badge.standardCommands()))
        }
        if let fade = geometry.fade, fade.isVisible {
            commands.append(.group(DrawGroup(content, mask: Self.fadeMask(fade.maskStops(width: geometry.width)), name: "edge-fade")))
        } else {
            commands += content
        }
        if let viewer = geometry.largeContent { commands.append(.part("large-content-viewer", Self.commands(for: viewer))) }
        // In a screen, the bar's picture is one part of the screen's.
        if let screen = geometry.screen {
            size = screen.size
            commands = ScreenPicture.commands(screen, bar: commands)
        }
    }

    /// The Large Content Viewer over everything: its band of screen, the panel, the icon and the
    /// title (one line, ellipsized to the panel), in canvas coordinates.
    private static func commands(for viewer: LargeContentGeometry) -> [DrawCommand] {
        var commands: [DrawCommand] = [
            .rect(viewer.band, color: viewer.screenColor, cornerRadius: 0),
            .rect(viewer.panel.frame, color: viewer.panel.color, cornerRadius: viewer.panel.cornerRadius),
        ]
        if let icon = viewer.icon, viewer.iconFrame != .zero {
            commands.append(.icon(IconRun(icon: icon, frame: viewer.iconFrame, tint: viewer.iconTint, alpha: 1)))
        }
        if let text = viewer.text, viewer.titleFrame != .zero {
            commands.append(.text(TextRun(content: text, font: viewer.font, color: viewer.color, frame: viewer.titleFrame, constrained: true)))
        }
        return commands
    }

    /// The indicator's own drawing, in canvas coordinates.
    private static func commands(for indicator: IndicatorGeometry, dx: Double, direction: BarDirection) -> [DrawCommand] {
        var shifted = indicator
        shifted.frame = indicator.frame.offsetBy(dx: dx)
        return shifted.commands(direction: direction)
    }

    /// The edge fade's alpha stops as a horizontal gradient spanning them (black at each stop's
    /// alpha; only the alpha masks).
    private static func fadeMask(_ stops: [EdgeFade.Stop]) -> LinearGradient {
        let first = stops.first?.x ?? 0
        let span = max((stops.last?.x ?? 0) - first, 1e-9)
        return LinearGradient(start: Point(x: first, y: 0), end: Point(x: first + span, y: 0),
                              stops: stops.map { GradientStop(offset: ($0.x - first) / span, color: RGBAColor(red: 0, green: 0, blue: 0, alpha: $0.alpha)) })
    }
}
