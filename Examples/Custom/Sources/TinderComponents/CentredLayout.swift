import Tabsnap

/// The Tinder bar's layout (the seed of Tabman's "Going Custom"): every button as wide as a
/// fraction of the bar (half by default) with a quarter of the bar of padding at each end, so the
/// bar's scroll centring keeps the selected button in the middle and its neighbours peek in.
public struct CentredLayout: BarLayout, Codable {
    /// Each button's width as a fraction of the bar's (default 0.5).
    public var buttonFraction: Double?

    /// A centred layout; buttons half the bar wide unless given.
    public init(buttonFraction: Double? = nil) {
        self.buttonFraction = buttonFraction
    }

    /// `centred`.
    public var name: String { "centred" }

    /// Equal buttons, padded so the first and last can reach the middle.
    public func place(_ request: LayoutRequest) -> ButtonPlacement {
        let w = request.barWidth
        let button = w * min(max(buttonFraction ?? 0.5, 0.1), 1)
        let pad = (w - button) / 2
        let insets = Insets(left: pad, right: pad, top: request.insets.top, bottom: request.insets.bottom)
        return .sequential(widths: request.naturalWidths.map { _ in button }, start: pad, spacing: 0, insets: insets, barWidth: w)
    }
}
