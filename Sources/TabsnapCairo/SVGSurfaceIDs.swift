/// Cairo names SVG groups after a process-wide surface counter (`id="surface185"`), so the second
/// SVG a process renders differs from the first. Renumbering the ids in order of appearance makes
/// every SVG of the same bar byte-identical, whatever was rendered before it.
enum SVGSurfaceIDs {
    static func normalize(_ svg: [UInt8]) -> [UInt8] {
        let prefix = Array("surface".utf8)
        var renamed: [ArraySlice<UInt8>: Int] = [:]
        var out: [UInt8] = []
        out.reserveCapacity(svg.count)
        var i = 0
        while i < svg.count {
            if svg[i] == prefix[0], i > 0, svg[i - 1] == UInt8(ascii: "\"") || svg[i - 1] == UInt8(ascii: "#"),
               svg[i...].starts(with: prefix) {
                var end = i + prefix.count
                while end < svg.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(svg[end]) { end += 1 }
                if end > i + prefix.count {
                    let number = svg[(i + prefix.count)..<end]
                    let index = renamed[number] ?? (renamed.count + 1)
                    renamed[number] = index
                    out += prefix
                    out += Array(String(index).utf8)
                    i = end
                    continue
                }
            }
            out.append(svg[i])
            i += 1
        }
        return out
    }
}
