import Foundation
@testable import TabsnapCairo
import XCTest

/// Hostile round 77: style sheets matched through `<use>`, filter inputs a browser reads as the
/// previous result, colour information and animation in embedded PNGs, JPEG ICC profiles told by
/// their name, a stray byte before an EXIF orientation, a root without a viewBox (stretched as a
/// browser stretches it), and square caps on segments shorter than cairo turns rightly.
extension SVGDrawnAsABrowserTests {
    func testSheetsSelectingByContextInAnIconWithUsesAreRefused() {
        let sprite = "<defs id=\"sprite\"><symbol id=\"s\" viewBox=\"0 0 24 24\"><path class=\"st0\" d=\"M3 3h18v18H3z\"/><circle r=\"2\"/></symbol></defs>"
            + "<use href=\"#s\" fill=\"#03c\"/>"
        for sheet in ["#sprite path{fill:#e00}", "defs > path{fill:#e00}", ".st0:first-child{fill:#e00}", "circle:last-child{fill:#e00}", "svg path{stroke:red}",
                      "path + circle{fill:red}", "path ~ circle{fill:red}", "circle:nth-of-type(1){fill:red}"] {
            refused("<style>\(sheet)</style>" + sprite, "a style sheet selects by ancestors, siblings or position")
        }
        // By class, id or type alone: matched alike, drawn.
        drawAlike("<style>.st0{fill:#e00} circle, #x{fill:#0c0}</style>" + sprite,
                  sprite.replacingOccurrences(of: "class=\"st0\"", with: "fill=\"#e00\"").replacingOccurrences(of: "<circle r", with: "<circle fill=\"#0c0\" r"))
        // Without a <use>, context is matched in one tree by both.
        XCTAssertNoThrow(try render("<style>g > rect{fill:#e00}</style><g><rect width=\"4\" height=\"4\"/></g>"))
    }

    func testFilterInputsABrowserReadsAsThePreviousResultAreRefused() {
        let shape = "<rect x=\"4\" y=\"4\" width=\"16\" height=\"16\" fill=\"#03c\" filter=\"url(#f)\"/>"
        for primitives in ["<feBlend in2=\"BackgroundImage\" mode=\"multiply\"/>", "<feOffset dx=\"4\" in=\"BackgroundAlpha\"/>",
                           "<feFlood result=\"r\"/><feComposite in=\"SourceGraphic\" in2=\"r2\"/>", "<feComposite in=\"sourcegraphic\"/>",
                           "<feOffset in=\"later\"/><feFlood result=\"later\"/>", "<feMerge><feMergeNode in=\"nothing\"/></feMerge>"] {
            refused("<filter id=\"f\">\(primitives)</filter>" + shape, "not SourceGraphic, SourceAlpha or an earlier primitive's result")
        }
        XCTAssertNoThrow(try render("<filter id=\"f\"><feGaussianBlur stdDeviation=\"1\" result=\"b\"/><feOffset in=\"b\" dx=\"1\" result=\"o\"/>"
                                    + "<feMerge><feMergeNode in=\"o\"/><feMergeNode in=\"SourceGraphic\"/></feMerge></filter>" + shape))
    }

    func testPNGColourAndAnimationABrowserReadsAreRefused() throws {
        func chromaticities(_ values: [UInt32]) -> [UInt8] { values.flatMap(bigEndian) }
        let standard: [UInt32] = [31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000]
        let swapped: [UInt32] = [31270, 32900, 30000, 60000, 64000, 33000, 15000, 6000]
        refused(image(try png([("cICP", [9, 13, 0, 1])]), "image/png"), "embeds a PNG with a cICP colour space")
        refused(image(try png([("gAMA", bigEndian(45455)), ("cHRM", chromaticities(swapped))]), "image/png"), "embeds a PNG with primaries (cHRM) other than sRGB's")
        // An animation whose default image is not its first frame: a browser shows the frame.
        refused(image(try png([("acTL", bigEndian(1) + bigEndian(0))]), "image/png"), "an animation whose first frame is not its default image")
        // sRGB's own primaries beside 1/2.2, or primaries alone: drawn as the samples are.
        let plain = image(try png(), "image/png")
        drawAlike(image(try png([("gAMA", bigEndian(45455)), ("cHRM", chromaticities(standard))]), "image/png"), plain)
        drawAlike(image(try png([("cHRM", chromaticities(swapped))]), "image/png"), plain)
    }

    func testJPEGOrientationBehindAStrayByteIsRefused() {
        let app1 = Array("Exif".utf8) + [0, 0] + exif(orientation: 6)
        // The frame header first (its size is read), then a byte libjpeg skips, then the EXIF.
        let frame: [UInt8] = [0xFF, 0xC0, 0, 11, 8, 0, 2, 0, 4, 1, 1, 0x11, 0]
        let bytes: [UInt8] = [0xFF, 0xD8] + frame + [0x00, 0xFF, 0xE1, UInt8((app1.count + 2) >> 8), UInt8((app1.count + 2) & 0xFF)] + app1 + [0xFF, 0xD9]
        refused(image(bytes, "image/jpeg"), "embeds a JPEG with an EXIF orientation (6)")
    }

