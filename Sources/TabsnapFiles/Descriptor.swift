import Foundation

/// Whole writes to a file descriptor: write(2) may write less than asked, or be interrupted.
package enum Descriptor {
    /// 0, or the errno of the write that failed.
    @discardableResult
    public static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Int32 {
        bytes.withUnsafeBytes { buffer in
            guard var next = buffer.baseAddress else { return 0 }
            var left = buffer.count
            while left > 0 {
                let written = write(descriptor, next, left)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                next += written
                left -= written
            }
            return 0
        }
    }
}
