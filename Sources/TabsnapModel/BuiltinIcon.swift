/// The icons Tabsnap draws itself, so demos and docs need no files. Name one as an item's `icon`.
public enum BuiltinIcon: String, Sendable, Hashable, Codable, CaseIterable {
    case home, search, bell, person, heart, star, gear, mail
}
