import Foundation

/// What may be replaced when a command writes an output the user named: a missing path, or a
/// regular file this user may write. A read-only file, another user's file this user could not
/// write (renaming over it in a shared folder would take it over), a folder, a device or a FIFO is refused
/// (renaming over `/dev/null` as root would replace the device). Symbolic links are followed, so
/// the file they point at is the one replaced and the link stays — but not another user's link
/// in a shared sticky folder (`SharedFolderLinks`).
package enum OutputTarget {
    /// Why a regular file is not this user's to replace or remove, nil when it is. The rename
    /// or unlink would succeed wherever the folder is writable (a shared /tmp): what counts is
    /// the file itself.
    package enum Protection {
        /// No write permission for anyone: its owner protected it.
        case readOnly
        /// This user could not write the file itself.
        case notWritable
        /// Another user's file this user may write (through its group): a replacement would be
        /// this user's, and the owner would lose it (hostile round 72). Root gives the
        /// replacement the owner's (`StagedFile`).
        case anotherUsers

        /// The one-line reason, for `doing` ("replacing", "removing") and what to do instead.
        package func reason(_ doing: String, _ readOnlyAdvice: String, _ otherAdvice: String) -> String {
            switch self {
            case .readOnly: return "is read-only; not \(doing) it (\(readOnlyAdvice))"
            case .notWritable: return "is not writable by you; not \(doing) it (\(otherAdvice))"
            case .anotherUsers:
                return "belongs to another user; " + (doing == "replacing" ? "replacing it would make it yours" : "not \(doing) it") + " (\(otherAdvice), or ask its owner)"
            }
        }
    }

    /// The protection of a regular file with status `info`, which this user may write or not
    /// (`access`/`faccessat` with `W_OK`).
    package static func protection(of info: stat, writable: Bool) -> Protection? {
        if info.st_mode & 0o222 == 0 { return .readOnly }
        if !writable { return .notWritable }
        if info.st_uid != geteuid() && geteuid() != 0 { return .anotherUsers }
        return nil
    }

    /// Why the golden `info` may not be removed, or nil: as it may not be replaced
    /// (`protection(of:writable:)`), and, run as root, when it is neither root's nor the owner's
    /// of the goldens folder (`goldensOwner`; nil: unknown, and only root's is removed) — not of
    /// its own subfolder, which a third user may have made (review). A replacement keeps its
    /// owner's file theirs; a removal keeps nothing, and root's `--prune` deleted a third user's
    /// golden in a user's 777 goldens folder, which that user's own run refused (hostile round 138).
    package static func removalProtection(of info: stat, goldensOwner: uid_t?, writable: Bool) -> Protection? {
        if let protection = protection(of: info, writable: writable) { return protection }
        if geteuid() == 0, info.st_uid != 0, info.st_uid != goldensOwner { return .anotherUsers }
        return nil
    }

    /// The path to write for `url` (symbolic links resolved), or why it may not be replaced.
    public static func resolve(_ url: URL) throws(FileError) -> URL {
        let target: URL
        switch SharedFolderLinks.walk(url) {
        case .success(let resolved): target = resolved
        case .failure(let found): throw FileError(path: url.path, reason: SharedFolderLinks.reason(found.link))
        }
        var info = stat()
        guard lstat(target.path, &info) == 0 else {
            if errno == ENOENT { return target }
            throw FileError.system(url.path, "cannot write", errno: errno)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            if let protection = protection(of: info, writable: access(target.path, W_OK) == 0) {
                throw FileError(path: url.path, reason: protection.reason("replacing", "make it writable or choose another output", "choose another output"))
            }
            return target
        case S_IFDIR:
            throw FileError(path: url.path, reason: "is a folder; expected a file name")
        default:
            // A link here could not be followed (to nothing, a loop): said as every command says it.
            throw FileError(path: url.path, reason: FolderWalk.what(url.path, else: info) + ", not a regular file; not replacing it")
        }
    }
}
