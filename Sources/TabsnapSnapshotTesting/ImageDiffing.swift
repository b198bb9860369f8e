import Foundation
import SnapshotTesting
import Tabsnap

extension Diffing where Value == RGBAImage {
    /// PNG references compared with Tabsnap's comparator (exact by default). A failure's message
    /// is the comparator's summary and the paths of its diff and triptych: they are attached
    /// too, but XCTest attachments go nowhere on Linux, so they are also written as files
    /// (`FailureArtifacts`), named after the test, and removed when the comparison passes again.
    public static func tabsnapImage(options: ComparisonOptions = .exact) -> Diffing {
        .diff(
            toData: { Data(PNGEncoder.encode($0)) },
            // An unreadable reference becomes an empty image, which then fails on its size.
            fromData: { (try? PNGDecoder.decode([UInt8]($0))) ?? RGBAImage(width: 0, height: 0) }
        ) { expected, actual in
            let comparison = ImageComparator.compare(expected: expected, actual: actual, options: options)
            let place = FailureArtifacts.next()
            guard !comparison.matches else {
                FailureArtifacts.removeStale(at: place)
                return nil
            }
            let diffImage = DiffImage.diff(expected: expected, actual: actual, comparison: comparison)
            let diff = PNGEncoder.encode(diffImage)
            let triptych = PNGEncoder.encode(DiffImage.triptych(expected: expected, diff: diffImage, actual: actual))
            var message = "Tabsnap: \(comparison.summary)"
            message += FailureArtifacts.write(["diff": diff, "triptych": triptych], at: place)
            return (message, [.data(Data(diff), name: "diff.png"), .data(Data(triptych), name: "triptych.png")])
        }
    }
}
