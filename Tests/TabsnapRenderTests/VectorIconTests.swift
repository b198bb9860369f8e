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

    /// Round 42 F6: an icon growing with the selection (`unselectedIconScale`) was snapped to
    /// device pixels whenever its size happened to be whole pixels — at exactly half selection —
    /// and jumped half a pixel for that one frame (ink centre 153.50, 154.02, 153.50 px at 1.49,
    /// 1.5, 1.51). A growing icon is drawn where it is; a resting one is still snapped.
    func testAGrowingIconDoesNotJumpWhenItsSizeIsWholePixels() throws {
        let bar = try SpecLoader.parse("preset: buttonBar\nwidth: 320\nheight: 40\nitems: [{icon: star}, {icon: star}, {icon: star}, {icon: star}]\n"
                                       + "button: {style: icon}\nindicator: {style: line}\n")
        let renderer = Renderer()
        XCTAssertEqual(renderer.geometry(of: bar, position: 1.5).buttons[1].iconFrame.width * 2, 57, "whole pixels at 2×, part-way through growing")
        func inkCentre(at position: Double) throws -> Double {
            let image = try renderer.image(of: bar, position: position, scale: 2)
            let background = image[0, 0]
            var ink = 0.0, moment = 0.0
            for y in 0..<66 {
                for x in 92..<212 {
                    let pixel = image[x, y]
                    let amount = Double(abs(Int(pixel.r) - Int(background.r)) + abs(Int(pixel.g) - Int(background.g)) + abs(Int(pixel.b) - Int(background.b)))
                    ink += amount
                    moment += amount * Double(x)
                }
            }
            return moment / ink
        }
        let before = try inkCentre(at: 1.49), half = try inkCentre(at: 1.5), after = try inkCentre(at: 1.51)
        XCTAssertEqual(half, (before + after) / 2, accuracy: 0.05, "\(before) \(half) \(after)")
        XCTAssertTrue(renderer.geometry(of: bar, position: 1).buttons.allSatisfy { $0.icon?.isResting == true })
        XCTAssertEqual(renderer.geometry(of: bar, position: 1.5).buttons.map { $0.icon?.isResting }, [true, false, false, true])
    }
}
