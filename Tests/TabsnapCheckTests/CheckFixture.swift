import Foundation
import Tabsnap
@testable import TabsnapCheck

/// A scratch folder with specs, goldens and artifacts, removed after the test.
final class CheckFixture {
    let root: URL
    var specs: URL { root.appendingPathComponent("specs") }
    var snapshots: URL { root.appendingPathComponent("goldens") }
    var artifacts: URL { root.appendingPathComponent("failures") }

    /// 300 pt wide, three 100 pt buttons: moving the position by 0.01 moves the indicator 1 pt.
    static let bar = """
    preset: buttonBar
    width: 300
    scale: 1
    items: [{title: One}, {title: Two, badge: 3}, {title: Three}]
    layout: {mode: fit, insets: 0, spacing: 0}
    button: {tint: "#8E8E93", selectedTint: "#007AFF"}
    indicator: {style: line, weight: medium}
    """

    init() {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-check-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func writeSpec(_ name: String, _ text: String) {
        try? Data(text.utf8).write(to: specs.appendingPathComponent(name))
    }

    func run(_ mode: RecordMode, options: ComparisonOptions = .exact, shard: Shard? = nil, prune: Bool = false) throws -> CheckReport {
        let verifier = GoldenVerifier(snapshots: snapshots, artifacts: artifacts, mode: mode, options: options)
        return try CheckRunner(specs: [specs.path], verifier: verifier, shard: shard, prune: prune, threads: 2).run()
    }

    func goldens() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: snapshots.path)) ?? []).sorted()
    }

    func exists(_ path: String?) -> Bool {
        guard let path else { return false }
        return FileManager.default.fileExists(atPath: URL(fileURLWithPath: path, relativeTo: nil).path)
    }
}
