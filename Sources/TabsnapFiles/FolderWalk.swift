import Foundation

/// The files below a folder, read with readdir so no name is lost: Foundation's enumerator
/// skips a name that is not valid UTF-8 without a word, and a spec skipped that way is a golden
/// nobody checks. Hidden entries (a leading dot) are passed over, folders are entered (not
/// through links), and a name that is not UTF-8 is returned as such for the caller to refuse.
package enum FolderWalk {
    package enum Entry: Equatable {
        /// A regular file (or a link to one), by its path relative to the root.
        case file(String)
        /// A name that is not valid UTF-8, shown with its bytes escaped (`bad\xFF.yaml`); a
        /// folder of such a name is not entered.
        case notUTF8(String, isFolder: Bool)
        /// A folder (entered), by its path relative to the root: a spec's name on one is no spec.
        case folder(String)
        /// Neither a file nor a folder, nor a link to a file: a link to nothing, a loop of links, a
        /// FIFO, a device or a socket, with what it is (`is a symbolic link to nothing`). Passed
        /// over without a word, a spec of such a name was a golden nobody checked, and `--prune`
        /// deleted its goldens (hostile round 49).
        case notAFile(String, what: String)
        /// A name listed that cannot be looked at (its path too long for the system, a folder not
        /// entered), or a folder that cannot be listed, with why: what it is, or holds, is unknown.
        /// Passed over, a spec whose path was 4 096 bytes long went unchecked, and `--prune`
        /// deleted its golden (hostile round 87).
        case unreadable(String, why: String)
    }

    /// What a folder not entered is, where neither the system (statx) nor the mount table says
    /// whether it is a mount point (`files(below:…)`).
    package static let mayBeAMountPoint = "may be a mount point (neither statx nor the mount table says), not entered"

    /// Every file below `root`, sorted by relative path within each folder; names starting with
    /// a dot are passed over unless `hidden`. Unless `enteringMounts`, a folder that is a mount
    /// point (another file system, or a bind mount: a second path to a folder elsewhere) is not
    /// entered, as a link to a folder is not: `--prune` deleted another project's goldens
    /// mounted inside the goldens folder (hostile round 140). A folder is a mount point when the
    /// system puts it on another mount than `root` (statx's mount id: a bind mount of the same
    /// file system has the same device, not the same mount), else (before Linux 5.8) when the
    /// mount table lists it (so too for a folder statx fails on); where neither can say, any
    /// folder may be one, and none is entered (hostile round 142); a folder gone since it was
    /// listed is passed over. (Round 145: a table bind-mounted over /proc's, well formed
    /// but another's, hid a mount inside the goldens folder from the table alone.)
    package static func files(below root: String, hidden: Bool = false, enteringMounts: Bool = true) -> [Entry] {
        var entries: [Entry] = []
        // Each folder is opened from the root's descriptor a name at a time, never through a
        // link, and what is listed is what was opened (hostile round 146: a folder swapped for a
        // link to another project's goldens between its lstat and its listing was listed as
        // ours); so a path past PATH_MAX is listed too.
        let rootDescriptor = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard rootDescriptor >= 0 else {
            if errno != ENOENT { entries.append(.unreadable("", why: String(cString: strerror(errno)))) }
            return entries
        }
        defer { close(rootDescriptor) }
        let rootMount = enteringMounts ? 0 : MountID.of(rootDescriptor)
        // (By the mount table: a btrfs subvolume has a device of its own and is no mount.) Read
        // where statx cannot say, for the root or for one folder.
        var table: (mounts: Set<[UInt8]>?, realRoot: String)?
        func isListed(_ path: String) -> Bool? {
            if table == nil {
                var realRoot = root
                if let real = realpath(root, nil) {
                    realRoot = String(cString: real)
                    free(real)
                }
                table = (MountPoints.all().map(Set.init), realRoot)
            }
            return table.flatMap { table in table.mounts.map { $0.contains(Array((table.realRoot + "/" + path).utf8)) } }
        }
        var pending = [""]
        while let relative = pending.popLast() {
            // (Each folder is opened from the root: past `deepest` names, a chain of folders made
            // to be walked would cost the square of its depth: review of 14f6401.)
            let depth = relative.utf8.split(separator: UInt8(ascii: "/")).count
            guard depth <= deepest else {
                entries.append(.unreadable(relative, why: "is nested over \(deepest) folders deep"))
                continue
            }
            let directory = openFolder(relative, in: rootDescriptor)
            guard directory >= 0, let names = rawNames(in: directory, hidden: hidden) else {
                // Gone since it was listed (an editor's probe file, another run's temporary
                // folder): nothing to miss. Anything else hides what it holds.
                let code = errno
                if directory >= 0 { close(directory) }
                if code != ENOENT { entries.append(.unreadable(relative, why: String(cString: strerror(code)))) }
                continue
            }
            defer { close(directory) }
            // (Mounted there since it was looked at: another folder's, not entered; where the
            // system does not say of what was opened, as where it cannot be asked.)
            if !relative.isEmpty, rootMount != 0, case let opened = MountID.of(directory), opened != rootMount {
                let isMount = opened != 0 ? true : isListed(relative)
                if isMount ?? true {
                    entries.append(.notAFile(relative, what: isMount == nil ? mayBeAMountPoint : "is a mount point (another file system, or a folder mounted there), not entered"))
                    continue
                }
            }
            for name in names {
                var info = stat()
                let exists = fstatat(directory, name.map { CChar(bitPattern: $0) } + [0], &info, AT_SYMLINK_NOFOLLOW) == 0
                let code = errno
                // A folder that can be listed but not searched: nothing in it can be looked at,
                // said once of the folder (review of 14f6401: each name was said alone).
                if !exists && code == EACCES {
                    entries.append(.unreadable(relative, why: "cannot be searched (\(String(cString: strerror(code))))"))
                    break
                }
                guard let text = String(validatingCString: name.map { CChar(bitPattern: $0) } + [0]) else {
                    entries.append(.notUTF8((relative.isEmpty ? "" : relative + "/") + escaped(name), isFolder: exists && info.st_mode & S_IFMT == S_IFDIR))
                    continue
                }
                let path = relative.isEmpty ? text : relative + "/" + text
                guard exists else {
                    if code != ENOENT { entries.append(.unreadable(path, why: String(cString: strerror(code)))) }
                    continue
                }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    if !enteringMounts {
                        // (A folder gone since it was listed is passed over; one statx cannot
                        // say of is looked up in the table.)
                        let mount = rootMount == 0 ? 0 : MountID.of(name, in: directory)
                        if rootMount != 0 && mount == 0 && errno == ENOENT { continue }
                        let isMount = mount != 0 ? mount != rootMount : isListed(path)
                        if isMount ?? true {
                            entries.append(.notAFile(path, what: isMount == nil ? mayBeAMountPoint
                                                     : "is a mount point (another file system, or a folder mounted there), not entered"))
                            continue
                        }
                    }
                    pending.append(path)
                    entries.append(.folder(path))
                case S_IFREG: entries.append(.file(path))
                case S_IFLNK:
                    var target = stat()
                    if fstatat(directory, name.map { CChar(bitPattern: $0) } + [0], &target, 0) == 0 {
                        // A link to a folder is not entered (links are not followed into folders).
                        if target.st_mode & S_IFMT == S_IFREG { entries.append(.file(path)) }
                        else { entries.append(.notAFile(path, what: "is a symbolic link to " + kind(of: target))) }
                    } else {
                        entries.append(.notAFile(path, what: unfollowable(errno)))
                    }
                default: entries.append(.notAFile(path, what: "is " + kind(of: info)))
                }
            }
        }
        return entries
    }

    /// What a file is, for a message: `a FIFO (a named pipe)`, `a device`, `a socket`, `a
    /// folder`, `a symbolic link` (as `lstat` sees it), `a file`.
    package static func kind(of info: stat) -> String {
        switch info.st_mode & S_IFMT {
        case S_IFIFO: return "a FIFO (a named pipe)"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        case S_IFDIR: return "a folder"
        case S_IFLNK: return "a symbolic link"
        case S_IFREG: return "a file"
        default: return "not a regular file"
        }
    }

    /// Why `path` is not a regular file (or a link to one) when it is there but is not: a link to
    /// nothing, a loop of links, a FIFO…; nil when it is a regular file, a folder, or not there.
    package static func notAFile(_ path: String) -> String? {
        switch found(at: path) {
        case .nothing: return nil
        case .unfollowable(let why): return why
        case .target(let target, let viaLink):
            let kind = target.st_mode & S_IFMT
            // Worded as the folder listing words it (`files(below:)`).
            return kind == S_IFREG || kind == S_IFDIR ? nil : (viaLink ? "is a symbolic link to " : "is ") + Self.kind(of: target)
        }
    }

    /// What `path` — found to be no regular file, as `info` says — is, worded as the folder
    /// listing words it: through a link (`is a symbolic link to a FIFO (a named pipe)`) when it
    /// is one, else as `info` says (`is a device`).
    package static func what(_ path: String, else info: stat) -> String {
        notAFile(path) ?? "is " + kind(of: info)
    }

    /// What `path` is when it is no regular file of its own — `is a symbolic link`, `is a FIFO (a
    /// named pipe)`, `is a symbolic link to nothing (…)` —; nil for a regular file or nothing.
    package static func notOwnFile(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG else { return nil }
        return what(path, else: info)
    }

    /// Why `path` cannot be a folder (the goldens, the artifacts) when something is there that is
    /// not one — a file, a FIFO, a link to nothing —, said once at the start; nil when it is a
    /// folder (or a link to one) or nothing is there.
    package static func notAFolder(_ path: String) -> String? {
        switch found(at: path) {
        case .nothing: return nil
        case .unfollowable(let why): return why
        case .target(let target, let viaLink):
            switch target.st_mode & S_IFMT {
            case S_IFDIR: return nil
            case S_IFREG: return "is a file, not a folder"
            default: return (viaLink ? "is a symbolic link to " : "is ") + kind(of: target) + ", not a folder"
            }
        }
    }

    /// What is at a path, links followed.
    private enum Found {
        case nothing
        /// A link that cannot be followed, and why (a link to nothing, a loop of links).
        case unfollowable(String)
        /// What it leads to, and whether it is a link.
        case target(stat, viaLink: Bool)
    }

    /// Why a link cannot be followed, from `stat`'s error: a loop, or a target that is missing.
    private static func unfollowable(_ code: Int32) -> String {
        code == ELOOP ? "is a loop of symbolic links" : "is a symbolic link to nothing (its target is missing)"
    }

    private static func found(at path: String) -> Found {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .nothing }
        var target = stat()
        guard stat(path, &target) == 0 else {
            return .unfollowable(unfollowable(errno))
        }
        return .target(target, viaLink: info.st_mode & S_IFMT == S_IFLNK)
    }

    /// The names in `folder` (not below it, hidden ones too, a name that is not UTF-8 escaped),
    /// sorted; nil when it cannot be listed (a folder this user may search but not read), with why.
    package static func names(in folder: String) -> Result<[String], ListingFailure> {
        guard let raw = rawNames(in: folder, hidden: true) else { return .failure(ListingFailure(reason: String(cString: strerror(errno)))) }
        return .success(raw.map { String(validatingCString: $0.map { CChar(bitPattern: $0) } + [0]) ?? escaped($0) })
    }

    /// Why a folder cannot be listed, as the system says it (`Permission denied`).
    package struct ListingFailure: Error {
        package var reason: String
    }

    /// The names in `folder` (not below it) that are not valid UTF-8, escaped (`n\xFF.ttf`),
    /// sorted: Foundation's listing turns their bad bytes into U+FFFD, and the file is then
    /// "not found" under a name it does not have (round 43, a font folder).
    package static func notUTF8Names(in folder: String) -> [String] {
        (rawNames(in: folder, hidden: false) ?? []).filter { String(validatingCString: $0.map { CChar(bitPattern: $0) } + [0]) == nil }.map(escaped)
    }

    /// The bytes of every name in `folder` (hidden ones too when `hidden`), sorted; nil when it
    /// cannot be read (`errno` says why).
    private static func rawNames(in folder: String, hidden: Bool) -> [[UInt8]]? {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        let names = rawNames(in: descriptor, hidden: hidden)
        let code = errno
        close(descriptor)
        errno = code
        return names
    }

    /// How many folders deep `files(below:)` walks at most.
    static let deepest = 256

    /// The folder at `relative` below the open folder `root`, opened a name at a time without
    /// following a link (O_NOFOLLOW); -1 with errno where it cannot be. (Split by bytes: a name
    /// beginning with a combining mark joins the "/" before it into one Character, and two names
    /// went to openat as one, the first followed if a link: review of 14f6401.)
    package static func openFolder(_ relative: String, in root: Int32) -> Int32 {
        var current = openat(root, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        for name in relative.utf8.split(separator: UInt8(ascii: "/")) where current >= 0 {
            let next = openat(current, Array(name).map { CChar(bitPattern: $0) } + [0], O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            let code = errno
            close(current)
            errno = code
            current = next
        }
        return current
    }

    /// The names in the open folder `descriptor` (left open, its own position untouched), sorted
    /// by their bytes; nil when it cannot be read (`errno` says why).
    private static func rawNames(in descriptor: Int32, hidden: Bool) -> [[UInt8]]? {
        let listed = openat(descriptor, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard listed >= 0 else { return nil }
        guard let directory = fdopendir(listed) else {
            let code = errno
            close(listed)
            errno = code
            return nil
        }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            if hidden ? (name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")]) : name.first == UInt8(ascii: ".") { continue }
            names.append(name)
        }
        return names.sorted(by: { $0.lexicographicallyPrecedes($1) })
    }

    /// The name with every byte that is not printable ASCII as `\xHH`.
    package static func escaped(_ bytes: [UInt8]) -> String {
        bytes.map { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") ? String(UnicodeScalar($0)) : String(format: "\\x%02X", $0) }.joined()
    }
}
