import Foundation
import Tabsnap
import TabsnapFiles

/// The files a command is about to write, checked before anything is written: each is a file
/// that may be replaced (`OutputTarget`), none is one of the command's inputs (a spec, an icon, an
/// image being compared, a report being merged), none lies inside a folder the command keeps
/// (the goldens, the artifacts), and no two name the same file. Paths are compared after
/// symbolic links are resolved, so a link cannot smuggle an input in, and files that exist by
/// device and inode too, so a second path to one folder (a bind mount, a volume mounted twice)
/// cannot either (hostile round 136: `render real/s.yaml -o view/s.yaml` replaced the spec).
struct OutputChecks {
    /// Option name and path, e.g. ("--report", "r.html").
    var outputs: [(option: String, path: String)]
    var inputs: [String] = []
    /// Folders no output may be written into, with what they hold (for the message).
    var keptFolders: [(what: String, path: String)] = []
    /// Spec folders: an output there must not be a spec file (the next run would read it).
    var specFolders: [String] = []

    func check() throws {
        var seen: [String: String] = [:], seenFiles: [FileNode: String] = [:]
        let inputPaths = Set(inputs.map(Self.canonical))
        let inputFiles = Set(inputs.compactMap(FileNode.init(path:)))
        for (option, path) in outputs {
            // (A name ending in `/`, `/.` or `/..` names a folder: `-o shots.png/` wrote the file
            // shots.png.)
            if path.hasSuffix("/") || [".", ".."].contains(path.split(separator: "/").last ?? "") {
                throw CLIError("\(option): \(path) names a folder (it ends in /, . or ..); name the file to write")
            }
            do { _ = try OutputTarget.resolve(URL(fileURLWithPath: path)) } catch { throw CLIError("\(option): \(error)") }
            let target = Self.canonical(path), file = FileNode(path: path)
            if inputPaths.contains(target) { throw CLIError("\(option): \(path) is one of the command's inputs; not replacing it") }
            if file.map(inputFiles.contains) == true {
                throw CLIError("\(option): \(path) is one of the command's inputs by another name (a hard link, or a second path to its folder such as a bind mount); not replacing it")
            }
            if let other = seen[target] ?? file.flatMap({ seenFiles[$0] }) { throw CLIError("\(option): \(path) is also \(other)'s output; give each output its own file") }
            seen[target] = option
            if let file { seenFiles[file] = option }
            let place = PathPlace(path)
            for (what, folder) in keptFolders where place.names(inside: PathPlace(folder)) != nil {
                throw CLIError("\(option): \(path) is inside the \(what) folder \(folder); write it elsewhere")
            }
            let ext = URL(fileURLWithPath: target).pathExtension.lowercased()
            if ["yaml", "yml", "json"].contains(ext), specFolders.contains(where: { place.names(inside: PathPlace($0)) != nil }) {
                throw CLIError("\(option): \(path) would be read as a spec by the next run; write it outside the spec folder")
            }
        }
    }

    /// Standard output, when it is one of `inputs` (`-o - >> spec.yaml`): the shell opened the
    /// file before tabsnap ran, so only its device and inode can say which file it is.
    static func checkStandardOutput(against inputs: [String]) throws {
        try OutputChecks(outputs: [], inputs: inputs).checkStandardOutput(option: "--output")
    }

    /// Standard output held to the rules of an output file, when the command writes there
    /// (`layout`, `--json -`) and it is a regular file: found by device and inode among the
    /// inputs and the files under the kept and spec folders (`--json - >> goldens/a.png` or
    /// `>> specs/b.yaml` wrote into what the command reads).
    func checkStandardOutput(option: String) throws {
        var out = stat()
        guard fstat(STDOUT_FILENO, &out) == 0, (out.st_mode & S_IFMT) == S_IFREG else { return }
        func isStandardOutput(_ path: String) -> Bool {
            var file = stat()
            return stat(path, &file) == 0 && file.st_dev == out.st_dev && file.st_ino == out.st_ino
        }
        if let input = inputs.first(where: isStandardOutput) {
            throw CLIError("\(option): standard output is \(input), one of the command's inputs; not writing into it")
        }
        // The path the file was opened by, as the kernel tells it: no folder need be walked
        // (`check . > log` would walk a whole tree) — unless the file has other names (hard
        // links), which only a walk finds.
        // Its path in bytes, checked by them: a name that is not UTF-8 (`snaps/bad\xFF/z.png`) made
        // a Swift string no stat could find, and the walk after it passes such names over
        // (hostile round 88: the report was appended to a file in the goldens folder).
        let opened = out.st_nlink > 1 ? nil : Self.openedPath()
        // (A table that cannot be read: the file may be mounted there, so it is looked for by inode.)
        let mountPoints = opened == nil ? [] : MountPoints.all()
        let openedIsMountPoint = opened.map { opened in mountPoints.map { $0.contains(opened) } ?? true } ?? false
        for root in keptFolders.map(\.path) + specFolders {
            // (A spec given as a file is its own root: named as given.)
            if isStandardOutput(root) { try refuse(root, option: option); continue }
            var isFolder = stat()
            guard stat(root, &isFolder) == 0, isFolder.st_mode & S_IFMT == S_IFDIR else { continue }
            var candidates: [String] = []
            if let opened {
                // (Shown with bad bytes replaced; its folder is what the rules judge.)
                if let path = Self.place(of: opened, in: root, folder: isFolder) { try refuse(path, option: option); continue }
                // A file mounted where it was opened (`mount --bind goldens/s.png log`: hostile
                // round 90) is another file's name: looked for by inode, as a hard link is. And
                // a file mounted inside the folder (`mount --bind log goldens/s.png`) is found
                // among its mount points.
                if openedIsMountPoint {
                    candidates += try Self.files(below: root, option: option, severalNames: true)
                } else {
                    let prefix = Array(Self.canonical(root).utf8) + [UInt8(ascii: "/")]
                    for point in mountPoints ?? [] where point.starts(with: prefix) {
                        var info = stat()
                        if stat(point.map { CChar(bitPattern: $0) } + [0], &info) == 0, info.st_dev == out.st_dev, info.st_ino == out.st_ino {
                            try refuse(String(decoding: point, as: UTF8.self), option: option)
                        }
                    }
                }
            } else {
                candidates += try Self.files(below: root, option: option, severalNames: out.st_nlink > 1)
            }
            guard let path = candidates.first(where: isStandardOutput) else { continue }
            try refuse(path, option: option)
        }
    }

