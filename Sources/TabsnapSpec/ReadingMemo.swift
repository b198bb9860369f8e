import Foundation
import TabsnapModel

/// The catalogs and font files one spec's readings share (fonts by the file's identity, below):
/// `check` reads a spec again in each of its locales,
/// and parsed the same catalogs each time (hostile round 81: two catalogs of 200 000 entries in
/// 30 locales took 77 s, 2.5 s a locale; the bound on entries held for one reading only). Inside
/// `SpecLoader.readingFilesOnce` a catalog is parsed once for its bytes (and its path and name,
/// which its language and errors come from): an edited catalog is parsed afresh, one swapped under
/// the same name is never taken for the old one. Kept for that one spec only, so it costs what
/// reading the spec costs, whatever the number of its catalogs (a process-wide cache of 8 was
/// cycled through by a spec of 9 and parsed them all in every locale again: hostile round 82).
///
/// The preview keeps one across requests (round 83: each picture in another locale parsed the
/// catalogs again, 6 s a request, and held up the others), bounded by bytes: a catalog edited
/// since is parsed afresh and replaces its older reading, and the catalogs used longest ago go
/// first. Safe to share between threads.
public final class ReadingMemo: @unchecked Sendable {
    private struct Key: Hashable {
        var path: String
        var name: String
        var bytes: [UInt8]
    }

    /// Oldest use first.
    private var kept: [(key: Key, catalog: StringCatalog)] = []
    private let keptLock = NSLock()
    /// The most bytes of catalog files, and entries parsed from them, kept (nil: all, for one
    /// spec's readings). Entries too: a file of bare keys (`a;b;…`) parses to about 25 times its
    /// size (hostile round 84: 80 such catalogs in 64 MB kept 1.74 GB).
    private let byteLimit: Int?, entryLimit: Int?

    /// An empty memo keeping at most `byteLimit` bytes of catalogs and `entryLimit` entries
    /// (nil: every one read).
    public init(byteLimit: Int? = nil, entryLimit: Int? = nil) {
        self.byteLimit = byteLimit
        self.entryLimit = entryLimit
    }

    private func found(_ key: Key) -> StringCatalog? {
        keptLock.withLock {
            guard let index = kept.firstIndex(where: { $0.key == key }) else { return nil }
            let found = kept.remove(at: index)
            kept.append(found)
            return found.catalog
        }
    }

    private func keep(_ catalog: StringCatalog, as key: Key) {
        keptLock.withLock {
            // One reading of each file: an edited catalog's older one goes.
            kept.removeAll { $0.key.path == key.path && $0.key.name == key.name }
            kept.append((key, catalog))
            while kept.count > 1, kept.reduce(0, { $0 + $1.key.bytes.count }) > byteLimit ?? .max
                || kept.reduce(0, { $0 + $1.catalog.entryCount }) > entryLimit ?? .max { kept.removeFirst() }
        }
    }

    /// Font files' faces by the file's identity (device, inode, size, modification time): a
    /// spec's fonts, up to 32 files of 64 MB, were read again in every locale (hostile round
    /// 85: 3 s a locale). Kept only within one spec's readings (`readingFilesOnce`), in which a
    /// font replaced under the same identity is not expected; the faces serve the checks of
    /// names, fontconfig reads the file itself to draw.
    private var fonts: [[Int]: [FontFace]] = [:]

    /// The faces of the font file at `url`: this memo's, or `read`'s.
    static func faces(of url: URL, read: () throws(SpecError) -> [FontFace]) throws(SpecError) -> [FontFace] {
        guard let memo = current, memo.byteLimit == nil else { return try read() }
        var info = stat()
        guard stat(url.path, &info) == 0 else { return try read() }
        let key = [Int(info.st_dev), Int(info.st_ino), Int(info.st_size), info.st_mtim.tv_sec, info.st_mtim.tv_nsec]
        if let found = memo.keptLock.withLock({ memo.fonts[key] }) { return found }
        let faces = try read()
        lock.withLock { fontReadCount += 1 }
        memo.keptLock.withLock { memo.fonts[key] = faces }
        return faces
    }

    /// How many catalog readings it holds.
    var count: Int { keptLock.withLock { kept.count } }
    /// How many catalogs the process has parsed (rather than found in a memo): what the tests
    /// count.
    nonisolated(unsafe) public private(set) static var parseCount = 0
    /// How many font files the process has read within a memo's readings (what the tests count).
    nonisolated(unsafe) public private(set) static var fontReadCount = 0
    private static let lock = NSLock()
    private static let key = "tabsnap.ReadingMemo"

    /// The memo of this thread's `SpecLoader.readingFilesOnce`, if any.
    static var current: ReadingMemo? {
        get { Thread.current.threadDictionary[key] as? ReadingMemo }
        set { Thread.current.threadDictionary[key] = newValue }
    }

    /// The catalog `bytes` parse to at `url` named `name`: the memo's (in a reading that keeps
    /// one), or `parse`'s.
    static func catalog(url: URL, name: String, bytes: [UInt8], parse: () throws(SpecError) -> StringCatalog) throws(SpecError) -> StringCatalog {
        let memo = current
        let key = Key(path: url.path, name: name, bytes: bytes)
        if let found = memo?.found(key) { return found }
        let catalog = try parse()
        lock.withLock { parseCount += 1 }
        memo?.keep(catalog, as: key)
        return catalog
    }
}

extension SpecLoader {
    /// Runs `body`, in which readings of specs on this thread parse each catalog once for its
    /// bytes, and read each font file once: for the readings of one spec in its locales (`check`'s goldens, a gallery's). Nested,
    /// the outer reading's memo is kept.
    public static func readingFilesOnce<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        try readingFiles(in: ReadingMemo(), body)
    }

    /// Runs `body` with `memo` as the catalogs its readings share (kept by the caller across
    /// readings: the preview's, for the spec it draws). Nested, the outer reading's memo is kept.
    public static func readingFiles<T, E: Error>(in memo: ReadingMemo, _ body: () throws(E) -> T) throws(E) -> T {
        if ReadingMemo.current != nil { return try body() }
        ReadingMemo.current = memo
        defer { ReadingMemo.current = nil }
        return try body()
    }
}
