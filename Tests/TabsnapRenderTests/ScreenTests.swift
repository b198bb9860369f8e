import Tabsnap
import TabsnapTesting
import XCTest

/// A bar in its screen (`screen:`, issue 31): the device's chrome, pages that slide with the
/// position (`PageSlide`), the finger (`TouchMarker`); numbers first, then goldens of two devices
/// with the bar at the bottom and at the top, still and swiping.
final class ScreenTests: XCTestCase {
    private let renderer = Renderer()

    private let tabBar = """
        preset: tabBar
        screen: {device: iphone-15, finger: true}
        items:
          - {title: Home, icon: home}
          - {title: Search, icon: search}
          - {title: Inbox, icon: mail, badge: 3}
          - {title: Profile, icon: person}
        """

    private let tabs = """
        preset: tabs
        screen: {device: pixel-8, navigationTitle: Mail, pages: [placeholder, "#FFE08A", "#B8E0D2"]}
        items: [Primary, Promotions, Social]
        """

    private func screen(_ yaml: String, at position: Double, direction: String? = nil) throws -> ScreenGeometry {
        let bar = try SpecLoader.parse(yaml + (direction.map { "\ndirection: \($0)" } ?? ""))
        return try XCTUnwrap(renderer.geometry(of: bar, position: position).screen)
    }

    // MARK: Numbers

    /// The bar takes the device's width; at the bottom it ends at the screen's bottom with the
    /// device's inset as its safe area, at the top it sits under the status and navigation bars.
    func testTheBarSitsWhereItsPlacementSays() throws {
        let bottom = try screen(tabBar, at: 0)
        XCTAssertEqual(bottom.size, Size(width: 393, height: 852))
        XCTAssertEqual(bottom.barFrame.maxY, 852)
        XCTAssertEqual(bottom.barFrame.width, 393)
        XCTAssertEqual(bottom.pageArea, Rect(x: 0, y: 54, width: 393, height: bottom.barFrame.minY - 54))
        let bar = renderer.geometry(of: try SpecLoader.parse(tabBar))
        XCTAssertEqual(bar.safeArea.bottom, 34, "the home indicator's room")
        XCTAssertEqual(bar.width, 393)
        let top = try screen(tabs, at: 0)
        XCTAssertEqual(top.barFrame.minY, 24 + 64, "under the status bar and the navigation bar")
        XCTAssertEqual(top.pageArea.minY, top.barFrame.maxY)
        XCTAssertEqual(top.pageArea.maxY, 915, "pages run under the gesture handle")
        XCTAssertEqual(top.navigationBar?.frame, Rect(x: 0, y: 24, width: 412, height: 64))
    }

    /// At a whole position its page fills the area; mid-swipe two pages tile it with no gap,
    /// each offset by the position's fraction; right to left mirrors them; past the ends the
    /// screen shows beside the end page.
    func testPagesSlideWithThePosition() throws {
        let still = try screen(tabBar, at: 2)
        XCTAssertEqual(still.pages.map(\.index), [2])
        XCTAssertEqual(still.pages.first?.frame, still.pageArea)
        for p in [0.25, 1.5, 2.9] {
            let mid = try screen(tabBar, at: p)
            XCTAssertEqual(mid.pages.count, 2, "\(p)")
            let (left, right) = (mid.pages[0].frame, mid.pages[1].frame)
            XCTAssertEqual(left.maxX, right.minX, accuracy: 1e-9, "\(p): no gap")
            XCTAssertEqual(left.minX, -(p - p.rounded(.down)) * 393, accuracy: 1e-9)
            let mirrored = try screen(tabBar, at: p, direction: "rtl")
            XCTAssertEqual(mirrored.pages[0].frame.minX, -left.minX, accuracy: 1e-9, "\(p): the next page comes from the left")
        }
        let over = try screen(tabBar, at: -0.3)
        XCTAssertEqual(over.pages.map(\.index), [0])
        XCTAssertEqual(over.pages[0].frame.minX, 0.3 * 393, accuracy: 1e-9)
        // A jump slides the target in beside the page it leaves, passing none between.
        let bar = try SpecLoader.parse(tabBar).resolved()
        let jump = try XCTUnwrap(renderer.geometry(of: bar, jumpingFrom: 0, to: 3, progress: 0.25).screen)
        XCTAssertEqual(jump.pages.map(\.index), [0, 3])
        XCTAssertEqual(jump.pages[0].frame.minX, -0.25 * 393, accuracy: 1e-9)
        XCTAssertEqual(jump.pages[1].frame.minX, 0.75 * 393, accuracy: 1e-9)
    }

