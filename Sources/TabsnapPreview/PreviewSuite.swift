import Foundation
import Tabsnap
import TabsnapCheck

/// The specs a preview shows, read again when their files change. Each keeps its last good
/// document, so a bad edit shows its error beside the last picture that worked. Folders given
/// are listed again when a spec file appears in or leaves them.
public final class PreviewSuite: @unchecked Sendable {
    /// One spec as the preview last read it: its file, its last good document and its error.
    public struct Entry: Sendable {
        /// The name the page and the URLs use (the spec's path inside the folder, without extension).
        public var name: String
        /// The spec file's path: as given, or the given folder's path joined with the file's path
        /// inside it.
        public var path: String
        /// The last document that read without error (nil until one has).
        public var document: SpecDocument?
        /// The text that document was read from: the page's controls and locales are applied to
        /// it, never to the file as it is by then, so a picture or a download of this version is
        /// this version's even when the file changed since and the watcher has not said so yet.
        /// (Its icons, fonts and catalogs are read as it is drawn: an edit of one is a new version
        /// as soon as the watcher sees it, a moment later.)
        var text: String?
        /// The current error, `FILE:LINE:COLUMN: message`.
        public var error: String?
        /// While the spec cannot be read: the files its text names (`UnreadableSpecNames`), which
        /// no golden is copied over (hostile round 81: Copy as golden replaced the icon a spec
        /// with one bad key names). Empty while it reads.
        var namedFiles: [String] = []
        /// Whether `namedFiles` was cut short by the bound on reading (`NameBudget`): then no
        /// file at all is copied over while the spec has its error.
        var namesCut = false
        /// New on every reload, and never given twice by a server (nor, but by chance, by two), so
        /// the page can tell a fresh picture from a cached one, and the version it shows.
        public var version: Int
        /// Refuses (409) a copy or download made for `shown`, another version than this one: it
        /// would not be what the page shows. nil asks for none in particular (a script's).
        func require(shown: Int?, then action: String) throws(PreviewProblem) {
            if let shown, shown != version { throw PreviewProblem.otherVersion(of: path, then: action) }
        }

        /// Why the file can never be read as a spec (its name is not valid UTF-8): its error,
        /// whatever the file holds. nil for every spec that can be.
        var badName: String?
    }

    /// Why `init(paths:icons:)` has nothing to show: no spec file in the paths given, or two spec
    /// files with the same name.
    public struct NoSpecs: Error, CustomStringConvertible {
        /// The message, naming the paths (or the two files) at fault.
        public var description: String
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    /// The specs' catalogs, kept across readings and requests (hostile round 83: a picture in
    /// each locale parsed them again, 6 s a request): two specs' worth of bytes and entries at
    /// most (about 200 MB kept at the worst: round 84).
    private let catalogs = ReadingMemo(byteLimit: 2 * Limits.catalogBytesPerSpec, entryLimit: 2 * Limits.catalogEntriesPerSpec)
    private var order: [String] = []
    /// The last version given to any spec. Versions are never given twice by a server, and start
    /// at a random point, so a page open across a restart (or a spec that left and came back)
    /// never takes a new spec for the one it shows: both were version 1, the page kept its old
    /// picture and Copy as golden wrote the new one (hostile round 46). Below 2^53: the page's
    /// numbers are JavaScript's.
    private var lastVersion = Int.random(in: 1...(1 << 40))
    /// The paths as given: spec files and folders of them.
    private let roots: [String]
    let icons: IconAccess
    /// The custom components the specs may name.
    let components: ComponentRegistry

    /// `paths`: spec files or folders of them, as `tabsnap check` takes them; `components`: the
    /// custom layouts, buttons and indicators they may name.
    public init(paths: [String], icons: IconAccess = .specFolder, components: ComponentRegistry = .builtIn) throws {
        self.icons = icons
        self.components = components
        roots = paths
        let files = try Self.cards(of: SnapshotPlanner.specListing(in: paths))
        guard !files.isEmpty else { throw NoSpecs(description: "no spec (.yaml, .yml, .json) found in \(paths.joined(separator: ", "))") }
        var seen: [String: Listed] = [:]
        for file in files {
            if let other = seen[file.stem], !Self.isSameFile(other, file) {
                throw NoSpecs(description: Self.sameName(other, file) + "; give one of them, or their folders")
            }
            seen[file.stem] = file
        }
        _ = rescan()
    }

    /// A spec as a listing found it: its path and name, why it can be no spec (a card's error),
    /// and whether its name is not UTF-8 (its path is then the escaped form).
    typealias Listed = (path: String, stem: String, badName: String?, notUTF8: Bool)

