/// Where the spec names what a draw list's named part shows, for a refusal made from the draw
/// list (an editable SVG's markup, a Lottie export's emoji), which has parts, not items:
/// `button-3` is `items[2]`, `badge-3` is `items[2].badge`, the navigation bar is
/// `screen.navigationTitle`. Parts a spec has no place for are named as they are.
enum PartPlace {
    /// The spec's place for `part` (a `DrawCommand.part` name); nil for text outside any part.
    static func of(_ part: String?) -> String? {
        guard let part else { return nil }
        for prefix in ["button-", "badge-"] where part.hasPrefix(prefix) {
            if let number = Int(part.dropFirst(prefix.count)) { return "items[\(number - 1)]" + (prefix == "badge-" ? ".badge" : "") }
        }
        return part == "navigation-bar" ? "screen.navigationTitle" : part
    }
}
