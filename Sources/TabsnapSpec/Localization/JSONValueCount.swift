/// How many values (objects, arrays, strings, and other scalars) a JSON text holds, counted in
/// one pass over its bytes before it is parsed. Foundation's `JSONSerialization` keeps an object
/// of about a kilobyte for each value, whatever the file's size says: a 16 MB `.xcstrings` of
/// 200 000 small entries took 2.5 GB (hostile round 50). A file is refused above a count, not
/// parsed and found too large.
enum JSONValueCount {
    /// The values in `bytes`, counting stops past `limit` (the result is then `limit + 1`).
    static func count(in bytes: [UInt8], limit: Int) -> Int {
        var count = 0, inString = false, escaped = false, inScalar = false
        for byte in bytes {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                inScalar = false
                count += 1
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                inScalar = false
                count += 1
            case UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D:
                inScalar = false
            default:
                // A number, true, false or null: one value per run of such bytes.
                if !inScalar { count += 1 }
                inScalar = true
            }
            if count > limit { return limit + 1 }
        }
        return count
    }
}
