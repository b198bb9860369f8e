import Foundation
import Tabsnap

/// Which goldens in the snapshots folder a run speaks for — may call orphans and `--prune` may
/// remove. A spec file given by name owns only its own goldens: its stem followed by variant
/// parts (`bar.png`, `bar.dark.p0.5@2x.png`, `bar.transition.png`), so checking one spec never
/// touches another's. A folder given to `check` is the whole suite of that snapshots folder (golden
/// names are spec paths inside it), so it also owns goldens no spec renders any more, such as a
/// deleted spec's. Hidden files and the artifacts folder are never anyone's goldens.
struct GoldenOwnership {
    /// Stems of the spec files checked.
    var stems: Set<String>
    /// Whether a folder of specs was checked.
    var coversFolder: Bool
    /// Stems of spec files beside the checked ones that were not checked: a golden that could be
    /// theirs (`bar.dark.png` is `bar`'s dark variant or `bar.dark.yaml`'s own) is nobody's here.
    var otherStems: Set<String> = []

    func owns(_ golden: String) -> Bool {
        if coversFolder { return true }
        return stems.contains { Self.isVariant(golden, of: $0) } && !otherStems.contains { Self.isVariant(golden, of: $0) }
    }

    /// Whether `name` is `stem[.theme][.direction][.textScale][.p<position>|.transition][@<scale>x].png`
    /// (or `.svg` or `.a11y.txt`, without a scale).
    static func isVariant(_ name: String, of stem: String) -> Bool {
        guard name.hasPrefix(stem), name.hasSuffix(".png") || name.hasSuffix(".svg") || name.hasSuffix(".a11y.txt") else { return false }
        var rest = Substring(name.dropFirst(stem.count).dropLast(name.hasSuffix(".a11y.txt") ? 9 : 4))
        if let at = rest.lastIndex(of: "@") {
            let scale = rest[rest.index(after: at)...]
            guard scale.hasSuffix("x"), Double(scale.dropLast()) != nil else { return false }
            rest = rest[..<at]
        }
        if rest.hasSuffix(".transition") {
            rest = rest.dropLast(".transition".count)
        } else if let dot = rest.range(of: ".p", options: .backwards), Double(rest[dot.upperBound...]) != nil {
            rest = rest[..<dot.lowerBound]
        }
        // Text scale, direction, theme: each optional, in that order from the end.
        if let size = DynamicTypeSize.allCases.first(where: { rest.hasSuffix(".\($0.rawValue)") }) {
            rest = rest.dropLast(size.rawValue.count + 1)
        } else if let dot = rest.range(of: ".t", options: .backwards), Double(rest[dot.upperBound...]) != nil {
            rest = rest[..<dot.lowerBound]
        }
        if let direction = BarDirection.allCases.first(where: { rest.hasSuffix(".\($0.rawValue)") }) {
            rest = rest.dropLast(direction.rawValue.count + 1)
        }
        if let theme = Theme.allCases.first(where: { rest == ".\($0.rawValue)" }) {
            rest = rest.dropLast(theme.rawValue.count + 1)
        }
        return rest.isEmpty
    }

    /// Every file under the snapshots folder that could be a golden (`.png`, `.svg`,
    /// `.a11y.txt`), relative to it and sorted: hidden files and folders (our temporaries among
    /// them), the artifacts folder when it lies inside, symbolic links, and what is below a mount
    /// point are left out.
    /// `notUTF8`: such files whose names are not valid UTF-8, escaped (`bar\xFF.png`), and
    /// folders of such names (`old\xFF/`, not entered): no spec renders what they hold, and
    /// Foundation's listing skipped them without a word (hostile round 46).
    /// `notFiles`: golden names on entries that are no files of their own (links, FIFOs,
    /// folders), left out of `names`.
    /// `unentered`: folders not looked into — that cannot be listed, or that neither statx nor the
    /// mount table says are no mount points: what they hold is no golden, orphan or prunable, and
    /// that is said.
    static func goldenFiles(in folder: URL, artifacts: URL) -> (names: [String], notUTF8: [String], notFiles: [String], unentered: [String]) {
        let root = folder.standardizedFileURL.resolvingSymlinksInPath().path
        let skipped = artifacts.standardizedFileURL.resolvingSymlinksInPath().path
        func outsideArtifacts(_ relative: String) -> Bool {
            let path = root + "/" + relative
            // (By bytes: a name beginning with a combining mark fails a Character prefix.)
            return !path.utf8.elementsEqual(skipped.utf8) && !path.utf8.starts(with: (skipped + "/").utf8)
        }
        // A name a golden could have, outside the artifacts folder.
        func isCandidate(_ relative: String) -> Bool {
            let lowered = relative.lowercased()
            return (lowered.hasSuffix(".png") || lowered.hasSuffix(".svg") || lowered.hasSuffix(".a11y.txt")) && outsideArtifacts(relative)
        }
        var names: [String] = [], notUTF8: [String] = [], notFiles: [String] = [], unentered: [String] = []
        // (Not through mount points: what is mounted there is another folder's, as through links.)
        for entry in FolderWalk.files(below: root, enteringMounts: false) {
            switch entry {
            case .file(let relative):
                guard isCandidate(relative) else { continue }
                // A link is no golden (goldens are never read through links), as Foundation's
                // listing left links out before; it is named under --prune.
                var info = stat()
                if lstat(root + "/" + relative, &info) == 0 {
                    if info.st_mode & S_IFMT == S_IFREG { names.append(relative) } else { notFiles.append(relative) }
                } else if errno != ENOENT {
                    // Listed, but not to be looked at by its path (past PATH_MAX): what it is is
                    // not known, and that is said (hostile round 147: "no file of its own").
                    unentered.append(relative)
                }
            case .notAFile(let relative, FolderWalk.mayBeAMountPoint) where outsideArtifacts(relative):
                unentered.append(relative)
                if isCandidate(relative) { notFiles.append(relative) }
            case .unreadable(let relative, _) where outsideArtifacts(relative):
                // A folder that cannot be listed or searched, or a name that cannot be looked at:
                // what it holds is not known, and that is said (hostile round 146: its orphans
                // went unlisted with exit 0).
                unentered.append(relative.isEmpty ? "." : relative)
                if isCandidate(relative) { notFiles.append(relative) }
            case .notAFile(let relative, _), .folder(let relative), .unreadable(let relative, _):
                // A folder, a link to nothing, a FIFO, a name that cannot be looked at: no golden
                // either (hostile round 50).
                if isCandidate(relative) { notFiles.append(relative) }
            case .notUTF8(let relative, let isFolder):
                // A folder is not entered: the goldens in it would go unseen without a word.
                if isFolder ? outsideArtifacts(relative) : isCandidate(relative) { notUTF8.append(isFolder ? relative + "/" : relative) }
            }
        }
        // (A folder mounted on once listed is named twice by the walk.)
        return (names.sorted(), notUTF8.sorted(), Array(Set(notFiles)).sorted(), unentered.sorted())
    }
}
