import Foundation
import Tabsnap
import TabsnapTesting
import XCTest

/// Icons given as paths in Swift: drawn in the tint as a template, in their own colours as
/// originals, stretched from their view box, in every format, and as a `TabBar`'s items.
final class VectorIconTests: XCTestCase {
    /// A flame: one filled outline with a hole cut out by the even-odd rule.
    private let flame = VectorGlyph(shapes: [
        .init(path: VectorPath([.move(12, 2), .curve(18, 8, 21, 13, 12, 22), .curve(3, 13, 6, 8, 12, 2), .close,
                                .move(12, 12), .curve(14, 14, 14, 17, 12, 19), .curve(10, 17, 10, 14, 12, 12), .close]),
              rule: .evenOdd, color: RGBAColor(red: 1, green: 0.4, blue: 0, alpha: 1)),
    ])
    /// A two-colour badge-like glyph on a wide view box: a stroked ring and a filled dot.
    private let target = VectorGlyph(viewBox: Size(width: 48, height: 48), shapes: [
        .init(path: .ellipse(in: Rect(x: 6, y: 6, width: 36, height: 36)),
              stroke: StrokeStyle(width: 4), color: RGBAColor(red: 0.1, green: 0.5, blue: 0.9, alpha: 1)),
        .init(path: .ellipse(in: Rect(x: 18, y: 18, width: 12, height: 12)), color: RGBAColor(red: 0.9, green: 0.2, blue: 0.3, alpha: 1)),
    ])

    private func bar(renderingMode: RenderingMode) -> Bar {
        var bar = Bar(preset: .tabBar, width: 240, items: [
            BarItem(title: "Hot", icon: .vector(flame)), BarItem(title: "Aim", icon: .vector(target)), BarItem(title: "Home", icon: .builtin(.home)),
        ])
        bar.button.renderingMode = renderingMode
        bar.scale = 2
        return bar
    }

    func testTemplateAndOriginalVectorIconsAreDrawnInEveryFormat() throws {
        assertTabBarSnapshot(of: .bar(bar(renderingMode: .template), position: 0), named: "vector-icons-template")
        assertTabBarSnapshot(of: .bar(bar(renderingMode: .original), position: 1), named: "vector-icons-original")
        let renderer = Renderer()
        for format in [OutputFormat.png, .svg, .pdf] {
            let once = try renderer.render(bar(renderingMode: .original), format: format)
            XCTAssertEqual(once, try Renderer().render(bar(renderingMode: .original), format: format), "\(format) is deterministic")
        }
    }

    func testATemplateVectorIconTakesTheButtonsColour() throws {
        // The selected button's icon region holds the selected tint and no orange (its own colour).
        let image = try Renderer().image(of: bar(renderingMode: .template), position: 0)
        let original = try Renderer().image(of: bar(renderingMode: .original), position: 0)
        let g = Renderer().geometry(of: bar(renderingMode: .template), position: 0)
        let icon = g.buttons[0].iconFrame
        func hasOrange(_ image: RGBAImage) -> Bool {
            for y in Int(icon.minY * 2)..<Int(icon.maxY * 2) {
                for x in Int(icon.minX * 2)..<Int(icon.maxX * 2) {
                    let p = image[x, y]
                    if p.r > 200, p.g > 60, p.g < 140, p.b < 40 { return true }
                }
            }
            return false
        }
        XCTAssertFalse(hasOrange(image), "a template is drawn in the tint")
        XCTAssertTrue(hasOrange(original), "an original keeps its colours")
    }
}
