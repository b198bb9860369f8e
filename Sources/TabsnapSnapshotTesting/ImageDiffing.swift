import Foundation
import SnapshotTesting
import Tabsnap

extension Diffing where Value == RGBAImage {
    /// PNG references compared with Tabsnap's comparator (exact by default). A failure's message
    /// is the comparator's summary and the paths of its diff and triptych: they are attached
    /// too, but XCTest attachments go nowhere on Linux, so they are also written as files
    /// (`FailureArtifacts`).
    public static func tabsnapImage(options: ComparisonOptions = .exact) -> Diffing {
        .diff(
            toData: { Data(PNGEncoder.encode($0)) },
            // An unreadable reference becomes an empty image, which then fails on its size.
            fromData: { (try? PNGDecoder.decode([UInt8]($0))) ?? RGBAImage(width: 0, height: 0) }
        ) { expected, actual in
            let comparison = ImageComparator.compare(expected: expected, actual: actual, options: options)
            guard !comparison.matches else { return nil }
            let diffImage = DiffImage.diff(expected: expected, actual: actual, comparison: comparison)
            let diff = PNGEncoder.encode(diffImage)
            let triptych = PNGEncoder.encode(DiffImage.triptych(expected: expected, diff: diffImage, actual: actual))
            var message = "Tabsnap: \(comparison.summary)"
            message += FailureArtifacts.write(["diff": diff, "triptych": triptych], for: expected, actual)
            return (message, [.data(Data(diff), name: "diff.png"), .data(Data(triptych), name: "triptych.png")])
        }
    }
}

/// Where a failing comparison's pictures go as files: swift-snapshot-testing's own artifacts
/// folder `SNAPSHOT_ARTIFACTS` under `tabsnap/`, else this user's private folder under the
/// temporary folder (`tabsnap-artifacts-UID`, mode 0700: a shared `/tmp/tabsnap` could be another
/// user's, or a link), named by a hash of the pair so reruns replace their own files.
enum FailureArtifacts {
    /// Writes the files; returns lines naming them for the failure message ("" if none could be written).
    static func write(_ files: [String: [UInt8]], for expected: RGBAImage, _ actual: RGBAImage,
                      environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let folder: URL
        if let root = environment["SNAPSHOT_ARTIFACTS"] {
            folder = URL(fileURLWithPath: root).appendingPathComponent("tabsnap")
        } else if let own = try? PrivateFolder.perUser("tabsnap-artifacts") {
            folder = own
        } else {
            return ""
        }
        let key = String(fnv1a([expected.pixels, actual.pixels, [UInt8]("\(expected.width)x\(actual.width)".utf8)]), radix: 16)
        var lines = ""
        for (label, bytes) in files.sorted(by: { $0.key < $1.key }) {
            let url = folder.appendingPathComponent("\(key)-\(label).png")
            guard (try? AtomicFile.write(bytes, to: url)) != nil else { continue }
            lines += "\n  \(label): \(url.path)"
        }
        return lines
    }

    /// FNV-1a, 64 bits: the same on every run and machine (Swift's Hasher is seeded per process).
    static func fnv1a(_ parts: [[UInt8]]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in parts {
            for byte in part { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        }
        return hash
    }
}
