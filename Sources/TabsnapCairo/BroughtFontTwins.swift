import CFontconfig
import Foundation
import TabsnapModel

/// A face's style as fontconfig read it from the file: weight, width and slant, each a value or
/// (a variable face's) a range, and its font version. Pango asks for a family in the first
/// three; fontconfig scores a value inside a face's range as an exact match, and prefers the
/// newer of two faces that match alike (whatever their order). Two faces whose styles meet
/// (`meets`) draw by the order they were listed in for some request.
struct FaceStyle: Hashable {
    /// Fontconfig's scales: weight 80 regular, 200 bold; width 100 normal; slant 0 roman,
    /// 100 italic, 110 oblique. Nil where the pattern records none.
    var weight: ClosedRange<Double>?
    var width: ClosedRange<Double>?
    var slant: ClosedRange<Double>?
    var version: ClosedRange<Double>?

    init(weight: ClosedRange<Double>?, width: ClosedRange<Double>?, slant: ClosedRange<Double>?, version: ClosedRange<Double>? = nil) {
        self.weight = weight
        self.width = width
        self.slant = slant
        self.version = version
    }

    /// The style fontconfig recorded in `pattern`.
    init(of pattern: OpaquePointer) {
        self.init(weight: Self.value(of: FC_WEIGHT, in: pattern), width: Self.value(of: FC_WIDTH, in: pattern),
                  slant: Self.value(of: FC_SLANT, in: pattern), version: Self.value(of: FC_FONTVERSION, in: pattern))
    }

    /// Whether every value is one number (not a variable face's range).
    var isPoint: Bool {
        [weight, width, slant].allSatisfy { $0.map { $0.lowerBound == $0.upperBound } ?? true }
    }

    /// Whether some request matches both faces alike: each of weight, width and slant the same
    /// or overlapping ranges, and one version.
    func meets(_ other: FaceStyle) -> Bool {
        func meet(_ one: ClosedRange<Double>?, _ two: ClosedRange<Double>?) -> Bool {
            guard let one, let two else { return one == nil && two == nil }
            return one.overlaps(two)
        }
        return meet(weight, other.weight) && meet(width, other.width) && meet(slant, other.slant) && version == other.version
    }

    /// "regular", "bold italic", "weight 90.2, width 75 (fontconfig's scales: regular 80,
    /// normal width 100)", "weight 0-210 (…)": for messages.
    var described: String {
        let weights: [Double: String] = [0: "thin", 40: "extralight", 50: "light", 55: "demilight", 75: "book", 80: "regular",
                                         100: "medium", 180: "semibold", 200: "bold", 205: "extrabold", 210: "black", 215: "extrablack"]
        let named = weight.flatMap { $0.lowerBound == $0.upperBound ? weights[$0.lowerBound] : nil }
        var words = named ?? "weight \(Self.shown(weight))"
        var scaled = named == nil
        if width != 100...100 {
            words += ", width \(Self.shown(width))"
            scaled = true
        }
        if scaled { words += " (fontconfig's scales: regular 80, normal width 100)" }
        switch slant {
        case 0...0: break
        case 100...100: words += " italic"
        case 110...110: words += " oblique"
        default: words += " slant \(Self.shown(slant))"
        }
        return words
    }

    /// A number or range as fontconfig holds it (an integer, a double or a range).
    private static func value(of object: String, in pattern: OpaquePointer) -> ClosedRange<Double>? {
        var number = 0.0
        // A range is made only of ordered, finite ends (a crafted font's are read as they are).
        if FcPatternGetDouble(pattern, object, 0, &number) == FcResultMatch { return number.isFinite ? number...number : nil }
        var range: OpaquePointer?
        var begin = 0.0, end = 0.0
        if FcPatternGetRange(pattern, object, 0, &range) == FcResultMatch, let range, FcRangeGetDouble(range, &begin, &end) != 0, begin.isFinite, end.isFinite, begin <= end {
            return begin...end
        }
        return nil
    }

    private static func shown(_ range: ClosedRange<Double>?) -> String {
        guard let range else { return "none" }
        func number(_ value: Double) -> String { value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value) }
        return range.lowerBound == range.upperBound ? number(range.lowerBound) : "\(number(range.lowerBound))-\(number(range.upperBound))"
    }
}

extension BroughtFonts {
    /// Why the brought files cannot all be drawn, or nil: two files with a face fontconfig reads
    /// as one family (by any name it records, case and spaces aside) and a style that meets the
    /// other's (`FaceStyle.meets`). Fontconfig draws the one listed first whichever the spec
    /// names (hostile round 52), a variable face's range against a static face within it too
    /// (round 55); the spec's early check reads the files' own tables and left a face italic by
    /// its style name alone to this one (round 54). Faces of one file (a collection, a variable
    /// font's instances) are the file's own business; files of identical bytes share one loaded
    /// copy and draw alike.
    func twinProblem() -> String? {
        // One family's faces by their exact style; ranged faces (a variable font's, a few) are
        // compared with every face of their family.
        var points: [String: [FaceStyle: (face: Face, name: String)]] = [:]
        var byFamily: [String: [(face: Face, name: String)]] = [:]
        var ranged: [(face: Face, name: String, family: String)] = []
        for face in faces {
            for name in face.families {
                let family = Self.normalized(name)
                byFamily[family, default: []].append((face, name))
                guard face.style.isPoint else {
                    ranged.append((face, name, family))
                    continue
                }
                guard let other = points[family]?[face.style] else {
                    points[family, default: [:]][face.style] = (face, name)
                    continue
                }
                if other.face.loaded != face.loaded { return problem(other, (face, name)) }
            }
        }
        for (face, name, family) in ranged {
            if let other = byFamily[family]?.first(where: { $0.face.loaded != face.loaded && $0.face.style.meets(face.style) }) {
                return problem(other, (face, name))
            }
        }
        return nil
    }

    private func problem(_ first: (face: Face, name: String), _ second: (face: Face, name: String)) -> String {
        FontTwinWording.problem(first.face.file, second.face.file, families: (first.name, second.name),
                                style: first.face.style.isPoint ? first.face.style.described : second.face.style.described)
    }
}
