import Foundation
import Tabsnap
import XCTest

/// Hostile rounds 76 and 77 (`+Round77`): SVG icons that librsvg drew otherwise than a browser's
/// `<img>`, with exit 0 — shapes from degenerate geometry, resources in bounding-box units on flat
/// shapes, percentages across nested viewports, coordinates past cairo's range, embedded pictures
/// a browser turns or colour-manages, and `<switch>` over a foreign element. Each is refused with
/// one line naming what to write instead; what both draw alike still draws.
final class SVGDrawnAsABrowserTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func render(_ body: String, viewBox: String = "0 0 24 24") throws -> RGBAImage {
        try renderDocument("<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" viewBox=\"\(viewBox)\" "
                           + "width=\"24\" height=\"24\">\(body)</svg>")
    }

    /// A tab bar drawing the whole document `svg` as its icon.
    func renderDocument(_ svg: String) throws -> RGBAImage {
        try Data(svg.utf8).write(to: folder.appendingPathComponent("icon.svg"))
        let bar = try SpecLoader.parse("preset: tabBar\nwidth: 120\nscale: 2\nitems: [{title: A, icon: icon.svg, renderingMode: original}]\n",
                                       baseDirectory: folder)
        return try Renderer().image(of: bar)
    }

    func refused(_ body: String, _ words: String, viewBox: String = "0 0 24 24", line: UInt = #line) {
        XCTAssertThrowsError(try render(body, viewBox: viewBox), body, line: line) { error in
            XCTAssertTrue("\(error)".contains(words), "\(error)", line: line)
            XCTAssertTrue("\(error)".contains("icon.svg"), "names the icon: \(error)", line: line)
        }
    }

    /// Whether two bodies draw the same picture (compared here, not printed: images are large).
    func drawAlike(_ a: String, _ b: String, viewBox: String = "0 0 24 24", line: UInt = #line) {
        do {
            let first = try render(a, viewBox: viewBox), second = try render(b, viewBox: viewBox)
            XCTAssertTrue(first == second, "\(a) draws otherwise than \(b)", line: line)
        } catch {
            XCTFail("\(error)", line: line)
        }
    }

    func testStrokesOfDegenerateGeometryAreRefused() {
        let stroke = "stroke=\"#03c\" stroke-width=\"8\""
        for d in ["M12 12", "M12 12 m2 2", "M4 4 L8 4 M12 12", "M12 12 L", "M12 12 L20"] {
            refused("<path d=\"\(d)\" \(stroke) stroke-linecap=\"square\"/>", "a subpath of a move alone, which librsvg strokes with square caps as a square")
        }
        refused("<polyline points=\"12,12\" \(stroke) style=\"stroke-linecap:square\"/>", "a subpath of a move alone")
        for d in ["M12 12 a5 5 0 0 0 0 0", "M12 12 A5 5 0 0 0 12 12", "M6 12 h6 a5 5 0 0012 0 a5 5 0 000 0"] {
            refused("<path d=\"\(d)\" \(stroke) stroke-linecap=\"round\"/>", "an arc ending where it starts, which a browser strokes with round caps as a dot")
        }
        refused("<marker id=\"m\"><circle cx=\"1\" cy=\"1\" r=\"1\"/></marker><polyline points=\"12,12\" marker-start=\"url(#m)\"/>",
                "of one point with markers, which a browser draws and librsvg does not")
        refused("<circle cx=\"12\" cy=\"12\" r=\"8\" fill=\"none\" \(stroke) stroke-dasharray=\"0 4\" stroke-linecap=\"square\"/>",
                "dashes of no length with square caps")
        refused("<path d=\"M4 12 L20 12\" \(stroke) stroke-dasharray=\"1e-5\"/>", "dashes repeating every")
        // Judged at the scale the dashed element is drawn at, where the icon is drawn smallest:
        // a pattern of 4 units under scale(0.001) repeats every 0.01 px; a degenerate transform
        // elsewhere (Inkscape writes matrix(0,0,0,0,…)) is not the dashes' scale.
        refused("<g transform=\"scale(0.001)\"><path d=\"M4000 12000 H20000\" stroke=\"#03c\" stroke-width=\"4000\" stroke-dasharray=\"2\"/></g>",
                "has dashes repeating every")
        XCTAssertNoThrow(try render("<g transform=\"matrix(0,0,0,0,4,4)\"><rect width=\"2\" height=\"2\"/></g><path d=\"M4 12 H20\" \(stroke) stroke-dasharray=\"1 1\"/>"))
        // What both draw alike: a lone move with round or butt caps is nothing to both; a dotted
        // line of round caps and a plain dash pattern draw (a dot where the line ends
        // does not: a browser leaves it out, round 116; this line ends between dots).
        drawAlike("<path d=\"M12 12\" \(stroke) stroke-linecap=\"round\"/><path d=\"M4 4\" \(stroke)/>", "")
        XCTAssertNoThrow(try render("<path d=\"M4 12 H18\" \(stroke) stroke-dasharray=\"0 4\" stroke-linecap=\"round\"/><path d=\"M4 4 H20\" \(stroke) stroke-dasharray=\"2 2\"/>"))
        XCTAssertNoThrow(try render("<path d=\"M4 4 a4 4 0 0 0 8 0\" \(stroke) stroke-linecap=\"round\" fill=\"none\"/>"))
    }

    func testBoxUnitsOnAFlatShapeAreRefused() {
        let clip = "<clipPath id=\"c\" clipPathUnits=\"objectBoundingBox\"><rect width=\".5\" height=\"1\"/></clipPath>"
        let stroke = "stroke=\"#03c\" stroke-width=\"8\""
        for shape in ["<line x1=\"2\" y1=\"12\" x2=\"22\" y2=\"12\" \(stroke) clip-path=\"url(#c)\"/>",
                      "<path d=\"M2 12 H22\" \(stroke) clip-path=\"url(#c)\"/>",
                      "<path d=\"M12 2 V22\" \(stroke) clip-path=\"url(#c)\" transform=\"rotate(90 12 12)\"/>",
                      "<line x1=\"2\" y1=\"12\" x2=\"22\" y2=\"12.0000001\" \(stroke) clip-path=\"url(#c)\"/>",
                      "<g clip-path=\"url(#c)\"><path d=\"M2 12 H22\" \(stroke)/></g>",
                      "<path id=\"p\" d=\"M2 12 C8 12 16 12 22 12\" \(stroke)/><use href=\"#p\" clip-path=\"url(#c)\"/>",
                      "<polyline points=\"2,12 12,12 22,12\" \(stroke) style=\"clip-path:url(#c)\"/>"] {
            refused(clip + shape, "in objectBoundingBox units on a shape whose box is flat")
        }
        // Turned off the axes, any bounding-box clip is refused first (hostile round 85).
        refused(clip + "<path d=\"M12 2 V22\" \(stroke) clip-path=\"url(#c)\" transform=\"rotate(45 12 12)\"/>", "a clip path in bounding-box units")
        refused("<mask id=\"m\" maskUnits=\"userSpaceOnUse\" maskContentUnits=\"objectBoundingBox\"><rect width=\".5\" height=\"1\" fill=\"#fff\"/></mask>"
                + "<path d=\"M2 12 H22\" \(stroke) mask=\"url(#m)\"/>", "on a shape whose box is flat")
        refused("<filter id=\"f\" filterUnits=\"userSpaceOnUse\" primitiveUnits=\"objectBoundingBox\"><feOffset dx=\".2\"/></filter>"
                + "<path d=\"M2 12 H22\" \(stroke) filter=\"url(#f)\"/>", "on a shape whose box is flat")
        // A box with both sides clips alike in both: the left half of a square.
        drawAlike(clip + "<rect x=\"2\" y=\"2\" width=\"20\" height=\"20\" fill=\"#03c\" clip-path=\"url(#c)\"/>",
                  "<rect x=\"2\" y=\"2\" width=\"10\" height=\"20\" fill=\"#03c\"/>")
        XCTAssertNoThrow(try render(clip + "<g clip-path=\"url(#c)\"><path d=\"M2 12 H22\" \(stroke)/><circle cx=\"12\" cy=\"4\" r=\"3\"/></g>"))
    }

    func testPercentagesInResourcesAcrossNestedViewportsAreRefused() {
        let nested = "<svg width=\"12\" height=\"24\"><rect width=\"24\" height=\"24\" fill=\"#03c\" CLIP/></svg>"
        refused("<clipPath id=\"c\"><rect width=\"50%\" height=\"100%\"/></clipPath>" + nested.replacingOccurrences(of: "CLIP", with: "clip-path=\"url(#c)\""),
                "a percentage in a <clipPath> of an icon with nested viewports")
        refused("<linearGradient id=\"g\" gradientUnits=\"userSpaceOnUse\" x2=\"50%\"><stop stop-color=\"#03c\"/><stop offset=\"1\" stop-color=\"#e00\"/></linearGradient>"
                + nested.replacingOccurrences(of: "fill=\"#03c\" CLIP", with: "fill=\"url(#g)\""), "a percentage in a <linearGradient>")
        refused("<pattern id=\"p\" patternUnits=\"userSpaceOnUse\" width=\"50%\" height=\"50%\"><rect width=\"4\" height=\"4\"/></pattern>"
                + nested.replacingOccurrences(of: "fill=\"#03c\" CLIP", with: "fill=\"url(#p)\""), "a percentage in a <pattern>")
        // In bounding-box units a percentage is a fraction of the box to both; with one viewport
        // both measure against the icon.
        XCTAssertNoThrow(try render("<linearGradient id=\"g\" x1=\"0%\" x2=\"100%\"><stop stop-color=\"#03c\"/><stop offset=\"1\" stop-color=\"#e00\"/></linearGradient>"
                                    + nested.replacingOccurrences(of: "fill=\"#03c\" CLIP", with: "fill=\"url(#g)\"")))
        drawAlike("<clipPath id=\"c\"><rect width=\"50%\" height=\"100%\"/></clipPath><rect width=\"24\" height=\"24\" fill=\"#03c\" clip-path=\"url(#c)\"/>",
                  "<rect width=\"12\" height=\"24\" fill=\"#03c\"/>")
    }

    func testCoordinatesPastCairosRangeAreRefused() {
        for body in ["<circle cx=\"12\" cy=\"12\" r=\"1e7\" fill=\"#03c\"/>",
                     "<line x1=\"-1e8\" y1=\"-1e8\" x2=\"1e8\" y2=\"1e8\" stroke=\"#03c\" stroke-width=\"4\"/>",
                     "<path d=\"M2 12 H22\" stroke=\"#03c\" stroke-width=\"4\" stroke-dasharray=\"2\" stroke-dashoffset=\"-1e30\"/>",
                     "<g transform=\"scale(1e4)\"><rect width=\"3\" height=\"3\"/></g>",
                     "<rect width=\"2\" height=\"2\" transform=\"translate(3e4 0)\"/>",
                     "<rect width=\"20\" height=\"20\" style=\"stroke-width:1e30;stroke:red\"/>"] {
            refused(body, "a coordinate or length over 1000 times the icon's size")
        }
        // Far, but within reach: drawn (the limit follows the icon's own size).
        XCTAssertNoThrow(try render("<circle cx=\"12\" cy=\"12\" r=\"2000\" fill=\"#03c\"/>"))
        XCTAssertNoThrow(try render("<path d=\"M0 0 H20000 V20000 Z\"/>", viewBox: "0 0 1024 1024"))
    }

    func testSwitchOverAForeignElementAndExLengthsAreRefused() {
        refused("<switch><x:rect xmlns:x=\"http://example.com/\" width=\"4\" height=\"4\"/><rect width=\"12\" height=\"12\"/></switch>",
                "<switch> holds <x:rect>, of another namespace than SVG's")
        refused("<switch><unknown xmlns=\"http://x/y\"/><rect width=\"12\" height=\"12\"/></switch>", "of another namespace than SVG's")
        drawAlike("<switch><rect width=\"12\" height=\"12\"/><circle r=\"4\"/></switch>", "<rect width=\"12\" height=\"12\"/>")
        refused("<circle cx=\"12\" cy=\"12\" r=\"2ex\"/>", "a length in ex, which librsvg takes as half an em")
    }

    // MARK: Embedded pictures

    /// A small PNG of Tabsnap's without its `sRGB` chunk, with `chunks` (type, data) after its
    /// header.
    func png(_ chunks: [(String, [UInt8])] = []) throws -> [UInt8] {
        let rendered = try Renderer().render(try SpecLoader.parse("width: 4\nheight: 2\nitems: [A]\n"), format: .png)
        var picture = Array(rendered[0..<33])  // the signature and IHDR
        for (type, data) in chunks {
            let body = Array(type.utf8) + data
            picture += bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
        }
        var index = 33
        while index + 12 <= rendered.count {
            let length = rendered[index..<(index + 4)].reduce(0) { $0 << 8 | Int($1) }
            if !rendered[(index + 4)..<(index + 8)].elementsEqual("sRGB".utf8) { picture += rendered[index..<(index + 12 + length)] }
            index += 12 + length
        }
        return picture
    }

    func bigEndian(_ value: UInt32) -> [UInt8] { [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }

    func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }

    /// A TIFF structure (big-endian) whose first directory holds one Orientation entry.
    func exif(orientation: UInt8) -> [UInt8] {
        Array("MM".utf8) + [0, 42, 0, 0, 0, 8] + [0, 1] + [0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0] + [0, 0, 0, 0]
    }

    /// A JPEG of segments: its markers and size, no picture data (refused before decoding).
    func jpeg(_ segments: [(UInt8, [UInt8])]) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        for (marker, data) in segments { bytes += [0xFF, marker, UInt8((data.count + 2) >> 8), UInt8((data.count + 2) & 0xFF)] + data }
        return bytes + [0xFF, 0xC0, 0, 11, 8, 0, 2, 0, 4, 1, 1, 0x11, 0] + [0xFF, 0xD9]
    }

    func image(_ bytes: [UInt8], _ type: String, size: String = "width=\"20\" height=\"20\"") -> String {
        "<image x=\"2\" y=\"2\" \(size) href=\"data:\(type);base64,\(Data(bytes).base64EncodedString())\"/>"
    }

    func testPicturesABrowserDrawsOtherwiseAreRefused() throws {
        let plain = try png()
        refused(image(plain, "image/png", size: "width=\"20\""), "<image> with one of width and height (or auto)")
        refused(image(plain, "image/png", size: "width=\"20\" height=\"auto\""), "<image> with one of width and height (or auto)")
        refused(image(plain, "image/png") .replacingOccurrences(of: "<image ", with: "<image preserveAspectRatio=\"xMinYMax slice\" "),
                "a cropped picture, whose edge librsvg blends")
        for type in ["image/jpeg", "image/gif", "text/plain", "image/x-png"] {
            refused(image(plain, type), "embeds a PNG called \"\(type)\", which librsvg decodes by that name")
        }
        refused(image(jpeg([]), "image/jpg"), "embeds a JPEG called \"image/jpg\"")
        refused(image(try png([("gAMA", bigEndian(100_000))]), "image/png"), "embeds a PNG with a gamma of 1.0")
        refused(image(try png([("iCCP", Array("x\0\0".utf8))]), "image/png"), "embeds a PNG with an ICC colour profile")
        refused(image(try png([("eXIf", exif(orientation: 6))]), "image/png"), "embeds a PNG with an EXIF orientation (6)")
        refused(image(jpeg([(0xE1, Array("Exif".utf8) + [0, 0] + exif(orientation: 3))]), "image/jpeg"), "embeds a JPEG with an EXIF orientation (3)")
        var profile = [UInt8](repeating: 0, count: 128)
        profile.replaceSubrange(16..<20, with: Array("RGB ".utf8))
        refused(image(jpeg([(0xE2, Array("ICC_PROFILE".utf8) + [0, 1, 1] + profile)]), "image/jpeg"), "embeds a JPEG with an ICC colour profile other than sRGB")
        // Drawn as before: no type (librsvg sniffs it), the type's other spellings and
        // parameters, a gamma of 1/2.2 or beside sRGB, an orientation of 1.
        let drawn = image(plain, "image/png")
        for other in [image(plain, ""), image(plain, "IMAGE/PNG"), image(plain, "image/png;charset=utf-8"),
                      image(try png([("gAMA", bigEndian(45455))]), "image/png"), image(try png([("sRGB", [0]), ("gAMA", bigEndian(100_000))]), "image/png"),
                      image(try png([("eXIf", exif(orientation: 1))]), "image/png")] {
            drawAlike(other, drawn)
        }
    }
}
