import Foundation

/// Folders of Tabsnap's own under the shared temporary folder (`$TMPDIR`, else `/tmp`), where
/// other local users may create files too: a predictable name there could already be another
/// user's folder, or a link planted to make Tabsnap write or delete elsewhere. So a folder is
/// either made new with an unpredictable name (`mkdtemp`, mode 0700), or — when its name must
/// stay the same between runs — checked to be a real folder (not a link) that this user owns
/// and nobody else may enter.
package enum PrivateFolder {
    /// A new folder `PREFIX-XXXXXX` (random), mode 0700; the caller removes it.
    package static func make(prefix: String) throws(FileError) -> URL {
        var template = Array((temporaryRoot() + "/" + prefix + "-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) } }
        guard let made else { throw FileError.system(temporaryRoot(), "cannot create a private folder", errno: errno) }
        return URL(fileURLWithPath: String(cString: made), isDirectory: true)
    }

    /// A new folder `PREFIX-PID-XXXXXX` (`make`) that this process holds a lock on until it
    /// exits, after removing the folders of that pattern no process holds (their owner was killed
    /// outright): a folder holding copies of input (fonts) should not pile up in `$TMPDIR` after
    /// `kill -9`s. Whether a folder is in use is asked of its lock, not of its PID: a process in
    /// another PID namespace (a container sharing `/tmp`) may run under a PID that is free here.
    package static func makeSweepingDead(prefix: String) throws(FileError) -> URL {
        sweepUnlocked(prefix: prefix)
        let folder = try make(prefix: "\(prefix)-\(getpid())")
        // A shared lock, held by a descriptor kept open for the process's life: the kernel
        // releases it however the process ends.
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0, flock(descriptor, LOCK_SH) == 0 else {
            let code = errno
            if descriptor >= 0 { close(descriptor) }
            try? FileManager.default.removeItem(at: folder)
            throw FileError.system(folder.path, "cannot lock the private folder", errno: code)
        }
        lock.withLock { heldLocks.append(descriptor) }
        return folder
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var heldLocks: [Int32] = []

    /// A folder is taken for dead when an exclusive lock on it can be had at once. A folder made
    /// or changed in the last minute is left alone: its maker may not have locked it yet.
    private static func sweepUnlocked(prefix: String) {
        let root = temporaryRoot()
        let now = time(nil)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? [] where name.hasPrefix(prefix + "-") {
            let parts = name.dropFirst(prefix.count + 1).split(separator: "-")
            guard parts.count == 2, parts[1].count == 6, let pid = pid_t(parts[0]), pid > 0 else { continue }
            var info = stat()
            let path = root + "/" + name
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid(),
                  now - info.st_mtim.tv_sec > 60 else { continue }
            let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { continue }
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// `NAME-UID` under the temporary folder, made (mode 0700) if missing; refused unless it is
    /// a real folder this user owns that no one else can enter.
    package static func perUser(_ name: String) throws(FileError) -> URL {
        let path = temporaryRoot() + "/\(name)-\(getuid())"
        if mkdir(path, 0o700) != 0 && errno != EEXIST { throw FileError.system(path, "cannot create the folder", errno: errno) }
        var info = stat()
        guard lstat(path, &info) == 0 else { throw FileError.system(path, "cannot read the folder", errno: errno) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw FileError(path: path, reason: "is not a folder (a link?); tabsnap will not write through it") }
        guard info.st_uid == getuid(), info.st_mode & 0o077 == 0 else {
            throw FileError(path: path, reason: "belongs to another user or is open to others; tabsnap will not write into it")
        }
        return URL(fileURLWithPath: path, isDirectory: true)
    }

    /// `$TMPDIR` without its trailing slash, else `/tmp`.
    static func temporaryRoot() -> String {
        var root = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        while root.count > 1 && root.hasSuffix("/") { root.removeLast() }
        return root
    }
}
