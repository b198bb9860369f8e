import Foundation
import TabsnapModel

/// Two brought font files with a face of one family — as fontconfig reads family names, spaces
/// and case aside, by any name a file records — and one style (weight, width and slant):
/// fontconfig draws the one listed first and never the other, whichever spelling the spec
/// names, so the picture depended on the order of `fonts:` with exit 0 (hostile round 52).
/// Refused, naming both files.
///
/// This is the early check, at the spec's `fonts:`, and it refuses only faces whose every input
/// to fontconfig's reading of a style is alike (classes, bits and style names): a face italic by
/// its style name alone was read as upright here and refused beside the regular (round 54).
/// The renderer holds the exact rule, on fontconfig's own reading of each face (`BroughtFonts`).
enum BroughtFaceTwins {
    /// The first two faces of different files sharing a family name and style, or nil. Faces of
    /// one file are left to the file; one file reached twice (a link, a hard link, `fonts:` and
    /// `--font`) is one file.
    static func first(in faces: [FontFace]) -> (FontFace, FontFace)? {
        var seen: [String: FontFace] = [:]
        for face in faces {
            let names = Set(face.styleNames.map(FontCatalog.fontconfigKey)).sorted().joined(separator: "\u{0}")
            let style = "|\(fontconfigWeight(face.weightClass))|\(fontconfigWidth(face.widthClass))|\(face.styleBits)|\(face.italic)|\(face.revision)|\(names)"
            for name in Set(face.allFamilyNames.map(FontCatalog.fontconfigKey)) {
                guard let other = seen[name + style] else {
                    seen[name + style] = face
                    continue
                }
                if !isSameFile(other.file, face.file) { return (other, face) }
            }
        }
        return nil
    }

    /// The problem with `pair`, worded after the file names: "hold 'Brand Serif' and 'BrandSerif' regular …".
    static func problem(_ pair: (FontFace, FontFace)) -> String {
        let (first, second) = pair
        var style = first.weight?.rawValue ?? "weight \(first.weightClass)"
        if first.widthClass != 5 { style += ", width \(first.widthClass)" }
        if first.italic { style += first.styleNames.contains { $0.lowercased().contains("oblique") } ? " oblique" : " italic" }
        return FontTwinWording.problem(first.file, second.file, families: (first.family, second.family), style: style)
    }

    /// The weight fontconfig gives an OpenType weight class (`FcWeightFromOpenTypeDouble`: its
    /// table, interpolated, classes over 1 000 read as 1 000): two classes it reads alike are
    /// one weight to it (round 54: 1 000 and 65 535 were two here, one there); not rounded,
    /// as it is not (450 and 451 are 90 and 90.2, which it tells apart).
    static func fontconfigWeight(_ weightClass: Int) -> Double {
        let table: [(Double, Double)] = [(0, 0), (100, 0), (200, 40), (300, 50), (350, 55), (380, 75), (400, 80), (500, 100),
                                         (600, 180), (700, 200), (800, 205), (900, 210), (1000, 215)]
        let ot = min(max(Double(weightClass), 0), 1000)
        for (low, high) in zip(table, table.dropFirst()) where ot <= high.0 {
            return low.1 + (ot - low.0) / (high.0 - low.0) * (high.1 - low.1)
        }
        return 215
    }

    /// The width class fontconfig reads: 1 to 9 as they are, anything else normal (5).
    static func fontconfigWidth(_ widthClass: Int) -> Int {
        (1...9).contains(widthClass) ? widthClass : 5
    }

    /// Whether two paths are one file (its device and inode), links followed.
    private static func isSameFile(_ one: URL, _ other: URL) -> Bool {
        var first = stat(), second = stat()
        guard stat(one.path, &first) == 0, stat(other.path, &second) == 0 else { return one.standardizedFileURL == other.standardizedFileURL }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }
}
