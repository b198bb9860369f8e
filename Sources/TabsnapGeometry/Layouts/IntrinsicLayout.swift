import TabsnapModel

/// Tabman's `intrinsic` content mode: buttons at their natural widths, `spacing` apart, placed by
/// the alignment rule (Tabman's `TMBarLayout.Alignment`).
public struct IntrinsicLayout: BarLayout {
    /// Where content narrower than the bar sits, or whether the end buttons can reach the centre.
    public var alignment: BarAlignment

    /// An intrinsic layout (Tabman's default alignment is leading).
    public init(alignment: BarAlignment = .leading) {
        self.alignment = alignment
    }

    /// `intrinsic`.
    public var name: String { LayoutMode.intrinsic.rawValue }
    /// The other modes' keys.
    public var inertSettings: [InertSetting] { LayoutMode.intrinsic.inertSettings }

    /// `center` widens the insets so the first and last buttons can reach the bar's centre;
    /// `centerDistributed` and `trailing` move content narrower than the bar to its middle or end.
    public func place(_ request: LayoutRequest) -> ButtonPlacement {
        let widths = request.naturalWidths, W = request.barWidth
        var insets = request.insets
        if alignment == .center, let first = widths.first, let last = widths.last {
            insets.left = W / 2 - first / 2
            insets.right = W / 2 - last / 2
        }
        let extent = insets.horizontal + widths.reduce(0, +) + request.spacing * Double(widths.count - 1)
        var shift = 0.0
        if extent < W {
            switch alignment {
            case .centerDistributed: shift = (W - extent) / 2
            case .trailing: shift = W - extent
            case .leading, .center: shift = 0
            }
        }
        return .sequential(widths: widths, start: insets.left + shift, spacing: request.spacing, insets: insets, barWidth: W)
    }
}
