/// How many values a JSON text holds and how deep they nest, counted in one pass over its bytes
/// before a decoder sees them. Foundation's decoders keep a record for every value — about 60
/// bytes in `JSONDecoder`'s table, about a kilobyte as a `JSONSerialization` object — whatever
/// the text's size says: 32 MB of `[[0],[0],…]` took 4.4 GB to refuse as a check report (hostile
/// round 74), a 16 MB string catalog of 200 000 small entries 2.5 GB (round 50). Whatever decodes
/// JSON a user gives counts it here first and refuses it above a count.
package enum JSONValues {
    /// The values in `bytes` — every object, array, string (keys included), number and literal —
    /// and how deep they nest. Counting stops past `limit` (the count is then over it).
    package static func measure(_ bytes: [UInt8], limit: Int) -> (count: Int, depth: Int) {
        var values = 0, depth = 0, deepest = 0
        var index = 0
        let count = bytes.count
        while index < count, values <= limit {
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                values += 1
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
            case UInt8(ascii: "\""):
                values += 1
                index += 1
                // To the closing quote, past escapes.
                while index < count, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
            case UInt8(ascii: ","), UInt8(ascii: ":"), 0x20, 0x09, 0x0A, 0x0D:
                break
            default:
                // A number, true, false or null (or a stray byte the decoder will name): one
                // value to the end of the run.
                values += 1
                while index + 1 < count, !",:]} \t\r\n\"[{".utf8.contains(bytes[index + 1]) { index += 1 }
            }
            index += 1
        }
        return (values, deepest)
    }
}
