/// A length-limited canonical Huffman code for a deflate alphabet (RFC 1951 §3.2.2): lengths from
/// symbol frequencies, then codes from lengths, bit-reversed because deflate packs codes from
/// their most significant bit into a stream read from the least.
struct HuffmanCode {
    /// Bits per symbol (0: the symbol is not used).
    private(set) var lengths: [UInt8]
    /// Each symbol's code, already reversed for the bit writer.
    private(set) var codes: [UInt16]

    /// The code for `frequencies`, no code longer than `maxLength`. At least two symbols get a
    /// code, so every tree is complete (inflaters reject a one-code tree, except for distances in
    /// zlib's case only).
    init(frequencies: [Int], maxLength: Int) {
        lengths = Self.lengths(frequencies, maxLength: maxLength)
        codes = Self.canonicalCodes(lengths)
    }

    /// Huffman's algorithm (two queues over symbols sorted by frequency), then too-deep leaves
    /// moved up until the code fits `maxLength` while staying complete (Kraft sum exactly 1).
    static func lengths(_ frequencies: [Int], maxLength: Int) -> [UInt8] {
        var used = frequencies.indices.filter { frequencies[$0] > 0 }
        // Two codes at least: pad with the first unused symbols.
        var pad = 0
        while used.count < 2 {
            if frequencies[pad] == 0 && !used.contains(pad) { used.append(pad) }
            pad += 1
        }
        precondition(used.count <= 1 << maxLength, "\(used.count) symbols cannot have codes of \(maxLength) bits")
        // Ascending frequency; ties by symbol so the code never depends on sort stability.
        used.sort { (max(frequencies[$0], 1), $0) < (max(frequencies[$1], 1), $1) }

        // Tree nodes: leaves 0..<n (in `used` order), then internal nodes as they are made.
        let n = used.count
        var weight = used.map { max(frequencies[$0], 1) }
        var parent = [Int](repeating: -1, count: 2 * n - 1)
        var nextLeaf = 0, nextInternal = n, madeInternal = n
        func takeSmallest() -> Int {
            if nextLeaf < n && (nextInternal == madeInternal || weight[nextLeaf] <= weight[nextInternal]) {
                nextLeaf += 1
                return nextLeaf - 1
            }
            nextInternal += 1
            return nextInternal - 1
        }
        while madeInternal < 2 * n - 1 {
            let a = takeSmallest(), b = takeSmallest()
            weight.append(weight[a] + weight[b])
            parent[a] = madeInternal
            parent[b] = madeInternal
            madeInternal += 1
        }
        // Depths from the root (the last node) down: a parent is always made after its children.
        var depth = [Int](repeating: 0, count: 2 * n - 1)
        for node in stride(from: 2 * n - 3, through: 0, by: -1) { depth[node] = depth[parent[node]] + 1 }

        // How many leaves sit at each length, deep ones clamped to maxLength, then the Kraft sum
        // brought back to exactly 1: take a leaf from the deepest level and move a shallower leaf
        // one level down beside it, until the clamped leaves fit.
        var perLength = [Int](repeating: 0, count: maxLength + 1)
        for leaf in 0..<n { perLength[min(depth[leaf], maxLength)] += 1 }
        var kraft = 0  // in units of 2^-maxLength
        for length in 1...maxLength { kraft += perLength[length] << (maxLength - length) }
        while kraft > 1 << maxLength {
            perLength[maxLength] -= 1
            for length in stride(from: maxLength - 1, to: 0, by: -1) where perLength[length] > 0 {
                perLength[length] -= 1
                perLength[length + 1] += 2
                break
            }
            kraft -= 1
        }

        // Shortest codes to the most frequent symbols (the end of `used`).
        var result = [UInt8](repeating: 0, count: frequencies.count)
        var leaf = n - 1
        for length in 1...maxLength {
            for _ in 0..<perLength[length] {
                result[used[leaf]] = UInt8(length)
                leaf -= 1
            }
        }
        return result
    }

    /// RFC 1951's canonical codes: by length, then by symbol; reversed for LSB-first writing.
    static func canonicalCodes(_ lengths: [UInt8]) -> [UInt16] {
        let maxLength = Int(lengths.max() ?? 0)
        var count = [Int](repeating: 0, count: maxLength + 1)
        for length in lengths where length > 0 { count[Int(length)] += 1 }
        var next = [Int](repeating: 0, count: maxLength + 2)
        var code = 0
        for length in stride(from: 1, through: maxLength, by: 1) {
            code = (code + count[length - 1]) << 1
            next[length] = code
        }
        var codes = [UInt16](repeating: 0, count: lengths.count)
        for (symbol, length) in lengths.enumerated() where length > 0 {
            codes[symbol] = reversed(next[Int(length)], bits: Int(length))
            next[Int(length)] += 1
        }
        return codes
    }

    private static func reversed(_ code: Int, bits: Int) -> UInt16 {
        var result = 0, code = code
        for _ in 0..<bits {
            result = result << 1 | code & 1
            code >>= 1
        }
        return UInt16(result)
    }
}
