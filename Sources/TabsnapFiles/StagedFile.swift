import Foundation

/// A file written piece by piece under a temporary name beside its target, then moved into place
/// by `commit()`: readers see the old file or the whole new one, never a part. Dropped without a
/// commit (an error, a thrown frame), it removes itself. Write errors — a full disk, a file-size
/// limit — are thrown with the target's path. A file committed inside a folder Tabsnap keeps
/// (`Authorship.keep`) is recorded in that folder's ledger before it takes its name, so Tabsnap
/// can later prove it wrote it.
package final class StagedFile {
    public let target: URL
    /// Where the bytes go until `commit()` (another program may write there: ffmpeg does).
    public let temporary: URL
    private let descriptor: Int32
    private var closed = false
    /// The kept folder's ledger this file goes into, its path there, and the hash of what has
    /// been written (so the file need not be read back to be recorded).
    private let keeping: (ledger: Authorship, path: String)?
    private var hash = SHA256()
    private var written = 0

    /// Fails when the target may not be replaced (see `OutputTarget`) or its folder cannot be made.
    public init(target url: URL) throws(FileError) {
        // Before links are resolved: a `.tabsnap` on the way must be a real folder, and one made
        // now gets its `.gitignore` first (`StateFolder`).
        if url.lastPathComponent != ".gitignore" { try StateFolder.prepare(containing: url.deletingLastPathComponent()) }
        // In a folder Tabsnap keeps (artifacts, galleries), the name is never followed: a link
        // planted there after the folder was checked is replaced, not written through.
        let beside = Authorship.resolved(url.deletingLastPathComponent()).appendingPathComponent(url.lastPathComponent)
        if let kept = Authorship.keeping(beside) {
            var info = stat()
            if lstat(beside.path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
                throw FileError(path: url.path, reason: "is not a regular file (a link?) in a folder tabsnap keeps; not writing through it")
            }
            target = beside
            keeping = kept
        } else {
            target = try OutputTarget.resolve(url)
            keeping = nil
        }
        let folder = target.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw FileError(path: url.path, reason: "cannot create its folder")
        }
        TemporaryFiles.shared.sweepStale(in: folder)
        temporary = TemporaryName.beside(target)
        guard TemporaryFiles.shared.register(temporary) else { throw FileError(path: url.path, reason: "interrupted") }
        let mode = OutputTarget.existingMode(target) ?? 0o644
        descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else {
            let code = errno
            TemporaryFiles.shared.unregister(temporary)
            throw FileError.system(url.path, "cannot write", errno: code)
        }
        fchmod(descriptor, mode)  // the umask may have narrowed the mode a replaced file had
    }

    deinit {
        if !closed {
            close(descriptor)
            TemporaryFiles.shared.discard(temporary)
        }
    }

    public func write(_ bytes: [UInt8]) throws(FileError) {
        let code = Descriptor.writeAll(descriptor, bytes)
        if code != 0 { throw FileError.system(target.path, "cannot write", errno: code) }
        if keeping != nil {
            hash.update(bytes)
            written += bytes.count
        }
    }

    /// Flushes (when `durability` asks), closes and renames the file into place.
    public func commit(_ durability: Durability = .durable) throws(FileError) {
        closed = true
        let synced = durability == .rebuildable || fsync(descriptor) == 0 || errno == EINVAL
        let syncError = errno
        let closedOK = close(descriptor) == 0
        guard synced, closedOK else {
            TemporaryFiles.shared.discard(temporary)
            throw FileError.system(target.path, "cannot write", errno: synced ? errno : syncError)
        }
        if let (ledger, path) = keeping {
            do throws(FileError) {
                // Hashed as written; read back only when another program wrote it (ffmpeg).
                var info = stat()
                guard lstat(temporary.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                    throw FileError(path: target.path, reason: "cannot read it back")
                }
                let digest = Int(info.st_size) == written ? hash.finish() : Authorship.hash(ofFileAt: temporary)
                guard let digest else { throw FileError(path: target.path, reason: "cannot read it back") }
                // The rename that follows keeps the inode, the size and the modification time.
                try ledger.record(hash: digest, identity: Authorship.identity(info), at: path)
            } catch {
                TemporaryFiles.shared.discard(temporary)
                throw error
            }
        }
        guard rename(temporary.path, target.path) == 0 else {
            let code = errno
            TemporaryFiles.shared.discard(temporary)
            throw FileError.system(target.path, "cannot write", errno: code)
        }
        TemporaryFiles.shared.unregister(temporary)
    }
}
