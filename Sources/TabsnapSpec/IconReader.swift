import Foundation
import TabsnapModel

/// Reads an item's `icon`: a built-in icon's name (a word without a dot or slash), or an .svg or
/// .png file inside the spec's folder (see `IconAccess`), checked to exist. The icon is resolved
/// here, once; nothing later re-interprets the text.
struct IconReader {
    /// Folder that relative icon paths resolve against.
    let baseDirectory: URL
    let access: IconAccess

    var codec: SpecCodec<Icon> {
        SpecCodec(read: read, write: { icon in
            switch icon {
            case .builtin(let builtin): return .text(builtin.rawValue)
            case .file(let url): return .text(url.path)
            // A spec has no words for paths: written as a name that reads back as an error.
            case .vector: return .text("vector-icon-from-swift")
            }
        })
    }

    private func read(_ node: SpecNode) throws(SpecError) -> Icon {
        let text = try node.string()
        if !text.contains("."), !text.contains("/") {
            guard let builtin = BuiltinIcon(rawValue: text) else {
                let names = BuiltinIcon.allCases.map(\.rawValue)
                throw node.error("\(node.path): unknown built-in icon '\(text)'; " + KeySuggestion.hint(for: text, in: names)
                                 + " (or give an .svg or .png path)")
            }
            return .builtin(builtin)
        }
        return .file(try file(text, at: node, noun: "icon"))
    }

    /// An .svg or .png file inside the spec's folder (see `IconAccess`), checked to exist; `noun`
    /// names it in errors (`icon`, `page image`).
    func file(_ text: String, at node: SpecNode, noun: String) throws(SpecError) -> URL {
        let ext = URL(fileURLWithPath: text).pathExtension.lowercased()
        guard ext == "svg" || ext == "png" else {
            throw node.error("\(node.path): \(noun) must be an .svg or .png file, got '\(text)'")
        }
        switch access.resolve(text, specFolder: baseDirectory) {
        case .success(let url): return url
        case .failure(.outside):
            var error = node.error("\(node.path): '\(text)' is outside the spec's folder; \(noun)s must be inside it "
                                   + "unless the spec is trusted")
            error.advice = .allowIconsFromAnywhere
            throw error
        case .failure(.missing):
            throw node.error("\(node.path): \(noun) file not found: \(text)")
        }
    }
}
