import Tabsnap
import TabsnapTesting
import XCTest

/// iOS's Large Content Viewer (issue 29): at accessibility text sizes, tabBar and tabs — which
/// keep their text size — show a pressed item large in a panel beside the bar.
final class LargeContentViewerTests: XCTestCase {
    private let tabBar = """
        preset: tabBar
        width: 390
        textScale: 2.35
        largeContent: {item: 1}
        safeArea: {bottom: 34}
        items: [{title: Home, icon: home}, {title: Inbox, icon: mail, badge: 3}, {title: Profile, icon: person}]
        """

    private func geometry(_ spec: String, position: Double? = nil) throws -> BarGeometry {
        Renderer().geometry(of: try SpecLoader.parse(spec), position: position)
    }

    func testThePanelSitsCentredInABandBesideTheBar() throws {
        let plain = try geometry(tabBar.replacingOccurrences(of: "largeContent: {item: 1}\n", with: "").replacingOccurrences(of: "textScale: 2.35\n", with: ""))
        let g = try geometry(tabBar)
        let viewer = try XCTUnwrap(g.largeContent)
        // Above a bottom bar: the canvas grows by the band and the bar moves down by it.
        XCTAssertEqual(viewer.band, Rect(x: 0, y: 0, width: 390, height: g.height - plain.height))
        XCTAssertEqual(g.buttons[1].frame, plain.buttons[1].frame.offsetBy(dx: 0, dy: viewer.band.height))
        XCTAssertEqual(g.hairlines, plain.hairlines.map { $0.offsetBy(dx: 0, dy: viewer.band.height) }, "the tab bar's top hairline stays on the bar")
        // Centred, 24 pt of screen around it; title 17 × 2.35 pt, icon twice that.
        XCTAssertEqual(viewer.panel.frame.midX, 195, accuracy: 1e-9)
        XCTAssertEqual(viewer.panel.frame.minY, 24)
        XCTAssertEqual(viewer.band.maxY - viewer.panel.frame.maxY, 24, accuracy: 1e-9)
        XCTAssertEqual(viewer.font.size, 17 * 2.35, accuracy: 1e-9)
        XCTAssertEqual(viewer.iconFrame.width, 2 * 17 * 2.35, accuracy: 1e-9)
        XCTAssertEqual(viewer.iconFrame.midX, 195, accuracy: 1e-9)
        XCTAssertLessThan(viewer.iconFrame.maxY, viewer.titleFrame.minY)
        for inner in [viewer.titleFrame, viewer.iconFrame] {
            let panel = viewer.panel.frame
            XCTAssertTrue(inner.minX >= panel.minX && inner.maxX <= panel.maxX && inner.minY >= panel.minY && inner.maxY <= panel.maxY, "\(inner) in \(panel)")
        }
        // The bar's own titles keep their size (tabBar opts out of Dynamic Type).
        XCTAssertEqual(g.buttons[1].font.size, plain.buttons[1].font.size)
        // Below a top bar, which stays where it is; at every position alike.
        let tabs = "preset: tabs\nwidth: 360\ntextScale: 3.12\nlargeContent: {item: 0}\nitems: [Cuenta, Facturas, Servicios]\n"
        let top = try geometry(tabs, position: 1.5)
        XCTAssertEqual(top.largeContent?.band.minY, 56)
        XCTAssertEqual(top.buttons[0].frame.minY, 0)
        XCTAssertEqual(top.largeContent, try geometry(tabs, position: 0).largeContent)
        // Wider than the bar allows: at most 16 pt from each edge, the title ellipsized.
        let long = try geometry(tabs.replacingOccurrences(of: "Cuenta", with: "Cuenta corriente y ahorros"))
        XCTAssertEqual(long.largeContent?.panel.frame.minX, 16)
    }

