import Foundation

/// Symbolic links Tabsnap follows on the way to what it writes, as Linux's
/// `fs.protected_symlinks` follows them: in a folder anyone may write with the sticky bit (like
/// /tmp), only a link of the running user's own or of the folder's owner. Another user's link
/// there chooses what the write replaces: hostile round 133 had `render -o /tmp/out.png` replace
/// the user's own file, and root's a root file, through a link another user planted, and a
/// link to a folder in the path led `-o shared/d/index.png` into any folder. The kernel's
/// switch does not help, as Tabsnap resolves links itself (and it may be off).
package enum SharedFolderLinks {
    /// The first link on the way to `url` (its last name included) that another user put in a
    /// sticky folder anyone may write, nil when there is none. Links are followed as the kernel
    /// follows them (`..` after a link leaves its target); past a name that does not exist there
    /// is nothing to follow.
    package static func untrusted(on url: URL) -> String? {
        var reached = "/"
        var pending = Array(url.standardizedFileURL.path.split(separator: "/").map(String.init))
        var links = 0
        while !pending.isEmpty {
            let part = pending.removeFirst()
            if part.isEmpty || part == "." { continue }
            if part == ".." {
                reached = (reached as NSString).deletingLastPathComponent
                continue
            }
            let path = reached == "/" ? "/" + part : reached + "/" + part
            var info = stat()
            guard lstat(path, &info) == 0 else { return nil }
            guard info.st_mode & S_IFMT == S_IFLNK else {
                reached = path
                continue
            }
            links += 1
            var folder = stat()
            guard links <= 40, lstat(reached, &folder) == 0 else { return nil }  // a loop: refused where it is opened
            let shared = folder.st_mode & mode_t(S_ISVTX) != 0 && folder.st_mode & 0o002 != 0
            if shared, info.st_uid != geteuid(), info.st_uid != folder.st_uid { return path }
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) else { return nil }
            if target.hasPrefix("/") { reached = "/" }
            pending = target.split(separator: "/").map(String.init) + pending
        }
        return nil
    }

    /// The one-line reason a write refuses the path through `link`.
    package static func reason(_ link: String) -> String {
        "leads through \(link), a symbolic link another user put in a folder anyone may write (sticky, like /tmp); "
            + "tabsnap follows only your own links there, or the folder owner's: name the file itself"
    }
}
