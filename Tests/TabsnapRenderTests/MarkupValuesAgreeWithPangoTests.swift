import Foundation
import Tabsnap
@testable import TabsnapSpec
import TabsnapCairo
import XCTest

/// Every span attribute × values on the edges of what pango reads (numbers past 32 bits, signs,
/// spaces, units, percentages, enum numbers, flag lists, colours with alpha): whatever the spec
/// reader accepts, pango's parser accepts too (else the title would be drawn as raw markup), and
/// pango does not abort on while laying out (`pangoAborts`). The reader may refuse more than
/// pango: enums spelled as numbers, numbers with spaces or signs (documented in the README).
final class MarkupValuesAgreeWithPangoTests: XCTestCase {
    static let values = [
        "", " ", "0", "1", "2", "3", "7", "100", "400", "1000", "1023", "1024", "1025", "65535", "65536", "65537",
        "2147483647", "2147483648", "-2147483648", "-2147483649", "4294967296", "99999999999", "-1", "-2", "-1024", "-1025",
        "+1", " 1", "1 ", "1.5", "0.5", "1e3", "1e10", "1e400", "nan", "inf", "0x10",
        "1pt", "0pt", "-1pt", "0.1pt", "0.5pt", "1.5pt", "3pt", "1e10pt", "2097151pt", "2097152pt", " 1pt", "1 pt", "pt",
        "1px", "0%", "1%", "1.5%", "50%", "100%", "101%", "-1%", "1000%", "%",
        "true", "false", "yes", "no", "t", "f", "y", "n", "TRUE", "True", "1", "on",
        "none", "single", "double", "low", "error", "normal", "bold", "Bold", "ultraheavy", "italic", "small-caps",
        "superscript", "subscript", "spaces", "spaces|ignorables", "spaces|line-breaks|ignorables", "|", "south", "natural",
        "uppercase", "word", "sentence", "xx-small", "larger", "smaller",
        "red", "Red", "light blue", "#f00", "#f00a", "#ff0000", "#ff000080", "#fff000000", "#ffff00000000", "#ffff00000000ffff",
        "#ff00", "transparent", "Inter", "Inter Bold 12", "liga=0", "en", "-1025", "-5000", "1e-400", "2pt", "1.01pt", "-3pt",
        "-1.01pt", "-2097152pt", "-2097153pt", "0.000001", "100000000000%", "1e308", "-1e400", "infinity", "NaN",
    ]

    /// Pango 1.50 accepts these and then aborts in pango_layout (collect_baseline_shift, and the
    /// overline attribute's "none").
    static func pangoAborts(_ name: String, _ value: String) -> Bool {
        (name == "baseline_shift" && Int(value).map { (3...1024).contains($0) } == true) || (name == "overline" && value == "none")
    }

    func testEveryAttributeAndValue() {
        var disagreements: [String] = []
        for name in MarkupAttributes.kinds.keys.sorted() {
            for value in Self.values {
                let markup = "<span \(name)=\"\(value)\">x</span>"
                let ours: String? = switch MarkupCheck.plainText(of: markup) {
                case .success: nil
                case .failure(let problem): problem.message
                }
                let pango = PangoMarkup.problem(markup)
                if ours == nil && (pango != nil || Self.pangoAborts(name, value)) {
                    disagreements.append("\(name)=\"\(value)\": ours \(ours ?? "accepts"), pango \(pango ?? "accepts")")
                }
            }
        }
        XCTAssertEqual(disagreements.count, 0, disagreements.joined(separator: "\n"))
    }
}
