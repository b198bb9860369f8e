import Foundation

/// Symbolic links Tabsnap follows on the way to what it writes, as Linux's
/// `fs.protected_symlinks` follows them: in a folder anyone may write with the sticky bit (like
/// /tmp), only a link of the running user's own or of the folder's owner. Another user's link
/// there chooses what the write replaces: hostile round 133 had `render -o /tmp/out.png` replace
/// the user's own file, and root's a root file, through a link another user planted, and a
/// link to a folder in the path led `-o shared/d/index.png` into any folder. The kernel's
/// switch does not help, as Tabsnap resolves links itself (and it may be off).
package enum SharedFolderLinks {
    /// Where `url` leads, links resolved as the kernel resolves them (past a name that does not
    /// exist, the rest as written), or the first link on the way (its last name included) that
    /// another user put in a sticky folder anyone may write. One walk both judges and resolves:
    /// judged in one walk and resolved in another, a link put in place between the two was
    /// followed unjudged (review of round 133). `..` is read as written, before any link, as
    /// `URL.standardizedFileURL` reads it.
    package static func walk(_ url: URL) -> Result<URL, Untrusted> {
        var reached = "/"
        var pending = Array(url.standardizedFileURL.path.split(separator: "/").map(String.init))
        var links = 0
        /// What is reached, and the names still to walk as they are written.
        func rest() -> URL {
            URL(fileURLWithPath: pending.filter { !$0.isEmpty && $0 != "." }.reduce(reached) { $0 == "/" ? "/" + $1 : $0 + "/" + $1 })
        }
        while !pending.isEmpty {
            let part = pending.removeFirst()
            if part.isEmpty || part == "." { continue }
            if part == ".." {
                reached = (reached as NSString).deletingLastPathComponent
                continue
            }
            let path = reached == "/" ? "/" + part : reached + "/" + part
            var info = stat()
            guard lstat(path, &info) == 0 else {
                pending.insert(part, at: 0)
                return .success(rest())
            }
            guard info.st_mode & S_IFMT == S_IFLNK else {
                reached = path
                continue
            }
            links += 1
            var folder = stat()
            // A loop (or a folder gone meanwhile): left to the open, which names it.
            guard links <= 40, lstat(reached, &folder) == 0 else {
                pending.insert(part, at: 0)
                return .success(rest())
            }
            let shared = folder.st_mode & mode_t(S_ISVTX) != 0 && folder.st_mode & 0o002 != 0
            if shared, info.st_uid != geteuid(), info.st_uid != folder.st_uid { return .failure(Untrusted(link: path)) }
            // A link to nothing stays as named: the writer refuses it as that.
            var followed = stat()
            guard stat(path, &followed) == 0 else {
                pending.insert(part, at: 0)
                return .success(rest())
            }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(path, &buffer, buffer.count - 1)
            guard count > 0 else {
                pending.insert(part, at: 0)
                return .success(rest())
            }
            // (A target that is not UTF-8 is left to the open, through the link as named.)
            guard let target = String(validating: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) else {
                pending.insert(part, at: 0)
                return .success(rest())
            }
            if target.hasPrefix("/") { reached = "/" }
            pending = target.split(separator: "/").map(String.init) + pending
        }
        return .success(URL(fileURLWithPath: reached))
    }

    /// A link another user put in a shared sticky folder, on the way to a path.
    package struct Untrusted: Error {
        /// The link's path.
        package var link: String
    }

    /// The first such link on the way to `url`, nil when there is none (`walk`).
    package static func untrusted(on url: URL) -> String? {
        if case .failure(let found) = walk(url) { return found.link }
        return nil
    }

    /// The one-line reason a write refuses the path through `link`.
    package static func reason(_ link: String) -> String {
        "leads through \(link), a symbolic link another user put in a folder anyone may write (sticky, like /tmp); "
            + "tabsnap follows only your own links there, or the folder owner's: name the file itself"
    }
}
