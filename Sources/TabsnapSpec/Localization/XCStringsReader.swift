import Foundation
import TabsnapFiles

/// Reads Xcode's string catalog (`Localizable.xcstrings`, JSON): `sourceLanguage`, and per key
/// its `localizations` (`{"de": {"stringUnit": {"value": "Posteingang"}}}`). A key without a
/// localization in the source language is its own source text, as Xcode reads it. Plural and
/// device `variations` and `substitutions` are kept as unusable entries, refused by name when a
/// title uses them.
enum XCStringsReader {
    /// The most JSON values a catalog may hold: about 400 MB to parse (`JSONValues`), a
    /// catalog of 1 000 keys in 40 languages holding about 330 000.
    static let maxValues = 400_000

    static func read(_ bytes: [UInt8], url: URL, name: String) throws(SpecError) -> StringCatalog {
        guard JSONValues.measure(bytes, limit: maxValues).count <= maxValues else {
            throw SpecError(file: name, line: 0, column: 0, message: "holds over \(maxValues) JSON values (keys, texts, objects), the most "
                            + "Tabsnap reads in a catalog (each costs about a kilobyte to read); keep the languages and keys your specs use")
        }
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: Data(bytes))
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            // Foundation says where by byte ("around character 40."): said as a line and column,
            // as every other catalog error is (hostile round 30).
            if let detail, let found = JSONTextProblem.placed(detail, in: bytes) {
                throw SpecError(file: name, line: found.line, column: found.column, message: "not valid JSON (\(found.message))")
            }
            // Foundation names no place for a lone surrogate escape ("end of file"): found here.
            if let found = JSONTextProblem.first(in: bytes) {
                throw SpecError(file: name, line: found.line, column: found.column, message: "not valid JSON (\(found.message))")
            }
            throw SpecError(file: name, line: 0, column: 0, message: "not valid JSON (\(detail ?? "cannot be read"))")
        }
        func problem(_ message: String) -> SpecError { SpecError(file: name, line: 0, column: 0, message: message) }
        guard let document = root as? [String: Any] else { throw problem("expected a JSON object with sourceLanguage and strings") }
        guard let source = document["sourceLanguage"] as? String, let sourceLanguage = SpecLocale(catalogLanguage: source) else {
            throw problem("sourceLanguage: expected a language such as \"en\"")
        }
        guard let strings = document["strings"] as? [String: Any] else { throw problem("strings: expected an object of keys") }
        var languages: [String: [String: StringCatalog.Entry]] = [:]
        for (key, value) in strings {
            guard let entry = value as? [String: Any] else { throw problem("strings.\(StringCatalog.quoted(key)): expected an object") }
            let localizations = entry["localizations"] as? [String: Any] ?? [:]
            if entry["localizations"] != nil && entry["localizations"] as? [String: Any] == nil {
                throw problem("strings.\(StringCatalog.quoted(key)).localizations: expected an object of languages")
            }
            if localizations[source] == nil {
                // Xcode's own keys for `Text("Inbox \\(count)")` are "Inbox %lld": a key that is
                // its own text is held to the same format rule as any text.
                languages[StringCatalog.anyLanguage, default: [:]][key] = .checked(key)
            }
            for (language, body) in localizations {
                guard let locale = SpecLocale(catalogLanguage: language) else {
                    throw problem("strings.\(StringCatalog.quoted(key)).localizations: \(StringCatalog.quoted(language)) is not a language")
                }
                let place = "strings.\(StringCatalog.quoted(key)).localizations.\(StringCatalog.quoted(language))"
                guard let body = body as? [String: Any] else { throw problem("\(place): expected an object") }
                let found: StringCatalog.Entry
                if body["variations"] != nil {
                    found = .unusable("has variations (plural or device) in \(language); a tab title is one text")
                } else if body["substitutions"] != nil {
                    found = .unusable("has substitutions in \(language); a tab title is one text")
                } else if let unit = body["stringUnit"] as? [String: Any] {
                    guard let text = unit["value"] as? String else { throw problem("\(place).stringUnit.value: expected text") }
                    // Xcode's placeholder for a translation not made yet ("state": "new", no text):
                    // the app shows the source text, and a blank title was drawn (hostile round 45).
                    if text.isEmpty, unit["state"] as? String == "new" {
                        // In the source language too: the key is its own text, as with no unit.
                        if locale == sourceLanguage {
                            languages[StringCatalog.anyLanguage, default: [:]][key] = .checked(key)
                        }
                        continue
                    }
                    found = .checked(text)
                } else {
                    throw problem("\(place): expected a stringUnit")
                }
                languages[locale.identifier, default: [:]][key] = found
                if locale == sourceLanguage { languages[StringCatalog.anyLanguage, default: [:]][key] = found }
            }
        }
        return StringCatalog(name: name, url: url, languages: languages, sourceLanguage: sourceLanguage.identifier)
    }
}
