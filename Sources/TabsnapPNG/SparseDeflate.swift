import CDeflate

/// A zlib stream for data that is mostly runs of zeros — what PNG filters make of a tab bar,
/// where rows repeat the row above and flat colours repeat their left neighbour (97 % of a 3×
/// frame's filtered bytes are zero), and what an animated PNG makes of a frame's unchanged pixels.
/// General deflaters hash every position of a run to find the match they already have; here a
/// run is found 8 bytes at a time and written as distance-1 matches, and only the other bytes go
/// through a hash match finder. Two efforts (`Effort`): greedy with one candidate for frame
/// sequences, lazy with deep chains (zlib level 9's parse, runs aside) for animations.
/// Dynamic-Huffman blocks of up to 64 K tokens. Not Sendable: one per thread, tables kept
/// between images.
final class SparseDeflate {
    // Raw buffers, not arrays: the token loop touching class-owned arrays spent a sixth of its
    // time in exclusivity checks and uniqueness tests.
    let tokens = UnsafeMutablePointer<UInt32>.allocate(capacity: SparseDeflate.tokensPerBlock + SparseDeflate.tokensPerStep)
    var tokenCount = 0
    let literalFrequencies = UnsafeMutableBufferPointer<Int>.allocate(capacity: 286)
    let distanceFrequencies = UnsafeMutableBufferPointer<Int>.allocate(capacity: 30)
    /// The last position whose hashed bytes hashed here (−1: none).
    let head = UnsafeMutableBufferPointer<Int32>.allocate(capacity: 1 << SparseDeflate.hashBits)
    /// For a position (modulo the window), the position before it in its hash chain.
    let chain = UnsafeMutableBufferPointer<Int32>.allocate(capacity: SparseDeflate.window)
    let effort: Effort

    /// How the match finder works.
    struct Effort: Sendable, Hashable {
        /// Candidates tried per position (1: the last one with the same hash).
        var depth: Int
        /// The shortest match: 3 finds single repeated RGB pixels, 4 is faster.
        var shortest: Int
        /// zlib's lazy evaluation (`SparseDeflate+Lazy.swift`) instead of taking each match found.
        var lazy: Bool

        /// Frame sequences: greedy, one candidate.
        static let fast = Effort(depth: 1, shortest: 4, lazy: false)
        /// Animations: lazy, 1024 candidates; zero runs keep their own path, so the deep search
        /// only runs over the bytes that changed.
        static let thorough = Effort(depth: 1024, shortest: 3, lazy: true)
    }

    init(effort: Effort) {
        self.effort = effort
    }

    static let hashBits = 15
    static let tokensPerBlock = 1 << 16
    /// The most tokens one step of a tokenizer adds (a capped zero run), past a full block.
    static let tokensPerStep = longestRun / 256 + 8
    static let window = 32_768
    static let maxMatch = 258
    static let longestRun = 64 * 258
    /// A match token: this bit, the length (3…258) from bit 15, the distance − 1 below.
    static let matchFlag: UInt32 = 1 << 31

    deinit {
        tokens.deallocate()
        literalFrequencies.deallocate()
        distanceFrequencies.deallocate()
        head.deallocate()
        chain.deallocate()
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
            i = effort.lazy ? tokenizeLazily(data, from: i, count: count) : tokenize(data, from: i, count: count)
            writeBlock(final: i >= count, to: &out)
        } while i < count
        out.alignToByte()
        let adler = UInt32(libdeflate_adler32(1, data, count))
        out.append(bytes: [UInt8(adler >> 24), UInt8((adler >> 16) & 0xFF), UInt8((adler >> 8) & 0xFF), UInt8(adler & 0xFF)])
        return out.bytes
    }

    // MARK: Tokens

    /// Greedy: each match found is taken. Turns bytes from `start` into tokens until the block is
    /// full; returns where it stopped.
    func tokenize(_ p: UnsafePointer<UInt8>, from start: Int, count n: Int) -> Int {
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
            let found = longestMatch(p, at: i, count: n, head: head)
            if found.length > 0 {
                sink.match(length: found.length, distance: found.distance)
                i += found.length
                continue
            }
            sink.literal(p[i])
            i += 1
        }
        tokenCount = sink.count
        return i
    }

    /// The bytes a position is hashed by (little-endian: its first `effort.shortest`).
    var hashMask: UInt32 { effort.shortest == 3 ? 0x00FF_FFFF : 0xFFFF_FFFF }

    /// Enters position `i` in its hash chain (`i + 4 <= count`).
    @inline(__always)
    func insert(_ p: UnsafePointer<UInt8>, at i: Int, head: UnsafeMutablePointer<Int32>) {
        let word = UnsafeRawPointer(p).loadUnaligned(fromByteOffset: i, as: UInt32.self) & hashMask
        let slot = Int((word &* 0x9E37_79B1) >> UInt32(32 - Self.hashBits))
        chain[i & (Self.window - 1)] = head[slot]
        head[slot] = Int32(truncatingIfNeeded: i)
    }

    /// Enters position `i` in its hash chain and returns the longest earlier match (at least
    /// `effort.shortest` long, or 0) among the chain's first `effort.depth` candidates;.
    @inline(__always)
    func longestMatch(_ p: UnsafePointer<UInt8>, at i: Int, count n: Int, head: UnsafeMutablePointer<Int32>) -> (length: Int, distance: Int) {
        guard i + 4 <= n else { return (0, 0) }
        let raw = UnsafeRawPointer(p)
        let shortest = effort.shortest
        let mask = hashMask
        let word = raw.loadUnaligned(fromByteOffset: i, as: UInt32.self) & mask
        let slot = Int((word &* 0x9E37_79B1) >> UInt32(32 - Self.hashBits))
        var candidate = Int(head[slot])
        head[slot] = Int32(truncatingIfNeeded: i)
        chain[i & (Self.window - 1)] = Int32(truncatingIfNeeded: candidate)
        let limit = min(Self.maxMatch, n - i)
        var best = (length: 0, distance: 0)
        var tries = effort.depth
        // Candidates only go back in the window; a slot overwritten by a later position ends the chain.
        while candidate >= 0, candidate < i, i - candidate <= Self.window, tries > 0 {
            tries -= 1
            if raw.loadUnaligned(fromByteOffset: candidate, as: UInt32.self) & mask == word,
               best.length < shortest || p[candidate + best.length] == p[i + best.length] {
                var length = shortest
                while length < limit && p[candidate + length] == p[i + length] { length += 1 }
                // A 3-byte match far back costs more bits than three literals (zlib's TOO_FAR).
                if length > best.length, length > 3 || i - candidate <= 4096 {
                    best = (length, i - candidate)
                    if length == limit { break }
                }
            }
            let earlier = Int(chain[candidate & (Self.window - 1)])
            guard earlier < candidate else { break }
            candidate = earlier
        }
        return best
    }

    /// How many zero bytes start at `i` (at least one), read eight at a time.
    @inline(__always)
    static func zeroRun(_ raw: UnsafeRawPointer, from i: Int, count n: Int) -> Int {
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
    struct TokenSink {
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
    func writeBlock(final: Bool, to out: inout BitWriter) {
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
