import Foundation

/// Writes whole files so a reader never sees half of one (see `StagedFile`).
public enum AtomicFile {
    /// What `write(_:to:durability:)` throws: a `FileError` naming the file.
    public typealias WriteError = FileError

    /// Writes `bytes` as the file at `url`, creating its folder when missing: they go to a
    /// temporary file beside it, which is then renamed over `url`, so readers see the old file or
    /// the whole new one. A symbolic link at `url` is followed, except in a folder Tabsnap keeps,
    /// where it is refused (see `StagedFile` and `OutputTarget`).
    /// - Parameters:
    ///   - bytes: The whole file.
    ///   - url: Where it goes.
    ///   - durability: Whether it is flushed to disk before it takes the name (`.durable`, the
    ///     default) or not (`.rebuildable`).
    /// - Throws: `FileError` when `url` may not be replaced (a read-only file, a folder, a
    ///   device…), its folder cannot be made, or the write fails (a full disk).
    public static func write(_ bytes: [UInt8], to url: URL, durability: Durability = .durable) throws(FileError) {
        try StagedFile(target: url, holding: bytes).commit(durability)
    }
}

/// Whether a file written in place of another is flushed to disk before it takes the name.
/// Either way it appears whole or not at all to every reader while the system runs.
public enum Durability: Sendable {
    /// Flushed first (fsync): goldens, reports, renders — what a crash of the machine must not
    /// leave empty.
    case durable
    /// Renamed without the flush: a failing check's diff, triptych and actual, made again by
    /// the next check. Each flush cost a quarter of a millisecond of waiting, a tenth of a
    /// failing check's time. After a power loss such a file may be empty or missing, though the
    /// (durable) report names it: the next check writes it again.
    case rebuildable
}
