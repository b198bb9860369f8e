/// An sRGB colour with straight (not premultiplied) alpha, each channel 0…1.
public struct RGBAColor: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Red channel, 0 … 1.
    public var red: Double
    /// Green channel, 0 … 1.
    public var green: Double
    /// Blue channel, 0 … 1.
    public var blue: Double
    /// Opacity, 0 (clear) … 1 (opaque); the colour channels are not multiplied by it.
    public var alpha: Double

    /// A colour from channels in 0 … 1; opaque unless `alpha` is given.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses `#RRGGBB` or `#RRGGBBAA` (case-insensitive). Returns nil for anything else.
    public init?(hex: String) {
        guard hex.hasPrefix("#") else { return nil }
        let digits = hex.dropFirst()
        guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16) else { return nil }
        let rgba = digits.count == 6 ? (value << 8) | 0xFF : value
        self.init(red: Double((rgba >> 24) & 0xFF) / 255,
                  green: Double((rgba >> 16) & 0xFF) / 255,
                  blue: Double((rgba >> 8) & 0xFF) / 255,
                  alpha: Double(rgba & 0xFF) / 255)
    }

    /// `#RRGGBBAA`, each channel rounded to the nearest 8-bit value.
    public var hexRGBA: String {
        func byte(_ channel: Double) -> String {
            let value = Int((min(max(channel, 0), 1) * 255).rounded())
            let text = String(value, radix: 16, uppercase: true)
            return value < 16 ? "0" + text : text
        }
        return "#" + byte(red) + byte(green) + byte(blue) + byte(alpha)
    }

    /// The colour as `#RRGGBBAA` (`hexRGBA`).
    public var description: String { hexRGBA }

    /// Per-channel sRGB interpolation (what UIKit's colour interpolation in Tabman does).
    public func interpolated(to other: RGBAColor, by t: Double) -> RGBAColor {
        RGBAColor(red: red + (other.red - red) * t,
              green: green + (other.green - green) * t,
              blue: blue + (other.blue - blue) * t,
              alpha: alpha + (other.alpha - alpha) * t)
    }

    /// The same colour with its alpha replaced by `newAlpha`.
    public func withAlpha(_ newAlpha: Double) -> RGBAColor {
        RGBAColor(red: red, green: green, blue: blue, alpha: newAlpha)
    }

    /// The same colour with its alpha multiplied by `factor` (how a shape or button fades).
    public func multiplyingAlpha(by factor: Double) -> RGBAColor {
        withAlpha(alpha * factor)
    }

    /// Opaque black.
    public static let black = RGBAColor(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = RGBAColor(red: 1, green: 1, blue: 1)
    /// Fully transparent (black at alpha 0).
    public static let clear = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)

    /// Encodes the colour as its `#RRGGBBAA` string, the spec form.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hexRGBA)
    }

    /// Decodes the spec form, `#RRGGBB` or `#RRGGBBAA`.
    /// - Throws: `DecodingError.dataCorrupted` for any other string.
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let color = RGBAColor(hex: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected #RRGGBB or #RRGGBBAA, got \(text)")
        }
        self = color
    }
}
