

/// The side of the content a margin is asked for.
public enum ContentEdge: Sendable, CaseIterable {
    /// `leading` and `trailing` are the content's start and end along the bar (left and right
    /// before a right-to-left bar mirrors them); `top` and `bottom` are above and below the
    /// buttons.
    case leading, trailing, top, bottom
}

/// Turns layout traits into margins, as the Hub Framework's single layout manager does: bars declare
/// what they are (full width, compact, stackable), one manager decides the metrics. Every preset's
/// default insets and spacing come from here; plug in your own to restyle all bars at once.
public protocol LayoutManager: Sendable {
    /// Margin between the content and the bar's edge.
    func margin(for traits: Set<LayoutTrait>, edge: ContentEdge) -> Double
    /// Space between two neighbouring buttons.
    func spacing(for traits: Set<LayoutTrait>) -> Double
}

extension LayoutManager {
    /// The margin for each of the four edges, as insets: what a bar uses when its layout sets no
    /// `insets`.
    public func insets(for traits: Set<LayoutTrait>) -> Insets {
        Insets(left: margin(for: traits, edge: .leading), right: margin(for: traits, edge: .trailing),
               top: margin(for: traits, edge: .top), bottom: margin(for: traits, edge: .bottom))
    }
}

/// 16 pt horizontal margins for compact bars, none for full-width ones; 16 pt between buttons
/// unless they are stackable.
public struct DefaultLayoutManager: LayoutManager {
    /// Leading and trailing margin in points for a bar without the `fullWidth` trait.
    public var horizontalMargin: Double
    /// Space between neighbouring buttons in points, unless the bar has the `stackable` trait (then
    /// 0).
    public var buttonSpacing: Double

    /// A manager with the given metrics, in points (both 16 by default).
    public init(horizontalMargin: Double = 16, buttonSpacing: Double = 16) {
        self.horizontalMargin = horizontalMargin
        self.buttonSpacing = buttonSpacing
    }

    /// 0 at the top and bottom; `horizontalMargin` at the leading and trailing edges, or 0 for a
    /// `fullWidth` bar.
    public func margin(for traits: Set<LayoutTrait>, edge: ContentEdge) -> Double {
        switch edge {
        case .top, .bottom: return 0
        case .leading, .trailing: return traits.contains(.fullWidth) ? 0 : horizontalMargin
        }
    }

    /// `buttonSpacing`, or 0 for a `stackable` bar.
    public func spacing(for traits: Set<LayoutTrait>) -> Double {
        traits.contains(.stackable) ? 0 : buttonSpacing
    }
}
