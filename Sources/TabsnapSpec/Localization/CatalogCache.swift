import Foundation
import TabsnapModel

/// Catalogs already parsed in this process, by what they were read from: `check` reads a spec
/// again in each of its locales, and parsed the same catalogs each time (hostile round 81: two
/// catalogs of 200 000 entries in 30 locales took 77 s, 2.5 s a locale; the bound on entries held
/// for one reading only). Keyed by the file's bytes (and its path and name, which its language
/// and its errors come from), so an edited catalog is parsed afresh and a catalog swapped under
/// the same name is never taken for the old one. Small — what one spec may read — and the most
/// recent catalogs are the ones read again.
final class CatalogCache: @unchecked Sendable {
    /// The one cache of the process.
    static let shared = CatalogCache()
    /// At most this many catalogs are kept…
    static let countLimit = 8
    /// …at most this many of their source bytes together…
    static let byteLimit = 32 << 20
    /// …and at most as many entries as one spec may read (`Limits.catalogEntriesPerSpec`): what
    /// is kept costs no more than one spec's catalogs being read (about 100 MB for 400 000 entries).
    static let entryLimit = Limits.catalogEntriesPerSpec

    private struct Key: Hashable {
        var path: String
        var name: String
        var bytes: [UInt8]
    }

    private let lock = NSLock()
    /// Oldest first.
    private var kept: [(key: Key, catalog: StringCatalog)] = []
    /// How many catalogs were parsed rather than found (what the tests count).
    private(set) var parseCount = 0

    /// The catalog `bytes` parse to at `url` named `name`: a kept one, or `parse`'s (kept when it
    /// is small enough). Parsing runs outside the lock; two threads may parse one catalog at once.
    func catalog(url: URL, name: String, bytes: [UInt8], parse: () throws(SpecError) -> StringCatalog) throws(SpecError) -> StringCatalog {
        let key = Key(path: url.path, name: name, bytes: bytes)
        if let found = lock.withLock({ () -> StringCatalog? in
            guard let index = kept.firstIndex(where: { $0.key == key }) else { return nil }
            let found = kept.remove(at: index)
            kept.append(found)
            return found.catalog
        }) { return found }
        let catalog = try parse()
        lock.withLock { parseCount += 1 }
        guard bytes.count <= Self.byteLimit, catalog.entryCount <= Self.entryLimit else { return catalog }
        lock.withLock {
            kept.removeAll { $0.key == key }
            kept.append((key, catalog))
            while kept.count > Self.countLimit || kept.reduce(0, { $0 + $1.key.bytes.count }) > Self.byteLimit
                || kept.reduce(0, { $0 + $1.catalog.entryCount }) > Self.entryLimit { kept.removeFirst() }
        }
        return catalog
    }
}
