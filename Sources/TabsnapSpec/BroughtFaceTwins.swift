import Foundation
import TabsnapModel

/// Two brought font files with a face of one family — as fontconfig reads family names, spaces
/// and case aside — and one style (weight and italic): fontconfig draws the one listed first
/// and never the other, whichever spelling the spec names, so the picture depended on the order
/// of `fonts:` with exit 0 (hostile round 52). Refused, naming both files.
enum BroughtFaceTwins {
    /// The first two faces of different files sharing a family and style, or nil. Faces of one
    /// file (a collection's widths) are left to the file; the same file reached twice (a link,
    /// `fonts:` and `--font`) is one file.
    static func first(in faces: [FontFace]) -> (FontFace, FontFace)? {
        var seen: [String: FontFace] = [:]
        for face in faces {
            guard let weight = face.weight else { continue }  // light, black…: no weight a spec names
            let style = FontCatalog.fontconfigKey(face.family) + "|" + weight.rawValue + (face.italic ? "|italic" : "")
            guard let other = seen[style] else {
                seen[style] = face
                continue
            }
            if other.file.resolvingSymlinksInPath().standardizedFileURL != face.file.resolvingSymlinksInPath().standardizedFileURL {
                return (other, face)
            }
        }
        return nil
    }

    /// The problem with `pair`, worded after the file names: "hold 'Brand Serif' and 'BrandSerif' regular …".
    static func problem(_ pair: (FontFace, FontFace)) -> String {
        let (first, second) = pair
        let names = first.family == second.family ? "'\(first.family)'"
            : "'\(first.family)' and '\(second.family)' (one family to fontconfig, which ignores case and spaces)"
        let style = (first.weight?.rawValue ?? "") + (first.italic ? " italic" : "")
        return "\(first.file.path) and \(second.file.path) both hold \(names) \(style), and fontconfig would draw only the first listed, "
            + "whichever the spec names; bring one of them, or give each a family name of its own"
    }
}
