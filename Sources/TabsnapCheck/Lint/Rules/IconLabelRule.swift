import Tabsnap

/// `iconLabel`: a button that shows an icon and no title speaks nothing to VoiceOver or
/// TalkBack unless its item has an `accessibilityLabel`.
struct IconLabelRule: LintRule {
    let id = LintRuleID.iconLabel
    let checksInMotion = false

    func check(_ frame: LintFrame) -> [LintObservation] {
        frame.geometry.buttons.enumerated().compactMap { index, button in
            guard button.icon != nil, !SpokenButtons.speaks(button.title ?? ""), index < frame.bar.items.count else { return nil }
            let item = frame.bar.items[index]
            // A label or title of spaces or invisible characters speaks nothing either.
            guard !SpokenButtons.speaks(item.accessibilityLabel ?? ""), !SpokenButtons.speaks(item.title ?? "") else { return nil }
            return LintObservation(element: "button \(index + 1)", measured: "an icon and no title, and no accessibilityLabel to speak", badness: 1,
                                   item: index)
        }
    }
}