    /// Whether two listings are one file: the same path, byte for byte (Swift takes two
    /// normalisations of one text for equal), and both names UTF-8 or neither (a name that is not
    /// is shown escaped, `n\xFF.yaml`, which a file may literally be named: round 49).
    private static func isSameFile(_ one: Listed, _ other: Listed) -> Bool {
        standardized(one.path).utf8.elementsEqual(standardized(other.path).utf8) && one.notUTF8 == other.notUTF8
    }

    /// "A and B have the same name", with how they are spelt apart when they are (two Unicode
    /// normalisations, which Swift takes for one name).
    private static func sameName(_ first: Listed, _ second: Listed) -> String {
        let spelling = first.notUTF8 != second.notUTF8 ? " (one of them is named in bytes that are not UTF-8, shown escaped)"
            : first.stem.unicodeScalars.elementsEqual(second.stem.unicodeScalars) ? "" : " (their names " + NameTwins.difference([first.stem, second.stem]) + ")"
        return "\(NameTwins.spelt(first.path)) and \(NameTwins.spelt(second.path)) have the same name '\(NameTwins.spelt(first.stem))'\(spelling)"
    }

    /// The page's cards of a listing, sorted by path: its specs, and each spec file that can be
    /// no spec (a name not UTF-8, a link to nothing, a FIFO…), shown with that error — the
    /// folder's other specs stay (hostile round 47: one such file emptied the page), and the
    /// preview starts. Other files of such names in a folder (an icon) are no cards: a spec
    /// naming one says so; a path given is a card whatever its name.
    private static func cards(of listing: (files: [(path: String, stem: String)], badNames: [SnapshotPlanner.BadName]))
        -> [Listed] {
        let specs = listing.files.map { (path: $0.path, stem: $0.stem, badName: String?.none, notUTF8: false) }
        // (And a folder that cannot be read, a link to a folder of specs: what they hide would be
        // missing from the page, and Copy as golden would not wait for it — hostile round 88.)
        let bad = listing.badNames.filter { $0.given || $0.hidesSpecs || SnapshotPlanner.isSpecPath($0.path) }
        return (specs + bad.map { (path: $0.path, stem: $0.stem, badName: Optional($0.reason), notUTF8: $0.notUTF8) }).sorted { $0.path < $1.path }
    }

    /// Every spec's name (`Entry.name`), in the order the page lists them: the paths' order as
    /// given, specs inside a folder sorted by path.
    public var names: [String] { lock.withLock { order } }

    /// The spec named `name` as last read, or nil when there is no such spec.
    public func entry(_ name: String) -> Entry? { lock.withLock { entries[name] } }

    /// Lists the folders again: specs that appeared are added (and read), specs whose files left
    /// a folder are dropped. A spec file given by itself stays, deleted or not (its card then
    /// shows the error). Returns whether the list changed.
    public func rescan() -> Bool {
        var listed: [Listed] = []
        for root in roots {
            var isFolder: ObjCBool = false
            var files: [Listed]
            if FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue {
                files = (try? SnapshotPlanner.specListing(in: [root])).map(Self.cards) ?? []
            } else {
                // Read as it is (a link to nothing is an error until its target is back).
                files = [(root, URL(fileURLWithPath: root).deletingPathExtension().lastPathComponent, nil, false)]
            }
            // A name met twice (a spec added beside one of the same name, or spelt in another
            // Unicode normalisation, which Swift takes for one name) is one card saying so: the
            // second had been dropped without a word (hostile round 48).
            for file in files {
                guard let first = listed.firstIndex(where: { $0.stem == file.stem }) else {
                    listed.append(file)
                    continue
                }
                // The same file given twice (a folder and a spec in it) is one spec; compared by
                // bytes, as Swift takes two normalisations of one text for equal.
                if Self.isSameFile(listed[first], file) { continue }
                listed[first].badName = Self.sameName(listed[first], file) + "; rename or remove one of them"
            }
        }
        let (added, changed): ([String], Bool) = lock.withLock {
            let names = listed.map(\.stem)
            var added: [String] = []
            // New names, and names now of another file (tabs.yaml renamed tabs.yml), are read afresh.
            // Each with a version of its own at once: the old one's (a page's v) must not pass for it
            // while it is read.
            for file in listed where entries[file.stem].map({ Self.standardized($0.path) != Self.standardized(file.path) || $0.badName != file.badName }) ?? true {
                lastVersion += 1
                entries[file.stem] = Entry(name: file.stem, path: file.path, document: nil, text: nil, error: file.badName ?? "not read yet",
                                           version: lastVersion, badName: file.badName)
                added.append(file.stem)
            }
            for name in order where !names.contains(name) { entries[name] = nil }
            let changed = names != order || !added.isEmpty
            order = names
            return (added, changed)
        }
        // One bound on reading unreadable specs for their names for all of them (hostile round
        // 105: 100 files of 1 MB of words, each read to its own bound, kept the page from
        // starting for 290 s).
        let budget = NameBudget()
        for name in added { reload(name, budget: budget) }
        return changed
    }

