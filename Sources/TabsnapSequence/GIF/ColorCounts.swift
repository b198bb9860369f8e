/// Packed colours (never 0) to a count or an index: an open-addressing hash table, far faster
/// than a Dictionary for the millions of lookups a GIF's frames make.
struct ColorTable {
    private(set) var keys: [UInt32]
    private(set) var values: [UInt32]
    private(set) var count = 0
    private var mask: Int

    init(capacity: Int = 4096) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        keys = [UInt32](repeating: 0, count: size)
        values = [UInt32](repeating: 0, count: size)
        mask = size - 1
    }

    @inline(__always) private func slot(of key: UInt32) -> Int {
        // Fibonacci hashing spreads the neighbouring colours of a gradient over the table.
        var index = Int(truncatingIfNeeded: (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
        while keys[index] != 0 && keys[index] != key { index = (index + 1) & mask }
        return index
    }

    func value(of key: UInt32) -> UInt32? {
        let index = slot(of: key)
        return keys[index] == key ? values[index] : nil
    }

    /// Adds `amount` to the key's value (a new key starts at 0).
    mutating func add(_ key: UInt32, _ amount: UInt32) {
        let index = slot(of: key)
        if keys[index] == key {
            // Saturating: 10 000 frames of 16 Mpx count past 2^32.
            let (sum, overflow) = values[index].addingReportingOverflow(amount)
            values[index] = overflow ? .max : sum
            return
        }
        set(key, amount, at: index)
    }

    mutating func set(_ key: UInt32, _ value: UInt32) {
        let index = slot(of: key)
        if keys[index] == key { values[index] = value } else { set(key, value, at: index) }
    }

    private mutating func set(_ key: UInt32, _ value: UInt32, at index: Int) {
        keys[index] = key
        values[index] = value
        count += 1
        if count * 2 > keys.count { grow() }
    }

    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        keys = [UInt32](repeating: 0, count: oldKeys.count * 2)
        values = [UInt32](repeating: 0, count: oldKeys.count * 2)
        mask = keys.count - 1
        count = 0
        for (key, value) in zip(oldKeys, oldValues) where key != 0 { set(key, value) }
    }

    /// Every key with its value, in table order (deterministic for the same insertions).
    var entries: [(key: UInt32, value: UInt32)] {
        zip(keys, values).compactMap { $0.0 == 0 ? nil : (key: $0.0, value: $0.1) }
    }
}

/// How often each colour shows across an animation's frames: what the palette is built from.
/// Past `limit` distinct colours (a photographic icon at 4096 px) new colours are no longer
/// counted, which bounds memory; they are still matched to the nearest palette colour.
struct ColorCounts {
    static let limit = 1 << 20

    private(set) var table = ColorTable()
    /// Pixels counted (each frame in full).
    private(set) var total = 0
    /// Whether some pixel of some frame is transparent in a GIF (alpha under half).
    private(set) var hasTransparency = false

    mutating func add(_ pixels: [UInt8]) {
        pixels.withUnsafeBytes { raw in
            let words = raw.bindMemory(to: UInt32.self)
            var index = 0
            while index < words.count {
                // Flat UI has long runs of one colour: one table update per run.
                let word = words[index]
                var end = index + 1
                while end < words.count && words[end] == word { end += 1 }
                let run = end - index
                if let color = PackedColor.shown(word) {
                    if table.count < Self.limit || table.value(of: color) != nil { table.add(color, UInt32(clamping: run)) }
                } else {
                    hasTransparency = true
                }
                total += run
                index = end
            }
        }
    }
}
