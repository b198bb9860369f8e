import Foundation
import TabsnapModel

/// A `Bar`'s Codable form is the spec format: encoding writes the keys a spec file uses (only
/// those set), and decoding reads through the spec reader, with its checks and errors. Icon files
/// are written as absolute paths, so a decoded bar may use icons anywhere (it comes from code,
/// not from a pull request; `tabsnap render` of such a file needs `--allow-outside-icons`).
extension Bar: Codable {
    /// Encodes the keys the bar sets, as a spec file writes them (`specValue`).
    public func encode(to encoder: Encoder) throws {
        try specValue.encode(to: encoder)
    }

    /// Decodes a bar through the spec reader, with its checks; relative icon paths resolve against
    /// the working folder, and icons may lie anywhere.
    /// - Throws: `SpecError` for anything a spec file could not say, or the decoder's error.
    public init(from decoder: Decoder) throws {
        let value = try SpecValue(from: decoder)
        var reader = BarSpecReader(baseDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath), icons: .anywhere)
        self = try reader.read(SpecNode(node: value.node, path: "", file: "<Bar>"))
    }

    /// The bar as a spec: a mapping of the keys it sets.
    public var specValue: SpecValue {
        let tables = BarSpecTables(icons: IconReader(baseDirectory: URL(fileURLWithPath: "/"), access: .anywhere))
        return tables.bar.write(self)
    }
}
