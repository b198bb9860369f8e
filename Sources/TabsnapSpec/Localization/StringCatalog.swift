import Foundation
import TabsnapFiles
import TabsnapModel

/// One of an app's string catalogs, read for the titles a spec names by key (`title: {key: …}`):
/// Xcode's `.xcstrings`, Apple's `Localizable.strings` (its language from its `xx.lproj` folder)
/// or Android's `strings.xml` (from its `values-xx` folder). Each kind has its reader
/// (`XCStringsReader`, `AppleStringsReader`, `AndroidStringsReader`); all give this one shape.
struct StringCatalog: Sendable, Hashable {
    /// A catalog's entry for one key and language: text to draw, or why it cannot be drawn as a
    /// title (plurals, format arguments: said when a title names the key, not before).
    enum Entry: Sendable, Hashable {
        case text(String)
        case unusable(String)
        /// Not the string itself: another kind of resource of that name (Android's `<plurals>`,
        /// whose names are not strings' names), or only another device's text of it (`product=`).
        /// A catalog or language after it may still hold the string; refused, with this reason,
        /// only when none does.
        case otherKind(String)

        /// A text as a title: itself, or unusable when its format arguments are (`%@`, `%lld`, …:
        /// a title is drawn as written, never formatted).
        static func checked(_ text: String) -> Entry {
            StringCatalog.formatArgumentProblem(in: text).map(Entry.unusable) ?? .text(text)
        }

        /// Whether the entry is a string's (usable or not), not another kind's.
        var isString: Bool {
            if case .otherKind = self { return false }
            return true
        }
    }

    /// The catalog as errors name it: its path as the spec wrote it.
    var name: String
    /// The file.
    var url: URL
    /// Entries by language (`de`, `pt-BR`); `StringCatalog.anyLanguage` holds the entries every
    /// language falls back to (`Base.lproj`, Android's `values/`, an `.xcstrings`' source language).
    var languages: [String: [String: Entry]]
    /// The language keys are written in (`.xcstrings`' `sourceLanguage`), when the catalog says.
    var sourceLanguage: String?
    /// The file's size in bytes, as read (`Limits.catalogBytesPerSpec`).
    var byteCount = 0

    /// The languages' key for the fallback entries.
    static let anyLanguage = ""

    /// Reads a catalog by its name: `*.xcstrings`, `*.strings`, `*.xml` (Android's `strings.xml`).
    static func read(_ url: URL, name: String) throws(SpecError) -> StringCatalog {
        let bytes: [UInt8]
        do {
            bytes = try BoundedRead.bytes(of: url, limit: Limits.catalogFileBytes, displayName: name)
        } catch {
            throw SpecError(file: name, line: 0, column: 0, message: error.reason)
        }
        var catalog = try ReadingMemo.catalog(url: url, name: name, bytes: bytes) { () throws(SpecError) in try parse(bytes, url: url, name: name) }
        catalog.byteCount = bytes.count
        return catalog
    }

    /// Parses a catalog's bytes by its kind (its name's extension).
    private static func parse(_ bytes: [UInt8], url: URL, name: String) throws(SpecError) -> StringCatalog {
        switch url.pathExtension.lowercased() {
        case "xcstrings":
            let catalog = try XCStringsReader.read(bytes, url: url, name: name)
            guard catalog.entryCount <= Limits.catalogEntries else { throw tooManyEntries(name) }
            return catalog
        case "strings": return try AppleStringsReader.read(bytes, url: url, name: name)
        case "xml": return try AndroidStringsReader.read(bytes, url: url, name: name)
        default:
            throw SpecError(file: name, line: 0, column: 0, message: "not a string catalog: expected .xcstrings, .strings or Android's strings.xml")
        }
    }

    /// The error for a catalog past `Limits.catalogEntries` (counted as it is read, so the rest
    /// is never parsed).
    static func tooManyEntries(_ name: String) -> SpecError {
        SpecError(file: name, line: 0, column: 0, message: "holds over \(Limits.catalogEntries) entries, the most Tabsnap reads in a catalog; "
                  + "keep the languages and keys your specs use")
    }

    /// Entries in every language.
    var entryCount: Int { languages.values.reduce(0) { $0 + $1.count } }

    /// Why a catalog's text cannot be a title: a format argument (`%@`, `%1$s`, `%d`) would be
    /// drawn as written; nil when it can.
    static func formatArgumentProblem(in text: String) -> String? {
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "%" else { continue }
            guard let next = scalars.next() else { return nil }
            if next == "%" { continue }
            return "takes format arguments (%\(next)…), which a tab title cannot fill"
        }
        return nil
    }
}

extension StringCatalog {
    /// A key or text from a catalog or a spec, as an error message shows it: in quotes, control
    /// characters, line breaks and spaces other than U+0020 escaped (`\n`, `\u{85}`, `\u{A0}`),
    /// cut after 40 characters — so a message stays one line whatever the catalog holds.
    static func quoted(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars.prefix(40) {
            switch scalar.value {
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029:
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            // A space other than the ASCII one looks like it and is not (a family "Inter\u{A0}").
            case _ where scalar.properties.isWhitespace && scalar != " ":
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return "\"" + out + (text.unicodeScalars.count > 40 ? "…" : "") + "\""
    }
}
