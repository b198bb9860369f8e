/// How strict a comparison is. Tabsnap's renders are deterministic, so the default is `.exact`:
/// any pixel whose premultiplied value changed is a difference. Loosen it only for images that
/// come from elsewhere (another renderer, another machine's fonts).
public struct ComparisonOptions: Sendable, Hashable, Codable {
    /// How many differing pixels a match may still have.
    public enum Allowance: Sendable, Hashable, Codable, CustomStringConvertible {
        /// At most this many pixels.
        case pixels(Int)
        /// At most this fraction of all pixels (0.001 = 0.1 %).
        case ratio(Double)

        /// Reads "12" (pixels) or "0.1%" (a percentage of all pixels).
        public init?(parsing text: String) {
            if text.hasSuffix("%") {
                guard let percent = Double(text.dropLast()), percent >= 0, percent <= 100 else { return nil }
                self = .ratio(percent / 100)
            } else {
                guard let count = Int(text), count >= 0 else { return nil }
                self = .pixels(count)
            }
        }

        func permits(_ differing: Int, of total: Int) -> Bool {
            switch self {
            case .pixels(let count): return differing <= count
            case .ratio(let ratio): return Double(differing) <= ratio * Double(total)
            }
        }

        /// "12 pixels" or "0.1%", for messages.
        public var description: String {
            switch self {
            case .pixels(let count): return "\(count) pixel\(count == 1 ? "" : "s")"
            case .ratio(let ratio): return "\(ratio * 100)%"
            }
        }

        /// Encoded as a count (12) or a percentage string ("0.1%"), the way the command line takes it.
        public init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let count = try? container.decode(Int.self), count >= 0 {
                self = .pixels(count)
            } else if let text = try? container.decode(String.self), let parsed = Allowance(parsing: text) {
                self = parsed
            } else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected a pixel count or a percentage like \"0.1%\"")
            }
        }

        /// Encodes a count as a number (12) and a ratio as a percentage string ("0.1%").
        public func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .pixels(let count): try container.encode(count)
            case .ratio(let ratio): try container.encode("\(ratio * 100)%")
            }
        }
    }

    /// Largest CIE ΔE 2000 at which two pixels still count as the same colour (0: exact).
    public var maxDeltaE: Double
    /// Differing pixels a match may have.
    public var allowed: Allowance
    /// Whether pixels recognised as anti-aliasing (an edge drawn a little differently, not moved)
    /// are forgiven. `false` is strict.
    public var toleratesAntialiasing: Bool

    /// Options from their parts; the defaults are `.exact`.
    /// - Parameters:
    ///   - maxDeltaE: Largest CIE ΔE 2000 between two pixels that still counts as the same colour.
    ///   - allowed: How many differing pixels a match may still have.
    ///   - toleratesAntialiasing: Whether pixels recognised as anti-aliasing are forgiven.
    public init(maxDeltaE: Double = 0, allowed: Allowance = .pixels(0), toleratesAntialiasing: Bool = false) {
        self.maxDeltaE = maxDeltaE
        self.allowed = allowed
        self.toleratesAntialiasing = toleratesAntialiasing
    }

    /// Every pixel equal (premultiplied, so transparent pixels match whatever their colour).
    public static let exact = ComparisonOptions()

    /// Differences a person would not notice: ΔE up to `maxDeltaE` (2 ≈ just noticeable),
    /// anti-aliasing forgiven, and `allowed` pixels beyond that.
    public static func tolerant(maxDeltaE: Double = 2, allowed: Allowance = .pixels(0)) -> ComparisonOptions {
        ComparisonOptions(maxDeltaE: maxDeltaE, allowed: allowed, toleratesAntialiasing: true)
    }

    /// Whether these are the `.exact` options (nothing forgiven).
    public var isExact: Bool { self == .exact }
}
