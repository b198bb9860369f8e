import CDeflate

/// A zlib stream for data that is mostly runs of zeros — what PNG filters make of a tab bar,
/// where rows repeat the row above and flat colours repeat their left neighbour (97 % of a 3×
/// frame's filtered bytes are zero). General deflaters hash every position of a run to find the
/// match they already have; here a run is found 8 bytes at a time and written as distance-1
/// matches, and only the few non-zero bytes go through a hash match finder. One dynamic-Huffman
/// block per 64 K tokens. Measured on 30 frames of the 3× five-tab swipe: 6× faster than
/// libdeflate level 2, within a few per cent of its size (scripts/bench-frames shows the effect).
/// Not Sendable: one per thread, its tables kept between images.
final class SparseDeflate {
    // Raw buffers, not arrays: the token loop touching class-owned arrays spent a sixth of its
    // time in exclusivity checks and uniqueness tests.
    private let tokens = UnsafeMutablePointer<UInt32>.allocate(capacity: SparseDeflate.tokensPerBlock + SparseDeflate.longestRun / 256 + 4)
    private var tokenCount = 0
    private let literalFrequencies = UnsafeMutableBufferPointer<Int>.allocate(capacity: 286)
    private let distanceFrequencies = UnsafeMutableBufferPointer<Int>.allocate(capacity: 30)
    /// The last position whose next four bytes hashed here (−1: none).
    private let head = UnsafeMutableBufferPointer<Int32>.allocate(capacity: 1 << SparseDeflate.hashBits)

    private static let hashBits = 15
    private static let tokensPerBlock = 1 << 16
    private static let window = 32_768
    private static let maxMatch = 258
    private static let longestRun = 64 * 258
    /// A match token: this bit, the length (3…258) from bit 15, the distance − 1 below.
    private static let matchFlag: UInt32 = 1 << 31

    deinit {
        tokens.deallocate()
        literalFrequencies.deallocate()
        distanceFrequencies.deallocate()
        head.deallocate()
    }

    /// The zlib stream (header, deflate blocks, Adler-32) of `count` bytes.
    func zlib(_ data: UnsafePointer<UInt8>, count: Int) -> [UInt8] {
        var out = BitWriter(capacity: count / 16 + 64)
        out.append(bytes: [0x78, 0x01])  // deflate, 32 K window, "fastest"; the check bits make 0x7801 % 31 == 0
        head.update(repeating: -1)
        var i = 0
        repeat {
            tokenCount = 0
            literalFrequencies.update(repeating: 0)
            distanceFrequencies.update(repeating: 0)
            i = tokenize(data, from: i, count: count)
            writeBlock(final: i >= count, to: &out)
        } while i < count
        out.alignToByte()
        let adler = UInt32(libdeflate_adler32(1, data, count))
        out.append(bytes: [UInt8(adler >> 24), UInt8((adler >> 16) & 0xFF), UInt8((adler >> 8) & 0xFF), UInt8(adler & 0xFF)])
        return out.bytes
    }

    // MARK: Tokens