    /// Reads the spec again: a new document, or an error beside the last good one.
    @discardableResult
    public func reload(_ name: String) -> Entry? {
        reload(name, budget: NameBudget())
    }

    /// `reload(_:)`, an unreadable spec read for its names within `budget` (shared by a rescan's
    /// or a change's specs: the bound is the event's, not each file's).
    @discardableResult
    private func reload(_ name: String, budget: NameBudget) -> Entry? {
        guard let found = entry(name) else { return nil }
        // A card for a name that can be no spec (not UTF-8, two specs of one name, a folder, a
        // link to nothing or a FIFO in a folder given) says so until a rescan lists it otherwise:
        // reading it again changes nothing, and a new version for each unrelated event made the
        // page fetch it again (hostile round 50).
        if found.badName != nil { return found }
        var document: SpecDocument?
        var text: String?
        var problem: String?
        do {
            let read = try SpecLoader.text(contentsOf: URL(fileURLWithPath: found.path), displayName: found.path)
            document = try parse(read, of: found, in: nil)
            text = read
        } catch {
            problem = error.description
        }
        let named = problem == nil ? (files: [], isYAML: true, whole: true)
            : UnreadableSpecNames.reading(ofSpecAt: URL(fileURLWithPath: found.path), budget: budget)
        return lock.withLock {
            // Re-created meanwhile (`rescan`: another file, or two of one name): not this reading's.
            guard var entry = entries[name], entry.path == found.path, entry.badName == found.badName else { return entries[name] }
            if let document, let text {
                entry.document = document
                entry.text = text
            }
            entry.error = problem
            entry.namedFiles = named.files
            entry.namesCut = !named.whole
            lastVersion += 1
            entry.version = lastVersion
            entries[name] = entry
            return entry
        }
    }

    /// Reads again every spec that depends on one of `paths` (standardized absolute paths), and
    /// every spec that has an error: it may name a file that has just appeared (an icon saved
    /// after the spec that uses it), which no good version of it told the watcher about.
    public func reload(dependingOn paths: Set<String>) -> [Entry] {
        // A card for a name that can be no spec is not read again (see `reload(_:)`).
        let waiting = Set(lock.withLock { entries.values.filter { $0.error != nil && $0.badName == nil }.map(\.name) })
        let budget = NameBudget()
        return watchedFiles().compactMap { name, files in
            paths.isDisjoint(with: files.map(Self.standardized)) && !waiting.contains(name) ? nil : name
        }.sorted().filter { entry($0)?.badName == nil }.compactMap { reload($0, budget: budget) }
    }

    /// Whether one of `paths` (standardized absolute paths) is a file a card for a name that can
    /// be no spec waits on — a link's missing target in a folder given —: only a new listing
    /// makes it a spec again (it is not read again; see `reload(_:)`).
    public func cardsWaitOn(_ paths: Set<String>) -> Bool {
        let waiting = Set(lock.withLock { entries.values.filter { $0.badName != nil }.map(\.name) })
        guard !waiting.isEmpty else { return false }
        return watchedFiles().contains { name, files in waiting.contains(name) && !paths.isDisjoint(with: files.map(Self.standardized)) }
    }

    /// Every file some spec depends on, as standardized absolute paths.
    public var allWatchedFiles: Set<String> {
        Set(watchedFiles().values.joined().map(Self.standardized))
    }

