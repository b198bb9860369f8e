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
