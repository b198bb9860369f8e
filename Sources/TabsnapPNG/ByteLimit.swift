import TabsnapFiles
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
        // Sizes that read alike ("1 KB, over the 1 KB") are given in bytes.
        let (size, most) = "\(ByteCount(count))" != "\(ByteCount(bytes))" ? ("\(ByteCount(count))", "\(ByteCount(bytes))")
                                                                         : ("\(count) bytes", "\(bytes) bytes")
        return "would be \(soFar ? "at least " : "")\(size), over the \(most) \(purpose)"
    }
}
