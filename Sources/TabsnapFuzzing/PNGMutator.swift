import Tabsnap

/// Damages PNG files the way a decoder must survive: chunk bodies changed with their CRC fixed
/// (so the change gets past the CRC check), chunks repeated (a second IHDR), dropped, swapped or
/// given lying lengths, and the file cut short.
package enum PNGMutator {
    public static func mutant<G: RandomNumberGenerator>(of bytes: [UInt8], using generator: inout G) -> [UInt8] {
        var chunks = split(bytes)
        guard !chunks.isEmpty else { return bytes }
        let at = Int.random(in: 0..<chunks.count, using: &generator)
        switch Int.random(in: 0..<7, using: &generator) {
        case 0, 1:
            // Change body bytes (IHDR fields, fcTL offsets and sizes, acTL counts, image data).
            if !chunks[at].body.isEmpty {
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    let index = Int.random(in: 0..<chunks[at].body.count, using: &generator)
                    chunks[at].body[index] = [0, 1, 0x7F, 0x80, 0xFF, UInt8.random(in: 0...255, using: &generator)]
                        .randomElement(using: &generator)!
                }
            }
        case 2: chunks.insert(chunks[at], at: Int.random(in: 0...chunks.count, using: &generator))
        case 3: chunks.remove(at: at)
        case 4: chunks.swapAt(at, Int.random(in: 0..<chunks.count, using: &generator))
        case 5: chunks.insert(chunks[0], at: Int.random(in: 1...chunks.count, using: &generator))  // another IHDR
        default:
            // Cut short, sometimes followed by a chunk whose length points far past the end.
            let out = join(chunks)
            let cut = Array(out.prefix(Int.random(in: 0...out.count, using: &generator)))
            return Bool.random(using: &generator) ? cut : cut + [0x7F, 0xFF, 0xFF, 0xFF] + Array("IDAT".utf8)
        }
        return join(chunks)
    }

    struct Chunk {
        var type: [UInt8]
        var body: [UInt8]
    }

    static func split(_ bytes: [UInt8]) -> [Chunk] {
        var chunks: [Chunk] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            guard offset + 12 + length <= bytes.count else { break }
            chunks.append(Chunk(type: Array(bytes[(offset + 4)..<(offset + 8)]), body: Array(bytes[(offset + 8)..<(offset + 8 + length)])))
            offset += 12 + length
        }
        return chunks
    }

    static func join(_ chunks: [Chunk]) -> [UInt8] {
        var out = PNGDecoder.signature
        for chunk in chunks {
            let length = UInt32(chunk.body.count)
            out += [UInt8(length >> 24), UInt8((length >> 16) & 0xFF), UInt8((length >> 8) & 0xFF), UInt8(length & 0xFF)]
            out += chunk.type + chunk.body
            let crc = crc32(chunk.type + chunk.body)
            out += [UInt8(crc >> 24), UInt8((crc >> 16) & 0xFF), UInt8((crc >> 8) & 0xFF), UInt8(crc & 0xFF)]
        }
        return out
    }

    private static let table: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes { c = table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
