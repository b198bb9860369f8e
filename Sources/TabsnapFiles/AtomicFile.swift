import Foundation

/// Writes whole files so a reader never sees half of one (see `StagedFile`).
public enum AtomicFile {
    public typealias WriteError = FileError

    public static func write(_ bytes: [UInt8], to url: URL, durability: Durability = .durable) throws(FileError) {
        let file = try StagedFile(target: url)
        try file.write(bytes)
        try file.commit(durability)
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
