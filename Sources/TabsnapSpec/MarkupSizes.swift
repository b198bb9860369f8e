import Foundation
import TabsnapModel

/// How large markup can make its text, so `Limits.fontSize` (1 000 pt) holds inside markup too:
/// `<span size="2147483647">` used to lay out a button over a million points wide. Pango sizes a
/// span absolutely (`size` in pango units or points, a size in `font`) or relative to the
/// enclosing text (`size` as a percentage, `larger`, a size word, `<big>`), and relative sizes
/// nest. Upper bounds are taken: relative growth multiplies through nesting and shrinking counts
/// as none, so the real size is never larger than the one checked.
///
/// - An absolute size, and what relative sizes inside it make of it: at most 1 000 pt (checked
///   with the markup, where its line is known).
/// - Text sized only relatively: `baseFactor`, checked against the title font once the spec's
///   font and text scale are known (`Bar.largestDrawnTextSize`).
/// - Spacing that is not a size (`letter_spacing`, `rise`, `baseline_shift`, an absolute
///   `line_height`): at most 1 000 pt either way; a `line_height` factor at most 10.
enum MarkupSizes {
    struct Extent {
        /// The largest factor relative sizes give text that no absolute size encloses.
        var baseFactor = 1.0
    }

    static let largestPoints = Limits.fontSize.upperBound
    static let largestLineHeightFactor = 10.0

    /// The markup's extent, or the first size over the limits; markup that does not read is
    /// MarkupCheck's to report (nil problems here).
    static func extent(of markup: String) -> Result<Extent, MarkupCheck.MarkupProblem> {
        var reader = MarkupReader(markup)
        var extent = Extent()
        // Per open element: the absolute size in effect (nil: the title's font) and the growth
        // factor on it.
        var stack: [(absolute: Double?, factor: Double)] = []
        while let event = try? reader.next() {
            switch event {
            case .text:
                break
            case .start(let name, let attributes, let closed):
                var (absolute, factor) = stack.last.map { ($0.absolute, $0.factor) } ?? (nil, 1)
                if name == "big" { factor *= 1.2 }
                for attribute in attributes {
                    let value = attribute.value.trimmingCharacters(in: .whitespaces)
                    switch attribute.name {
                    case "size", "font_size":
                        // Pango scales an absolute size by the relative ones around it and beside it
                        // (whatever the order): growth is never reset, an upper bound either way.
                        if let points = absolutePoints(value) {
                            absolute = max(absolute ?? 0, points)
                        } else {
                            factor *= growth(value)
                        }
                    case "font", "font_desc":
                        // A last word written as a number but out of pango's range (negative,
                        // endless) is read by pango as part of the family: the font was then
                        // said to be missing or damaged (hostile round 125: `Inter -5`).
                        if let points = fontDescriptionPoints(value), points >= 0 {
                            absolute = max(absolute ?? 0, points)
                        } else if let word = descriptionWords(value).last, word.range(of: #"^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?(px)?$"#, options: .regularExpression) != nil {
                            return .failure(problem(name, attribute.name, value, "a size of \(word), which pango reads as part of the family's name; "
                                                    + "give a size from 0 to \(Limits.format(largestPoints)) pt"))
                        }
                    case "letter_spacing", "rise", "baseline_shift":
                        if let points = absolutePoints(value), abs(points) > largestPoints {
                            return .failure(problem(name, attribute.name, value, "\(shown(points)) pt; at most \(Limits.format(largestPoints)) pt either way"))
                        }
                    case "line_height":
                        if let number = Double(value), number.isFinite {
                            if number < 1024, number > largestLineHeightFactor {
                                return .failure(problem(name, attribute.name, value, "a factor of at most \(Limits.format(largestLineHeightFactor))"))
                            }
                            if number >= 1024, number / 1024 > largestPoints {
                                return .failure(problem(name, attribute.name, value, "\(shown(number / 1024)) pt; at most \(Limits.format(largestPoints)) pt"))
                            }
                        }
                    default:
                        break
                    }
                }
                if let absolute, absolute * factor > largestPoints {
                    return .failure(MarkupCheck.MarkupProblem(message: "<\(name)> sizes its text at \(shown(absolute * factor)) pt; markup sizes are at most \(Limits.format(largestPoints)) pt"))
                }
                if absolute == nil { extent.baseFactor = max(extent.baseFactor, factor) }
                if !closed { stack.append((absolute, factor)) }
            case .end:
                _ = stack.popLast()
            }
        }
        return .success(extent)
    }

