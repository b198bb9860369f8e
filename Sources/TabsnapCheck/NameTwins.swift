/// File names that are two names to Linux's file systems but one file elsewhere:
/// - names differing only in Unicode normalisation ("é.png" written with é, and with e and a
///   combining acute), which Swift's strings also take for one name (a goldens folder holding
///   both crashed `check` on a duplicate dictionary key: hostile round 40), and macOS's file
///   system for one file;
/// - names differing only in case ("Bar.png" and "bar.png"), one file on macOS's and Windows's
///   default file systems: a clone there holds one of the two, and a golden recorded there under
///   one spelling is the other spelling's golden (hostile round 41).
///
/// A folder holding twins is not one a check can trust, so twins are named, never compared,
/// listed as orphans or pruned.
package enum NameTwins {
    /// The key two twins share: the name's lower case, compared as Swift compares strings
    /// (canonical equivalence).
    package static func key(_ name: String) -> String { name.lowercased() }

    /// Whether `one` and `other` are twins: one key, not the same characters.
    package static func areTwins(_ one: String, _ other: String) -> Bool {
        key(one) == key(other) && !one.unicodeScalars.elementsEqual(other.unicodeScalars)
    }

    /// `names` split into those with no twin, in their order, and the groups of twins.
    package static func split(_ names: [String]) -> (single: [String], twins: [[String]]) {
        var spellings: [String: [String]] = [:]
        for name in names where !(spellings[key(name)]?.contains { $0.unicodeScalars.elementsEqual(name.unicodeScalars) } ?? false) {
            spellings[key(name), default: []].append(name)
        }
        let twins = spellings.values.filter { $0.count > 1 }.map { $0.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) } }
        let twinned = Set(twins.flatMap { $0.map(spelt) })
        return (names.filter { !twinned.contains(spelt($0)) }, twins.sorted { spelt($0[0]) < spelt($1[0]) })
    }

    /// How twins differ, and why that matters, for a message: "differ only in case, which
    /// macOS and Windows take for one file", or in Unicode normalisation, or in both.
    package static func difference(_ names: [String]) -> String {
        if names.allSatisfy({ $0 == names[0] }) {
            return "differ only in Unicode normalisation, which Swift and macOS take for one name"
        }
        // Lower-cased, case twins are one text; spelt apart, normalisation differs too.
        let normalisation = Set(names.map { $0.lowercased().unicodeScalars.map(\.value) }).count > 1
        return "differ only in case\(normalisation ? " and Unicode normalisation" : ""), which macOS and Windows take for one file"
    }

    /// `name` with its non-ASCII characters as code points (`caf\u{E9}.png`), so two spellings
    /// of one text read apart.
    package static func spelt(_ name: String) -> String {
        name.unicodeScalars.map { $0.isASCII ? String($0) : "\\u{" + String($0.value, radix: 16, uppercase: true) + "}" }.joined()
    }
}
