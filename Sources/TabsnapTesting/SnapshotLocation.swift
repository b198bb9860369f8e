import Foundation

/// Where a test's goldens and failure artifacts live: `Snapshots/` and `.tabsnap/failures/` at
/// the root of the package the test file belongs to (the nearest folder up with a Package.swift).
public struct SnapshotLocation: Sendable {
    /// The goldens folder: a golden named `NAME` is `NAME.png` in it.
    public var snapshots: URL
    /// Where a failing assertion writes the actual image, the diff and the triptych. It must not
    /// be the goldens folder or inside it, nor a symbolic link, and may hold only files Tabsnap
    /// wrote (`tabsnap check`'s rules for its artifacts folder).
    public var artifacts: URL

    /// A location with the given goldens and artifacts folders, for a layout other than
    /// `package(containing:)`'s.
    public init(snapshots: URL, artifacts: URL) {
        self.snapshots = snapshots
        self.artifacts = artifacts
    }

    /// `Snapshots/` and `.tabsnap/failures/` in the package holding `filePath` (pass `#filePath`):
    /// the nearest folder up from the file with a Package.swift, or the file's own folder when
    /// none has one.
    public static func package(containing filePath: StaticString) -> SnapshotLocation {
        let file = URL(fileURLWithPath: "\(filePath)")
        var folder = file.deletingLastPathComponent()
        while folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { break }
            folder = folder.deletingLastPathComponent()
        }
        if folder.path == "/" { folder = file.deletingLastPathComponent() }
        return SnapshotLocation(snapshots: folder.appendingPathComponent("Snapshots"),
                                artifacts: folder.appendingPathComponent(".tabsnap/failures"))
    }
}
