/// Cairo names SVG groups and embedded images after process-wide counters (`id="surface185"`,
/// `id="image52"`), so the second SVG a process renders differs from the first, and frames drawn
/// on several threads differ from run to run. Renumbering each kind of id in order of appearance
/// makes every SVG of the same bar byte-identical, whatever was rendered before or beside it.
enum SVGSurfaceIDs {
    /// The counters cairo shares across documents (clip, mask and glyph ids are per document).
    private static let prefixes = ["surface", "image"].map { Array($0.utf8) }

    static func normalize(_ svg: [UInt8]) -> [UInt8] {
        var renamed = prefixes.map { _ in [ArraySlice<UInt8>: Int]() }
        var out: [UInt8] = []
        out.reserveCapacity(svg.count)
        var i = 0
        scan: while i < svg.count {
            // An id starts right after `"` (id="surface3") or `#` (href="#surface3").
            if i > 0, svg[i - 1] == UInt8(ascii: "\"") || svg[i - 1] == UInt8(ascii: "#") {
                for (kind, prefix) in prefixes.enumerated() where svg[i] == prefix[0] && svg[i...].starts(with: prefix) {
                    var end = i + prefix.count
                    while end < svg.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(svg[end]) { end += 1 }
                    guard end > i + prefix.count else { continue }
                    let number = svg[(i + prefix.count)..<end]
                    let index = renamed[kind][number] ?? (renamed[kind].count + 1)
                    renamed[kind][number] = index
                    out += prefix
                    out += Array(String(index).utf8)
                    i = end
                    continue scan
                }
            }
            out.append(svg[i])
            i += 1
        }
        return out
    }
}
