import Foundation
import TabsnapFiles
import TabsnapModel

/// A spec's font files are drawn from private copies named by their content, not from their
/// own paths. cairo keeps every font face it opened by file path for the whole process, so a font
/// edited or replaced at the same path (the preview re-renders on every save) was drawn with the
/// old file's glyphs and the new file's metrics: the wrong picture, exit 0. A copy named by its
/// SHA-256 is a new path whenever the content is new, and the same path (and cache) when not.
/// The copy is also exactly what the sandbox probed (`FontProbe`): a file swapped after the
/// probe is not the file drawn.
///
/// The copies live in one private folder (`PrivateFolder`, mode 0700) for the process, removed
/// at its exit and on Ctrl-C and SIGTERM with the other temporaries.
enum BroughtFontCopies {
    private static let lock = NSLock()
    /// Copies by the original's identity (path, device, inode, size, modification time).
    nonisolated(unsafe) private static var copies: [String: URL] = [:]
    nonisolated(unsafe) private static var folder: URL?

    /// The private copy of `file`, or nil when it cannot be read or copied (the original is then
    /// given to fontconfig, which refuses what it cannot load).
    static func copy(of file: URL) -> URL? {
        let key = FileIdentity.of(file)
        return lock.withLock { () -> URL? in
            if let known = copies[key] { return known }
            guard let bytes = try? BoundedRead.bytes(of: file, limit: Limits.fontFileBytes), let folder = privateFolder() else { return nil }
            let suffix = file.pathExtension.isEmpty ? "" : "." + file.pathExtension.lowercased()
            let copy = folder.appendingPathComponent(GLibSHA256.hex(of: bytes) + suffix)
            if !FileManager.default.fileExists(atPath: copy.path) {
                guard (try? Data(bytes).write(to: copy, options: .withoutOverwriting)) != nil else { return nil }
            }
            copies[key] = copy
            return copy
        }
    }

    private static func privateFolder() -> URL? {
        if let folder { return folder }
        guard let made = try? PrivateFolder.makeSweepingDead(prefix: "tabsnap-fonts") else { return nil }
        TemporaryFiles.shared.register(made)
        atexit { BroughtFontCopies.removeFolder() }
        folder = made
        return made
    }

    private static func removeFolder() {
        guard let folder else { return }
        TemporaryFiles.shared.discard(folder)
    }
}
