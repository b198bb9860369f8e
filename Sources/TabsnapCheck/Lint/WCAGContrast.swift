import Foundation
import Tabsnap

/// WCAG 2.x contrast, as the Web Content Accessibility Guidelines define it (§1.4.3, "relative
/// luminance" and "contrast ratio" in the glossary):
///
///     c_lin = c / 12.92                     when c ≤ 0.04045 (c: an sRGB channel, 0…1)
///           = ((c + 0.055) / 1.055) ^ 2.4   otherwise
///     L     = 0.2126 R_lin + 0.7152 G_lin + 0.0722 B_lin
///     ratio = (L_lighter + 0.05) / (L_darker + 0.05)          1:1 … 21:1
public enum WCAGContrast {
    /// Relative luminance of an opaque sRGB colour (channels 0…1).
    public static func luminance(red: Double, green: Double, blue: Double) -> Double {
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// The ratio of two relative luminances, lighter over darker.
    public static func ratio(_ a: Double, _ b: Double) -> Double {
        (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// The ratio of `foreground` (its alpha laid over the backdrop, as it is drawn) to an opaque
    /// backdrop colour.
    public static func ratio(of foreground: RGBAColor, over red: Double, _ green: Double, _ blue: Double) -> Double {
        let a = foreground.alpha
        let drawn = luminance(red: foreground.red * a + red * (1 - a), green: foreground.green * a + green * (1 - a),
                              blue: foreground.blue * a + blue * (1 - a))
        return ratio(drawn, luminance(red: red, green: green, blue: blue))
    }

    /// "3.1:1", rounded down to a tenth so a ratio printed as 4.5:1 always passes 4.5:1.
    public static func words(_ ratio: Double) -> String {
        String(format: "%.1f:1", (ratio * 10).rounded(.down) / 10)
    }
}
