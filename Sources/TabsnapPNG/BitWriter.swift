/// Writes a deflate bit stream (least significant bit first) into a growing byte buffer.
struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var pending: UInt64 = 0
    private var pendingCount = 0

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// The low `count` bits of `value` (count ≤ 32).
    @inline(__always)
    mutating func write(_ value: UInt32, count: Int) {
        pending |= UInt64(value) << UInt64(pendingCount)
        pendingCount += count
        if pendingCount >= 32 {
            let word = UInt32(truncatingIfNeeded: pending)
            bytes.append(UInt8(truncatingIfNeeded: word))
            bytes.append(UInt8(truncatingIfNeeded: word >> 8))
            bytes.append(UInt8(truncatingIfNeeded: word >> 16))
            bytes.append(UInt8(truncatingIfNeeded: word >> 24))
            pending >>= 32
            pendingCount -= 32
        }
    }

    /// Whole bytes appended directly (the stream must be at a byte boundary).
    mutating func append(bytes more: [UInt8]) {
        bytes += more
    }

    /// Pads the last byte with zeros.
    mutating func alignToByte() {
        while pendingCount > 0 {
            bytes.append(UInt8(truncatingIfNeeded: pending))
            pending >>= 8
            pendingCount = max(pendingCount - 8, 0)
        }
        pending = 0
    }
}
