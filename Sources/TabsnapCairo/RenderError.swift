import CCairo
import TabsnapModel

/// Why a bar could not be drawn: one line, for the command line and reports.
public enum RenderError: Error, CustomStringConvertible {
    /// An icon file could not be loaded.
    case icon(IconLoadError)
    /// The picture would be larger than `Limits` allows (or cairo can draw).
    case tooLarge(width: Int, height: Int)
    /// A position or scale that no spec could give (NaN, infinite, or out of `Limits`).
    case outOfRange(String)
    /// No fonts to draw text with.
    case fonts(String)
    /// Text that cannot be drawn as its run asks (a line break in a title or badge).
    case text(String)
    /// What a format cannot hold, named (Lottie: an icon file, markup text, the edge fade).
    case unmapped(String)
    /// Cairo stopped drawing the picture (out of memory, a font it could not make at a size):
    /// its status, in cairo's words.
    case drawing(String)

    /// The problem in one line: the icon's path and what is wrong with it, the pixel size against
    /// the limit, or the range or font problem as found.
    public var description: String {
        switch self {
        case .icon(let error): return error.description
        case .tooLarge(let width, let height): return Limits.pixelProblem(width: width, height: height)
        case .outOfRange(let problem): return problem
        case .fonts(let problem): return problem
        case .text(let problem): return problem
        case .unmapped(let problem): return problem
        case .drawing(let problem): return "cairo cannot draw the picture: \(problem)"
        }
    }

    /// `.drawing` for a cairo status that is an error, else nil.
    static func drawing(_ status: cairo_status_t) -> RenderError? {
        guard status != CAIRO_STATUS_SUCCESS else { return nil }
        return .drawing(cairo_status_to_string(status).map { String(cString: $0) } ?? "error \(status.rawValue)")
    }

    /// Positions the renderer accepts: a spec's range, widened for frames that overshoot it (a
    /// spring or a cubic-bézier with y outside 0…1 carries a swipe past its ends).
    static let positions = -100_000.0...100_000

    static func check(position: Double?, scale: Double) throws(RenderError) {
        if let position, !positions.contains(position) {
            throw .outOfRange("position \(position) is out of range; expected a position from \(Int(Limits.position.lowerBound)) to \(Int(Limits.position.upperBound))")
        }
        guard scale > Limits.scale.lowerBound, scale <= Limits.scale.upperBound else {
            throw .outOfRange("scale \(scale) is out of range; expected more than 0 and at most \(Int(Limits.scale.upperBound))")
        }
    }

    /// The pixel size of `width × height` points at `scale`, when it is within `Limits`.
    static func pixelSize(width: Double, height: Double, scale: Double) throws(RenderError) -> (width: Int, height: Int) {
        let w = (width * scale).rounded(.up), h = (height * scale).rounded(.up)
        let side = Double(Limits.pixelsPerSide)
        guard w.isFinite, h.isFinite, w <= side, h <= side else {
            throw .tooLarge(width: w.isFinite && w < 1e12 ? Int(w) : Int.max, height: h.isFinite && h < 1e12 ? Int(h) : Int.max)
        }
        let size = (width: max(Int(w), 1), height: max(Int(h), 1))
        guard Limits.allowsPixels(width: size.width, height: size.height) else { throw .tooLarge(width: size.width, height: size.height) }
        return size
    }
}
