/// Running sums of |filtered byte| (as a signed byte) for the five PNG filters over one row: the
/// score libpng's heuristic minimises. Bytes come one at a time or sixteen at once; both give the
/// same sums (PNGFilterTests checks both against the RFC heuristic written out byte by byte).
struct FilterScores {
    private var none = 0, sub = 0, up = 0, average = 0, paeth = 0

    /// The five sums in filter order (none, sub, up, average, paeth).
    var sums: [Int] { [none, sub, up, average, paeth] }

    /// The filter with the smallest score; ties go to the earlier filter.
    var best: PNGFilter {
        var best = PNGFilter.none, bestScore = none
        for (filter, score) in [(PNGFilter.sub, sub), (.up, up), (.average, average), (.paeth, paeth)] where score < bestScore {
            best = filter
            bestScore = score
        }
        return best
    }

    @inline(__always)
    private static func magnitude(_ v: UInt8) -> Int { Int(Int8(bitPattern: v).magnitude) }

    /// x is the byte, a the one to its left, b the one above, c the one above-left.
    @inline(__always)
    mutating func add(x: UInt8, a: UInt8, b: UInt8, c: UInt8) {
        none &+= Self.magnitude(x)
        sub &+= Self.magnitude(x &- a)
        up &+= Self.magnitude(x &- b)
        average &+= Self.magnitude(x &- UInt8((UInt16(a) + UInt16(b)) / 2))
        paeth &+= Self.magnitude(x &- PNGFilter.paethPredictor(a, b, c))
    }

    typealias Lanes = SIMD16<Int16>

    /// Sixteen bytes at a time. Branch-free (shifts and masks, no lane selects: Swift lowers
    /// those to per-lane loops). Lane sums stay in 16 bits until `flush()`.
    private var lanes = (none: Lanes(), sub: Lanes(), up: Lanes(), average: Lanes(), paeth: Lanes())
    private var pending = 0

    @inline(__always)
    mutating func add(x: SIMD16<UInt8>, a: SIMD16<UInt8>, b: SIMD16<UInt8>, c: SIMD16<UInt8>) {
        let x = Lanes(truncatingIfNeeded: x), a = Lanes(truncatingIfNeeded: a)
        let b = Lanes(truncatingIfNeeded: b), c = Lanes(truncatingIfNeeded: c)
        lanes.none &+= Self.byteMagnitude(x)
        lanes.sub &+= Self.byteMagnitude(x &- a)
        lanes.up &+= Self.byteMagnitude(x &- b)
        lanes.average &+= Self.byteMagnitude(x &- ((a &+ b) &>> 1))
        lanes.paeth &+= Self.byteMagnitude(x &- Self.paeth(a, b, c))
        pending += 1
        if pending == 200 { flush() }  // 200 × 128 stays below Int16.max
    }

    /// The Paeth predictor of sixteen bytes (held in 16-bit lanes) at once.
    @inline(__always)
    static func paeth(_ a: Lanes, _ b: Lanes, _ c: Lanes) -> Lanes {
        // p = a + b − c, so |p − a| = |b − c|, |p − b| = |a − c|, |p − c| = |a + b − 2c|.
        let pa = abs(b &- c), pb = abs(a &- c), pc = abs(a &+ b &- c &- c)
        let takeA = atLeast(pb, pa) & atLeast(pc, pa)   // all ones where pa ≤ pb and pa ≤ pc
        let takeB = atLeast(pc, pb)
        return (a & takeA) | (~takeA & ((b & takeB) | (c & ~takeB)))
    }

    /// Moves the lane sums into the totals; call before `best` when vectors were added.
    mutating func flush() {
        // Widened first: sixteen lanes of up to 25 600 overflow 16 bits.
        func total(_ v: Lanes) -> Int { Int(SIMD16<Int32>(truncatingIfNeeded: v).wrappedSum()) }
        none &+= total(lanes.none)
        sub &+= total(lanes.sub)
        up &+= total(lanes.up)
        average &+= total(lanes.average)
        paeth &+= total(lanes.paeth)
        lanes = (Lanes(), Lanes(), Lanes(), Lanes(), Lanes())
        pending = 0
    }

    /// All ones where x ≥ y, else zero (the values are small, so x − y cannot overflow).
    @inline(__always)
    private static func atLeast(_ x: Lanes, _ y: Lanes) -> Lanes { ~((x &- y) &>> 15) }

    @inline(__always)
    private static func abs(_ v: Lanes) -> Lanes {
        let sign = v &>> 15
        return (v ^ sign) &- sign
    }

    /// |d as a signed byte| for a byte difference d kept in 16 bits.
    @inline(__always)
    private static func byteMagnitude(_ difference: Lanes) -> Lanes {
        abs((difference &<< 8) &>> 8)
    }
}
