import Foundation
import Tabsnap
import TabsnapTesting
import XCTest

/// A short swipe kept as an APNG golden, compared frame by frame (pixels and delays). The APNG goes
/// through the writer and the decoder first, so the golden also guards the file format.
final class AnimationGoldenTests: XCTestCase {
    func testShortSwipeAndJump() throws {
        let document = try SpecLoader.parseDocument("""
            width: 200
            items: [Home, Search, Me]
            transition:
              steps:
                - {to: 2, frames: 6, easing: ease-in-out}
                - {to: 0, kind: jump, frames: 4, easing: linear}
            """)
        let actualURL = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-anim-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: actualURL) }
        try FrameRenderer(bar: document.bar, transition: document.transition!, scale: 1).writeAPNG(to: actualURL)
        let actual = try APNGDecoder.decode([UInt8](Data(contentsOf: actualURL)))
        XCTAssertEqual(actual.frames.count, 9)

        assertTabBarSnapshot(of: .animation(actual), named: "animation-swipe-jump")
    }
    /// The README's GIF matte picture: one frame of a clear bar whose titles are half opaque,
    /// written as a GIF with the default matte (white, top) and with `--matte none` (bottom),
    /// each shown on a white page, as a document shows it. Without a matte the half-opaque
    /// pixels turn solid or clear: dark titles with jagged edges.
    func testGIFMatteForTheReadme() throws {
        let bar = try SpecLoader.parse("width: 240\nbackground: \"#00000000\"\nitems: [Home, Search, Me]\nbutton: {tint: \"#1C1C1E99\", adjustsAlpha: false}\nindicator: {style: line}")
        let transition = BarTransition(from: 0, to: 1, frames: 2, fps: 30)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-matte-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var panels: [RGBAImage] = []
        for matte in [GIFMatte.pageWhite, .none] {
            let url = folder.appendingPathComponent("matte.gif")
            try FrameRenderer(bar: bar, transition: transition, scale: 2).writeAnimation(.gif, to: url, matte: matte)
            panels.append(try XCTUnwrap(try GIFReference.decode(url).shown(at: 0)))
        }
        // Stacked on a white page, a grey rule between them.
        let width = panels[0].width, height = panels[0].height
        var page = RGBAImage(width: width, height: height * 2 + 2)
        for index in stride(from: 0, to: page.pixels.count, by: 4) { page.pixels.replaceSubrange(index..<index + 4, with: [255, 255, 255, 255]) }
        for (number, panel) in panels.enumerated() {
            for y in 0..<height {
                for x in 0..<width {
                    let from = (y * width + x) * 4, to = ((y + number * (height + 2)) * width + x) * 4
                    let alpha = Int(panel.pixels[from + 3])
                    for channel in 0..<3 { page.pixels[to + channel] = UInt8((Int(panel.pixels[from + channel]) * alpha + 255 * (255 - alpha)) / 255) }
                }
            }
        }
        for x in 0..<width {
            for y in [height, height + 1] { page.pixels.replaceSubrange((y * width + x) * 4..<(y * width + x) * 4 + 4, with: [204, 204, 204, 255]) }
        }
        assertTabBarSnapshot(of: .image(page), named: "gif-matte-white-none")
    }

    /// Twelve frames of the default spring: past Search and back, settling over 0.79 s (it once
    /// showed only the first 0.18 s and arrived at full speed).
    func testSpringWithFewFrames() throws {
        let document = try SpecLoader.parseDocument("width: 200\nitems: [Home, Search, Me]\ntransition: {to: 1, frames: 12, easing: spring}")
        let transition = try XCTUnwrap(document.transition)
        XCTAssertGreaterThan(transition.frames.map(\.state.position).max() ?? 0, 1.04)
        assertTabBarSnapshot(of: .transition(document.bar, transition), scale: 1, named: "animation-spring-12-frames")
    }

    /// A contact sheet of `animate`'s tour of the iOS tab bar example (the README's picture): six
    /// frames — the motion's turning points first — two a row, each once, labelled with its
    /// index, time and position.
    func testContactSheetOfTheTour() throws {
        let entry = try XCTUnwrap(try DemoGallery.entries().first { $0.name == "ios-tab-bar" })
        let tour = BarTransition.tour(from: 0, buttonCount: entry.bar.items.count, fps: 60)
        let renderer = FrameRenderer(bar: entry.bar, transition: tour, scale: 1)
        let frames = tour.sheetFrames(limit: 6)
        XCTAssertEqual(frames.count, 6)
        let sheet = try renderer.contactSheet(frames: frames, columns: 2)
        try renderer.render { frame, image in
            if frames.contains(frame.index) { sheet.add(image, index: frame.index, time: frame.time, position: frame.state.position) }
        }
        assertTabBarSnapshot(of: .image(try PNGDecoder.decode(sheet.png())), named: "sheet-ios-tab-bar-tour")
    }

}