    /// The folders given, and every folder inside them: where new spec files may appear.
    public var specFolders: Set<String> {
        var folders = Set<String>()
        for root in roots {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue else { continue }
            let top = URL(fileURLWithPath: root).standardizedFileURL
            folders.insert(top.path)
            let enumerator = FileManager.default.enumerator(at: top, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
            while let url = enumerator?.nextObject() as? URL {
                if (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true { folders.insert(url.standardizedFileURL.path) }
            }
        }
        return folders
    }

    /// Whether a changed path may change the list of specs: a spec file (added, removed, renamed)
    /// or a folder.
    public static func mayChangeList(_ path: String) -> Bool {
        let url = URL(fileURLWithPath: path)
        return SnapshotPlanner.specExtensions.contains(url.pathExtension.lowercased()) || url.pathExtension.isEmpty
    }

    static func standardized(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }

    /// `text` read as the entry's spec (its icons and catalogs from its folder), in `locale`.
    private func parse(_ text: String, of entry: Entry, in locale: SpecLocale?, file: String? = nil) throws(SpecError) -> SpecDocument {
        try SpecLoader.readingFiles(in: catalogs) { () throws(SpecError) in
            try SpecLoader.parseDocument(text, file: file ?? entry.path, baseDirectory: URL(fileURLWithPath: entry.path).deletingLastPathComponent(),
                                         icons: icons, components: components, locale: locale)
        }
    }

    /// The text of the entry's version (its last good document's), or why there is none.
    private func versionText(of entry: Entry) throws(SpecError) -> String {
        guard let text = entry.text else { throw SpecError(file: entry.path, line: 0, column: 0, message: entry.error ?? "not read yet") }
        return text
    }

    /// The spec read in `locale` (the page's locale control), as `tabsnap check` reads each
    /// locale of its axis: from the text of the version shown.
    func document(of entry: Entry, in locale: SpecLocale) throws(SpecError) -> SpecDocument {
        try parse(try versionText(of: entry), of: entry, in: locale)
    }

    /// The spec's text with the page's controls applied (`SpecOverrides`), as YAML: what
    /// "Copy as YAML" gives, and what a request with controls draws.
    func text(of entry: Entry, with overrides: SpecOverrides) throws(SpecError) -> String {
        // What the page's controls started from, as PreviewCatalog gives them: titles left as
        // they were keep their keys or markup.
        let start = entry.document?.bar.items.map { SpecOverrides.Item(title: $0.title ?? "", badge: $0.badge) }
        return try overrides.applied(to: try versionText(of: entry), file: entry.path, startingFrom: start)
    }

    /// The spec read with the page's controls applied, in `locale` if given; its icons and
    /// catalogs resolve from its own folder, as the file's do.
    func document(of entry: Entry, with overrides: SpecOverrides, in locale: SpecLocale?) throws(SpecError) -> SpecDocument {
        // Its lines and columns are the changed text's, as Copy as YAML shows it (hostile round
        // 34: they were given as the file's).
        try parse(try text(of: entry, with: overrides), of: entry, in: locale, file: "\(entry.path) with the controls (lines as Copy as YAML shows them)")
    }

    /// The spec files that cannot be read now, and the names that can be no spec or hide specs (a
    /// link to nothing, a folder that cannot be read: hostile round 88, as `check` counts them):
    /// while there is one, Copy as golden records over no file without Tabsnap's golden mark
    /// (`UnmarkedGoldens`).
    public func unreadableSpecs() -> [String] {
        lock.withLock { order.compactMap { entries[$0] }.filter { $0.error != nil }.map { $0.namesCut ? NameBudget.partlyRead($0.path) : $0.path } }
    }

    /// The files each spec depends on — itself, its icon files, font files and string catalogs,
    /// and what an unreadable one's text names — for the watcher.
    public func watchedFiles() -> [String: [String]] {
        let inputs = lock.withLock { entries.mapValues { [$0.path] + ($0.document?.inputFiles ?? []) + $0.namedFiles } }
        // A file that is a link is watched at its target too: an edit there (a spec linked from
        // outside the folders given) changed nothing on the page (hostile round 48). Resolved
        // outside the lock: drawings wait on it.
        return inputs.mapValues { paths in paths.flatMap(Self.withLinkTargets) }
    }

    /// `path`, and when it is a link, each path the link leads through, to its end — also when
    /// that end is missing: a link whose target was deleted is watched there, so the target
    /// put back is seen (hostile round 49: the card stayed stale, or gone, until the link itself
    /// was touched).
    static func withLinkTargets(_ path: String) -> [String] {
        var paths = [path]
        let start = URL(fileURLWithPath: path).standardizedFileURL.path
        var current = start
        for _ in 0..<16 {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { break }
            current = destination.hasPrefix("/") ? URL(fileURLWithPath: destination).standardizedFileURL.path
                : URL(fileURLWithPath: current).deletingLastPathComponent().appendingPathComponent(destination).standardizedFileURL.path
            guard current != start, !paths.contains(current) else { break }  // a loop
            paths.append(current)
        }
        // Links among its folders too (a spec folder reached through a link).
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        if resolved != start, !paths.contains(resolved) { paths.append(resolved) }
        return paths
    }
}
