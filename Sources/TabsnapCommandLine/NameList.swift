/// A list of golden names on one terminal line: the first few, then how many more, so a suite
/// of thousands of orphans (or a crafted shard's 300 000 names: hostile round 27, one 10 MB
/// line) stays a line a person reads. The JSON report holds every name.
enum NameList {
    /// How many names a line shows.
    static let shown = 20

    /// `names` joined with commas, past `shown` ending in "… and N more (where: the report)".
    static func line(_ names: [String], whereAll: String) -> String {
        guard names.count > shown else { return names.joined(separator: ", ") }
        return names.prefix(shown).joined(separator: ", ") + " … and \(names.count - shown) more (\(whereAll))"
    }
}