    /// Points of a number in pango units (1024 a point) or of `Npt`; nil for other forms.
    static func absolutePoints(_ value: String) -> Double? {
        if value.hasSuffix("pt") { return Double(value.dropLast(2)).flatMap { $0.isFinite ? $0 : nil } }
        return Int(value).map { Double($0) / 1024 }
    }

    /// What a relative size does to the enclosing size, at least 1 (shrinking counts as none).
    static func growth(_ value: String) -> Double {
        if value.hasSuffix("%"), let percent = Double(value.dropLast()), percent.isFinite { return max(percent / 100, 1) }
        switch value {
        case "larger", "large": return 1.2
        case "x-large": return 1.44
        case "xx-large": return 1.728
        default: return 1
        }
    }

    /// The size of a font description ("Inter Bold 12", "Inter 12px"): its last word, when a number.
    static func fontDescriptionPoints(_ value: String) -> Double? {
        guard let last = descriptionWords(value).last else { return nil }
        let number = last.hasSuffix("px") ? last.dropLast(2) : last
        return Double(number).flatMap { $0.isFinite ? $0 : nil }
    }

    /// A font description's words as pango reads them: its trailing variations (`@wght=400`) and
    /// features (`#smcp`) left out, so the size is the word before them (`Inter 2000 @wght=400`
    /// is 2 000 pt, not no size).
    static func descriptionWords(_ value: String) -> [Substring] {
        var words = value.split(whereSeparator: { $0 == " " || $0 == "," })
        while let last = words.last, last.hasPrefix("@") || last.hasPrefix("#") { words.removeLast() }
        return words
    }

    /// A size as a message shows it: to a tenth of a point.
    static func shown(_ points: Double) -> String { Limits.format((points * 10).rounded() / 10) }

    private static func problem(_ tag: String, _ name: String, _ value: String, _ what: String) -> MarkupCheck.MarkupProblem {
        MarkupCheck.MarkupProblem(message: "<\(tag) \(name)=\"\(value)\">: \(what)")
    }
}

extension Bar {
    /// Why the bar's text would be drawn past `Limits.fontSize`, or nil: the one wording the spec
    /// reader and the preview's text-scale menu give.
    public var textSizeProblem: String? {
        let largest = largestDrawnTextSize
        guard largest > Limits.fontSize.upperBound else { return nil }
        return "fonts would be drawn at \(Limits.format(largest)) pt; size × textScale × selectedScale is at most \(Limits.format(Limits.fontSize.upperBound))"
    }

    /// The largest size any of the bar's text is drawn at, markup included: the fonts' sizes ×
    /// `textScale` (`largestDrawnFontSize`), and a title font × `textScale` × `selectedScale`
    /// grown by its markup's relative sizes (absolute markup sizes are checked with the markup
    /// itself).
    public var largestDrawnTextSize: Double {
        max(largestDrawnFontSize, largestTitleSize * (items.indices.map(markupGrowth).max() ?? 1))
    }

    /// The item whose markup's relative sizes alone grow its title past `Limits.fontSize` — at
    /// a text scale of 1, the fonts themselves within it — with the size drawn: the problem is
    /// the markup's, and said there (hostile round 127: it was said at `textScale`, which the
    /// spec did not write).
    public var markupGrowingPastTheLimit: (item: Int, size: Double)? {
        guard largestDrawnFontSize <= Limits.fontSize.upperBound, textScale > 0 else { return nil }
        let title = largestTitleSize
        return items.indices.lazy.map { ($0, self.markupGrowth($0)) }.first { title / self.textScale * $0.1 > Limits.fontSize.upperBound }.map { ($0.0, title * $0.1) }
    }

    /// A title's largest size before markup: the title font (selected too) × `textScale` ×
    /// `selectedScale`.
    private var largestTitleSize: Double {
        let fonts = resolved()
        return max(fonts.button.font.size, fonts.button.selectedFont?.size ?? 0) * textScale * max(fonts.button.selectedScale, 1)
    }

    /// How much an item's markup grows its title by its relative sizes (1 without markup).
    private func markupGrowth(_ item: Int) -> Double {
        guard let markup = items[item].markup, case .success(let extent) = MarkupSizes.extent(of: markup) else { return 1 }
        return extent.baseFactor
    }
}
