import Foundation
import TabsnapFiles

/// A PNG file's bytes for the readers (`APNGFrameReader`): in memory, or read from the file as
/// each chunk is reached, so a golden of up to 256 MB is compared without being held (hostile
/// round 20: two failing 244 MB goldens side by side took `check` to 1.5 GB).
public final class PNGBytes {
    private enum Storage {
        case memory([UInt8])
        case file(descriptor: Int32, name: String)
    }

    private let storage: Storage
    /// How many bytes there are.
    public let count: Int

    /// Bytes in memory.
    public init(_ bytes: [UInt8]) {
        storage = .memory(bytes)
        count = bytes.count
    }

    /// The regular file at `url`, refused past `limit` bytes, kept open and read as needed;
    /// errors name it `displayName` (else its path).
    public init(contentsOf url: URL, limit: Int, displayName: String? = nil) throws(FileError) {
        let name = displayName ?? url.path
        let (descriptor, size) = try BoundedRead.openRegular(url, name: name, limit: limit)
        storage = .file(descriptor: descriptor, name: name)
        count = size
    }

    deinit {
        if case .file(let descriptor, _) = storage { close(descriptor) }
    }

    /// The bytes in `range` (within `count`). A file that shrank or cannot be read is a
    /// truncated or unreadable PNG.
    func bytes(_ range: Range<Int>) throws(PNGDecoder.Failure) -> ArraySlice<UInt8> {
        switch storage {
        case .memory(let bytes): return bytes[range]
        case .file(let descriptor, _):
            var out = [UInt8](repeating: 0, count: range.count)
            var filled = 0
            while filled < range.count {
                let read = out.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + filled, range.count - filled, off_t(range.lowerBound + filled)) }
                if read < 0 && errno == EINTR { continue }
                if read < 0 { throw .corrupt("cannot read the file (\(String(cString: strerror(errno))))") }
                if read == 0 { throw .truncated }
                filled += read
            }
            return out[...]
        }
    }

    /// The first `length` bytes (fewer when there are fewer): a golden's mark is near the start.
    public func prefix(_ length: Int) -> [UInt8] {
        (try? Array(bytes(0..<min(length, count)))) ?? []
    }
}
