import Foundation

/// An item's icon, resolved once (by the spec reader, or by whoever builds the `Bar`): one of the
/// icons Tabsnap draws itself, an .svg / .png file, or paths given in Swift.
public enum Icon: Sendable, Hashable {
    /// One of the icons Tabsnap draws itself, by name (`icon: mail`).
    case builtin(BuiltinIcon)
    /// An .svg file (drawn through librsvg) or a .png file (drawn through cairo); a spec's relative
    /// paths are resolved against the spec's folder.
    case file(URL)
    /// Paths given in Swift (a library user's own icon; specs cannot name one).
    case vector(VectorGlyph)
}
