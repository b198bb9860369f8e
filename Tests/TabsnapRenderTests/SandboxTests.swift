import Foundation
import Tabsnap
import XCTest

/// What a spec brings — SVG icons and font files — is drawn first in a sandbox child with time
/// and memory limits (`SandboxChild`), so an icon or font whose drawing runs for minutes or takes
/// gigabytes is refused with one line instead of drawn. Each input here passed every static check
/// and, before the sandbox, drew with exit 0 after the figures in its comment.
final class SandboxTests: XCTestCase {
    var folder: URL!

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/sandbox")

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-sandbox-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// A bar of one icon (`svg`, made unique so no verdict of another test is reused).
    private func bar(icon svg: String, iconSize: Double = 24, scale: Double = 2) throws -> Bar {
        let unique = svg.replacingOccurrences(of: "<svg ", with: "<svg data-test=\"\(UUID().uuidString)\" ")
        try Data(unique.utf8).write(to: folder.appendingPathComponent("icon.svg"))
        return try SpecLoader.parse("""
            width: \(Int(iconSize) + 10)
            height: \(Int(iconSize) + 10)
            scale: \(Limits.format(scale))
            button: {style: icon, iconSize: \(Limits.format(iconSize))}
            items: [{icon: icon.svg}]
            """, baseDirectory: folder)
    }

    private static func svg(_ body: String) -> String {
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"24\" height=\"24\">\(body)</svg>"
    }

    /// A filter region 10⁴ times the icon's side: every primitive works on that many pixels.
    private static func filtered(_ primitives: String) -> String {
        svg("<filter id=\"f\" filterUnits=\"userSpaceOnUse\" x=\"-1e5\" y=\"-1e5\" width=\"2e5\" height=\"2e5\">\(primitives)</filter>"
            + "<rect width=\"24\" height=\"24\" filter=\"url(#f)\"/>")
    }

    private func assertRefused(_ bar: Bar, saying reasons: [String], naming file: String,
                               formats: [OutputFormat] = [.png], line: UInt = #line) {
        for format in formats {
            let started = Date()
            XCTAssertThrowsError(try Renderer().render(bar, format: format), line: line) { error in
                let message = "\(error)"
                XCTAssertTrue(reasons.contains { message.contains($0) }, "\(format): \(message)", line: line)
                XCTAssertTrue(message.contains(file), "names the file: \(message)", line: line)
                XCTAssertFalse(message.contains("\n"), "one line: \(message)", line: line)
            }
            // Within the budget's wall time: nobody waits for the icon's hours.
            XCTAssertLessThan(Date().timeIntervalSince(started), Double(Limits.sandboxWallSeconds), line: line)
        }
    }

    // MARK: Icons

    /// 300 morphology passes of radius 100 over the region: on 0.15.0's checks the icon passed
    /// (radius ≤ 100) and took minutes at 8×.
    func testAnIconTooSlowToDrawIsRefused() throws {
        let icon = Self.filtered(String(repeating: "<feMorphology radius=\"100\"/>", count: 300))
        assertRefused(try bar(icon: icon, scale: 8), saying: ["takes over \(Limits.sandboxCPUSeconds) s to draw at 192×192 px"],
                      naming: "icon.svg")
    }

    /// 60 named floods of the region, each kept: 4 GB at a 500 pt icon at 8× before.
    func testAnIconTooLargeToDrawIsRefused() throws {
        let icon = Self.filtered((0..<60).map { "<feFlood result=\"r\($0)\"/>" }.joined())
        assertRefused(try bar(icon: icon, iconSize: 500, scale: 8), saying: ["needs over 1 GB of memory to draw at 4000×4000 px"],
                      naming: "icon.svg")
    }

