import CDeflate

/// zlib-format compression and CRC-32 through libdeflate (whole-buffer, fast).
enum Deflate {
    static func zlibCompress(_ input: [UInt8], level: Int32) -> [UInt8] {
        guard let compressor = libdeflate_alloc_compressor(level) else { fatalError("libdeflate: out of memory") }
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_zlib_compress_bound(compressor, input.count)
        var output = [UInt8](repeating: 0, count: bound)
        let written = input.withUnsafeBytes { source in
            output.withUnsafeMutableBytes { target in
                libdeflate_zlib_compress(compressor, source.baseAddress, source.count, target.baseAddress, target.count)
            }
        }
        precondition(written > 0, "libdeflate: compression bound too small")
        output.removeSubrange(written...)
        return output
    }

    /// Inflates zlib data whose decompressed size is known (PNG: height × (1 + row bytes)).
    static func zlibDecompress(_ input: [UInt8], expectedSize: Int) -> [UInt8]? {
        guard let decompressor = libdeflate_alloc_decompressor() else { return nil }
        defer { libdeflate_free_decompressor(decompressor) }
        var actual = 0
        var result = LIBDEFLATE_BAD_DATA
        // Uninitialised: libdeflate writes every byte it reports, and anything short is rejected.
        let output = [UInt8](unsafeUninitializedCapacity: expectedSize) { target, initialized in
            result = input.withUnsafeBytes { source in
                libdeflate_zlib_decompress(decompressor, source.baseAddress, source.count, target.baseAddress,
                                           target.count, &actual)
            }
            initialized = result == LIBDEFLATE_SUCCESS ? actual : 0
        }
        return result == LIBDEFLATE_SUCCESS && actual == expectedSize ? output : nil
    }

    static func crc32(_ bytes: UnsafeRawBufferPointer, initial: UInt32 = 0) -> UInt32 {
        UInt32(libdeflate_crc32(initial, bytes.baseAddress, bytes.count))
    }

    static func crc32(_ bytes: [UInt8], initial: UInt32 = 0) -> UInt32 {
        bytes.withUnsafeBytes { UInt32(libdeflate_crc32(initial, $0.baseAddress, $0.count)) }
    }
}
