import TabsnapModel

/// A locale a spec renders in: a language as BCP 47 writes it (`de`, `pt-BR`, `zh-Hans`,
/// `sr-Latn-RS`; `_` is read as `-`), or one of the built-in pseudo-locales (`PseudoLocale`).
/// Its direction is right to left for the languages and scripts written so (Arabic, Hebrew,
/// Persian, Urdu, …) and for `pseudo-rtl`; a spec's own `direction:` wins over it.
public struct SpecLocale: Sendable, Hashable, CustomStringConvertible {
    /// As golden names carry it: `de`, `pt-BR`, `pseudo-accented`.
    public let identifier: String
    /// The pseudo-locale it is, if it is one.
    public let pseudo: PseudoLocale?

    /// The identifier.
    public var description: String { identifier }

    /// A language identifier or a pseudo-locale's name; nil when it is neither.
    public init?(_ text: String) {
        if let pseudo = PseudoLocale(rawValue: text) {
            identifier = text
            self.pseudo = pseudo
            return
        }
        guard let identifier = Self.canonical(text) else { return nil }
        self.identifier = identifier
        pseudo = nil
    }

    /// A catalog's language (its folder, its `sourceLanguage`): a language only.
    init?(catalogLanguage text: String) {
        guard let identifier = Self.canonical(text) else { return nil }
        self.identifier = identifier
        pseudo = nil
    }

    /// `pt_br` → `pt-BR`, `zh-hans` → `zh-Hans`: language lower case, script title case, region
    /// upper case; nil unless it is language[-Script][-REGION].
    private static func canonical(_ text: String) -> String? {
        let parts = text.split(separator: text.contains("_") ? "_" : "-", omittingEmptySubsequences: false)
        guard let language = parts.first, (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter }),
              parts.count <= 3 else { return nil }
        var out = [language.lowercased()]
        var sawScript = false, sawRegion = false
        for part in parts.dropFirst() {
            if part.count == 4, !sawScript, !sawRegion, part.allSatisfy({ $0.isASCII && $0.isLetter }) {
                out.append(part.prefix(1).uppercased() + part.dropFirst().lowercased())
                sawScript = true
            } else if !sawRegion, (part.count == 2 && part.allSatisfy({ $0.isASCII && $0.isLetter }))
                        || (part.count == 3 && part.allSatisfy({ $0.isASCII && $0.isNumber })) {
                out.append(part.uppercased())
                sawRegion = true
            } else {
                return nil
            }
        }
        return out.joined(separator: "-")
    }

    /// The language part (`pt` of `pt-BR`); a pseudo-locale's is empty.
    var language: String { pseudo == nil ? String(identifier.prefix { $0 != "-" }) : "" }

    /// Where a catalog is searched for this locale's text, most specific first: `zh-Hant-TW`,
    /// `zh-Hant`, `zh`. A pseudo-locale has none (it transforms the source text). As an app's
    /// bundle resolves them (round 43: these read the source language): Chinese without a script
    /// reads the one its region writes (`zh-TW`, `zh-HK`, `zh-MO`: `zh-Hant`; else `zh-Hans`),
    /// and Hebrew, Indonesian and Yiddish also read their legacy codes (`iw`, `in`, `ji`: the
    /// names of Android's `values-iw` folders), and the other way round.
    var searchOrder: [String] {
        guard pseudo == nil else { return [] }
        let tags = identifier.split(separator: "-").map(String.init)
        var parts = tags
        var order: [String] = []
        while !parts.isEmpty {
            order.append(parts.joined(separator: "-"))
            parts.removeLast()
        }
        if language == "zh", !tags.dropFirst().contains(where: { $0.count == 4 }) {
            let traditional = tags.count > 1 && ["TW", "HK", "MO"].contains(tags[1])
            order.insert(traditional ? "zh-Hant" : "zh-Hans", at: order.count - 1)
        }
        return order.flatMap { tag -> [String] in
            let first = String(tag.prefix { $0 != "-" })
            guard let alias = Self.legacyCodes[first] else { return [tag] }
            return [tag, alias + tag.dropFirst(first.count)]
        }
    }

    /// Languages with two codes in use, each to the other.
    static let legacyCodes = ["he": "iw", "iw": "he", "id": "in", "in": "id", "yi": "ji", "ji": "yi"]

    /// Whether the locale is written right to left.
    public var isRightToLeft: Bool {
        if let pseudo { return pseudo == .rightToLeft }
        let parts = identifier.split(separator: "-")
        if parts.contains(where: { ["Arab", "Hebr", "Thaa", "Syrc", "Nkoo", "Adlm", "Rohg"].contains($0) }) { return true }
        if parts.contains(where: { $0.count == 4 }) { return false }
        return ["ar", "arc", "ckb", "dv", "fa", "he", "iw", "ji", "ks", "ps", "sd", "ug", "ur", "yi", "syr"].contains(language)
    }

    /// The layout direction the locale gives a bar whose spec names none.
    public var direction: BarDirection { isRightToLeft ? .rightToLeft : .leftToRight }
}
