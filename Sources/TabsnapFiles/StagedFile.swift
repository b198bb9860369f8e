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
    /// Where the temporary and the target are reached: inside a kept folder, the folder that
    /// holds them, opened through the kept folder's held descriptor (`HeldFolder`), and their
    /// names in it; elsewhere the working directory's `AT_FDCWD` and their whole paths.
    private let directory: Int32
    private let temporaryName: String
    private let targetName: String
    /// The kept folder's ledger this file goes into, its path there, and the hash of what has
    /// been written (so the file need not be read back to be recorded).
    private let keeping: (ledger: Authorship, path: String)?
    private var hash = SHA256()
    private var written = 0

    /// Fails when the target may not be replaced (see `OutputTarget`) or its folder cannot be made.
    public init(target url: URL) throws(FileError) {
        // Before links are resolved: a `.tabsnap` on the way must be a real folder, and one made
        // now gets its `.gitignore` first (`StateFolder`).
        // Another user's link in a shared folder is refused before anything is made through it.
        if let link = SharedFolderLinks.untrusted(on: url) { throw FileError(path: url.path, reason: SharedFolderLinks.reason(link)) }
        if url.lastPathComponent != ".gitignore" { try StateFolder.prepare(containing: url.deletingLastPathComponent()) }
        // In a folder Tabsnap keeps (artifacts, galleries), found by the path it was kept under
        // (which a concurrent process may have made a link since) or by its resolved path.
        let beside = Authorship.resolved(url.deletingLastPathComponent()).appendingPathComponent(url.lastPathComponent)
        if let kept = Authorship.keeping(url.standardizedFileURL) ?? Authorship.keeping(beside) {
            (directory, targetName) = try kept.0.held.parent(of: kept.1, creating: true)
            target = kept.0.folder.appendingPathComponent(kept.1)
            keeping = kept
            TemporaryFiles.shared.sweepStale(in: target.deletingLastPathComponent(), at: directory)
            do throws(FileError) { try Self.mayReplace(in: directory, kept: kept, target: target) } catch {
                close(directory)
                throw error
            }
        } else if let (held, relative) = HeldFolder.holding(url.standardizedFileURL) ?? HeldFolder.holding(beside) {
            // A held folder (the goldens): reached through its descriptor; the golden's owner was
            // proven by its mark before; the name is not followed.
            (directory, targetName) = try held.parent(of: relative, creating: true)
            target = held.path.appendingPathComponent(relative)
            keeping = nil
            var info = stat()
            if fstatat(directory, targetName, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT != S_IFREG {
                close(directory)
                throw FileError(path: url.path, reason: FolderWalk.what(target.path, else: info) + ", not a regular file; not replacing it")
            }
            TemporaryFiles.shared.sweepStale(in: target.deletingLastPathComponent(), at: directory)
        } else {
            target = try OutputTarget.resolve(url)
            keeping = nil
            directory = AT_FDCWD
            targetName = target.path
            do {
                try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            } catch {
                throw FileError(path: url.path, reason: "cannot create its folder")
            }
            TemporaryFiles.shared.sweepStale(in: target.deletingLastPathComponent())
        }
        temporary = TemporaryName.beside(target)
        temporaryName = directory == AT_FDCWD ? temporary.path : temporary.lastPathComponent
        guard TemporaryFiles.shared.register(temporary) else {
            if directory != AT_FDCWD { close(directory) }
            throw FileError(path: url.path, reason: "interrupted")
        }
        var existing = stat()
        let replacing = fstatat(directory, targetName, &existing, 0) == 0 && existing.st_mode & S_IFMT == S_IFREG
        // The permission bits but set-user-ID, set-group-ID and sticky (see OutputTarget.existingMode).
        let mode = replacing ? existing.st_mode & 0o777 : 0o644
        descriptor = openat(directory, temporaryName, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard descriptor >= 0 else {
            let code = errno
            TemporaryFiles.shared.unregister(temporary)
            if directory != AT_FDCWD { close(directory) }
            throw FileError.system(url.path, "cannot write", errno: code)
        }
        fchmod(descriptor, mode)  // the umask may have narrowed the mode a replaced file had
        // The replaced file's owner and group: root's replacement of another user's file, or a
        // file of a group this user is in but not first in, would otherwise change hands (a
        // user may give a file only a group of theirs; without that it keeps this user's).
        if replacing, existing.st_uid != geteuid() || existing.st_gid != getegid() {
            _ = fchown(descriptor, geteuid() == 0 ? existing.st_uid : uid_t(bitPattern: -1), existing.st_gid)
        } else if !replacing, geteuid() == 0, directory != AT_FDCWD {
            // Root's new file in a folder Tabsnap keeps or holds (artifacts, galleries, goldens)
            // is its folder's owner's, as a new frame in a frame folder is: the owner's ledger
            // vouches only for what they could remove (review of round 133: root's next run
            // refused the folder for root's own artifacts), and their goldens stay theirs.
            var folder = stat()
            if fstat(directory, &folder) == 0, folder.st_uid != 0 { _ = fchown(descriptor, folder.st_uid, folder.st_gid) }
        } else if !replacing, geteuid() == 0, target.deletingLastPathComponent().lastPathComponent == StateFolder.url.lastPathComponent {
            // Root's state in a user's `.tabsnap` (`last-run.json`) is theirs too, as the folder
            // is (`StateFolder`): their next `check` remembers its failures there (hostile round
            // 136). (This file is this run's own, reached by its descriptor.)
            var folder = stat()
            if stat(target.deletingLastPathComponent().path, &folder) == 0, folder.st_uid != 0 { _ = fchown(descriptor, folder.st_uid, folder.st_gid) }
        }
    }

    /// A staged file holding `bytes`, not yet committed: for several files that must take their
    /// names together, after all were written.
    public convenience init(target url: URL, holding bytes: [UInt8]) throws(FileError) {
        try self.init(target: url)
        try write(bytes)
    }

    /// In a kept folder, the name is never followed (a link planted there after the folder was
    /// checked is refused, not written through) and a file there is replaced only when Tabsnap
    /// wrote it.
    private static func mayReplace(in directory: Int32, kept: (ledger: Authorship, path: String), target: URL) throws(FileError) {
        var info = stat()
        guard fstatat(directory, target.lastPathComponent, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw FileError(path: target.path, reason: "is not a regular file (a link?) in a folder tabsnap keeps; not writing through it")
        }
        guard kept.ledger.wrote(kept.path) || { kept.ledger.readAgain(); return kept.ledger.wrote(kept.path) }(),
              kept.ledger.ownerAllows(info, in: directory, at: kept.path) else {
            throw FileError(path: target.path, reason: "is a file tabsnap did not write, in a folder tabsnap keeps; not replacing it")
        }
    }

    deinit {
        if !closed {
            close(descriptor)
            discardTemporary()
        }
        if directory != AT_FDCWD { close(directory) }
    }

    private func discardTemporary() {
        unlinkat(directory, temporaryName, 0)
        TemporaryFiles.shared.unregister(temporary)
    }

    public func write(_ bytes: [UInt8]) throws(FileError) {
        let code = Descriptor.writeAll(descriptor, bytes)
        if code != 0 { throw FileError.system(target.path, "cannot write", errno: code) }
        if keeping != nil {
            hash.update(bytes)
            written += bytes.count
        }
    }

    /// Flushes (when `durability` asks), closes and renames the file into place — or, inside
    /// `StagedFile.together`, flushes and closes it and leaves the rename to the group's end.
    public func commit(_ durability: Durability = .durable) throws(FileError) {
        try flush(durability)
        if let group = CommitGroup.current {
            group.pending.append(self)
        } else {
            try takeName()
        }
    }

    /// Runs `body`, and the files committed in it on this thread take their names when it has
    /// returned, together: a writer that renames its file as it finishes (an animation) and the
    /// file written after it (its contact sheet) both appear or neither does — a full disk at the
    /// second left the first new (hostile round 80). When `body` throws, or a file cannot be
    /// named, the files not yet named are removed. Groups inside groups are the outer one.
    package static func together<T>(_ body: () throws -> T) throws -> T {
        if CommitGroup.current != nil { return try body() }
        let group = CommitGroup()
        CommitGroup.current = group
        defer { CommitGroup.current = nil }
        let result: T
        do {
            result = try body()
        } catch {
            group.discard()
            throw error
        }
        try group.takeNames()
        return result
    }

    /// Files flushed and closed, waiting for their names until a `together` body has returned.
    private final class CommitGroup {
        var pending: [StagedFile] = []
        private static let key = "tabsnap.StagedFile.CommitGroup"

        /// The group of this thread's `together`, if any.
        static var current: CommitGroup? {
            get { Thread.current.threadDictionary[key] as? CommitGroup }
            set { Thread.current.threadDictionary[key] = newValue }
        }

        /// Every file checked first (a read-only target refuses before any is named), then named
        /// in the order committed.
        func takeNames() throws(FileError) {
            defer { discard() }
            for file in pending { try file.mayTakeName() }
            while !pending.isEmpty {
                let file = pending.removeFirst()
                try file.takeName()
            }
        }

        func discard() {
            for file in pending { file.discardTemporary() }
            pending.removeAll()
        }
    }

    /// Flushes (when `durability` asks) and closes the temporary; on failure it is removed.
    private func flush(_ durability: Durability) throws(FileError) {
        closed = true
        let synced = durability == .rebuildable || fsync(descriptor) == 0 || errno == EINVAL
        let syncError = errno
        let closedOK = close(descriptor) == 0
        guard synced, closedOK else {
            discardTemporary()
            throw FileError.system(target.path, "cannot write", errno: synced ? errno : syncError)
        }
    }

    /// Records (in a kept folder) and renames the flushed temporary into place; on failure it is
    /// removed.
    private func takeName() throws(FileError) {
        if let (ledger, path) = keeping {
            do throws(FileError) {
                // Hashed as written; read back only when another program wrote it (ffmpeg).
                var info = stat()
                guard fstatat(directory, temporaryName, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFREG else {
                    throw FileError(path: target.path, reason: "cannot read it back")
                }
                let digest = Int(info.st_size) == written ? hash.finish() : readBackHash()
                guard let digest else { throw FileError(path: target.path, reason: "cannot read it back") }
                // The rename keeps the inode, the size and the modification time.
                try ledger.record(hash: digest, identity: Authorship.identity(info), at: path, naming: rename)
            } catch {
                discardTemporary()
                throw error
            }
        } else {
            do throws(FileError) { try rename() } catch {
                discardTemporary()
                throw error
            }
        }
        TemporaryFiles.shared.unregister(temporary)
    }

    /// Throws when the target is a file not this user's to replace (`OutputTarget.Protection`):
    /// read-only (hostile round 77: `check --record all` and the preview's Copy as golden replaced
    /// one at a golden's name, where `render -o` refused it), one this user could not write, or
    /// another user's (round 128: renamed over in a folder this user may write, root's golden
    /// became this user's). The same rule as `-o` and `--prune`.
    private func mayTakeName() throws(FileError) {
        var existing = stat()
        guard fstatat(directory, targetName, &existing, AT_SYMLINK_NOFOLLOW) == 0, existing.st_mode & S_IFMT == S_IFREG else { return }
        if let protection = OutputTarget.protection(of: existing, writable: faccessat(directory, targetName, W_OK, 0) == 0) {
            throw FileError(path: target.path, reason: protection.reason("replacing", "make it writable or choose another output", "choose another output"))
        }
    }

    /// Gives the temporary its name — never over a read-only file (`mayTakeName`).
    private func rename() throws(FileError) {
        try mayTakeName()
        guard renameat(directory, temporaryName, directory, targetName) == 0 else {
            let code = errno
            throw FileError.system(target.path, "cannot write", errno: code)
        }
    }

    /// The SHA-256 of the temporary as it is now (another program wrote it).
    private func readBackHash() -> String? {
        let file = openat(directory, temporaryName, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else { return nil }
        defer { close(file) }
        return Authorship.hash(of: file)
    }
}
