import TabsnapPNG
@testable import TabsnapCompare
import XCTest

/// The diff and the triptych against plain per-pixel reference versions of their rules, on
/// random images: every alpha, panels of unequal heights, images of unequal sizes.
final class DiffImageReferenceTests: XCTestCase {
    private var generator = SystemRandomNumberGenerator()

    private func randomImage(_ width: Int, _ height: Int, palette: [[UInt8]]) -> RGBAImage {
        RGBAImage(width: width, height: height, pixels: (0..<width * height).flatMap { _ in palette.randomElement(using: &generator)! })
    }

    private func palette() -> [[UInt8]] {
        (0..<6).map { _ in
            let alpha: UInt8 = [0, 255, 255, UInt8.random(in: 1...254, using: &generator)].randomElement(using: &generator)!
            return [UInt8.random(in: 0...255, using: &generator), UInt8.random(in: 0...255, using: &generator),
                    UInt8.random(in: 0...255, using: &generator), alpha]
        }
    }

    /// Brightness over white of the premultiplied pixel, faded 90 % of the way to white.
    private func referenceGrey(_ image: RGBAImage, _ x: Int, _ y: Int) -> UInt8 {
        guard x < image.width && y < image.height else { return 255 }
        let i = (y * image.width + x) * 4, p = image.pixels
        let a = UInt32(p[i + 3])
        func premultiplied(_ c: UInt8) -> Double { a == 0 ? 0 : Double((UInt32(c) * a + 127) / 255) }
        let clear = 255 - Double(a)
        let brightness = 0.29889531 * (premultiplied(p[i]) + clear) + 0.58662247 * (premultiplied(p[i + 1]) + clear)
            + 0.11448223 * (premultiplied(p[i + 2]) + clear)
        return UInt8(255 - (255 - brightness) * 0.1)
    }

    func testDiffMatchesTheReference() {
        for _ in 0..<60 {
            let colours = palette()
            let e = randomImage(Int.random(in: 1...24, using: &generator), Int.random(in: 1...12, using: &generator), palette: colours)
            let a = randomImage(Int.random(in: 1...24, using: &generator), Int.random(in: 1...12, using: &generator), palette: colours)
            let comparison = ImageComparator.compare(expected: e, actual: a, options: ComparisonOptions(maxDeltaE: 3, toleratesAntialiasing: true))
            let diff = DiffImage.diff(expected: e, actual: a, comparison: comparison)
            for y in 0..<diff.height {
                for x in 0..<diff.width {
                    let expected: [UInt8]
                    switch comparison.verdict(x: x, y: y) {
                    case .same:
                        let grey = referenceGrey(x < e.width && y < e.height ? e : a, x, y)
                        expected = [grey, grey, grey, 255]
                    case .withinTolerance: expected = [255, 150, 60, 255]
                    case .antialiased: expected = [255, 215, 0, 255]
                    case .differs, .outside: expected = [230, 0, 0, 255]
                    }
                    let i = (y * diff.width + x) * 4
                    XCTAssertEqual(Array(diff.pixels[i..<i + 4]), expected, "(\(x), \(y))")
                }
            }
        }
    }

    func testTriptychMatchesTheReference() {
        for _ in 0..<60 {
            let colours = palette()
            let panels = (0..<3).map { _ in
                randomImage(Int.random(in: 1...20, using: &generator), Int.random(in: 1...40, using: &generator), palette: colours)
            }
            let triptych = DiffImage.triptych(expected: panels[0], diff: panels[1], actual: panels[2])
            let gutter = max(2, panels[1].height / 16)
            XCTAssertEqual(triptych.width, panels.map(\.width).reduce(0, +) + 2 * gutter)
            // The label band: 11 px at 1× (panels under 96 px).
            let band = 11
            XCTAssertEqual(triptych.height, panels.map(\.height).max()! + band)
            var reference = [UInt8](repeating: 128, count: triptych.width * triptych.height * 4)
            for i in stride(from: 3, to: reference.count, by: 4) { reference[i] = 255 }
            // The band as drawn (its letters are checked in testTriptychPanelsAreLabelled).
            reference.replaceSubrange(0..<band * triptych.width * 4, with: triptych.pixels[0..<band * triptych.width * 4])
            var left = 0
            for panel in panels {
                for y in 0..<panel.height {
                    for x in 0..<panel.width {
                        let s = (y * panel.width + x) * 4, d = ((y + band) * triptych.width + left + x) * 4
                        let alpha = Int(panel.pixels[s + 3])
                        let check = (x / 8 + y / 8) % 2 == 0 ? 255 : 230
                        for c in 0..<3 {
                            reference[d + c] = alpha == 255 ? panel.pixels[s + c]
                                : UInt8((Int(panel.pixels[s + c]) * alpha + check * (255 - alpha) + 127) / 255)
                        }
                    }
                }
                left += panel.width + gutter
            }
            XCTAssertEqual(triptych.pixels, reference)
        }
    }

    /// EXPECTED, DIFF and ACTUAL over their panels, in the 5 × 7 font, scaled with the bar.
    func testTriptychPanelsAreLabelled() {
        let panel = RGBAImage(width: 60, height: 20, pixels: [UInt8](repeating: 255, count: 60 * 20 * 4))
        let triptych = DiffImage.triptych(expected: panel, diff: panel, actual: panel)
        func row(_ y: Int, from x0: Int, count: Int) -> String {
            (x0..<x0 + count).map { x in triptych.pixels[(y * triptych.width + x) * 4] < 128 ? "#" : "." }.joined()
        }
        // The first letters' top rows: E, then X (2 px in, letters 6 px apart).
        XCTAssertEqual(row(2, from: 0, count: 14), "..#####.#...#.")
        XCTAssertEqual(row(2, from: 62, count: 8), "..####..", "D over the diff, after the gutter")
        XCTAssertEqual(row(5, from: 124, count: 8), "..#####.", "A's bar over the actual")
        XCTAssertEqual(row(0, from: 0, count: 60), String(repeating: ".", count: 60), "a clear row above the letters")
        // A 3× bar (144 px) gets letters three times as large.
        let tall = RGBAImage(width: 100, height: 144, pixels: [UInt8](repeating: 255, count: 100 * 144 * 4))
        XCTAssertEqual(DiffImage.triptych(expected: tall, diff: tall, actual: tall).height, 144 + 33)
    }
}
