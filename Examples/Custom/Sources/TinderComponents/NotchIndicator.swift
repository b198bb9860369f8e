import Tabsnap

/// A Material 3 style indicator drawn with paths: a bar on the bottom edge as wide as the title
/// (or `width`, for icon bars), its top corners rounded, with a notch rising in its middle. It
/// compresses at the ends instead of sliding off.
public struct NotchIndicator: BarIndicator, Codable {
    /// The bar's thickness in points (default 3).
    public var thickness: Double?
    /// How high the notch rises above it (default 5).
    public var notch: Double?
    /// Its colour; nil: the selected tint.
    public var color: RGBAColor?
    /// Its width under buttons without titles, in points (default 48).
    public var width: Double?

    /// A notch indicator; 3 pt with a 5 pt notch in the selected tint unless given.
    public init(thickness: Double? = nil, notch: Double? = nil, color: RGBAColor? = nil, width: Double? = nil) {
        self.thickness = thickness
        self.notch = notch
        self.color = color
        self.width = width
    }

    /// `notch`.
    public var name: String { "notch" }
    /// On the bottom edge, over the buttons.
    public var displayMode: IndicatorDisplay { .bottom }
    /// Compresses against the end instead of sliding past it.
    public var overscroll: Overscroll { .compress }

    private var height: Double { (thickness ?? 3) + (notch ?? 5) }

    /// Titles keep clear of the bar and the notch.
    public func edgeExtent(in environment: BarEnvironment) -> Double { height }

    /// As wide as the titles it moves between, or `width` when they have none.
    public func span(in context: IndicatorContext) -> HorizontalSpan {
        let title = context.span(width: .title)
        return title.width > 0 ? title : context.span(width: .points(width ?? 48))
    }

    /// On the bottom edge, `height` tall.
    public func place(on span: HorizontalSpan, in context: IndicatorContext) -> IndicatorPlacement? {
        guard span.width > 0 else { return nil }
        return IndicatorPlacement(frame: Rect(x: span.x, y: context.barHeight - height, width: span.width, height: height),
                                  color: color ?? context.environment.selectedTint)
    }

    /// The bar with rounded top corners and the notch: one path.
    public func draw(_ indicator: IndicatorGeometry, direction: BarDirection) -> [DrawCommand] {
        let f = indicator.frame
        let t = thickness ?? 3, r = min(t, f.width / 2), top = f.maxY - t
        let n = min(notch ?? 5, f.width / 2)
        let path = VectorPath([
            .move(f.minX, f.maxY), .line(f.minX, top + r), .quad(f.minX, top, f.minX + r, top),
            .line(f.midX - n, top), .line(f.midX, top - n), .line(f.midX + n, top),
            .line(f.maxX - r, top), .quad(f.maxX, top, f.maxX, top + r), .line(f.maxX, f.maxY), .close,
        ])
        return [.fill(path, paint: .color(indicator.color), rule: .nonZero)]
    }
}
