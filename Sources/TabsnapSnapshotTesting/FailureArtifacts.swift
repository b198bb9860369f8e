import Foundation
import Tabsnap
import TabsnapCheck

/// Where a failing comparison's pictures go as files, and under which names.
///
/// The folder: swift-snapshot-testing's artifacts folder `SNAPSHOT_ARTIFACTS` under `tabsnap/`
/// when it is set, else the build folder of the running tests (`.build/tabsnap-artifacts/`:
/// inside the package, per checkout, never shared with another user), else this user's private
/// temporary folder (`tabsnap-artifacts-UID`, mode 0700) when the test binary is not in a SwiftPM
/// build folder. The folder is Tabsnap's as `check`'s artifacts folder is (`OwnFolder`): not a
/// link, holding only files its ledger proves Tabsnap wrote, and only those are ever removed.
///
/// The names: `<test file>/<test>.<n>.diff.png` and `.triptych.png`, where `n` counts the
/// Tabsnap comparisons of that test in this run (the first is 1), so the pictures map back to
/// the test and the assertion. When the same comparison passes later, its pictures are removed.
enum FailureArtifacts {
    /// One comparison's place: the folder and the file names' stem, relative to the root.
    struct Place {
        var relativeStem: String
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var counts: [String: Int] = [:]
    nonisolated(unsafe) private static var claimed: Result<Authorship, FileError>?

    /// The place of the next comparison of the test running now.
    static func next(test: CurrentTest? = CurrentTest.now) -> Place {
        let folder = FileNamePart.safe(test?.file ?? "unknown-test", fallback: "test")
        let stem = FileNamePart.safe(test?.test ?? "comparison", fallback: "test")
        let key = folder + "/" + stem
        let n = lock.withLock { () -> Int in
            counts[key, default: 0] += 1
            return counts[key, default: 1]
        }
        return Place(relativeStem: "\(key).\(n)")
    }

    /// Forgets the comparisons counted so far, as a new run starts from none (for tests).
    static func resetCounts() {
        lock.withLock { counts = [:] }
    }

    /// Writes the files; returns lines naming them for the failure message (a line saying why
    /// when none could be written).
    static func write(_ files: [String: [UInt8]], at place: Place) -> String {
        let ledger: Authorship
        switch root() {
        case .success(let kept): ledger = kept
        case .failure(let error): return "\n  (diff and triptych not written: artifacts folder \(error))"
        }
        let file = ledger.folder.appendingPathComponent(place.relativeStem)
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            return "\n  (diff and triptych not written: \(error.localizedDescription))"
        }
        var lines = ""
        for (label, bytes) in files.sorted(by: { $0.key < $1.key }) {
            let url = URL(fileURLWithPath: file.path + ".\(label).png")
            do {
                try AtomicFile.write(bytes, to: url, durability: .rebuildable)
                lines += "\n  \(label): \(url.path)"
            } catch {
                lines += "\n  (\(label) not written: \(error))"
            }
        }
        return lines
    }

    /// Removes an earlier failure's pictures of a comparison that passes now.
    static func removeStale(at place: Place) {
        // No folder yet: nothing of ours to remove, and none is made for a pass.
        if let folder = rootURL(), !FileManager.default.fileExists(atPath: folder.path) { return }
        guard case .success(let ledger) = root() else { return }
        for label in ["diff", "triptych"] {
            _ = ledger.removeIfWritten(place.relativeStem + ".\(label).png")
        }
    }

    /// The folder, claimed once per process.
    private static func root() -> Result<Authorship, FileError> {
        lock.withLock {
            if let claimed { return claimed }
            let result: Result<Authorship, FileError>
            if let url = rootURL() {
                result = Result { () throws(FileError) -> Authorship in
                    try OwnFolder.claim(url, recursive: true, contents: "failure pictures", kind: .artifacts)
                }
            } else {
                result = Result { () throws(FileError) -> Authorship in
                    try OwnFolder.claim(PrivateFolder.perUser("tabsnap-artifacts"), recursive: true, contents: "failure pictures", kind: .artifacts)
                }
            }
            claimed = result
            return result
        }
    }

    /// `$SNAPSHOT_ARTIFACTS/tabsnap`, else the test binary's build folder's `tabsnap-artifacts`;
    /// nil when neither applies (the private temporary folder is used then).
    static func rootURL(environment: [String: String] = ProcessInfo.processInfo.environment,
                        executable: String = "/proc/self/exe") -> URL? {
        if let folder = environment["SNAPSHOT_ARTIFACTS"], !folder.isEmpty {
            return URL(fileURLWithPath: folder, isDirectory: true).appendingPathComponent("tabsnap", isDirectory: true)
        }
        // .build/x86_64-unknown-linux-gnu/debug/PackageTests.xctest: the build folder is the
        // nearest ancestor holding SwiftPM's workspace-state.json (also under --scratch-path).
        var folder = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 where folder.path != "/" {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("workspace-state.json").path) {
                return folder.appendingPathComponent("tabsnap-artifacts", isDirectory: true)
            }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }
}
