import Foundation

/// The words for two brought font files fontconfig cannot tell apart: one family (as it reads
/// names) and one style. It draws the face of the one listed first, whichever the spec names,
/// so the picture would depend on the order of `fonts:` (hostile round 52). Said alike by the
/// spec's early check (`BroughtFaceTwins`, from the files' tables) and the renderer's exact
/// one (from fontconfig's own reading of each face).
public enum FontTwinWording {
    /// "A and B both hold 'Brand Serif' regular, and fontconfig would draw only the first …";
    /// `style` says the weight, width and slant they share.
    public static func problem(_ first: URL, _ second: URL, families: (String, String), style: String) -> String {
        let names = families.0 == families.1 ? "'\(families.0)'"
            : "'\(families.0)' and '\(families.1)' (one family to fontconfig, which ignores case and spaces, and answers to every name a font records)"
        return "\(first.path) and \(second.path) both hold \(names) \(style), and fontconfig would draw only the first listed "
            + "for that family, whichever spelling is asked (a spec's fonts may hold no such pair, whatever names it uses); "
            + "bring one of them, or give each a family name of its own"
    }
}
