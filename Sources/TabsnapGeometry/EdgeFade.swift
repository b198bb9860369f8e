import TabsnapModel

/// Tabman's edge fade: when the content scrolls, each edge of the bar fades by how far the content
/// can still scroll that way. With r = (CW − W)/2:
///   left  = clamp(s / r, 0, 1)
///   right = clamp((CW − W − s) / r, 0, 1)
/// and no fade when the content fits. The mask runs clear → opaque between 2 % and 5 % of the
/// width from each edge, those distances scaled by the edge's fade (Tabman's EdgeFadedView).
/// Edges are physical (left/right): right-to-left bars use the same offsets, mirrored already.
public struct EdgeFade: Sendable, Hashable, Codable {
    /// How strongly the left edge fades, 0 (not at all) … 1: how far the content can still scroll
    /// towards its left end, over half the overflow.
    public var left: Double
    /// How strongly the right edge fades, 0 … 1, by how far the content can still scroll to the
    /// right.
    public var right: Double

    /// A fade of the given strengths, each 0 … 1 (a blend of two fades mid-jump).
    public init(left: Double, right: Double) {
        self.left = left
        self.right = right
    }

    /// Tabman's fade for content scrolled by `s` (the formulas above); none when the content fits.
    /// - Parameters:
    ///   - s: The scroll offset in points (`BarGeometry.scrollOffset`).
    ///   - W: The bar's width in points.
    ///   - CW: The content's width in points.
    public init(scrollOffset s: Double, barWidth W: Double, contentWidth CW: Double) {
        guard CW > W else {
            self.init(left: 0, right: 0)
            return
        }
        let r = (CW - W) / 2
        self.init(left: min(max(s / r, 0), 1), right: min(max((CW - W - s) / r, 0), 1))
    }

    /// A stop of the horizontal alpha mask, in bar coordinates.
    public struct Stop: Sendable, Hashable, Codable {
        /// Distance from the bar's left edge, in points.
        public var x: Double
        /// The mask's alpha here: 0 hides the content, 1 shows it; linear between stops.
        public var alpha: Double
    }

    /// The mask over a bar `width` points wide: clear at the edge, opaque inside.
    public func maskStops(width W: Double) -> [Stop] {
        [Stop(x: 0.02 * left * W, alpha: 0), Stop(x: 0.05 * left * W, alpha: 1),
         Stop(x: (1 - 0.05 * right) * W, alpha: 1), Stop(x: (1 - 0.02 * right) * W, alpha: 0)]
    }

    /// Whether either edge fades; when neither does, nothing is masked.
    public var isVisible: Bool { left > 0 || right > 0 }
}
