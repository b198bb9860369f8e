import TabsnapGeometry
import TabsnapModel

extension DrawList {
    /// Turns a bar's geometry into paint operations, back to front: background; then, through the
    /// edge fade when there is one, a fill indicator, separators, selected backgrounds, the
    /// buttons' icons and titles, a top or bottom indicator, badges; last the hairlines, which do
    /// not scroll. The scroll offset is applied here, so the geometry stays in content coordinates.
    public init(bar: Bar, geometry: BarGeometry) {
        self.init(size: Size(width: geometry.width, height: geometry.height))
        let dx = -geometry.scrollOffset
        if case .color(let color) = bar.background {
            commands.append(.rect(Rect(x: 0, y: 0, width: geometry.width, height: geometry.height), color: color, cornerRadius: 0))
        }
        var content: [DrawCommand] = []
        if let indicator = geometry.indicator, indicator.display == .fill {
            content.append(DrawList.command(for: indicator, dx: dx))
        }
        // Separators under the selected backgrounds, which cover them as a segment is selected.
        for shape in geometry.separators + geometry.buttons.compactMap(\.background) {
            content.append(.rect(shape.frame.offsetBy(dx: dx), color: shape.color, cornerRadius: shape.cornerRadius))
        }
        if bar.button.style != .none {
            for (item, button) in zip(bar.items, geometry.buttons) {
                content += DrawList.commands(for: button, item: item, options: bar.button, dx: dx)
            }
        }
        if let indicator = geometry.indicator, indicator.display != .fill {
            content.append(DrawList.command(for: indicator, dx: dx))
        }
        for button in geometry.buttons {
            if let badge = button.badge { content += DrawList.commands(for: badge, dx: dx) }
        }
        if let fade = geometry.fade, fade.isVisible {
            let stops = fade.maskStops(width: geometry.width).map { MaskStop(x: $0.x, alpha: $0.alpha) }
            commands.append(.masked(content, stops: stops))
        } else {
            commands += content
        }
        if let hairline = bar.separator {
            commands += geometry.hairlines.map { .rect($0.offsetBy(dx: dx), color: hairline.color, cornerRadius: 0) }
        }
    }

    /// Icon (cross-fading to the selected icon by selection) and title of one button.
    private static func commands(for button: ButtonGeometry, item: BarItem, options: ButtonOptions, dx: Double) -> [DrawCommand] {
        var result: [DrawCommand] = []
        let color = button.color.multiplyingAlpha(by: button.alpha)
        if button.iconFrame.width > 0 {
            let mode = item.renderingMode ?? options.renderingMode
            let tint: Color? = mode == .template ? color : nil
            let alpha = mode == .template ? 1 : button.alpha
            let frame = button.iconFrame.offsetBy(dx: dx)
            let v = button.selection
            switch (item.icon, item.selectedIcon) {
            case let (icon?, selected?) where icon != selected:
                if v < 1 { result.append(.icon(IconRun(source: IconSource(icon), frame: frame, tint: tint, alpha: alpha * (1 - v)))) }
                if v > 0 { result.append(.icon(IconRun(source: IconSource(selected), frame: frame, tint: tint, alpha: alpha * v))) }
            case let (icon?, _), let (nil, icon?):
                result.append(.icon(IconRun(source: IconSource(icon), frame: frame, tint: tint, alpha: alpha)))
            case (nil, nil):
                break
            }
        }
        if let text = item.text, button.titleFrame.width > 0, options.style != .icon {
            result.append(.text(TextRun(content: text, font: button.font, color: color, frame: button.titleFrame.offsetBy(dx: dx),
                                        constrained: button.titleClipped, lines: options.lines)))
        }
        return result
    }

    private static func commands(for badge: BadgeGeometry, dx: Double) -> [DrawCommand] {
        var result: [DrawCommand] = [.rect(badge.frame.offsetBy(dx: dx), color: badge.color, cornerRadius: badge.cornerRadius)]
        if !badge.text.isEmpty {
            result.append(.text(TextRun(content: .plain(badge.text), font: badge.font, color: badge.textColor,
                                        frame: badge.textFrame.offsetBy(dx: dx))))
        }
        return result
    }

    private static func command(for indicator: IndicatorGeometry, dx: Double) -> DrawCommand {
        let frame = indicator.frame.offsetBy(dx: dx)
        switch indicator.style {
        case .chevron: return .triangle(frame, color: indicator.color)
        case .line, .block, .dot, .none: return .rect(frame, color: indicator.color, cornerRadius: indicator.cornerRadius)
        }
    }
}
