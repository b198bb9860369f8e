import Foundation

/// A string as a key compared and hashed by its UTF-8 bytes, not as `String` compares and
/// hashes: by canonical equivalence, normalising the text at every hash and most comparisons.
/// The renderer's memos are keyed by titles of up to a thousand characters looked up at each
/// frame, and for text that is not ASCII the normalising was three quarters of `lint`'s time
/// (hostile round 98: 10 s a variant of 100 titles in many scripts).
///
/// The hash reads every byte: a hash of a text's ends alone let titles differing only in their
/// middle share one, and a memo of them turn every look-up into a walk of the whole memo.
public struct ExactText: Hashable, Sendable {
    /// The text.
    public var string: String

    /// The key of `string`.
    public init(_ string: String) { self.string = string }

    /// Equal when the UTF-8 bytes are.
    public static func == (lhs: ExactText, rhs: ExactText) -> Bool {
        var left = lhs.string, right = rhs.string
        return left.withUTF8 { a in
            right.withUTF8 { b in
                guard a.count == b.count, let x = a.baseAddress, let y = b.baseAddress else { return a.count == b.count }
                return x == y || memcmp(x, y, a.count) == 0
            }
        }
    }

    /// Hashes the byte count and the bytes.
    public func hash(into hasher: inout Hasher) {
        var text = string
        text.withUTF8 { bytes in
            hasher.combine(bytes.count)
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        }
    }
}
