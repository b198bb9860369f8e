import Tabsnap

/// `touchTarget`: a button smaller than a finger. Its slot (`ButtonGeometry.frame`, the area the
/// bar gives it) must be at least 44 × 44 pt on iOS (Human Interface Guidelines, "Buttons") and
/// 48 × 48 dp on Material (Accessibility, "Touch targets"); the platform is the preset's unless
/// the spec's `lint: {platform: …}` names one. Checked at rest.
struct TouchTargetRule: LintRule {
    let id = LintRuleID.touchTarget
    let checksInMotion = false

    static func minimum(_ platform: LintPlatform) -> (side: Double, unit: String) {
        switch platform {
        case .ios: return (44, "pt")
        case .material: return (48, "dp")
        }
    }

    func check(_ frame: LintFrame) -> [LintObservation] {
        let (side, unit) = Self.minimum(frame.platform)
        return frame.geometry.buttons.enumerated().compactMap { index, button in
            let size = button.frame
            guard size.width < side - 0.05 || size.height < side - 0.05 else { return nil }
            let words = "\(Limits.format((size.width * 10).rounded() / 10)) × \(Limits.format((size.height * 10).rounded() / 10))"
            return LintObservation(element: "button \(frame.name(ofItem: index))",
                                   measured: "\(words) \(unit) < \(Limits.format(side)) × \(Limits.format(side)) \(unit)",
                                   badness: max(side - size.width, 0) + max(side - size.height, 0), item: index)
        }
    }
}
