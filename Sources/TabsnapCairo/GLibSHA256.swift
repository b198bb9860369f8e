import CPango
import TabsnapFiles

/// SHA-256 by GLib (`GChecksum`), for the large files Tabsnap hashes in-process: a brought font
/// may be tens of megabytes, and Tabsnap's own `SHA256` is Swift, which in a debug build (every
/// dependent package's `swift test`) ran at about 5 MB/s: 3.7 s for a 19 MB CJK collection.
/// GLib is already loaded (pango needs it); the digests are the same (tested against `SHA256`).
package enum GLibSHA256 {
    /// The digest of `bytes` as 64 lowercase hex digits.
    package static func hex(of bytes: [UInt8]) -> String {
        guard let checksum = g_checksum_new(G_CHECKSUM_SHA256) else { return SHA256.hex(of: bytes) }
        defer { g_checksum_free(checksum) }
        // g_checksum_update takes a signed length: feed at most 1 GB at a time.
        bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let count = min(buffer.count - offset, 1 << 30)
                g_checksum_update(checksum, base + offset, count)
                offset += count
            }
        }
        guard let string = g_checksum_get_string(checksum) else { return SHA256.hex(of: bytes) }
        return String(cString: string)
    }
}