    /// The finger drags the pages mid-swipe (half the width per page, against the position),
    /// is gone at whole positions, and taps the target of a jump.
    func testTheFingerFollowsTheSwipe() throws {
        XCTAssertNil(try screen(tabBar, at: 1).finger)
        let quarter = try XCTUnwrap(try screen(tabBar, at: 1.25).finger)
        let threeQuarters = try XCTUnwrap(try screen(tabBar, at: 1.75).finger)
        XCTAssertEqual(quarter.center.x - threeQuarters.center.x, 0.5 * 393 / 2, accuracy: 1e-9)
        XCTAssertEqual(quarter.opacity, 1)
        XCTAssertEqual(try XCTUnwrap(try screen(tabBar, at: 1.05).finger).opacity, 0.5, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(try screen(tabBar, at: 1.25, direction: "rtl").finger).center.x, 393 - quarter.center.x, accuracy: 1e-9)
        XCTAssertNil(try screen(tabs, at: 0.5).finger, "only when asked")
        let bar = try SpecLoader.parse(tabBar).resolved()
        let geometry = renderer.geometry(of: bar, jumpingFrom: 0, to: 3, progress: 0.1)
        let tap = try XCTUnwrap(geometry.screen?.finger)
        XCTAssertEqual(tap.center.x, geometry.buttons[3].frame.midX - geometry.scrollOffset, accuracy: 1e-9)
    }

    /// The bar's own numbers (what lint, a11y and geometry goldens read) are a bar's of the
    /// device's width and safe area.
    func testTheBarsOwnGeometryIsABarsAlone() throws {
        let inScreen = renderer.geometry(of: try SpecLoader.parse(tabBar), position: 1.5)
        let alone = renderer.geometry(of: try SpecLoader.parse(tabBar.replacingOccurrences(of: "screen: {device: iphone-15, finger: true}",
                                                                                      with: "width: 393\nsafeArea: {bottom: 34}")), position: 1.5)
        XCTAssertNotNil(inScreen.screen)
        var withoutScreen = inScreen
        withoutScreen.screen = nil
        XCTAssertEqual(withoutScreen, alone)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        XCTAssertEqual(try encoder.encode(inScreen), try encoder.encode(alone), "tabsnap layout prints the bar")
    }

    /// What a screen decides is not said twice, and a bar alone still needs its width.
    func testSpecRules() throws {
        func message(_ yaml: String) -> String {
            do { _ = try SpecLoader.parse(yaml); return "accepted" } catch { return "\(error)" }
        }
        XCTAssertTrue(message(tabBar + "\nwidth: 390").contains("width: the screen's device sets the bar's width (393 pt on iphone-15); leave width out"))
        XCTAssertTrue(message(tabBar + "\nsafeArea: {bottom: 10}").contains("safeArea: the screen's device sets the bar's safe area"))
        XCTAssertTrue(message(tabs.replacingOccurrences(of: "\"#B8E0D2\"]", with: "\"#B8E0D2\", placeholder]")).contains("screen.pages: 4 pages for 3 items"))
        XCTAssertTrue(message("screen: {device: iphone-16}\nitems: [A]").contains("iphone-16"))
        XCTAssertTrue(message("screen: {pages: [blue]}\nitems: [A]").contains("'blue' is not a page"))
        XCTAssertTrue(message("items: [A]").contains("missing required key 'width'"))
        // Hostile round 31 M4: a page is not an icon, and the navigation title is named at its key.
        XCTAssertTrue(message("screen: {pages: [nofile.png]}\nitems: [A]").contains("screen.pages[0]: page image file not found: nofile.png"))
        let undrawable = try SpecLoader.parse("screen: {navigationTitle: \"Mail \\U00013000\"}\nitems: [A]")
        XCTAssertThrowsError(try renderer.render(undrawable, format: .png)) { error in
            XCTAssertTrue("\(error)".hasPrefix("screen.navigationTitle: "), "\(error)")
        }
        XCTAssertEqual(message("screen: {pages: [\"#FF0000\"]}\nitems: [A, B]"), "accepted", "one page for all")
        // Written back as read.
        let bar = try SpecLoader.parse(tabs)
        XCTAssertEqual(try SpecLoader.parse(String(decoding: try JSONEncoder().encode(bar), as: UTF8.self)), bar)
    }

