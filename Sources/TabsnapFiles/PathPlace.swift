import Foundation

/// A file or folder as the kernel knows it, whatever path reaches it: its device and inode.
package struct FileNode: Hashable {
    package var device: UInt64
    package var inode: UInt64

    /// What is at `path` (links followed), nil where nothing is.
    package init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

/// Where a path leads, for asking whether one lies in a folder another names, whether or not
/// they exist yet: by path, with every link resolved (`ContainedPath.resolved`: a folder named
/// through a link, or `/proc/self/cwd`, that does not exist yet), and by the folders on the
/// way, device and inode, for a second path to one folder (a bind mount, a volume mounted
/// twice), which no path comparison sees (hostile round 138: goldens recorded inside the
/// artifacts folder named through a link to a folder not made yet, then deleted as artifacts).
package struct PathPlace {
    /// The path, links resolved as far as it exists, the rest as written.
    package let path: String
    /// The folders (and file) on `path` that exist, each with the names after it.
    private let existing: [(node: FileNode, rest: [String])]

    package init(_ path: String) {
        self.path = ContainedPath.resolved(URL(fileURLWithPath: path))
        let names = self.path.split(separator: "/").map(String.init)
        var found: [(FileNode, [String])] = []
        var prefix = ""
        if let root = FileNode(path: "/") { found.append((root, names)) }
        for (index, name) in names.enumerated() {
            prefix += "/" + name
            guard let node = FileNode(path: prefix) else { break }
            found.append((node, Array(names[(index + 1)...])))
        }
        existing = found
    }

    /// The names leading from `folder` to this path ([] when it is the folder), nil when it is
    /// not inside it by any path.
    package func names(inside folder: PathPlace) -> [String]? {
        let mine = path.split(separator: "/").map(String.init), theirs = folder.path.split(separator: "/").map(String.init)
        if mine.starts(with: theirs) { return Array(mine.dropFirst(theirs.count)) }
        // The deepest folder of `folder` that exists, met on this path by its device and inode,
        // and the rest of `folder` following it here.
        guard let (node, rest) = folder.existing.last else { return nil }
        for place in existing where place.node == node && place.rest.starts(with: rest) {
            return Array(place.rest.dropFirst(rest.count))
        }
        return nil
    }
}
