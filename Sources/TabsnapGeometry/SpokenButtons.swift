import TabsnapModel

/// What a screen reader says for each button, in item order, from what the bar shows and the
/// items' accessibility keys: `Inbox, tab, 3 of 5, selected, 3 new items. Opens your messages.`
///
/// The label is the item's `accessibilityLabel`, else the title drawn (markup's text); then the
/// role and place, as VoiceOver reads a tab bar's items and TalkBack a tab layout's; "selected"
/// for the button the position selects (its selection at least one half); the badge (a number
/// is "N new items", a dot "new", other text as written); and the item's `accessibilityHint`
/// after a full stop, as both read a hint after a pause.
public enum SpokenButtons {
    /// One line per button of `geometry`; `items` are the bar's, for what is never drawn.
    public static func lines(of geometry: BarGeometry, items: [BarItem]) -> [String] {
        let count = geometry.buttons.count
        let selected = geometry.buttons.indices.max { geometry.buttons[$0].selection < geometry.buttons[$1].selection }
            .flatMap { geometry.buttons[$0].selection >= 0.5 ? $0 : nil }
        return geometry.buttons.enumerated().map { index, button in
            let item = index < items.count ? items[index] : BarItem()
            let label = [item.accessibilityLabel, button.title, item.title].compactMap { $0 }.first(where: speaks)
            var parts = [label ?? "unlabelled", "tab", "\(index + 1) of \(count)"]
            if index == selected { parts.append("selected") }
            if let badge = button.badge?.text ?? item.badge { parts.append(words(forBadge: badge)) }
            var line = parts.joined(separator: ", ")
            if let hint = item.accessibilityHint, !hint.isEmpty { line += ". " + hint }
            return line
        }
    }

    /// Whether a label has something to say: a character that is not a space or invisible (a
    /// label of " " or U+200B speaks nothing).
    public static func speaks(_ text: String) -> Bool {
        text.unicodeScalars.contains { !$0.properties.isWhitespace && !$0.properties.isDefaultIgnorableCodePoint && $0.properties.generalCategory != .control }
    }

    /// A badge as spoken: "3 new items", "1 new item", "new" for a dot, else its text.
    public static func words(forBadge badge: String) -> String {
        if badge.isEmpty { return "new" }
        if let number = Int(badge), number >= 0 { return "\(number) new item\(number == 1 ? "" : "s")" }
        return badge
    }
}