    /// An ICC profile of `colorants` (D50) and a `para` tone curve of `parameters`, with
    /// `extra` XYZ tags after (or before) its own.
    func iccProfile(colorants: [[Double]], parameters: [Double], space: String = "RGB ", extra: [(String, [[Double]])] = [], extraFirst: Bool = false) -> [UInt8] {
        func fixed(_ value: Double) -> [UInt8] { bigEndian(UInt32(bitPattern: Int32(value * 65536))) }
        func xyz(_ values: [Double]) -> [UInt8] { Array("XYZ ".utf8) + [0, 0, 0, 0] + values.flatMap(fixed) }
        let curve = Array("para".utf8) + [0, 0, 0, 0, 0, 3, 0, 0] + parameters.flatMap(fixed)
        var entries: [(String, [UInt8])] = zip(["rXYZ", "gXYZ", "bXYZ"], colorants.map(xyz)).map { ($0, $1) } + [("rTRC", curve), ("gTRC", curve), ("bTRC", curve)]
        let more = extra.map { ($0.0, xyz($0.1[0])) }
        entries = extraFirst ? more + entries : entries + more
        var header = [UInt8](repeating: 0, count: 128)
        header.replaceSubrange(16..<20, with: Array(space.utf8))
        var table = bigEndian(UInt32(entries.count)), data: [UInt8] = []
        var offset = 128 + 4 + 12 * entries.count
        for (name, tag) in entries {
            table += Array(name.utf8) + bigEndian(UInt32(offset)) + bigEndian(UInt32(tag.count))
            data += tag
            offset += tag.count
        }
        return header + table + data
    }

    private func profile(colorants: [[Double]], parameters: [Double], space: String = "RGB ") -> [UInt8] {
        iccProfile(colorants: colorants, parameters: parameters, space: space)
    }

    func testJPEGProfilesAreJudgedByWhatTheyDo() {
        let colorants = [[0.4361, 0.2225, 0.0139], [0.3851, 0.7169, 0.0971], [0.1431, 0.0606, 0.7141]]
        let standardCurve = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
        XCTAssertTrue(ICCProfile.isStandardRGB(profile(colorants: colorants, parameters: standardCurve)))
        XCTAssertTrue(ICCProfile.isStandardRGB(profile(colorants: colorants, parameters: [2.2, 1, 0, 0, 0])), "gamma 2.2 is within reach of sRGB's curve")
        XCTAssertFalse(ICCProfile.isStandardRGB(profile(colorants: [colorants[2], colorants[1], colorants[0]], parameters: standardCurve)), "red and blue swapped")
        XCTAssertFalse(ICCProfile.isStandardRGB(profile(colorants: colorants, parameters: [1, 1, 0, 0, 0])), "a linear curve")
        XCTAssertFalse(ICCProfile.isStandardRGB(profile(colorants: colorants, parameters: standardCurve, space: "GRAY")))
        XCTAssertFalse(ICCProfile.isStandardRGB(Array(profile(colorants: colorants, parameters: standardCurve).prefix(200))), "cut short")
        // In a JPEG, in one piece or two (a profile split across APP2 segments is one profile).
        let mark = Array("ICC_PROFILE".utf8) + [0]
        let swapped = profile(colorants: [colorants[2], colorants[1], colorants[0]], parameters: standardCurve)
        refused(image(jpeg([(0xE2, mark + [1, 2] + swapped.prefix(10)), (0xE2, mark + [2, 2] + swapped.dropFirst(10))]), "image/jpeg"),
                "embeds a JPEG with an ICC colour profile other than sRGB")
    }

    func testARootWithoutAViewBoxIsStretchedAsABrowserDoes() throws {
        let body = "<rect width=\"24\" height=\"24\" fill=\"#03c\"/><circle cx=\"24\" cy=\"12\" r=\"10\" fill=\"#e00\"/>"
        func document(_ root: String) -> String { "<svg xmlns=\"http://www.w3.org/2000/svg\" \(root)>\(body)</svg>" }
        XCTAssertTrue(try renderDocument(document("width=\"48\" height=\"24\"")) == renderDocument(document("width=\"48\" height=\"24\" viewBox=\"0 0 48 24\" preserveAspectRatio=\"none\"")),
                      "stretched to the box, as a browser's <img> does")
        XCTAssertTrue(try renderDocument(document("width=\"16.058\" height=\"16.025\"")) == renderDocument(document("width=\"16.058\" height=\"16.025\" viewBox=\"0 0 16.058 16.025\"")),
                      "within a hundredth of square, as written")
        for root in ["width=\"48\"", "width=\"48mm\" height=\"24mm\"", ""] {
            XCTAssertThrowsError(try renderDocument(document(root)), root) { XCTAssertTrue("\($0)".contains("<svg> without a viewBox, nor a width and height in pixels"), "\($0)") }
        }
        XCTAssertThrowsError(try renderDocument(document("width=\"48\" height=\"24\" preserveAspectRatio=\"xMinYMin\""))) {
            XCTAssertTrue("\($0)".contains("<svg> of 48 × 24 without a viewBox"), "\($0)")
        }
    }

    func testSquareCapsOnSegmentsTooShortForCairoAreRefused() {
        let stroke = "stroke=\"#03c\" stroke-width=\"6\" stroke-linecap=\"square\""
        refused("<path d=\"M8 8 l.0005 .0005 M16 16 l.001 -.001\" \(stroke)/>", "a segment under a thousandth of the icon with square caps")
        refused("<g transform=\"scale(0.0001)\"><path d=\"M0 0 L100 100\" \(stroke)/></g>", "a segment under a thousandth of the icon with square caps")
        XCTAssertNoThrow(try render("<path d=\"M4 4 L20 20\" \(stroke)/>"))
        XCTAssertNoThrow(try render("<path d=\"M8 8 l.0005 .0005\" stroke=\"#03c\" stroke-width=\"6\" stroke-linecap=\"round\"/>"))
    }
}
