import Foundation
import Tabsnap

/// What the latest `tabsnap check` runs in a folder found failing, for each goldens folder: the
/// goldens `tabsnap check --last-failed` checks again, as `pytest --last-failed` does. A run
/// updates only the goldens it checked (a `--filter` run forgets nothing else): a failed,
/// missing or erroring golden is added, any other verdict removes it.
///
/// Kept in `.tabsnap/last-run.json` under the working folder (`StateFolder`). The file is
/// Tabsnap's own: one that does not read as this format is left alone, never replaced.
public struct LastRun: Sendable, Codable, Equatable {
    /// The format's name and version, the file's first key.
    public static let currentFormat = "tabsnap-last-run/1"
    /// The format the file was written in.
    public var format = LastRun.currentFormat
    /// Failing golden names, by the goldens folder's absolute path (links resolved).
    public var failed: [String: [String]] = [:]

    /// An empty record: nothing failed.
    public init() {}

    /// The largest record read or written. A check's failures are at most its goldens' names
    /// (about 300 KB for 1 000); the record is read on every `check`, and decoding costs about
    /// 26 times the text (a crafted 32 MB one, the old cap: 840 MB and 9 s; hostile round 50).
    public static let maxBytes = 4 << 20

    /// The file, relative to the working folder.
    public static var file: URL { StateFolder.url.appendingPathComponent("last-run.json") }

    /// The record in `file`; an empty one when there is none yet.
    /// - Throws: `FileError` when the file is there but is not a record Tabsnap wrote (so it is
    ///   never replaced).
    public static func read(_ file: URL = LastRun.file) throws(FileError) -> LastRun {
        // Never through a link: the record would then be written over the link's target.
        try StateFolder.checkIsRealFolder(file.deletingLastPathComponent())
        var info = stat()
        guard lstat(file.path, &info) == 0 else { return LastRun() }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw FileError(path: file.relativePath, reason: (FolderWalk.notOwnFile(file.path) ?? "is not a regular file")
                + "; tabsnap keeps its record only in a file of its own")
        }
        // Another user's record would choose which goldens `--last-failed` checks (hostile round
        // 137: one naming only the passing golden in a shared folder made a failing check exit 0).
        // Yours, or run as root, the state folder's owner's (root's own record in a user's
        // folder is theirs: `StateFolder`).
        var folder = stat()
        let folderOwner = stat(file.deletingLastPathComponent().path, &folder) == 0 ? folder.st_uid : geteuid()
        guard info.st_uid == geteuid() || (geteuid() == 0 && info.st_uid == folderOwner) else {
            throw FileError(path: file.relativePath, reason: "belongs to another user, so it says nothing of what your checks found; remove it, or check elsewhere")
        }
        let bytes = try BoundedRead.bytes(of: file, limit: maxBytes, displayName: file.relativePath)
        guard let record = try? JSONDecoder().decode(LastRun.self, from: Data(bytes)), record.format == currentFormat else {
            throw FileError(path: file.relativePath, reason: "is not the record of failures tabsnap writes (\(currentFormat)); remove it to use --last-failed")
        }
        return record
    }

    /// The goldens of `snapshots` that failed when last checked.
    public func failing(in snapshots: URL) -> [String] {
        failed[Self.key(snapshots)] ?? []
    }

    /// Takes in a run's verdicts on the goldens of `snapshots` it checked.
    public mutating func update(with report: CheckReport, snapshots: URL) {
        var names = Set(failing(in: snapshots))
        for result in report.results where result.kind != "spec" {
            if result.status.isFailure || result.status == .error { names.insert(result.name) } else { names.remove(result.name) }
        }
        failed[Self.key(snapshots)] = names.isEmpty ? nil : names.sorted()
    }

    /// Writes the record whole (temporary file and rename), in a `StateFolder`.
    public func write(to file: URL = LastRun.file) throws(FileError) {
        try StateFolder.prepare(file.deletingLastPathComponent())
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { throw FileError(path: file.relativePath, reason: "cannot encode the record") }
        // Never a record this tabsnap would refuse to read back.
        guard data.count < Self.maxBytes else {
            throw FileError(path: file.relativePath, reason: "would be \(ByteCount(data.count)), over the \(ByteCount(Self.maxBytes)) a record may be; not written")
        }
        try AtomicFile.write([UInt8](data) + Array("\n".utf8), to: file, durability: .rebuildable)
    }

    private static func key(_ snapshots: URL) -> String {
        Authorship.resolved(snapshots).path
    }
}
