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

    /// The mark of the golden at `url`, a PNG or an SVG (its first bytes only); nil for none or
    /// unreadable.
    static func read(fileAt url: URL) -> GoldenMark? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        // An SVG's mark may follow a declaration and run to 200 characters: more than a PNG's head.
        guard let data = try? handle.read(upToCount: 1_024) else { return nil }
        return read(head: [UInt8](data))
    }

    /// The mark of the regular file `name` in the open folder `directory`, not followed if it is
    /// a link; nil for none or unreadable.
    static func read(_ name: String, in directory: Int32) -> GoldenMark? {
        let descriptor = openat(directory, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var head = [UInt8](repeating: 0, count: 1_024)
        let count = head.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        return count > 0 ? read(head: Array(head.prefix(count))) : nil
    }

    private static func read(head: [UInt8]) -> GoldenMark? {
        head.starts(with: PNGDecoder.signature) ? read(from: head[...]) : unmarked(svg: head).mark
    }

    // MARK: SVG goldens
    //
    // An SVG golden is compared as text, so its mark is a line of it: a comment after the XML
    // declaration, `<!-- Tabsnap golden: spec -->`, written when the golden is recorded and left
    // out when it is compared. Renders carry none; a golden without one compares as before.

    private static let svgOpening = Array("<!-- \(keyword): ".utf8)
    private static let svgClosing = Array(" -->\n".utf8)

    /// `svg` (a render) with this mark as its second line (its first when it has no XML
    /// declaration). The text is kept to letters, digits, `._()/: ` and single hyphens, so it
    /// can never end the comment early (`--` is not allowed in an XML comment).
    func marking(svg: [UInt8]) -> [UInt8] {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._()/: -".utf8)
        var kept: [UInt8] = []
        for byte in text.utf8.prefix(200) {
            let hyphenAfterHyphen = byte == UInt8(ascii: "-") && kept.last == UInt8(ascii: "-")
            kept.append(allowed.contains(byte) && !hyphenAfterHyphen ? byte : UInt8(ascii: "?"))
        }
        let line = Self.svgOpening + kept + Self.svgClosing
        let at = Self.declarationEnd(svg)
        return Array(svg[..<at]) + line + Array(svg[at...])
    }

    /// `svg` without its mark line, and the mark it carried (nil: none, or one Tabsnap does not know).
    static func unmarked(svg: [UInt8]) -> (svg: [UInt8], mark: GoldenMark?) {
        let at = declarationEnd(svg)
        // The closing is looked for after the whole opening: the two share a space, and an empty
        // mark (`<!-- Tabsnap golden: -->`) would otherwise close before it opened. A checkout
        // that made the line ends CRLF leaves " -->\r\n" (hostile round 30): the same mark.
        let textStart = at + svgOpening.count
        guard svg[at...].starts(with: svgOpening) else { return (svg, nil) }
        // Looked for within the mark's 200 bytes, not through the file (`firstRange(of:)`
        // allocates at each byte: 3 s through a 64 MB golden of empty lines, hostile round 92).
        let window = svg[textStart..<min(svg.count, textStart + 200 + 6)]
        let closings = [svgClosing, Array(" -->\r\n".utf8)].compactMap { window.firstRange(of: $0) }
        guard let close = closings.min(by: { $0.lowerBound < $1.lowerBound }), close.lowerBound - textStart <= 200 else { return (svg, nil) }
        let text = String(decoding: svg[textStart..<close.lowerBound], as: UTF8.self)
        let mark: GoldenMark? = text == "spec" ? .spec : text.hasPrefix("swift-test ") ? .swiftTest(String(text.dropFirst("swift-test ".count))) : nil
        return (Array(svg[..<at]) + Array(svg[close.upperBound...]), mark)
    }

    /// Where the line after an XML declaration starts; 0 when there is no declaration.
    private static func declarationEnd(_ svg: [UInt8]) -> Int {
        guard svg.starts(with: Array("<?xml".utf8)), let newline = svg.prefix(512).firstIndex(of: UInt8(ascii: "\n")) else { return 0 }
        return newline + 1
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
