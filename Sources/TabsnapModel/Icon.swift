import Foundation

/// An item's icon, resolved once (by the spec reader, or by whoever builds the `Bar`): one of the
/// icons Tabsnap draws itself, or an .svg / .png file.
public enum Icon: Sendable, Hashable {
    case builtin(BuiltinIcon)
    case file(URL)
}

/// In a spec (and in a Bar's JSON), an icon is one string: a built-in icon's name, or a file path.
extension Icon: Codable {
    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        if let builtin = BuiltinIcon(rawValue: text) {
            self = .builtin(builtin)
        } else {
            self = .file(URL(fileURLWithPath: text))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .builtin(let icon): try container.encode(icon.rawValue)
        case .file(let url): try container.encode(url.path)
        }
    }
}
