import Foundation
import Tabsnap

/// Whose a PNG golden is, marked in the file (`PNGTextMark`, keyword `Tabsnap golden`): a spec's,
/// compared by `tabsnap check` and the preview, or a Swift test's, compared by
/// `assertTabBarSnapshot`. The two may share a snapshots folder (both default to `Snapshots/` at
/// the package root), so each refuses to compare with, record into, call an orphan or prune a
/// golden marked as the other's. Goldens recorded before 0.16.0 carry no mark and are anyone's.
public enum GoldenMark: Sendable, Equatable {
    /// A spec's golden (`tabsnap check`, the preview's "Copy as golden").
    case spec
    /// The golden of the Swift test named (`BarTests.testTabBar`).
    case swiftTest(String)

    static let keyword = "Tabsnap golden"

    /// The mark as written: `spec`, or `swift-test BarTests.testTabBar`.
    var text: String {
        switch self {
        case .spec: "spec"
        case .swiftTest(let test): "swift-test \(test)"
        }
    }

    /// The keyword and text for `AnimationFileWriter`.
    var chunk: (keyword: String, text: String) { (Self.keyword, text) }

    /// The mark a golden's first bytes carry; nil for none (or not a PNG).
    static func read(from head: ArraySlice<UInt8>) -> GoldenMark? {
        guard let text = PNGTextMark.read(keyword: keyword, from: head) else { return nil }
        if text == "spec" { return .spec }
        if text.hasPrefix("swift-test ") { return .swiftTest(String(text.dropFirst("swift-test ".count))) }
        return nil
    }

    /// The mark of the PNG file at `url` (its first bytes only); nil for none or unreadable.
    static func read(fileAt url: URL) -> GoldenMark? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: PNGTextMark.headBytes) else { return nil }
        return read(from: ArraySlice([UInt8](data)))
    }

    /// Whether this owner may use a golden carrying `other`: unmarked goldens, and its own kind.
    func mayUse(_ other: GoldenMark?) -> Bool {
        switch (self, other) {
        case (_, nil), (.spec, .spec), (.swiftTest, .swiftTest): true
        default: false
        }
    }

    /// Why `self` may not use `golden`, marked `other`.
    func refusal(_ golden: URL, markedBy other: GoldenMark) -> String {
        switch other {
        case .swiftTest(let test):
            "\(golden.relativePath) is the golden of the Swift test \(test) (assertTabBarSnapshot; marked in the file): "
                + "a spec's golden may not share its name; rename the spec, or keep specs' and tests' goldens in different snapshot folders"
        case .spec:
            "\(golden.relativePath) is the golden of a spec that tabsnap check compares (marked in the file): "
                + "give this snapshot another name (named:), or keep specs' and tests' goldens in different snapshot folders"
        }
    }
}
