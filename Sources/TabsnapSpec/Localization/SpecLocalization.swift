import Foundation
import TabsnapFiles
import TabsnapModel
import Yams

/// A spec's locale and string catalogs (`strings:`, `locale:`), and what the document needs to
/// write itself back as written: which titles were keys, the items before a pseudo-locale
/// changed them, and whether the direction and language came from the locale.
///
///     strings: [Localizable.xcstrings, values-de/strings.xml]   # the app's catalogs
///     locale: de               # default: the catalogs' source language
///     items:
///       - title: {key: tab.inbox}
public struct SpecLocalization: Sendable, Hashable {
    /// The catalog files, in the spec's order.
    public var catalogs: [URL]
    /// The spec's own `locale:`, if it names one.
    public var specLocale: SpecLocale?
    /// The locale drawn: the one asked for (`--locale`, a `snapshots.locales` entry), else the
    /// spec's; nil: the catalogs' source language.
    public var locale: SpecLocale?
    /// Items whose title is a key, by index.
    public var titleKeys: [Int: String]
    /// The items as the spec writes them (before a pseudo-locale's transform).
    var sourceItems: [BarItem]
    /// Whether the bar's direction is the locale's (the spec names none).
    public var directionFromLocale: Bool
    /// Whether the bar's language is the locale's (the spec names none).
    public var languageFromLocale = false

    /// The files it reads, for the output checks and the preview's watch.
    public var inputFiles: [String] { catalogs.map(\.path) }

    /// Reads `strings:` and `locale:` of the spec's top level (`spec`), with `override` (from the
    /// command line or a snapshot axis) drawn instead of the spec's own locale.
    static func read(_ spec: SpecMapping, override: SpecLocale?, files: CatalogFiles) throws(SpecError) -> (SpecLocalization, TitleLocalizer)? {
        let specLocale = try spec["locale"].map(readLocale)
        var urls: [URL] = []
        var catalogs: [StringCatalog] = []
        if let node = spec["strings"] {
            let entries: [SpecNode]
            if case .sequence = node.node { entries = try node.list() } else { entries = [node] }
            guard !entries.isEmpty else { throw node.error("strings: list at least one catalog, or leave the key out") }
            guard entries.count <= Limits.catalogsPerSpec else { throw node.error("strings: \(entries.count) catalogs; at most \(Limits.catalogsPerSpec)") }
            // Every catalog found and its size counted before any is parsed (each costs its
            // reading), then counted again as read.
            var found: [(url: URL, name: String, entry: SpecNode)] = []
            var size = 0
            for entry in entries {
                let (url, name) = try files.resolve(entry)
                guard !urls.contains(url) else { throw entry.error("\(entry.path): \(name) is listed twice") }
                urls.append(url)
                var info = stat()
                size += stat(url.path, &info) == 0 ? Int(info.st_size) : 0
                guard size <= Limits.catalogBytesPerSpec else { throw Self.tooManyBytes(entry) }
                found.append((url, name, entry))
            }
            for (url, name, entry) in found {
                catalogs.append(try StringCatalog.read(url, name: name))
                guard catalogs.reduce(0, { $0 + $1.byteCount }) <= Limits.catalogBytesPerSpec else { throw Self.tooManyBytes(entry) }
                // Together too: 64 links to one large catalog are 64 catalogs kept.
                let total = catalogs.reduce(0) { $0 + $1.entryCount }
                guard total <= Limits.catalogEntriesPerSpec else {
                    throw entry.error("strings: the catalogs hold over \(Limits.catalogEntriesPerSpec) entries together, the most a spec reads; keep the languages and keys your specs use")
                }
            }
        }
        let locale = override ?? specLocale
        guard locale != nil || !catalogs.isEmpty else { return nil }
        let localization = SpecLocalization(catalogs: urls, specLocale: specLocale, locale: locale, titleKeys: [:], sourceItems: [],
                                            directionFromLocale: false)
        return (localization, TitleLocalizer(catalogs: catalogs, locale: locale))
    }

    /// The error for catalogs over `Limits.catalogBytesPerSpec` together, at the one past it.
    static func tooManyBytes(_ entry: SpecNode) -> SpecError {
        entry.error("strings: the catalogs are over \(Limits.catalogBytesPerSpec >> 20) MB together, the most a spec reads; "
                    + "name the catalogs of the languages your goldens use")
    }

