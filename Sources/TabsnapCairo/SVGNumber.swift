import Foundation

/// Numbers and text as SVG attributes hold them.
enum SVGNumber {
    /// Up to three decimals (a thousandth of a point), trailing zeros dropped, never `-0`.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// Text as XML character data or an attribute value: markup characters escaped, characters
    /// XML cannot hold (C0 controls but tab, newline and return) left out.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars where scalar.value >= 0x20 || "\t\n\r".unicodeScalars.contains(scalar) {
            guard scalar.value != 0xFFFE, scalar.value != 0xFFFF else { continue }
            if let entity = entities[scalar] { out += entity } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    private static let entities: [Unicode.Scalar: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;"]
}
