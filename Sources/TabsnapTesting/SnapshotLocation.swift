import Foundation

/// Where a test's goldens and failure artifacts live: `Snapshots/` and `.tabsnap/failures/` at
/// the root of the package the test file belongs to (the nearest folder up with a Package.swift).
public struct SnapshotLocation: Sendable {
    public var snapshots: URL
    public var artifacts: URL

    public init(snapshots: URL, artifacts: URL) {
        self.snapshots = snapshots
        self.artifacts = artifacts
    }

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