    /// Hostile round 33 F2: a long navigation title on an Android screen (and a long heading on
    /// a placeholder page) ran off the screen's edge, cut mid-letter. It is cut with "…" within
    /// its margins, in both directions.
    func testLongLeadingTextIsCutWithAnEllipsisInsideItsMargins() throws {
        let long = "Notifications and Privacy Settings Overview"
        for direction in ["ltr", "rtl"] {
            let spec = try SpecLoader.parse("preset: tabs\ndirection: \(direction)\nscreen: {device: galaxy-s23, navigationTitle: \(long)}\nitems: [\"\(long) again\", Two]")
            let screen = try XCTUnwrap(renderer.geometry(of: spec, position: 0).screen)
            let title = try XCTUnwrap(screen.navigationBar?.title)
            XCTAssertEqual(title.text, .plain("Notifications and Privacy Set…"), direction)
            XCTAssertGreaterThanOrEqual(title.frame.minX, 16 - 1e-9, direction)
            XCTAssertLessThanOrEqual(title.frame.maxX, screen.size.width - 16 + 1e-9, direction)
            let heading = try XCTUnwrap(screen.pages.first?.heading)
            guard case .plain(let text) = heading.text else { return XCTFail("a plain heading") }
            XCTAssertTrue(text.hasSuffix("…"), text)
            XCTAssertLessThanOrEqual(heading.frame.width, screen.pageArea.width - 32 + 1e-9, direction)
        }
        let short = try XCTUnwrap(renderer.geometry(of: try SpecLoader.parse("preset: tabs\nscreen: {device: galaxy-s23, navigationTitle: Mail}\nitems: [A, B]"), position: 0).screen)
        XCTAssertEqual(short.navigationBar?.title.text, .plain("Mail"), "a title that fits is whole")
    }

    /// Hostile round 32: a broken page image was read only where its page showed (position 0
    /// drew a spec whose second page is not a PNG, exit 0), and its errors named the file, not
    /// the spec's place. Every page image is loaded at every position, and icon errors are placed.
    func testEveryPageImageIsCheckedAndIconErrorsArePlaced() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-pages-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("not a png".utf8).write(to: folder.appendingPathComponent("broken.png"))
        let spec = try SpecLoader.parse("screen: {device: iphone-15, pages: [placeholder, broken.png]}\nitems: [A, B]", baseDirectory: folder)
        for position in [0.0, 1] {
            XCTAssertThrowsError(try renderer.render(spec, format: .png, position: position)) { error in
                XCTAssertTrue("\(error)".hasPrefix("screen.pages[1]: \(folder.appendingPathComponent("broken.png").path): cannot load PNG"), "\(error)")
            }
        }
        let icons = try SpecLoader.parse("width: 300\nbutton: {style: tabItem}\nitems: [A, {title: B, selectedIcon: broken.png}]", baseDirectory: folder)
        XCTAssertThrowsError(try renderer.render(icons, format: .png)) { error in
            XCTAssertTrue("\(error)".hasPrefix("items[1]: \(folder.appendingPathComponent("broken.png").path): cannot load PNG"), "\(error)")
        }
    }

    // MARK: Goldens (1×: a screen is 393 × 852 points)

    func testStillScreens() throws {
        assertTabBarSnapshot(of: .bar(try SpecLoader.parse(tabBar), position: 1.4), scale: 1, named: "screen-iphone-15-tab-bar-bottom")
        assertTabBarSnapshot(of: .bar(try SpecLoader.parse(tabs), position: 0.6), scale: 1, named: "screen-pixel-8-tabs-top")
        assertTabBarSnapshot(of: .bar(try SpecLoader.parse(tabs + "\ntheme: dark\ndirection: rtl"), position: 2), scale: 1,
                             named: "screen-pixel-8-tabs-top-dark-rtl")
    }

    func testSwipingScreens() throws {
        assertTabBarSnapshot(of: .transition(try SpecLoader.parse(tabBar), BarTransition(from: 0, to: 1, frames: 6)), scale: 1,
                             named: "screen-iphone-15-swipe")
        assertTabBarSnapshot(of: .transition(try SpecLoader.parse(tabs), BarTransition(from: 1, to: 2, frames: 5)), scale: 1,
                             named: "screen-pixel-8-swipe")
    }

    /// Release physics: the finger drags a third of a page and lets go at 1.4 pages/s; the pages
    /// decelerate onto the next one as paging does (`ReleaseMotion`), at 20 fps to keep it small.
    func testADragAndItsRelease() throws {
        let release = BarTransition(from: 0, steps: [.init(to: 0.35, easing: .linear, duration: 0.25), .init(to: 1, velocity: 1.4)], fps: 20)
        let bar = try SpecLoader.parse(tabs.replacingOccurrences(of: "pages: [", with: "finger: true, pages: ["))
        assertTabBarSnapshot(of: .transition(bar, release), scale: 1, named: "screen-pixel-8-release")
    }
}
