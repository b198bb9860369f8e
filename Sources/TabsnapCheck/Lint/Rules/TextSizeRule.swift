import Tabsnap

/// `textSize`: text smaller than the platform allows: 11 pt on iOS (Human Interface Guidelines,
/// "Typography": the smallest size), 12 sp on Material (the smallest type-scale size it
/// recommends for reading). Titles and badge values, at the size drawn (text scale applied; a
/// markup title at its smallest span's size).
/// UIKit's own tab bar sets its titles at 10 pt: switch the rule off for that preset with a
/// reason, do not hide it.
struct TextSizeRule: LintRule {
    let id = LintRuleID.textSize
    let checksInMotion = false

    static func minimum(_ platform: LintPlatform) -> (size: Double, unit: String) {
        switch platform {
        case .ios: return (11, "pt")
        case .material: return (12, "sp")
        }
    }

    func check(_ frame: LintFrame) -> [LintObservation] {
        let (least, unit) = Self.minimum(frame.platform)
        var found: [LintObservation] = []
        for (index, button) in frame.geometry.buttons.enumerated() {
            // A markup title at its smallest span's size.
            let size = button.markup.map { MarkupSizes.smallest(in: $0, base: button.font.size) } ?? button.font.size
            if button.text != nil, button.titleFrame.width > 0, size < least - 0.005 {
                found.append(LintObservation(element: "title \(frame.name(ofItem: index))",
                                             measured: "\(Limits.format((size * 100).rounded() / 100)) \(unit) < \(Limits.format(least)) \(unit)",
                                             badness: least - size, item: index, cause: "title"))
            }
            if let badge = button.badge, !badge.text.isEmpty, badge.font.size < least - 0.005 {
                found.append(LintObservation(element: "badge of \(frame.name(ofItem: index))",
                                             measured: "\(Limits.format(badge.font.size)) \(unit) < \(Limits.format(least)) \(unit)",
                                             badness: least - badge.font.size, item: index, cause: "badge"))
            }
        }
        return found
    }
}
