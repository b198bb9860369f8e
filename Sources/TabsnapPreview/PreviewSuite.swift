import Foundation
import Tabsnap
import TabsnapCheck

/// The specs a preview shows, read again when their files change. Each keeps its last good
/// document, so a bad edit shows its error beside the last picture that worked.
public final class PreviewSuite: @unchecked Sendable {
    public struct Entry: Sendable {
        /// The name the page and the URLs use (the spec's path inside the folder, without extension).
        public var name: String
        public var path: String
        /// The last document that read without error (nil until one has).
        public var document: SpecDocument?
        /// The current error, `FILE:LINE:COLUMN: message`.
        public var error: String?
        /// Bumped on every reload, so the page can tell a fresh picture from a cached one.
        public var version: Int
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private let order: [String]
    let icons: IconAccess

    /// `paths`: spec files or folders of them, as `tabsnap check` takes them.
    public init(paths: [String], icons: IconAccess = .specFolder) throws {
        self.icons = icons
        let files = try SnapshotPlanner.specFiles(in: paths)
        guard !files.isEmpty else { throw NoSpecs(description: "no spec (.yaml, .yml, .json) found in \(paths.joined(separator: ", "))") }
        order = files.map(\.stem)
        for file in files {
            entries[file.stem] = Entry(name: file.stem, path: file.path, document: nil, error: nil, version: 0)
            reload(file.stem)
        }
    }

    public struct NoSpecs: Error, CustomStringConvertible {
        public var description: String
    }

    public var names: [String] { order }

    public func entry(_ name: String) -> Entry? {
        lock.lock()
        defer { lock.unlock() }
        return entries[name]
    }

    /// Reads the spec again: a new document, or an error beside the last good one.
    @discardableResult
    public func reload(_ name: String) -> Entry? {
        guard let path = entry(name)?.path else { return nil }
        var document: SpecDocument?
        var problem: String?
        do {
            document = try SpecLoader.loadDocument(contentsOf: URL(fileURLWithPath: path), displayName: path, icons: icons)
        } catch {
            problem = error.description
        }
        lock.lock()
        defer { lock.unlock() }
        guard var entry = entries[name] else { return nil }
        if let document { entry.document = document }
        entry.error = problem
        entry.version += 1
        entries[name] = entry
        return entry
    }

    /// Reads again every spec that depends on one of `paths` (standardized absolute paths).
    public func reload(dependingOn paths: Set<String>) -> [Entry] {
        watchedFiles().compactMap { name, files in
            paths.isDisjoint(with: files.map(Self.standardized)) ? nil : name
        }.sorted().compactMap { reload($0) }
    }

    /// Every file some spec depends on, as standardized absolute paths.
    public var allWatchedFiles: Set<String> {
        Set(watchedFiles().values.joined().map(Self.standardized))
    }

    static func standardized(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }

    /// The files each spec depends on — itself, its icon files and font files — for the watcher.
    public func watchedFiles() -> [String: [String]] {
        lock.lock()
        defer { lock.unlock() }
        var files: [String: [String]] = [:]
        for (name, entry) in entries {
            let bar = entry.document?.bar
            let dependencies = (bar?.iconFiles ?? []) + (bar?.fonts.map(\.path) ?? [])
            files[name] = [entry.path] + dependencies
        }
        return files
    }
}
