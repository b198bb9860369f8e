/// The icons Tabsnap draws itself, so demos and docs need no files. Name one as an item's `icon`.
public enum BuiltinIcon: String, Sendable, Hashable, Codable, CaseIterable {
    /// A house, a magnifying glass, a bell, a person, a heart, a star, a gear and an envelope; a
    /// spec names them by these words (`icon: mail`).
    case home, search, bell, person, heart, star, gear, mail
}
