import Foundation

/// Writes whole files so a reader never sees half of one (see `StagedFile`).
public enum AtomicFile {
    public typealias WriteError = FileError

    public static func write(_ bytes: [UInt8], to url: URL) throws(FileError) {
        let file = try StagedFile(target: url)
        try file.write(bytes)
        try file.commit()
    }
}
