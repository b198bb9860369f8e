/// Walks a PNG file's chunks with every check a hostile file needs: lengths inside the file,
/// CRC-32 of each chunk verified, nothing read past the end.
struct PNGChunkReader {
    struct Chunk {
        var type: String
        var body: ArraySlice<UInt8>
    }

    private let bytes: PNGBytes
    private var offset = 8

    /// Checks the signature (and recognises Git LFS pointers, a common surprise in CI).
    init(_ bytes: PNGBytes) throws(PNGDecoder.Failure) {
        // Read with errors: a file that cannot be read is not "not a PNG".
        let head = try bytes.bytes(0..<min(24, bytes.count))
        guard head.count >= 8, head[0..<8].elementsEqual(PNGChunk.signature) else {
            if head.starts(with: Array("version https://git-lfs".utf8)) { throw .gitLFSPointer }
            throw .notPNG
        }
        self.bytes = bytes
    }

    init(_ bytes: [UInt8]) throws(PNGDecoder.Failure) {
        try self.init(PNGBytes(bytes))
    }

    /// The next chunk, or nil at the end of the data (a file without IEND is truncated: callers
    /// decide).
    mutating func next() throws(PNGDecoder.Failure) -> Chunk? {
        guard offset + 8 <= bytes.count else { return nil }
        let head = try bytes.bytes(offset..<(offset + 8))
        let length = Int(PNGChunk.readBigEndian(head))
        let typeBytes = head.dropFirst(4)
        let start = offset + 8
        guard length <= Int(Int32.max), start + length + 4 <= bytes.count else { throw .truncated }
        let type = String(decoding: typeBytes, as: UTF8.self)
        guard typeBytes.allSatisfy({ (65...90).contains($0) || (97...122).contains($0) }) else {
            throw .corrupt("chunk type \(type.debugDescription) is not four letters")
        }
        let bodyAndCRC = try bytes.bytes(start..<(start + length + 4))
        let body = bodyAndCRC.prefix(length)
        let stored = PNGChunk.readBigEndian(bodyAndCRC.suffix(4))
        let computed = body.withUnsafeBytes { Deflate.crc32($0, initial: Deflate.crc32(Array(typeBytes))) }
        guard stored == computed else { throw .corrupt("bad CRC in the \(type) chunk") }
        offset = start + length + 4
        return Chunk(type: type, body: body)
    }
}
