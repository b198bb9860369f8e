/// The names of a frame folder's files, in one place: the writer gives them, its ledger reads
/// them back, and the leftover sweep recognises a staging folder by them.
public enum FrameFileName {
    /// The folder's manifest of frames, timing and hashes.
    public static let manifest = "frames.json"

    /// `frame-`, the index padded to four digits, and `ext` (`frame-0042.png`).
    public static func of(_ index: Int, extension ext: String) -> String {
        let digits = String(index)
        return "frame-" + String(repeating: "0", count: max(4 - digits.count, 0)) + digits + "." + ext
    }

    /// Whether `name` is one `of(_:extension:)` gives: `frame-`, four or more digits, then
    /// `.png` or `.svg`.
    public static func isFrame(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1] == "png" || parts[1] == "svg", parts[0].hasPrefix("frame-") else { return false }
        let digits = parts[0].dropFirst("frame-".count)
        return digits.count >= 4 && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
