import Foundation
import Tabsnap
import XCTest

final class RenderOutputTests: XCTestCase {
    private let renderer = Renderer()
    private let bar = try! SpecLoader.parse("width: 300\nposition: 0.6\nitems: [Home, Search, Profile]")

    func testTwoRendersAreByteIdentical() throws {
        for format in OutputFormat.allCases {
            let first = try renderer.render(bar, format: format)
            _ = try renderer.render(bar, format: format, position: 2)  // other work in between changes nothing
            let fresh = try Renderer().render(bar, format: format)
            XCTAssertTrue(first == fresh, "\(format) renders differ")
        }
    }

    func testPNGIsRGBAAtTheRequestedScale() throws {
        let bytes = try renderer.render(bar, format: .png, scale: 3)
        let image = try PNGDecoder.decode(bytes)
        let height = renderer.geometry(of: bar).height
        XCTAssertEqual([image.width, image.height], [900, Int(height * 3)])
        XCTAssertEqual(bytes[25], 6, "colour type RGBA")
    }

    func testSVGAndPDFAreWellFormed() throws {
        let svg = String(decoding: try renderer.render(bar, format: .svg), as: UTF8.self)
        XCTAssertTrue(svg.hasPrefix("<?xml"))
        XCTAssertTrue(svg.contains("width=\"300px\""), "SVG user units are points")
        XCTAssertTrue(svg.hasSuffix("</svg>\n"))
        let pdf = try renderer.render(bar, format: .pdf)
        XCTAssertEqual(Array(pdf.prefix(5)), Array("%PDF-".utf8))
        XCTAssertTrue(String(decoding: pdf.suffix(8), as: UTF8.self).contains("%%EOF"))
    }

    /// An SVG at a given scale asks for that size and keeps its coordinates in points; the bar's own
    /// scale (for pixels) leaves it in points.
    func testSVGAtAScaleKeepsItsViewBox() throws {
        let plain = String(decoding: try renderer.render(bar, format: .svg), as: UTF8.self)
        let tripled = String(decoding: try renderer.render(bar, format: .svg, scale: 3), as: UTF8.self)
        let height = try XCTUnwrap(plain.firstMatch(of: /height="([0-9.]+)px"/).flatMap { Double($0.1) })
        XCTAssertTrue(tripled.contains("width=\"900px\" height=\"\(Int(height * 3))px\" viewBox=\"0 0 300 \(Int(height))\""),
                      String(tripled.prefix(300)))
        XCTAssertEqual(tripled.replacing("width=\"900px\" height=\"\(Int(height * 3))px\"", with: "width=\"300px\" height=\"\(Int(height))px\""),
                       plain, "nothing else changes")
        var twice = bar
        twice.scale = 2
        XCTAssertEqual(try renderer.render(twice, format: .svg), try renderer.render(bar, format: .svg))
        let rasterised = try SVGRasterizer.rasterize(Array(tripled.utf8), scale: 1)
        XCTAssertEqual([rasterised.width, rasterised.height], [900, Int(height * 3)], "a viewer draws it at 3×")
    }

    func testClearBackgroundIsTransparent() throws {
        var clear = bar
        clear.background = .clear
        let image = try renderer.image(of: clear, scale: 1)
        XCTAssertEqual(image[0, 0].a, 0, "no background painted")
        XCTAssertEqual(try renderer.image(of: bar, scale: 1)[0, 0].a, 255)
    }

    /// The picture follows the geometry: the indicator's pixels sit exactly where its frame says.
    func testIndicatorPixelsMatchTheGeometry() throws {
        var line = bar
        line.indicator.color = RGBAColor(hex: "#FF0000")!
        line.position = 1
        let g = renderer.geometry(of: line)
        let frame = g.indicator!.frame
        let image = try renderer.image(of: line, scale: 1)
        let y = Int(frame.midY)
        let inside = image[Int(frame.midX), y]
        XCTAssertEqual([inside.r, inside.g, inside.b], [255, 0, 0])
        let before = image[Int(frame.minX.rounded(.down)) - 2, y]
        let after = image[Int(frame.maxX.rounded(.up)) + 1, y]
        XCTAssertNotEqual([before.r, before.g, before.b], [255, 0, 0])
        XCTAssertNotEqual([after.r, after.g, after.b], [255, 0, 0])
    }

    func testTextUsesBundledFontsOnly() {
        // A family fontconfig cannot find falls back within the bundled set, so it still draws.
        let measurer = renderer.measurer
        let inter = measurer.measure("Subscriptions", font: FontSpec(family: "Inter", weight: .semibold, size: 17))
        let dejavu = measurer.measure("Subscriptions", font: FontSpec(family: "DejaVu Sans", weight: .bold, size: 17))
        XCTAssertGreaterThan(inter.width, 50)
        XCTAssertNotEqual(inter.width, dejavu.width, "both bundled families resolve, and differ")
        XCTAssertEqual(measurer.measure("Home", font: FontSpec(size: 17)).width,
                       measurer.measure("Home", font: FontSpec(size: 34)).width / 2, accuracy: 0.01,
                       "unhinted metrics scale linearly")
    }
}

/// SVGs are the same bytes whatever the process drew before: cairo's shared id counters
/// (surfaces, embedded images) are renumbered per document.
final class SVGIdentityTests: XCTestCase {
    func testAnSVGWithAPNGIconIsTheSameAfterOtherRenders() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/specs")
        let bar = try SpecLoader.load(contentsOf: folder.appendingPathComponent("icon-files.yaml"))
        let first = try Renderer().render(bar, format: .svg)
        XCTAssertTrue(String(decoding: first, as: UTF8.self).contains("id=\"image1\""), "the PNG icon is embedded")
        let renderer = Renderer()
        for p in [0.0, 0.5, 1.0] { _ = try renderer.render(bar, format: .svg, position: p) }
        let again = try renderer.render(bar, format: .svg)
        XCTAssertTrue(again == first, "the same bar's SVG changed after other renders")
    }
}
