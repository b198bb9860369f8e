import Foundation

/// What librsvg (2.54) reads otherwise than a browser's `<img>`, so an icon drew blank, or
/// something else, with exit 0 where the browser draws it (hostile round 67): refused before
/// librsvg reads it, naming what to write. A browser ignores an invalid `viewBox` (librsvg drew
/// nothing) and draws nothing for a zero one (librsvg drew); it skips a style sheet of another
/// type or medium (librsvg applied it); it draws a polygon's complete pairs (librsvg drew nothing
/// for an odd count); librsvg laid `writing-mode: vertical-lr` text out across, outside the icon.
enum SVGBrowserAgreement {
    /// The problem with `tag`, or nil.
    static func problem(with tag: SVGScanner.Tag) -> String? {
        let name = tag.localName
        if ["svg", "symbol", "marker", "pattern", "view"].contains(name), let viewBox = tag.exactAttribute("viewBox"), !isViewBox(viewBox) {
            return "<\(name) viewBox=\"\(short(viewBox))\">: not four numbers with a width and height over 0, which librsvg and a browser draw "
                + "differently (nothing, or the whole); write min-x min-y width height, or leave it out"
        }
        if name == "style" {
            if let type = tag.exactAttribute("type"), !["", "text/css"].contains(type.lowercased()) {
                return "<style type=\"\(short(type))\">: a browser skips a sheet of another type, librsvg applies it; write type=\"text/css\" or leave it out"
            }
            if let media = tag.exactAttribute("media"), !["", "all", "screen"].contains(media.trimmingCharacters(in: .whitespaces).lowercased()) {
                return "<style media=\"\(short(media))\">: a browser applies a sheet for one medium only, librsvg applies it always; leave media out"
            }
        }
        if name == "polygon" || name == "polyline", let points = tag.exactAttribute("points"), numbers(in: points) % 2 == 1 {
            return "<\(name) points>: an odd count of numbers, which librsvg draws as nothing (a browser drops the last); write x,y pairs"
        }
        return nil
    }

    /// Whether the icon's text may be written vertically left to right (anywhere it is named).
    static func namesVerticalLeftToRight(_ bytes: [UInt8]) -> Bool {
        let source = String(decoding: bytes.filter { ![0x20, 0x09, 0x0A, 0x0C, 0x0D].contains($0) }, as: UTF8.self).lowercased()
        return source.contains("vertical-lr")
    }

    static let verticalLeftToRight = "<text> is written vertically left to right (writing-mode: vertical-lr), which librsvg lays out across, "
        + "outside the icon; write vertical-rl, or draw it as paths"

    /// SVG's number: a sign, digits with an optional fraction (or a fraction alone), an exponent.
    private static let number = #"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?"#

    private static func isViewBox(_ text: String) -> Bool {
        guard text.utf8.count <= 200 else { return false }
        let separator = #"(?:[ \t\r\n]+,?[ \t\r\n]*|,[ \t\r\n]*)"#
        let pattern = "^[ \\t\\r\\n]*(\(number))\(separator)(\(number))\(separator)(\(number))\(separator)(\(number))[ \\t\\r\\n]*$"
        guard let expression = try? NSRegularExpression(pattern: pattern),
              let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { return false }
        let values = (1...4).compactMap { Range(match.range(at: $0), in: text).flatMap { Double(text[$0]) } }
        // librsvg reads CSS numbers as 32-bit floats: 1e39 is infinite there.
        return values.count == 4 && values.allSatisfy { abs($0) <= Double(Float.greatestFiniteMagnitude) } && values[2] > 0 && values[3] > 0
    }

    private static func numbers(in text: String) -> Int {
        guard let expression = try? NSRegularExpression(pattern: number) else { return 0 }
        return expression.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text))
    }

    private static func short(_ text: String) -> String { text.count > 24 ? text.prefix(24) + "…" : text }
}
