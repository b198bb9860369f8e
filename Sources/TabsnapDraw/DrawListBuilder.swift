import TabsnapModel
import TabsnapGeometry

extension DrawList {
    /// Turns a bar's geometry into paint operations: background, a fill indicator behind the
    /// buttons, the buttons, then a top or bottom indicator over them. The scroll offset is applied
    /// here, so the geometry stays in content coordinates.
    public init(bar: Bar, geometry: BarGeometry) {
        self.init(size: Size(width: geometry.width, height: geometry.height))
        let dx = -geometry.scrollOffset
        if case .color(let color) = bar.background {
            commands.append(.rect(Rect(x: 0, y: 0, width: geometry.width, height: geometry.height), color: color, cornerRadius: 0))
        }
        // Everything that scrolls goes into `content`, so the edge fade can mask it as a whole
        // (the background stays unfaded, as in Tabman, where the fade masks the scroll view).
        var content = DrawList(size: size)
        if let indicator = geometry.indicator, indicator.display == .fill {
            content.append(indicator, dx: dx)
        }
        for button in geometry.buttons where bar.button.style != .none {
            content.append(button, dx: dx)
        }
        if let indicator = geometry.indicator, indicator.display != .fill {
            content.append(indicator, dx: dx)
        }
        if let fade = geometry.fade, fade.isVisible {
            let stops = fade.maskStops(width: geometry.width).map { MaskStop(x: $0.x, alpha: $0.alpha) }
            commands.append(.masked(content.commands, stops: stops))
        } else {
            commands += content.commands
        }
    }

    private mutating func append(_ button: ButtonGeometry, dx: Double) {
        guard let title = button.title, !title.isEmpty, button.titleFrame.width > 0 else { return }
        let color = button.color.multiplyingAlpha(by: button.alpha)
        let frame = button.titleFrame.offsetBy(dx: dx)
        commands.append(.text(title, font: button.font, color: color, origin: Point(x: frame.x, y: frame.y)))
    }

    private mutating func append(_ indicator: IndicatorGeometry, dx: Double) {
        let frame = indicator.frame.offsetBy(dx: dx)
        switch indicator.style {
        case .chevron: commands.append(.triangle(frame, color: indicator.color))
        case .line, .block, .dot: commands.append(.rect(frame, color: indicator.color, cornerRadius: indicator.cornerRadius))
        case .none: break
        }
    }
}
