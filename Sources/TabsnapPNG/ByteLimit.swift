import TabsnapModel

/// The most bytes a written file may have, and what the limit is for. A writer given one
/// refuses a file that would be larger, unwritten, as soon as it knows: the reader the limit
/// protects could not take the file, and the frames still to come need not be drawn.
public struct ByteLimit: Sendable, Equatable {
    /// The most bytes the file may have.
    public var bytes: Int
    /// What follows "over the N MB" in the refusal: who reads no more, and what to do instead.
    public var purpose: String

    /// A limit of `bytes`, explained by `purpose` ("a golden may be (…); use fewer frames").
    public init(bytes: Int, purpose: String) {
        self.bytes = bytes
        self.purpose = purpose
    }

    /// A golden's: what the next `check` reads (`Limits.goldenFileBytes`).
    public static let golden = ByteLimit(bytes: Limits.goldenFileBytes,
                                         purpose: "a golden may be (the next check could not read it); use fewer frames, a smaller scale or smaller icons")

    /// Why a file of `count` bytes is refused; `soFar`: the frames written so far come to
    /// `count` (the file would be larger still).
    public func refusal(_ count: Int, soFar: Bool = false) -> String {
        // Sizes that read alike ("256 MB, over the 256 MB") are given more closely.
        let ways: [(Int) -> String] = [Self.readable, Self.tenthsOfMegabytes, { "\($0) bytes" }]
        let way = ways.first { $0(count) != $0(bytes) } ?? ways[ways.count - 1]
        let (size, most) = (way(count), way(bytes))
        return "would be \(soFar ? "at least " : "")\(size), over the \(most) \(purpose)"
    }

    /// `count` bytes as people read them: bytes, KB, then MB (2^10, 2^20), one decimal under 10 MB.
    static func readable(_ count: Int) -> String {
        if count < 1 << 10 { return "\(count) bytes" }
        if count < 1 << 20 { return "\(count >> 10) KB" }
        let value = Double(count) / Double(1 << 20)
        return value < 10 ? "\((value * 10).rounded(.down) / 10) MB" : "\(Int(value)) MB"
    }

    /// `count` bytes in MB to one decimal ("256.5 MB").
    static func tenthsOfMegabytes(_ count: Int) -> String {
        "\((Double(count) * 10 / Double(1 << 20)).rounded(.down) / 10) MB"
    }
}
