import TabsnapPNG

/// An animation's palette: up to 255 colours plus one index for "transparent", which also
/// stands for "unchanged" inside a later frame's rectangle. Pixels are matched to their nearest
/// colour in Oklab, each distinct colour once: every colour the frames were counted with is
/// matched when the palette is made, so matching frames reads only, and frames are matched on
/// every core (a colour past the count's limit is matched as it comes, not kept).
struct GIFPalette: Sendable {
    static let maxColors = 255

    let colors: [UInt32]
    let transparent: UInt8
    private let labs: [Oklab]
    private var matches = ColorTable()

    init(colors: [UInt32]) {
        precondition(!colors.isEmpty && colors.count <= Self.maxColors)
        self.colors = colors
        transparent = UInt8(colors.count)
        labs = colors.map { Oklab(packed: $0) }
    }

    /// Built from how often each colour shows across the animation, each counted colour matched.
    init(counts: ColorCounts) {
        let colors = PaletteQuantizer.palette(from: counts, maxColors: Self.maxColors)
        self.init(colors: colors.isEmpty ? [PackedColor.opaque(red: 0, green: 0, blue: 0)] : colors)
        var matches = ColorTable(capacity: max(counts.table.count, 16))
        for (color, _) in counts.table.entries {
            matches.set(color, UInt32(PaletteQuantizer.nearestIndex(Oklab(packed: color), in: labs)))
        }
        self.matches = matches
    }

    /// Entries in the file's colour table: a power of two (GIF's rule), the transparent one included.
    var tableSize: Int {
        var size = 2
        while size < colors.count + 1 { size <<= 1 }
        return size
    }

    func index(of pixel: UInt32) -> UInt8 {
        guard let color = PackedColor.shown(pixel) else { return transparent }
        if let known = matches.value(of: color) { return UInt8(known) }
        return UInt8(PaletteQuantizer.nearestIndex(Oklab(packed: color), in: labs))
    }

    /// The image as palette indices, row after row.
    func indices(of image: RGBAImage) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: image.width * image.height)
        image.pixels.withUnsafeBytes { raw in
            let words = raw.bindMemory(to: UInt32.self)
            var last: UInt32 = 0
            var lastIndex = transparent
            var haveLast = false
            for position in 0..<words.count {
                let word = words[position]
                if !haveLast || word != last {
                    lastIndex = index(of: word)
                    last = word
                    haveLast = true
                }
                out[position] = lastIndex
            }
        }
        return out
    }
}
