import TabsnapPNG

/// The pieces of an animated WebP file (Google's "WebP Container Specification"): a RIFF file
/// holding a VP8X chunk (canvas size, flags), an ANIM chunk (background, loop count) and one ANMF
/// chunk per frame, each holding a still image's ALPH and VP8 or VP8L chunks. Numbers are
/// little-endian; a chunk whose payload has an odd length is padded with one zero byte.
enum WebPContainer {
    /// The most milliseconds an ANMF chunk's 24-bit duration holds (4 h 39 min).
    static let longestDuration = (1 << 24) - 1
    /// The most bytes a RIFF file's 32-bit size field can describe, less the 8 of its own header.
    static let largestBody = Int(UInt32.max) - 8

    /// A chunk: its four-character code, its payload's length, the payload, padded to even.
    static func chunk(_ fourCC: String, _ payload: [UInt8]) -> [UInt8] {
        var bytes = Array(fourCC.utf8)
        append32(UInt32(payload.count), to: &bytes)
        bytes += payload
        if payload.count % 2 == 1 { bytes.append(0) }
        return bytes
    }

    /// The file's start: RIFF header (its size counting `framesBytes` of ANMF chunks to follow),
    /// VP8X and ANIM.
    static func header(width: Int, height: Int, hasAlpha: Bool, plays: Int, framesBytes: Int) -> [UInt8] {
        var vp8x: [UInt8] = [0x02 | (hasAlpha ? 0x10 : 0), 0, 0, 0]  // animation, maybe alpha
        append24(width - 1, to: &vp8x)
        append24(height - 1, to: &vp8x)
        var anim: [UInt8] = [0, 0, 0, 0]  // background: transparent (viewers show the page under it)
        anim += [UInt8(plays & 0xFF), UInt8(plays >> 8)]
        let chunks = chunk("VP8X", vp8x) + chunk("ANIM", anim)
        var bytes = Array("RIFF".utf8)
        append32(UInt32(4 + chunks.count + framesBytes), to: &bytes)
        return bytes + Array("WEBP".utf8) + chunks
    }

    /// An ANMF chunk placing `image` (a still's ALPH/VP8/VP8L chunks) at `region`, shown for
    /// `milliseconds`, drawn over the canvas (`blends`) or replacing what it held there, and left
    /// in place. `region`'s origin must be even: the format stores it halved.
    static func frame(_ image: [UInt8], at region: ImageRegion, blends: Bool, milliseconds: Int) -> [UInt8] {
        var payload: [UInt8] = []
        payload.reserveCapacity(16 + image.count)
        append24(region.x / 2, to: &payload)
        append24(region.y / 2, to: &payload)
        append24(region.width - 1, to: &payload)
        append24(region.height - 1, to: &payload)
        append24(milliseconds, to: &payload)
        payload.append(blends ? 0 : 0x02)  // dispose none
        payload += image
        return chunk("ANMF", payload)
    }

    /// The image chunks (ALPH, VP8, VP8L) of a still WebP file as libwebp's encoder writes it,
    /// nil when it holds none.
    static func imageChunks(ofStill file: [UInt8]) -> [UInt8]? {
        guard file.count >= 12, Array(file[0..<4]) == Array("RIFF".utf8), Array(file[8..<12]) == Array("WEBP".utf8) else { return nil }
        var chunks: [UInt8] = []
        var offset = 12
        while offset + 8 <= file.count {
            let code = String(decoding: file[offset..<offset + 4], as: UTF8.self)
            let size = Int(read32(file, at: offset + 4))
            let end = offset + 8 + size + size % 2
            guard end <= file.count else { return nil }
            if code == "ALPH" || code == "VP8 " || code == "VP8L" { chunks += file[offset..<end] }
            offset = end
        }
        return chunks.isEmpty ? nil : chunks
    }

    /// The frame duration of an ANMF chunk made by `frame(_:at:blends:milliseconds:)`.
    static func duration(ofFrame chunk: [UInt8]) -> Int {
        Int(chunk[20]) | Int(chunk[21]) << 8 | Int(chunk[22]) << 16
    }

    /// `chunk` (an ANMF chunk) shown for `milliseconds` instead.
    static func setDuration(_ milliseconds: Int, ofFrame chunk: inout [UInt8]) {
        chunk[20] = UInt8(milliseconds & 0xFF)
        chunk[21] = UInt8(milliseconds >> 8 & 0xFF)
        chunk[22] = UInt8(milliseconds >> 16 & 0xFF)
    }

    private static func append24(_ value: Int, to bytes: inout [UInt8]) {
        bytes += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF)]
    }

    private static func append32(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
    }

    private static func read32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
    }
}
