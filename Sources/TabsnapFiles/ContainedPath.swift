import Foundation

/// Paths that must stay inside a folder Tabsnap manages (the goldens, the artifacts). A golden
/// arrives in a pull request, and a golden that is a symbolic link — or sits in a linked folder —
/// could make `check` read or write any file the user can reach. So a path under such a folder is
/// used only when it is no link itself and, with links in its folders resolved, still inside.
package enum ContainedPath {
    public static func check(_ url: URL, inside root: URL) throws(FileError) {
        var info = stat()
        if lstat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            throw FileError(path: url.relativePath, reason: "is a symbolic link; goldens and artifacts are never read or written through links")
        }
        let base = resolved(root)
        let resolved = resolved(url.deletingLastPathComponent())
        guard resolved == base || resolved.hasPrefix(base.hasSuffix("/") ? base : base + "/") else {
            throw FileError(path: url.relativePath, reason: "is outside \(root.relativePath) (through a symbolic link); not used")
        }
    }

    /// The path with every link in it resolved: its longest existing part by `realpath`, and the
    /// folders not made yet after it as written (they hold no links). Foundation resolves nothing
    /// in a path that does not exist whole, so a golden in a subfolder not yet made, under a
    /// snapshots folder the user named through a link, looked outside it (hostile round 16).
    package static func resolved(_ url: URL) -> String {
        var existing = url.standardizedFileURL.path
        var rest: [String] = []
        while true {
            if let real = realpath(existing, nil) {
                defer { free(real) }
                return ([String(cString: real)] + rest.reversed()).joined(separator: "/").replacingOccurrences(of: "//", with: "/")
            }
            let parent = (existing as NSString).deletingLastPathComponent
            guard parent != existing, !parent.isEmpty else { return url.standardizedFileURL.path }
            rest.append((existing as NSString).lastPathComponent)
            existing = parent
        }
    }
}
