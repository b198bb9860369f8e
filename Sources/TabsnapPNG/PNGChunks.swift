/// PNG chunk framing shared by the encoder, the decoder and the APNG writer.
enum PNGChunk {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// length · type · data · CRC-32(type + data)
    static func append(_ type: String, _ data: [UInt8], to out: inout [UInt8]) {
        data.withUnsafeBytes { append(type, $0, to: &out) }
    }

    static func append(_ type: String, _ data: UnsafeRawBufferPointer, to out: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        appendBigEndian(UInt32(data.count), to: &out)
        out += typeBytes
        out += data
        appendBigEndian(Deflate.crc32(data, initial: Deflate.crc32(typeBytes)), to: &out)
    }

    static func appendBigEndian(_ value: UInt32, to out: inout [UInt8]) {
        out += [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    static func readBigEndian(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        // Missing bytes read as 0: callers check chunk lengths, and a short slice must not trap.
        bytes.prefix(4).reduce(0) { $0 << 8 | UInt32($1) } << (8 * UInt32(4 - min(bytes.count, 4)))
    }

    /// IHDR for 8-bit samples, not interlaced: colour type 6 (RGBA) or 2 (RGB).
    static func header(width: Int, height: Int, colorType: UInt8 = 6) -> [UInt8] {
        var data: [UInt8] = []
        appendBigEndian(UInt32(width), to: &data)
        appendBigEndian(UInt32(height), to: &data)
        data += [8, colorType, 0, 0, 0]
        return data
    }
}
