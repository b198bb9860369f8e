/// JSON built in the order it is written, its numbers rounded to a thousandth: a Lottie file
/// of the same transition is the same bytes on every machine (Foundation's writer orders keys
/// only by sorting, and prints doubles to seventeen digits).
indirect enum JSONText: Sendable, Equatable {
    case number(Double)
    case string(String)
    case bool(Bool)
    case array([JSONText])
    case object([(String, JSONText)])

    static func == (lhs: JSONText, rhs: JSONText) -> Bool { lhs.text == rhs.text }

    /// The value as JSON text.
    var text: String {
        var out = ""
        write(into: &out)
        return out
    }

    func write(into out: inout String) {
        switch self {
        case .number(let value): out += Self.number(value)
        case .string(let value): Self.string(value, into: &out)
        case .bool(let value): out += value ? "true" : "false"
        case .array(let values):
            out += "["
            for (index, value) in values.enumerated() {
                if index > 0 { out += "," }
                value.write(into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out += "," }
                Self.string(key, into: &out)
                out += ":"
                value.write(into: &out)
            }
            out += "}"
        }
    }

    /// A number to a thousandth, with no trailing zeros and no "-0" (non-finite numbers, which
    /// no checked geometry holds, are written as 0: JSON has no NaN).
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 1_000).rounded() / 1_000
        if rounded == 0 { return "0" }
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        var text = String(rounded)
        // Swift prints the shortest text that reads back as the same double: at most three
        // decimals here, or an exponent for tiny and huge values, which JSON allows.
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    private static func string(_ value: String, into out: inout String) {
        out += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
