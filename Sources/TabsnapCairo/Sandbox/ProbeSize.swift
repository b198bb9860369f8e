import TabsnapDraw

/// What a probe draws a spec's icon or text at: pixels at a scale (PNG and every animated
/// output) or points (SVG and PDF output).
enum ProbeTarget: Hashable {
    case pixels(scale: Double)
    case vector

    /// Pixels per point of the glyph images text is drawn from: the scale, or 1 in SVG and PDF
    /// (whose colour glyphs become images at their size in points).
    var glyphImageScale: Double {
        switch self {
        case .pixels(let scale): return scale
        case .vector: return 1
        }
    }
}

/// The largest size an icon is drawn at, in pixels and in points, rounded up to a step: icons
/// whose size is animated, or drawn at 1× and 2×, then share a few probes, and a probe at a size
/// stands for every smaller one (what librsvg does grows with the area drawn, not less).
struct ProbeSize: Hashable {
    var pixelWidth = 0, pixelHeight = 0
    var pointWidth = 0, pointHeight = 0
    /// The shortest side the icon is drawn at, in pixels or points, not rounded (0: none yet):
    /// what a detail of it comes to where it is smallest (`IconCache`'s pattern tiles).
    var smallestSide = 0.0
    /// The longest side the icon is drawn at, in pixels or points, not rounded: what a detail
    /// librsvg caps in device pixels comes to where it is largest (`IconCache`'s morphology).
    var largestSide = 0.0

    static let step = 16

    init() {}

    /// The size `width` × `height` points take on `target`.
    init(width: Double, height: Double, on target: ProbeTarget) {
        switch target {
        case .pixels(let scale):
            pixelWidth = Self.rounded(width * scale)
            pixelHeight = Self.rounded(height * scale)
            smallestSide = min(width, height) * scale
            largestSide = max(width, height) * scale
        case .vector:
            pointWidth = Self.rounded(width)
            pointHeight = Self.rounded(height)
            smallestSide = min(width, height)
            largestSide = max(width, height)
        }
        if !(smallestSide > 0) { smallestSide = 0 }
        if !(largestSide > 0) { largestSide = 0 }
    }

    /// Up to the next step (at least one); sizes are range-checked before (`Limits.pixelsPerSide`).
    private static func rounded(_ value: Double) -> Int {
        guard value.isFinite, value > 0 else { return step }
        let whole = Int(min(value, 1e6).rounded(.up))
        return (whole + step - 1) / step * step
    }

    /// Covers both.
    func union(_ other: ProbeSize) -> ProbeSize {
        var both = self
        both.pixelWidth = max(pixelWidth, other.pixelWidth)
        both.pixelHeight = max(pixelHeight, other.pixelHeight)
        both.pointWidth = max(pointWidth, other.pointWidth)
        both.pointHeight = max(pointHeight, other.pointHeight)
        both.smallestSide = [smallestSide, other.smallestSide].filter { $0 > 0 }.min() ?? 0
        both.largestSide = max(largestSide, other.largestSide)
        return both
    }

    func covers(_ other: ProbeSize) -> Bool { union(other) == self }

    /// Probes are alike by the sizes they draw at; the smallest and largest sides, unrounded,
    /// say nothing of what a probe costs, so they are no part of one's identity.
    static func == (lhs: ProbeSize, rhs: ProbeSize) -> Bool {
        (lhs.pixelWidth, lhs.pixelHeight, lhs.pointWidth, lhs.pointHeight) == (rhs.pixelWidth, rhs.pixelHeight, rhs.pointWidth, rhs.pointHeight)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(pixelWidth)
        hasher.combine(pixelHeight)
        hasher.combine(pointWidth)
        hasher.combine(pointHeight)
    }

    /// The pixels and the points apart (one or both): each output draws an icon on one target,
    /// so each is probed within its own time (drawn together in one probe, an icon that PNG,
    /// SVG and check each drew in time was refused by lint, which draws both: hostile round 47).
    var parts: [ProbeSize] {
        var pixels = ProbeSize(), points = ProbeSize()
        (pixels.pixelWidth, pixels.pixelHeight) = (pixelWidth, pixelHeight)
        (points.pointWidth, points.pointHeight) = (pointWidth, pointHeight)
        return [pixels, points].filter { $0 != ProbeSize() }
    }

    /// "48×48 px", "24×24 pt", or both.
    var description: String {
        var parts: [String] = []
        if pixelWidth > 0 { parts.append("\(pixelWidth)×\(pixelHeight) px") }
        if pointWidth > 0 { parts.append("\(pointWidth)×\(pointHeight) pt") }
        return parts.joined(separator: " and ")
    }
}
