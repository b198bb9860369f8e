import Foundation
import Tabsnap

/// The artifacts folder is Tabsnap's: failures are written into it and a passing golden's old
/// artifacts are removed from it. So it may not be the snapshots folder (a golden named like an
/// artifact — `a.diff.png` for a spec `a.diff.yaml` — would be taken for one), nor inside it but
/// in a hidden folder (its pictures would be taken for goldens), it may not be a
/// symbolic link (deleting through it would delete in the link's target), and an existing
/// folder may hold only files Tabsnap can prove it wrote there (`Authorship`: their content, not
/// their names).
package enum ArtifactsFolder {
    /// Throws when the folder cannot be used as the artifacts folder of `snapshots`.
    public static func check(_ artifacts: URL, snapshots: URL) throws(FileError) {
        // Inside `.tabsnap` (the default): the state folder must be a real folder, and made with
        // its `.gitignore` when it is not there yet.
        try StateFolder.prepare(containing: artifacts)
        var info = stat()
        if lstat(artifacts.path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            throw FileError(path: artifacts.relativePath, reason: "is a symbolic link; artifacts go into a real folder (tabsnap deletes old artifacts in it)")
        }
        // (By path with every link resolved, and by device and inode: `PathPlace`.)
        let root = PathPlace(artifacts.path), goldens = PathPlace(snapshots.path)
        if goldens.names(inside: root) != nil {
            throw FileError(path: artifacts.relativePath, reason: "holds the snapshots folder; artifacts need a folder of their own (the default is .tabsnap/failures)")
        }
        // Inside it, only in a hidden folder, which every run leaves out of the goldens: in
        // another, the next run not naming it took its pictures for goldens no spec renders
        // (hostile round 134).
        if let names = root.names(inside: goldens), !names.contains(where: { $0.hasPrefix(".") }) {
            throw FileError(path: artifacts.relativePath, reason: "is inside the snapshots folder, where later runs would take its pictures for goldens; "
                            + "put artifacts outside it (the default is .tabsnap/failures), or in a hidden folder there")
        }
        try OwnFolder.claim(artifacts, recursive: true, contents: "artifacts", kind: .artifacts)
    }

    /// When the artifacts folder's path no longer leads to the folder held since the check
    /// began — it (or a parent) was moved away, or something was put in its place — the
    /// artifacts went into the held folder, wherever it is now, and the report's paths do not
    /// lead to them (hostile round 41): a line saying where they are. nil when the path still
    /// leads there.
    static func movedAway(_ artifacts: URL) -> String? {
        Authorship.keep(artifacts).held.movedAwayReason(from: artifacts, holding: "this run's artifacts").map {
            "\(artifacts.relativePath): \($0), not where the report's paths lead"
        }
    }
}
