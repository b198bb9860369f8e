import Foundation

/// What may be replaced when a command writes an output the user named: a missing path, or a
/// regular file this user may write. A read-only file, another user's file this user could not
/// write (renaming over it in a shared folder would take it over), a folder, a device or a FIFO is refused
/// (renaming over `/dev/null` as root would replace the device). Symbolic links are followed, so
/// the file they point at is the one replaced and the link stays.
package enum OutputTarget {
    /// The path to write for `url` (symbolic links resolved), or why it may not be replaced.
    public static func resolve(_ url: URL) throws(FileError) -> URL {
        let target = url.resolvingSymlinksInPath()
        var info = stat()
        guard lstat(target.path, &info) == 0 else {
            if errno == ENOENT { return target }
            throw FileError.system(url.path, "cannot write", errno: errno)
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            guard info.st_mode & 0o222 != 0 else {
                throw FileError(path: url.path, reason: "is read-only; not replacing it (make it writable or choose another output)")
            }
            // The rename would succeed wherever the folder is writable (a shared /tmp): what
            // counts is whether this user could write the file itself.
            guard access(target.path, W_OK) == 0 else {
                throw FileError(path: url.path, reason: "is not writable by you; not replacing it (choose another output)")
            }
            // Another user's file this user may write (through its group): the replacement
            // would be this user's, and the owner would lose it (hostile round 72). Root gives the
            // replacement the owner's (`StagedFile`).
            guard info.st_uid == geteuid() || geteuid() == 0 else {
                throw FileError(path: url.path, reason: "belongs to another user; replacing it would make it yours (choose another output, or ask its owner)")
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
