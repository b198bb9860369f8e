import Foundation

/// An SVG drawn at a scale: the root's `width` and `height` become scale × the bar's size in
/// points, the `viewBox` stays in points, so a viewer shows it as large as the PNG at that scale
/// while every coordinate inside is unchanged.
enum SVGScale {
    static func apply(_ scale: Double, to svg: [UInt8]) -> [UInt8] {
        guard scale != 1, let end = svg.prefix(1024).firstIndex(of: UInt8(ascii: ">"), after: svg.firstRange(of: Array("<svg".utf8))?.lowerBound) else {
            return svg
        }
        var tag = String(decoding: svg[..<end], as: UTF8.self)
        for name in ["width", "height"] {
            guard let range = tag.firstRange(of: " \(name)=\""), let close = tag[range.upperBound...].firstIndex(of: "\"") else { continue }
            let value = tag[range.upperBound..<close]
            let number = value.prefix { $0.isNumber || $0 == "." }
            guard let points = Double(number) else { continue }
            tag.replaceSubrange(range.upperBound..<close, with: format(points * scale) + value.dropFirst(number.count))
        }
        return Array(tag.utf8) + svg[end...]
    }

    /// Up to four decimals, trailing zeros dropped ("129.9987", "900").
    private static func format(_ value: Double) -> String {
        var text = String(format: "%.4f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

private extension ArraySlice where Element == UInt8 {
    /// The first index of `byte` at or after `start` (nil when `start` is nil or it is absent).
    func firstIndex(of byte: UInt8, after start: Int?) -> Int? {
        guard let start, start >= startIndex, start < endIndex else { return nil }
        return self[start...].firstIndex(of: byte)
    }
}
