import Tabsnap

/// `iconLabel`: a button that shows an icon and no title speaks nothing to VoiceOver or
/// TalkBack unless its item has an `accessibilityLabel`.
struct IconLabelRule: LintRule {
    let id = LintRuleID.iconLabel
    let checksInMotion = false

    func check(_ frame: LintFrame) -> [LintObservation] {
        frame.geometry.buttons.enumerated().compactMap { index, button in
            guard button.icon != nil, button.text == nil, index < frame.bar.items.count else { return nil }
            let item = frame.bar.items[index]
            guard (item.accessibilityLabel ?? "").isEmpty, (item.title ?? "").isEmpty else { return nil }
            return LintObservation(element: "button \(index + 1)", measured: "an icon and no title, and no accessibilityLabel to speak", badness: 1,
                                   item: index)
        }
    }
}
