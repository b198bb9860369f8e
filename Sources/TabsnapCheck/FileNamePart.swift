import Foundation

/// A part of a file name made from a test's name or file: ASCII letters, digits, `_` and `-`
/// kept, anything else `-`, so the name is the same on every file system and shell.
package enum FileNamePart {
    /// `part` made safe; `fallback` when nothing is left of it.
    package static func safe(_ part: String, fallback: String) -> String {
        let kept = String(part.unicodeScalars.map { scalar -> Character in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "_-".unicodeScalars.contains(scalar)) ? Character(scalar) : "-"
        })
        return kept.isEmpty ? fallback : kept
    }
}