    static func readLocale(_ node: SpecNode) throws(SpecError) -> SpecLocale {
        let text = try node.string()
        guard let locale = SpecLocale(text) else {
            throw node.error("\(node.path): '\(text)' is not a locale; expected a language such as en, de, pt-BR, zh-Hans, or "
                             + PseudoLocale.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return locale
    }

    /// Whether an item's accessibility label or hint is a key (`accessibilityLabel: {key: …}`).
    static func hasSpokenKeys(in items: SpecNode?) -> Bool {
        hasKeys(in: items?.node, fields: ["accessibilityLabel", "accessibilityHint"])
    }

    /// Whether any item's `fields` is a key (`{key: …}`), in the items' YAML node.
    static func hasKeys(in items: Node?, fields: Set<String>) -> Bool {
        guard let items, case .sequence(let list) = items else { return false }
        return list.contains { item in
            guard case .mapping(let mapping) = item else { return false }
            return mapping.contains { field, value in
                guard let name = field.string, fields.contains(name), case .mapping = value else { return false }
                return true
            }
        }
    }

    /// The keys items name, by index: `title: {key: …}`.
    static func titleKeys(in items: SpecNode?) -> [Int: String] {
        guard let items, case .sequence(let list) = items.node else { return [:] }
        var keys: [Int: String] = [:]
        for (index, item) in list.enumerated() {
            guard case .mapping(let fields) = item else { continue }
            for (field, value) in fields where field.string == "title" {
                guard case .mapping(let title) = value else { continue }
                for (name, key) in title where name.string == "key" { if let text = key.string { keys[index] = text } }
            }
        }
        return keys
    }

    /// The spec's own keys back in `entries` (the bar's keys as written): titles as keys, items
    /// as written, the direction left to the locale, `strings:` and `locale:`.
    func writeBack(into entries: inout [(key: String, value: SpecValue)], bar: Bar) {
        var source = bar
        source.items = sourceItems
        if case .map(let written) = source.specValue, let items = written.first(where: { $0.key == "items" })?.value,
           case .list(var list) = items, let index = entries.firstIndex(where: { $0.key == "items" }) {
            for (item, key) in titleKeys where item < list.count {
                let title = SpecValue.map([(key: "key", value: .text(key))])
                switch list[item] {
                case .map(var fields):
                    if let at = fields.firstIndex(where: { $0.key == "title" }) { fields[at].value = title } else { fields.insert((key: "title", value: title), at: 0) }
                    list[item] = .map(fields)
                default:
                    list[item] = .map([(key: "title", value: title)])
                }
            }
            entries[index].value = .list(list)
        }
        if directionFromLocale { entries.removeAll { $0.key == "direction" } }
        if languageFromLocale { entries.removeAll { $0.key == "language" } }
        if !catalogs.isEmpty { entries.append((key: "strings", value: .list(catalogs.map { .text($0.path) }))) }
        if let specLocale { entries.append((key: "locale", value: .text(specLocale.identifier))) }
    }
}

/// Where catalog paths resolve: the spec's folder, under the same rule as icons (`IconAccess`).
struct CatalogFiles {
    let baseDirectory: URL
    let access: IconAccess

    func resolve(_ node: SpecNode) throws(SpecError) -> (URL, String) {
        let text = try node.string()
        switch access.resolve(text, specFolder: baseDirectory) {
        case .success(let url):
            // Named at its place in the spec, as a missing catalog is: a FIFO or a folder was said
            // by the catalog's name alone (hostile round 50).
            var info = stat()
            if stat(url.path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
                throw node.error("\(node.path): '\(text)' is \(FolderWalk.kind(of: info)); a string catalog is a file")
            }
            return (url, text)
        case .failure(.outside):
            var error = node.error("\(node.path): '\(text)' is outside the spec's folder; catalogs must be inside it unless the spec is trusted")
            error.advice = .allowIconsFromAnywhere
            throw error
        case .failure(.missing):
            throw node.error("\(node.path): string catalog not found: \(text)")
        }
    }
}