    /// Turns bytes from `start` into tokens until the block is full; returns where it stopped.
    private func tokenize(_ p: UnsafePointer<UInt8>, from start: Int, count n: Int) -> Int {
        var sink = TokenSink(tokens: tokens, literals: literalFrequencies.baseAddress!, distances: distanceFrequencies.baseAddress!)
        let head = self.head.baseAddress!
        var i = start
        let raw = UnsafeRawPointer(p)
        while i < n && sink.count < Self.tokensPerBlock {
            if p[i] == 0 {
                // At most `longestRun` at once, so one run adds a bounded number of tokens.
                var run = Self.zeroRun(raw, from: i, count: min(n, i + Self.longestRun))
                if i == 0 || p[i - 1] != 0 {
                    sink.literal(0)
                    i += 1
                    run -= 1
                }
                // The byte before is now a zero: the rest of the run copies it (distance 1).
                while run >= 3 {
                    var length = min(run, Self.maxMatch)
                    if (1...2).contains(run - length) { length = run - 3 }  // leave a matchable rest
                    sink.match(length: length, distance: 1)
                    i += length
                    run -= length
                }
                for _ in 0..<run { sink.literal(0) }
                i += run
                continue
            }
            if i + 4 <= n {
                let word = raw.loadUnaligned(fromByteOffset: i, as: UInt32.self)
                let slot = Int((word &* 0x9E37_79B1) >> UInt32(32 - Self.hashBits))
                let candidate = Int(head[slot])
                head[slot] = Int32(truncatingIfNeeded: i)
                if candidate >= 0, candidate < i, i - candidate <= Self.window,
                   raw.loadUnaligned(fromByteOffset: candidate, as: UInt32.self) == word {
                    var length = 4
                    let limit = min(Self.maxMatch, n - i)
                    while length < limit && p[candidate + length] == p[i + length] { length += 1 }
                    sink.match(length: length, distance: i - candidate)
                    i += length
                    continue
                }
            }
            sink.literal(p[i])
            i += 1
        }
        tokenCount = sink.count
        return i
    }

    /// How many zero bytes start at `i` (at least one), read eight at a time.
    @inline(__always)
    private static func zeroRun(_ raw: UnsafeRawPointer, from i: Int, count n: Int) -> Int {
        var j = i
        while j + 8 <= n {
            let word = raw.loadUnaligned(fromByteOffset: j, as: UInt64.self)
            if word != 0 { return j - i + word.littleEndian.trailingZeroBitCount / 8 }  // the first byte is the lowest
            j += 8
        }
        while j < n && raw.load(fromByteOffset: j, as: UInt8.self) == 0 { j += 1 }
        return j - i
    }

    /// Where tokens and their symbol counts go.
    private struct TokenSink {
        let tokens: UnsafeMutablePointer<UInt32>
        let literals: UnsafeMutablePointer<Int>
        let distances: UnsafeMutablePointer<Int>
        var count = 0

        @inline(__always)
        mutating func literal(_ byte: UInt8) {
            tokens[count] = UInt32(byte)
            count += 1
            literals[Int(byte)] += 1
        }

        @inline(__always)
        mutating func match(length: Int, distance: Int) {
            tokens[count] = SparseDeflate.matchFlag | UInt32(length) << 15 | UInt32(distance - 1)
            count += 1
            literals[DeflateTables.lengthSymbol(length).symbol] += 1
            distances[DeflateTables.distanceCode(distance).code] += 1
        }
    }

    // MARK: Blocks

    /// One dynamic-Huffman block (RFC 1951 §3.2.7) holding the current tokens and an end mark.
    private func writeBlock(final: Bool, to out: inout BitWriter) {
        literalFrequencies[256] = 1
        let literals = HuffmanCode(frequencies: Array(literalFrequencies), maxLength: 15)
        let distances = HuffmanCode(frequencies: Array(distanceFrequencies), maxLength: 15)
        let literalCount = max(257, (literals.lengths.lastIndex { $0 > 0 } ?? 0) + 1)
        let distanceCount = max(1, (distances.lengths.lastIndex { $0 > 0 } ?? 0) + 1)
        let lengthItems = CodeLengthItems(Array(literals.lengths[..<literalCount]) + Array(distances.lengths[..<distanceCount]))
        let lengthCode = HuffmanCode(frequencies: lengthItems.frequencies, maxLength: 7)
        let order = DeflateTables.codeLengthOrder
        let orderCount = max(4, (order.lastIndex { lengthCode.lengths[$0] > 0 } ?? 0) + 1)

        out.write(final ? 1 : 0, count: 1)
        out.write(2, count: 2)  // dynamic Huffman
        out.write(UInt32(literalCount - 257), count: 5)
        out.write(UInt32(distanceCount - 1), count: 5)
        out.write(UInt32(orderCount - 4), count: 4)
        for symbol in order[..<orderCount] { out.write(UInt32(lengthCode.lengths[symbol]), count: 3) }
        for item in lengthItems.items {
            out.write(UInt32(lengthCode.codes[item.symbol]), count: Int(lengthCode.lengths[item.symbol]))
            if item.extraBits > 0 { out.write(UInt32(item.extra), count: item.extraBits) }
        }

        literals.codes.withUnsafeBufferPointer { literalCodes in
            literals.lengths.withUnsafeBufferPointer { literalLengths in
                for token in UnsafeBufferPointer(start: tokens, count: tokenCount) {
                    guard token & Self.matchFlag != 0 else {
                        out.write(UInt32(literalCodes[Int(token)]), count: Int(literalLengths[Int(token)]))
                        continue
                    }
                    let length = Int((token >> 15) & 0x1FF), distance = Int(token & 0x7FFF) + 1
                    let l = DeflateTables.lengthSymbol(length)
                    out.write(UInt32(literalCodes[l.symbol]), count: Int(literalLengths[l.symbol]))
                    if l.extraBits > 0 { out.write(UInt32(l.extra), count: l.extraBits) }
                    let d = DeflateTables.distanceCode(distance)
                    out.write(UInt32(distances.codes[d.code]), count: Int(distances.lengths[d.code]))
                    if d.extraBits > 0 { out.write(UInt32(d.extra), count: d.extraBits) }
                }
            }
        }
        out.write(UInt32(literals.codes[256]), count: Int(literals.lengths[256]))
    }
}

