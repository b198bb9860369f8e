/// The names of a frame folder's files, in one place: the writer gives them, its ledger reads
/// them back, and the leftover sweep recognises a staging folder by them.
public enum FrameFileName {
    /// The folder's manifest of frames, timing and hashes.
    public static let manifest = "frames.json"

    /// The largest manifest read: one of `Limits.framesPerTransition` (10 000) frames is under
    /// 2 MB, and Foundation's JSON reader takes about 75 times a file's size (a crafted 32 MB
    /// frames.json took 2.4 GB when 64 MB were read: hostile round 49). A larger one is no
    /// manifest of ours. (A test holds it to 400 bytes a frame of the limit.)
    package static let manifestBytes = 10_000 * 400

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
