import Foundation

/// The catalogs one spec's readings share: `check` reads a spec again in each of its locales,
/// and parsed the same catalogs each time (hostile round 81: two catalogs of 200 000 entries in
/// 30 locales took 77 s, 2.5 s a locale; the bound on entries held for one reading only). Inside
/// `SpecLoader.readingCatalogsOnce` a catalog is parsed once for its bytes (and its path and name,
/// which its language and errors come from): an edited catalog is parsed afresh, one swapped under
/// the same name is never taken for the old one. Kept for that one spec only, so it costs what
/// reading the spec costs, whatever the number of its catalogs (a process-wide cache of 8 was
/// cycled through by a spec of 9 and parsed them all in every locale again: hostile round 82).
final class CatalogMemo {
    private struct Key: Hashable {
        var path: String
        var name: String
        var bytes: [UInt8]
    }

    private var kept: [Key: StringCatalog] = [:]
    /// How many catalogs were parsed rather than found, by every memo of the process (what the
    /// tests count).
    nonisolated(unsafe) static var parseCount = 0
    private static let lock = NSLock()
    private static let key = "tabsnap.CatalogMemo"

    /// The memo of this thread's `SpecLoader.readingCatalogsOnce`, if any.
    static var current: CatalogMemo? {
        get { Thread.current.threadDictionary[key] as? CatalogMemo }
        set { Thread.current.threadDictionary[key] = newValue }
    }

    /// The catalog `bytes` parse to at `url` named `name`: the memo's (in a reading that keeps
    /// one), or `parse`'s.
    static func catalog(url: URL, name: String, bytes: [UInt8], parse: () throws(SpecError) -> StringCatalog) throws(SpecError) -> StringCatalog {
        let memo = current
        let key = Key(path: url.path, name: name, bytes: bytes)
        if let found = memo?.kept[key] { return found }
        let catalog = try parse()
        lock.withLock { parseCount += 1 }
        memo?.kept[key] = catalog
        return catalog
    }
}

extension SpecLoader {
    /// Runs `body`, in which readings of specs on this thread parse each catalog once for its
    /// bytes: for the readings of one spec in its locales (`check`'s goldens, a gallery's). Nested,
    /// the outer reading's memo is kept.
    public static func readingCatalogsOnce<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        if CatalogMemo.current != nil { return try body() }
        CatalogMemo.current = CatalogMemo()
        defer { CatalogMemo.current = nil }
        return try body()
    }
}
