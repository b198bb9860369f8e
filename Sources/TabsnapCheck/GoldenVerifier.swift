import Foundation
import Tabsnap

/// Paths of the files written for a golden that did not match (relative as given).
public struct ArtifactPaths: Sendable, Codable, Equatable {
    public var actual: String?
    public var diff: String?
    public var triptych: String?

    public init(actual: String? = nil, diff: String? = nil, triptych: String? = nil) {
        self.actual = actual
        self.diff = diff
        self.triptych = triptych
    }
}

/// The verdict on one golden.
public struct Verification: Sendable {
    public var status: SnapshotStatus
    public var message: String
    public var comparison: SnapshotComparison?
    public var artifacts: ArtifactPaths
    public var golden: URL
}

/// Checks one render against its golden: compares, records as the mode says, and writes the
/// actual image, the diff and the triptych into the artifacts folder when they differ. The one
/// place where golden files are written, shared by `tabsnap check` and the Swift assertions.
public struct GoldenVerifier: Sendable {
    public var snapshots: URL
    public var artifacts: URL
    public var mode: RecordMode
    public var options: ComparisonOptions

    public init(snapshots: URL, artifacts: URL, mode: RecordMode, options: ComparisonOptions = .exact) {
        self.snapshots = snapshots
        self.artifacts = artifacts
        self.mode = mode
        self.options = options
    }

    public func verify(_ actual: APNGDecoder.Animation, name: String) -> Verification {
        let golden = snapshots.appendingPathComponent(name)
        var result = Verification(status: .passed, message: "", comparison: nil, artifacts: ArtifactPaths(), golden: golden)
        removeStaleArtifacts(of: name)
        do {
            guard FileManager.default.fileExists(atPath: golden.path) else {
                if mode == .never {
                    result.status = .missing
                    result.artifacts.actual = try write(actual.frames, artifact: name, suffix: "actual")
                    result.message = "no golden at \(golden.relativePath) (record mode never: nothing recorded)"
                } else {
                    try SnapshotComparison.write(actual.frames, to: golden)
                    result.status = .new
                    result.message = "recorded new golden \(golden.relativePath)"
                }
                return result
            }
            let expected: APNGDecoder.Animation
            do {
                expected = try SnapshotComparison.load(golden, displayName: golden.relativePath)
            } catch {
                // Record mode all rewrites every golden anyway: an unreadable one is replaced too.
                guard mode == .all else {
                    result.status = .error
                    result.message = error.description
                    return result
                }
                try SnapshotComparison.write(actual.frames, to: golden)
                result.status = .recorded
                result.message = "re-recorded \(golden.relativePath) (was unreadable: \(error.reason))"
                return result
            }
            let comparison = SnapshotComparison.compare(expected: expected, actual: actual, options: options)
            result.comparison = comparison
            result.message = comparison.summary
            let identical = if case .image(let image, _, _) = comparison { image.isIdentical } else { comparison.matches && comparison.maxDeltaE == 0 }
            if comparison.matches && (mode != .all || identical) { return result }
            if !comparison.matches {
                let pictures = comparison.diffAndTriptychFrames()
                result.artifacts.diff = try write(pictures.diff, artifact: name, suffix: "diff")
                result.artifacts.triptych = try write(pictures.triptych, artifact: name, suffix: "triptych")
            }
            if mode == .all || mode == .failed {
                try SnapshotComparison.write(actual.frames, to: golden)
                result.status = .recorded
                result.message = "re-recorded \(golden.relativePath) (was: \(comparison.summary))"
            } else {
                result.artifacts.actual = try write(actual.frames, artifact: name, suffix: "actual")
                result.status = .failed
            }
        } catch {
            result.status = .error
            result.message = "\(error)"
        }
        return result
    }

    /// `name.png` → `<artifacts>/name.<suffix>.png`
    func artifactURL(_ name: String, suffix: String) -> URL {
        let base = name.hasSuffix(".png") ? String(name.dropLast(4)) : name
        return artifacts.appendingPathComponent("\(base).\(suffix).png")
    }

    private func write(_ frames: [APNGDecoder.Frame], artifact name: String, suffix: String) throws -> String {
        let url = artifactURL(name, suffix: suffix)
        try SnapshotComparison.write(frames, to: url)
        return url.relativePath
    }

    /// Artifacts from an earlier run would describe a failure that may be gone.
    private func removeStaleArtifacts(of name: String) {
        for suffix in ["actual", "diff", "triptych"] {
            try? FileManager.default.removeItem(at: artifactURL(name, suffix: suffix))
        }
    }
}
