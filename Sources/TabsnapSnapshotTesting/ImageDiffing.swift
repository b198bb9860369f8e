import Foundation
import SnapshotTesting
import Tabsnap

extension Diffing where Value == RGBAImage {
    /// PNG references compared with Tabsnap's comparator (exact by default). A failure's message
    /// is the comparator's summary; the diff and the triptych are attached.
    public static func tabsnapImage(options: ComparisonOptions = .exact) -> Diffing {
        .diff(
            toData: { Data(PNGEncoder.encode($0)) },
            // An unreadable reference becomes an empty image, which then fails on its size.
            fromData: { (try? PNGDecoder.decode([UInt8]($0))) ?? RGBAImage(width: 0, height: 0) }
        ) { expected, actual in
            let comparison = ImageComparator.compare(expected: expected, actual: actual, options: options)
            guard !comparison.matches else { return nil }
            let diff = DiffImage.diff(expected: expected, actual: actual, comparison: comparison)
            let triptych = DiffImage.triptych(expected: expected, diff: diff, actual: actual)
            return ("Tabsnap: \(comparison.summary)", [
                .data(Data(PNGEncoder.encode(diff)), name: "diff.png"),
                .data(Data(PNGEncoder.encode(triptych)), name: "triptych.png"),
            ])
        }
    }
}
