import TabsnapModel

/// Text the screen sets at a leading edge, cut to a width as the system cuts a title that does
/// not fit: the longest start of it, by whole characters, followed by "…". Plain text only (the
/// screen's own titles and headings are plain); markup is left whole.
enum TextEllipsis {
    static func fitting(_ text: TextContent, font: FontSpec, width: Double, measurer: TextMeasurer) -> TextContent {
        guard case .plain(let string) = text, measurer.measure(text, font: font).width > width else { return text }
        let characters = Array(string)
        func candidate(_ count: Int) -> TextContent {
            var start = String(characters.prefix(count))
            while start.last?.isWhitespace == true { start.removeLast() }
            return .plain(start + "…")
        }
        // The longest start that fits, found by halving (at least the ellipsis alone).
        var low = 0, high = characters.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if measurer.measure(candidate(middle), font: font).width <= width { low = middle } else { high = middle - 1 }
        }
        return candidate(low)
    }
}