/// The code lengths of a block's two codes, run-length coded with symbols 16 (repeat the previous
/// length 3–6 times), 17 (3–10 zeros) and 18 (11–138 zeros).
struct CodeLengthItems {
    struct Item {
        var symbol: Int
        var extraBits: Int
        var extra: Int
    }

    private(set) var items: [Item] = []
    private(set) var frequencies = [Int](repeating: 0, count: 19)

    init(_ lengths: [UInt8]) {
        var i = 0
        while i < lengths.count {
            let length = lengths[i]
            var run = 1
            while i + run < lengths.count && lengths[i + run] == length { run += 1 }
            i += run
            if length == 0 {
                while run >= 11 { let n = min(run, 138); add(18, 7, n - 11); run -= n }
                if run >= 3 { add(17, 3, run - 3); run = 0 }
            } else {
                add(Int(length), 0, 0)
                run -= 1
                while run >= 3 { let n = min(run, 6); add(16, 2, n - 3); run -= n }
            }
            for _ in 0..<run { add(Int(length), 0, 0) }
        }
    }

    private mutating func add(_ symbol: Int, _ extraBits: Int, _ extra: Int) {
        items.append(Item(symbol: symbol, extraBits: extraBits, extra: extra))
        frequencies[symbol] += 1
    }
}

/// RFC 1951's length and distance alphabets (§3.2.5).
enum DeflateTables {
    static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// The symbol (257…285) and extra bits of a match length 3…258.
    @inline(__always)
    static func lengthSymbol(_ length: Int) -> (symbol: Int, extraBits: Int, extra: Int) {
        if length == 258 { return (285, 0, 0) }
        let v = length - 3
        if v < 8 { return (257 + v, 0, 0) }
        let top = Int.bitWidth - 1 - v.leadingZeroBitCount  // ⌊log2 v⌋ ≥ 3
        let extraBits = top - 2
        return (257 + 4 * (top - 1) + (v >> extraBits) & 3, extraBits, v & ((1 << extraBits) - 1))
    }

    /// The code (0…29) and extra bits of a distance 1…32768.
    @inline(__always)
    static func distanceCode(_ distance: Int) -> (code: Int, extraBits: Int, extra: Int) {
        let v = distance - 1
        if v < 4 { return (v, 0, 0) }
        let top = Int.bitWidth - 1 - v.leadingZeroBitCount  // ⌊log2 v⌋ ≥ 2
        let extraBits = top - 1
        return (2 * top + (v >> extraBits) & 1, extraBits, v & ((1 << extraBits) - 1))
    }
}
