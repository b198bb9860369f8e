import Foundation

/// An item's icon, resolved once (by the spec reader, or by whoever builds the `Bar`): one of the
/// icons Tabsnap draws itself, or an .svg / .png file.
public enum Icon: Sendable, Hashable {
    case builtin(BuiltinIcon)
    case file(URL)
}