    func testIconsAreProbedOncePerContentAndSize() throws {
        let icon = Self.svg("<circle cx=\"12\" cy=\"12\" r=\"8\"/>")
        let small = try bar(icon: icon, scale: 1)
        let before = SandboxChild.started
        _ = try Renderer().render(small, format: .png)
        XCTAssertEqual(SandboxChild.started, before + 1, "one child for a new icon")
        _ = try Renderer().render(small, format: .png)
        _ = try Renderer().render(small, format: .png, position: 0.3)
        XCTAssertEqual(SandboxChild.started, before + 1, "a verdict is kept for the icon's content and size")
        _ = try Renderer().render(small, format: .png, scale: 3)
        XCTAssertEqual(SandboxChild.started, before + 2, "drawn larger: probed again")
        _ = try Renderer().render(small, format: .png, scale: 2)
        XCTAssertEqual(SandboxChild.started, before + 2, "drawn smaller than a size probed: no new child")
        _ = try Renderer().render(small, format: .pdf)
        XCTAssertEqual(SandboxChild.started, before + 3, "vector output is probed on its own")
        // The same bytes elsewhere: the verdict is the content's, not the path's.
        try FileManager.default.copyItem(at: folder.appendingPathComponent("icon.svg"), to: folder.appendingPathComponent("copy.svg"))
        let copy = try SpecLoader.parse("width: 34\nheight: 34\nscale: 1\nbutton: {style: icon, iconSize: 24}\nitems: [{icon: copy.svg}]\n",
                                        baseDirectory: folder)
        _ = try Renderer().render(copy, format: .png)
        XCTAssertEqual(SandboxChild.started, before + 3)
    }

    /// Each icon within the limit, the bar's together not: 200 icons of just under 2 s each
    /// would take minutes a frame. The budget (10 s) lowered here to the cost of a few blurs.
    func testTheBarsIconsTogetherHaveATimeBudget() throws {
        var items: [String] = []
        for index in 0..<4 {
            let blur = Self.svg("<filter id=\"b\"><feGaussianBlur stdDeviation=\"3\"/></filter><circle cx=\"12\" cy=\"12\" r=\"\(index + 5)\" filter=\"url(#b)\"/>")
                .replacingOccurrences(of: "<svg ", with: "<svg data-test=\"\(UUID().uuidString)\" ")
            try Data(blur.utf8).write(to: folder.appendingPathComponent("blur\(index).svg"))
            items.append("{title: B\(index), icon: blur\(index).svg}")
        }
        let bar = try SpecLoader.parse("preset: tabBar\nwidth: 400\nscale: 8\nitems: [\(items.joined(separator: ", "))]\n", baseDirectory: folder)
        let renderer = Renderer()
        renderer.iconTimeBudget = 1  // ms: any real icon is over it
        XCTAssertThrowsError(try renderer.render(bar, format: .png)) { error in
            XCTAssertTrue("\(error)".contains("the bar's SVG icons take over 0.001 s to draw together"), "\(error)")
        }
        XCTAssertNoThrow(try Renderer().render(bar, format: .png), "within the real budget")
    }

    func testOrdinaryIconsDrawAsBefore() throws {
        let icon = Self.svg("<filter id=\"b\"><feGaussianBlur stdDeviation=\"1\"/></filter><circle cx=\"12\" cy=\"12\" r=\"8\" filter=\"url(#b)\"/>")
        let bar = try bar(icon: icon, scale: 3)
        for format in OutputFormat.allCases { XCTAssertNoThrow(try Renderer().render(bar, format: format)) }
    }

    // MARK: Fonts

    private func heavyFontBar(_ title: String = "A", markup: Bool = false) throws -> Bar {
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("heavy-bitmap.ttf"),
                                         to: folder.appendingPathComponent("heavy-bitmap.ttf"))
        let item = markup ? "{markup: \"<span font_family='Heavy Bitmap'>\(title)</span>\"}" : "{title: \(title)}"
        return try SpecLoader.parse("""
            preset: tabBar
            width: 200
            fonts: [heavy-bitmap.ttf]
            button: {font: \(markup ? "Inter" : "Heavy Bitmap") 17}
            items: [\(item), \(item)]
            """, baseDirectory: folder)
    }

    private static let fontReasons = ["needs over 1 GB of memory to draw", "takes over \(Limits.sandboxCPUSeconds) s to draw"]

    /// A 46 KB font whose A is an embedded bitmap of 16 384² pixels: 2.4 GB and 6 s to draw,
    /// and 1 GB only to measure, before.
    func testAFontTooCostlyToDrawIsRefusedBeforeItIsMeasured() throws {
        let bar = try heavyFontBar()
        assertRefused(bar, saying: Self.fontReasons, naming: "heavy-bitmap.ttf", formats: OutputFormat.allCases)
        // `tabsnap layout` measures only: refused too, not measured as nothing with exit 0.
        XCTAssertThrowsError(try Renderer().checkedGeometry(of: bar)) { error in
            XCTAssertTrue(Self.fontReasons.contains { "\(error)".contains($0) }, "\(error)")
        }
    }

    func testAFontUsedOnlyInMarkupIsProbedToo() throws {
        assertRefused(try heavyFontBar(markup: true), saying: Self.fontReasons, naming: "heavy-bitmap.ttf")
    }
}