    func testItShowsOnlyWhereIOSShowsIt() throws {
        func refusal(_ spec: String) -> String {
            do { _ = try SpecLoader.parse(spec); return "no error" } catch { return "\(error)" }
        }
        XCTAssertTrue(refusal(tabBar.replacingOccurrences(of: "{item: 1}", with: "{item: 3}")).contains("largeContent.item: 3 is past the last item (2)"))
        XCTAssertTrue(refusal(tabBar.replacingOccurrences(of: "textScale: 2.35", with: "textScale: 1.5")).contains("shows only from accessibility1 (1.65) up"))
        XCTAssertTrue(refusal(tabBar.replacingOccurrences(of: "textScale: 2.35\n", with: "")).contains("shows only at accessibility text sizes"))
        XCTAssertTrue(refusal("width: 300\ntextScale: 2\nlargeContent: {item: 0}\nitems: [A, B]").contains("buttonBar grows its titles with the text size"))
        // A text scale axis picks the sizes: no viewer below accessibility1, one at and above.
        let axis = tabBar.replacingOccurrences(of: "textScale: 2.35\n", with: "") + "\nsnapshots: {textScales: [large, accessibility1, accessibility5]}"
        let spec = try SpecLoader.parseDocument(axis)
        XCTAssertEqual(spec.snapshots.textScales?.count, 3)
        var bar = spec.bar
        for (scale, shows) in [(1.0, false), (28.0 / 17, true), (53.0 / 17, true)] {
            bar.textScale = scale
            XCTAssertEqual(Renderer().geometry(of: bar).largeContent != nil, shows, "\(scale)")
        }
    }

    func testEveryFrameOfATransitionShowsIt() throws {
        let bar = try SpecLoader.parse(tabBar).resolved()
        let renderer = Renderer()
        let frames = [0.0, 0.5, 1.0, 2.0].map { renderer.geometry(of: bar, position: $0) }
        XCTAssertEqual(Set(frames.map(\.largeContent)).count, 1)
        XCTAssertNotNil(renderer.geometry(of: bar, jumpingFrom: 0, to: 2, progress: 0.5).largeContent)
    }

    /// `item: selected`: the panel shows the item under a finger sliding along the bar — the most
    /// selected one — so a swipe's frames show it pass from item to item, as on iOS.
    func testTheSelectedItemFollowsTheFinger() throws {
        let spec = tabBar.replacingOccurrences(of: "{item: 1}", with: "{item: selected}")
        for (position, item) in [(0.0, 0), (0.4, 0), (0.6, 1), (1.5, 1), (1.51, 2), (2.3, 2), (-0.4, 0)] {
            XCTAssertEqual(try geometry(spec, position: position).largeContent?.item, item, "p \(position)")
        }
        let bar = try SpecLoader.parse(spec).resolved()
        XCTAssertEqual(Renderer().geometry(of: bar, jumpingFrom: 0, to: 2, progress: 0.3).largeContent?.item, 0)
        XCTAssertEqual(Renderer().geometry(of: bar, jumpingFrom: 0, to: 2, progress: 0.7).largeContent?.item, 2)
        // Written back as it was read.
        XCTAssertTrue(String(decoding: try JSONEncoder().encode(try SpecLoader.parse(spec)), as: UTF8.self).contains(#""largeContent":{"item":"selected"}"#))
        // A transition's frames: the held press sliding from Home to Profile.
        let document = try SpecLoader.parseDocument("preset: tabBar\nwidth: 300\ntextScale: 1.65\nlargeContent: {item: selected}\n"
            + "items: [{title: Home, icon: home}, {title: Inbox, icon: mail}, {title: Profile, icon: person}]\n"
            + "transition: {to: 2, frames: 5, easing: linear}")
        let transition = try XCTUnwrap(document.transition)
        XCTAssertEqual(transition.frames.map { Renderer().geometry(of: document.bar, position: $0.state.position).largeContent?.item }, [0, 0, 1, 1, 2], "midway, the first of the two")
        assertTabBarSnapshot(of: .transition(document.bar, transition), scale: 1, named: "large-content-sliding")
    }

    func testGoldens() throws {
        assertTabBarSnapshot(of: .bar(try SpecLoader.parse(tabBar)), scale: 2, named: "large-content-tabbar")
        let tabs = "preset: tabs\ntheme: dark\ndirection: rtl\nwidth: 360\ntextScale: 3.12\nlargeContent: {item: 2}\nitems: [Cuenta, Facturas, Servicios contratados]\n"
        assertTabBarSnapshot(of: .bar(try SpecLoader.parse(tabs)), scale: 1, named: "large-content-tabs-dark-rtl")
    }
}
