/// File names that are one text to Swift's strings (which compare by canonical equivalence) but
/// two names to Linux's file systems: "é.png" written with é (NFC) and with e and a combining
/// acute (NFD). macOS's file system takes them for one file too, so a folder holding both is
/// not one a check can trust: a goldens folder with both crashed `check` on a duplicate
/// dictionary key (hostile round 40), and two such specs were told apart only by bytes.
enum NormalisationTwins {
    /// `names` split into those with no twin, in their order, and the groups of twins.
    static func split(_ names: [String]) -> (single: [String], twins: [[String]]) {
        var spellings: [String: [String]] = [:]
        for name in names where !(spellings[name]?.contains { $0.unicodeScalars.elementsEqual(name.unicodeScalars) } ?? false) {
            spellings[name, default: []].append(name)
        }
        let twins = spellings.values.filter { $0.count > 1 }.map { $0.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) } }
        let twinned = Set(twins.flatMap { $0 })
        return (names.filter { !twinned.contains($0) }, twins.sorted { spelt($0[0]) < spelt($1[0]) })
    }

    /// `name` with its non-ASCII characters as code points (`caf\u{E9}.png`), so two spellings
    /// of one text read apart.
    static func spelt(_ name: String) -> String {
        name.unicodeScalars.map { $0.isASCII ? String($0) : "\\u{" + String($0.value, radix: 16, uppercase: true) + "}" }.joined()
    }
}