    /// Judges standard output, found at `path`, as an output file of that path.
    private func refuse(_ path: String, option: String) throws {
        var checks = self
        checks.outputs = [(option == "standard output" ? "standard output (\(path))" : "\(option) (standard output is \(path))", path)]
        try checks.check()
    }

    /// The path standard output was opened by, in bytes, as the kernel keeps it (read without
    /// following it: a folder on the way this user may not search is no matter — round 89, a
    /// log in a private folder of the CI's); nil for a pipe or a terminal.
    private static func openedPath() -> [UInt8]? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/fd/\(STDOUT_FILENO)", &buffer, Int(PATH_MAX))
        guard count > 0, count < Int(PATH_MAX), buffer[0] == CChar(bitPattern: UInt8(ascii: "/")) else { return nil }
        return buffer[0..<count].map { UInt8(bitPattern: $0) }
    }

    /// Where `opened` is in the folder `root` (`folder` is its stat), as a path under `root`, or nil
    /// when it is not there: by its path's bytes, or by a folder on its path that is `root`
    /// reached another way — a bind mount of the goldens (hostile round 89: the report was
    /// appended to a golden through one).
    private static func place(of opened: [UInt8], in root: String, folder: stat) -> String? {
        let canonicalRoot = canonical(root)
        let prefix = Array(canonicalRoot.utf8)
        if opened == prefix || opened.starts(with: prefix + [UInt8(ascii: "/")]) { return String(decoding: opened, as: UTF8.self) }
        var end = opened.count
        while let slash = opened[..<end].lastIndex(of: UInt8(ascii: "/")), slash > 0 {
            var info = stat()
            let ancestor = opened[..<slash].map { CChar(bitPattern: $0) } + [0]
            if stat(ancestor, &info) == 0, info.st_dev == folder.st_dev, info.st_ino == folder.st_ino {
                return canonicalRoot + String(decoding: opened[slash...], as: UTF8.self)
            }
            end = slash
        }
        return nil
    }

    /// Every file below `root` a hard-linked standard output (or one whose path cannot be read)
    /// may be; a name that cannot be looked at, or is not UTF-8, leaves that unknown, so the
    /// output is refused.
    private static func files(below root: String, option: String, severalNames: Bool) throws -> [String] {
        var files: [String] = []
        for entry in FolderWalk.files(below: root, hidden: true) {
            switch entry {
            case .file(let relative):
                let path = (root as NSString).appendingPathComponent(relative)
                // (The walk opens a folder at a time and reaches paths the system takes whole
                // no more: one stat cannot look at is refused, as a name the walk could not
                // look at is: review of 14f6401.)
                var info = stat()
                if stat(path, &info) != 0, case let code = errno, code != ENOENT {
                    throw CLIError("\(option): standard output may be a file whose path cannot be read, and \(root)/\(relative) cannot be looked at "
                                   + "(\(String(cString: strerror(code)))); write to a file of one name, or elsewhere")
                }
                files.append(path)
            case .folder, .notAFile: continue
            case .notUTF8(let name, _), .unreadable(let name, _):
                let what = severalNames ? "a file of several names (hard links)" : "a file whose path cannot be read"
                throw CLIError("\(option): standard output is \(what), and \(root)/\(name) cannot be searched for it; write to a file of one "
                               + "name, or elsewhere")
            }
        }
        return files
    }

    /// The path with symbolic links resolved, as far as it exists (`ContainedPath.resolved`).
    static func canonical(_ path: String) -> String {
        ContainedPath.resolved(URL(fileURLWithPath: path))
    }
}
