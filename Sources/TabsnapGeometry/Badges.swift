import TabsnapModel

/// Badge metrics and placement: a pill around the value (insets 2 pt vertical, 4 pt horizontal,
/// never narrower than tall, so one character makes a circle), or an 8 pt dot for an empty value.
/// It sits on the top-trailing (or top-leading) corner of the icon, or of the title when there is
/// no icon, overlapping it by half its height, moved by the offset, and kept inside the bar.
public enum BadgeMetrics {
    public static let verticalInset: Double = 2
    public static let horizontalInset: Double = 4
    public static let dotDiameter: Double = 8
}

public struct BadgeGeometry: Sendable, Hashable, Codable {
    public var frame: Rect
    public var cornerRadius: Double
    /// The value; empty for a dot.
    public var text: String
    public var textFrame: Rect
    public var color: RGBAColor
    public var textColor: RGBAColor
    public var font: FontSpec
}

struct BadgePlacer {
    let options: BadgeOptions
    let measurer: TextMeasurer

    func badge(value: String, anchor: Rect, band: Rect, contentWidth: Double) -> BadgeGeometry {
        var size = Size(width: BadgeMetrics.dotDiameter, height: BadgeMetrics.dotDiameter)
        var text = Size.zero
        if !value.isEmpty {
            text = measurer.measure(value, font: options.font)
            let height = text.height + 2 * BadgeMetrics.verticalInset
            size = Size(width: max(text.width + 2 * BadgeMetrics.horizontalInset, height), height: height)
        }
        let overlap = min(size.width, size.height) / 2
        var x: Double
        switch options.position {
        case .topTrailing: x = anchor.maxX - overlap + options.offset.x
        case .topLeading: x = anchor.minX - size.width + overlap - options.offset.x
        }
        var y = anchor.minY - size.height / 2 + options.offset.y
        x = min(max(x, 0), max(contentWidth - size.width, 0))
        y = min(max(y, band.minY), max(band.maxY - size.height, band.minY))
        let frame = Rect(x: x, y: y, width: size.width, height: size.height)
        let textFrame = Rect(x: frame.midX - text.width / 2, y: frame.midY - text.height / 2, width: text.width, height: text.height)
        return BadgeGeometry(frame: frame, cornerRadius: size.height / 2, text: value, textFrame: textFrame,
                             color: options.color, textColor: options.textColor, font: options.font)
    }
}
