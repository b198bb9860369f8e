extension ButtonGeometry {
    /// How the built-in buttons paint themselves, and the default for yours: the icon (in the
    /// button's colour when it is a template; cross-fading to the selected icon as the selection
    /// grows) and the title (ellipsized or wrapped when clipped). Frames as they are: in canvas
    /// coordinates when the draw list asks.
    public func standardCommands() -> [DrawCommand] {
        var result: [DrawCommand] = []
        let color = color.multiplyingAlpha(by: alpha)
        if let icon {
            let template = icon.renderingMode == .template
            let tint: RGBAColor? = template ? color : nil
            let alpha = template ? 1 : alpha
            let v = selection
            let resting = icon.isResting
            if let selected = icon.selectedImage {
                if v < 1 { result.append(.icon(IconRun(icon: icon.image, frame: iconFrame, tint: tint, alpha: alpha * (1 - v), isResting: resting))) }
                if v > 0 { result.append(.icon(IconRun(icon: selected, frame: iconFrame, tint: tint, alpha: alpha * v, isResting: resting))) }
            } else {
                result.append(.icon(IconRun(icon: icon.image, frame: iconFrame, tint: tint, alpha: alpha, isResting: resting)))
            }
        }
        if let text, titleFrame.width > 0 {
            result.append(.text(TextRun(content: text, font: font, color: color, frame: titleFrame,
                                        constrained: titleClipped, lines: titleLines)))
        }
        return result
    }
}
