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
        let base = root.standardizedFileURL.resolvingSymlinksInPath().path
        let resolved = url.deletingLastPathComponent().standardizedFileURL.resolvingSymlinksInPath().path
        guard resolved == base || resolved.hasPrefix(base.hasSuffix("/") ? base : base + "/") else {
            throw FileError(path: url.relativePath, reason: "is outside \(root.relativePath) (through a symbolic link); not used")
        }
    }
}
