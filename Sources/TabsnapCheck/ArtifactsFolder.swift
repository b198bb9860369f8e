import Foundation
import Tabsnap

/// The artifacts folder is Tabsnap's: failures are written into it and a passing golden's old
/// artifacts are removed from it. So it may not be the snapshots folder (a golden named like an
/// artifact — `a.diff.png` for a spec `a.diff.yaml` — would be taken for one), and an existing
/// folder may hold only what `check` writes there.
package enum ArtifactsFolder {
    static let suffixes = [".actual.png", ".diff.png", ".triptych.png", ".actual.svg", ".diff.txt"]

    /// Whether `name` is one of the artifact files `check` writes.
    static func isArtifactName(_ name: String) -> Bool {
        suffixes.contains { name.hasSuffix($0) && name.count > $0.count }
    }

    /// Throws when the folder cannot be used as the artifacts folder of `snapshots`.
    public static func check(_ artifacts: URL, snapshots: URL) throws(FileError) {
        let root = artifacts.standardizedFileURL.resolvingSymlinksInPath().path
        let goldens = snapshots.standardizedFileURL.resolvingSymlinksInPath().path
        if root == goldens || goldens.hasPrefix(root + "/") {
            throw FileError(path: artifacts.relativePath, reason: "holds the snapshots folder; artifacts need a folder of their own (the default is .tabsnap/failures)")
        }
        try OwnFolder.check(artifacts, recursive: true, contents: "artifacts") { url in
            (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true && isArtifactName(url.lastPathComponent)
        }
    }
}
