import Foundation

/// A file as caches key it: its path with the device, inode, size and modification time (ns)
/// behind it, so a file edited or replaced at the same path is a new key, not a stale hit.
package enum FileIdentity {
    /// The identity of the file at `url` (followed through links, as readers open it), or its
    /// path alone when it cannot be read: a verdict about a missing file is about the path.
    package static func of(_ url: URL) -> String {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return url.path }
        return "\(url.path)|\(info.st_dev)|\(info.st_ino)|\(info.st_size)|\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }
}
