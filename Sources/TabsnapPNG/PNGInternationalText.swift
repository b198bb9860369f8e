/// Text of any length and script a PNG carries beside its pixels: an uncompressed iTXt chunk
/// (keyword, then UTF-8 text), placed before the image data. A still golden keeps its bar's
/// geometry in one, so a failing check can say what moved (`GeometryRecord`).
public enum PNGInternationalText {
    /// `png` (one Tabsnap encoded: IHDR first) with an iTXt chunk `keyword` holding `text`,
    /// inserted before its first IDAT.
    public static func inserting(keyword: String, text: String, into png: [UInt8]) -> [UInt8] {
        var offset = 8
        while offset + 8 <= png.count {
            let length = Int(PNGChunk.readBigEndian(png[offset..<offset + 4]))
            let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
            if type == "IDAT" {
                var out = Array(png[..<offset])
                PNGChunk.append("iTXt", chunkData(keyword: keyword, text: text), to: &out)
                return out + png[offset...]
            }
            offset += 12 + length
        }
        return png
    }

    /// An uncompressed iTXt chunk's data: keyword, 0, compression flag 0, method 0, an empty
    /// language tag and translated keyword (each ending in 0), then the text.
    public static func chunkData(keyword: String, text: String) -> [UInt8] {
        Array(keyword.utf8.prefix(79)) + [0, 0, 0, 0, 0] + Array(text.utf8)
    }

    /// The text of the uncompressed iTXt chunk named `keyword` before the image data, of at
    /// most `limit` bytes; nil when there is none, or two (hostile round 39: a crafted first
    /// chunk was read before the file's own), or it cannot be read: it is only ever a help.
    /// Chunks are walked by their lengths, no body but the ones named so read: a golden is
    /// input, and a 200 MB chunk must not be.
    public static func read(keyword: String, from bytes: PNGBytes, limit: Int = 1 << 20) -> String? {
        guard bytes.count >= 8, (try? Array(bytes.bytes(0..<8))) == PNGChunk.signature else { return nil }
        var offset = 8
        var found: String?
        while offset + 8 <= bytes.count {
            guard let head = try? bytes.bytes(offset..<offset + 8) else { return found }
            let length = Int(PNGChunk.readBigEndian(head))
            let type = String(decoding: head.dropFirst(4), as: UTF8.self)
            let start = offset + 8
            guard length <= Int(Int32.max), start + length + 4 <= bytes.count, type != "IDAT", type != "fdAT" else { return found }
            if type == "iTXt", let data = try? Array(bytes.bytes(start..<start + min(length, keyword.utf8.count + 1))),
               data.last == 0, String(decoding: data.dropLast(), as: UTF8.self) == keyword {
                guard found == nil else { return nil }
                found = length <= limit ? text(of: bytes, from: start, length: length) : nil
                if found == nil { return nil }
            }
            offset = start + length + 4
        }
        return found
    }

    /// An iTXt chunk's text, uncompressed: after the keyword's zero come the flag, the method,
    /// the language tag and the translated keyword (each of the last two ends in a zero).
    private static func text(of bytes: PNGBytes, from start: Int, length: Int) -> String? {
        guard let data = try? Array(bytes.bytes(start..<start + length)), let zero = data.firstIndex(of: 0),
              data.count >= zero + 3, data[zero + 1] == 0 else { return nil }
        var at = zero + 3
        for _ in 0..<2 {
            guard let end = data[at...].firstIndex(of: 0) else { return nil }
            at = end + 1
        }
        return String(decoding: data[at...], as: UTF8.self)
    }
}
