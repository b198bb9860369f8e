import TabsnapGeometry
import TabsnapModel
import XCTest

final class EdgeFadeTests: XCTestCase {
    func testTabmansRatios() {
        // CW − W = 200, r = 100
        XCTAssertEqual(EdgeFade(scrollOffset: 0, barWidth: 100, contentWidth: 300), EdgeFade(left: 0, right: 1))
        XCTAssertEqual(EdgeFade(scrollOffset: 50, barWidth: 100, contentWidth: 300), EdgeFade(left: 0.5, right: 1))
        XCTAssertEqual(EdgeFade(scrollOffset: 100, barWidth: 100, contentWidth: 300), EdgeFade(left: 1, right: 1))
        XCTAssertEqual(EdgeFade(scrollOffset: 170, barWidth: 100, contentWidth: 300).right, 0.3, accuracy: 1e-12)
        XCTAssertEqual(EdgeFade(scrollOffset: 200, barWidth: 100, contentWidth: 300), EdgeFade(left: 1, right: 0))
        XCTAssertEqual(EdgeFade(scrollOffset: 0, barWidth: 300, contentWidth: 300), EdgeFade(left: 0, right: 0), "content fits")
    }

    func testMaskStopsScaleWithTheFade() {
        let stops = EdgeFade(left: 0.5, right: 1).maskStops(width: 200)
        XCTAssertEqual(stops.map(\.x), [2, 5, 190, 196])
        XCTAssertEqual(stops.map(\.alpha), [0, 1, 1, 0])
    }

    func testGeometryCarriesTheFadeOnlyWhenAskedFor() {
        var bar = plainBar(width: 100, titles: ["Home", "Search", "Me", "Settings"])  // content 180
        XCTAssertNil(geometry(bar, at: 1).fade)
        bar.layout.fadeEdges = true
        let g = geometry(bar, at: 1)
        XCTAssertEqual(g.fade, EdgeFade(scrollOffset: g.scrollOffset, barWidth: 100, contentWidth: 180))
        bar.direction = .rightToLeft
        let rtl = geometry(bar, at: 0)
        XCTAssertEqual(rtl.fade?.right, 0, "RTL starts scrolled to the right end: nothing more to the right")
        XCTAssertEqual(rtl.fade?.left, 1)
    }
}
