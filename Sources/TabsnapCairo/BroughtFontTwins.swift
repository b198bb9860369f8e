import CFontconfig
import Foundation
import TabsnapModel

/// A face's style as fontconfig read it from the file: weight, width and slant, each as its
/// value (a variable face's as its range). Pango asks for a family in these three and nothing
/// else, so two faces alike in them are one to it.
struct FaceStyle: Hashable {
    var weight: String
    var width: String
    var slant: String

    init(weight: String, width: String, slant: String) {
        self.weight = weight
        self.width = width
        self.slant = slant
    }

    /// The style fontconfig recorded in `pattern`.
    init(of pattern: OpaquePointer) {
        weight = Self.value(of: FC_WEIGHT, in: pattern)
        width = Self.value(of: FC_WIDTH, in: pattern)
        slant = Self.value(of: FC_SLANT, in: pattern)
    }

    /// "regular", "bold italic", "weight 190, width 75 (fontconfig's scales)": for messages.
    var described: String {
        let weights = ["0": "thin", "40": "extralight", "50": "light", "55": "demilight", "75": "book", "80": "regular",
                       "100": "medium", "180": "semibold", "200": "bold", "205": "extrabold", "210": "black", "215": "extrablack"]
        var words = weights[weight] ?? "weight \(weight)"
        var scaled = weights[weight] == nil
        if width != "100" {
            words += ", width \(width)"
            scaled = true
        }
        if scaled { words += " (fontconfig's scales: regular 80, normal width 100)" }
        switch slant {
        case "0": break
        case "100": words += " italic"
        case "110": words += " oblique"
        default: words += " slant \(slant)"
        }
        return words
    }

    /// A number as fontconfig holds it (an integer or a double), or a range "begin-end".
    private static func value(of object: String, in pattern: OpaquePointer) -> String {
        var number = 0.0
        if FcPatternGetDouble(pattern, object, 0, &number) == FcResultMatch { return shown(number) }
        var range: OpaquePointer?
        var begin = 0.0, end = 0.0
        if FcPatternGetRange(pattern, object, 0, &range) == FcResultMatch, let range, FcRangeGetDouble(range, &begin, &end) != 0 {
            return "\(shown(begin))-\(shown(end))"
        }
        return "none"
    }

    private static func shown(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e9 ? String(Int(number)) : String(number)
    }
}

extension BroughtFonts {
    /// Why the brought files cannot all be drawn, or nil: two files with a face fontconfig reads
    /// as one family (by any name it records, case and spaces aside) and one style. Fontconfig
    /// draws the one listed first whichever the spec names (hostile round 52); the spec's early
    /// check reads the files' own tables and left a face italic by its style name alone to this
    /// one (round 54). Faces of one file (a collection, a variable font's instances) are the
    /// file's own business; files of identical bytes share one loaded copy and draw alike.
    func twinProblem() -> String? {
        var seen: [String: (face: Face, name: String)] = [:]
        for face in faces {
            for name in face.families {
                let key = "\(Self.normalized(name))|\(face.style.weight)|\(face.style.width)|\(face.style.slant)"
                guard let other = seen[key] else {
                    seen[key] = (face, name)
                    continue
                }
                guard other.face.loaded != face.loaded else { continue }
                return FontTwinWording.problem(other.face.file, face.file, families: (other.name, name), style: face.style.described)
            }
        }
        return nil
    }
}
