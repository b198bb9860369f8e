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
