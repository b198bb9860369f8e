/// One `tEXt` chunk right after IHDR: a short note a PNG carries without changing its pixels
/// (Tabsnap marks whose golden a file is with it: `GoldenMark`). Written where the writers put
/// it and read back from a file's first bytes, so telling whose a golden is never decodes it.
public enum PNGTextMark {
    /// How many leading bytes `read` needs: signature, IHDR, and the mark (keyword and text of up
    /// to 200 bytes). A mark further on, or longer, is not seen.
    public static let headBytes = 8 + 25 + 12 + 256

    /// The tEXt chunk's data: Latin-1 keyword (1–79 bytes), a zero, then the text. Anything
    /// outside printable ASCII in either becomes `?`, and the text is cut at 200 bytes.
    static func chunkData(keyword: String, text: String) -> [UInt8] {
        func printable(_ s: String, _ limit: Int) -> [UInt8] {
            Array(s.utf8.map { (0x20...0x7E).contains($0) ? $0 : UInt8(ascii: "?") }.prefix(limit))
        }
        return printable(keyword, 79) + [0] + printable(text, 200)
    }

    /// `png` with the mark inserted after its IHDR (a PNG Tabsnap encoded: IHDR first).
    public static func inserting(keyword: String, text: String, into png: [UInt8]) -> [UInt8] {
        let end = 8 + 25
        guard png.count >= end, Array(png[12..<16]) == Array("IHDR".utf8) else { return png }
        var out = Array(png[..<end])
        PNGChunk.append("tEXt", chunkData(keyword: keyword, text: text), to: &out)
        out += png[end...]
        return out
    }

    /// The text of the first tEXt chunk named `keyword` among the chunks that begin within
    /// `head` (the file's first bytes) before any image data; nil when there is none.
    public static func read(keyword: String, from head: ArraySlice<UInt8>) -> String? {
        guard head.count >= 8, Array(head.prefix(8)) == PNGChunk.signature else { return nil }
        var offset = head.startIndex + 8
        while offset + 8 <= head.endIndex {
            let length = Int(PNGChunk.readBigEndian(head[offset..<offset + 4]))
            let type = String(decoding: head[offset + 4..<offset + 8], as: UTF8.self)
            let body = offset + 8
            if type == "IDAT" || type == "fdAT" || length > head.endIndex - body { return nil }
            if type == "tEXt" {
                let data = head[body..<body + length]
                if let zero = data.firstIndex(of: 0), String(decoding: data[..<zero], as: UTF8.self) == keyword {
                    return String(decoding: data[(zero + 1)...], as: UTF8.self)
                }
            }
            offset = body + length + 4
        }
        return nil
    }
}
