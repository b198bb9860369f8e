import Foundation
import TabsnapCheck

/// The golden's name when an assertion gives none, as swift-snapshot-testing names its own:
/// after the test file and the test (`BarTests.testHome`), then `.2`, `.3` … for the second and
/// later unnamed assertions of the same test in one run. Characters a file name should not carry
/// become `-`.
enum DefaultSnapshotName {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var counts: [String: Int] = [:]

    /// The next name for an unnamed assertion in `testName` (`#function`: `testHome()`, or a
    /// Swift Testing function's `home()`) of the file `fileID` (`Module/BarTests.swift`).
    static func next(fileID: String, testName: String) -> String {
        let base = name(fileID: fileID, testName: testName)
        let count = lock.withLock { () -> Int in
            counts[base, default: 0] += 1
            return counts[base, default: 1]
        }
        return count == 1 ? base : "\(base).\(count)"
    }

    /// `File.test`, without the counter.
    static func name(fileID: String, testName: String) -> String {
        let file = String(fileID.split(separator: "/").last ?? Substring(fileID)).replacingOccurrences(of: ".swift", with: "")
        return FileNamePart.safe(file, fallback: "snapshot") + "." + FileNamePart.safe(test(testName), fallback: "snapshot")
    }

    /// The test's name without its parameter list (`testHome()` → `testHome`).
    static func test(_ testName: String) -> String {
        String(testName.prefix { $0 != "(" })
    }
}
