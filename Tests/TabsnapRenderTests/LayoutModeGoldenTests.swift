import Tabsnap
import TabsnapTesting
import XCTest

/// A golden per layout mode (1×, small), plus alignment, right-to-left, progressive and fade.
final class LayoutModeGoldenTests: XCTestCase {
    private let renderer = Renderer()
    private let five = "items: [Home, Search, Inbox, Profile, Settings]"

    private func check(_ name: String, _ yaml: String, position: Double) throws {
        let bar = try SpecLoader.parse(yaml)
        assertTabBarSnapshot(of: .bar(bar, position: position), scale: 1, named: "mode-\(name)")
    }

    func testIntrinsic() throws {
        try check("intrinsic", "width: 320\n\(five)\nbutton: {font: Inter semibold 15}", position: 1.5)
    }

    func testFit() throws {
        try check("fit", "width: 320\nitems: [Day, Week, Month]\nlayout: {mode: fit}\nbutton: {font: Inter semibold 15}", position: 2)
    }

    func testConstrainedScrolls() throws {
        let items = ["home", "search", "bell", "person", "heart", "star", "gear"].map { "{title: \($0.capitalized), icon: \($0)}" }
        try check("constrained", "preset: tabBar\nwidth: 320\nitems: [\(items.joined(separator: ", "))]\n"
                  + "layout: {visibleButtons: 4}\nindicator: {style: line}", position: 4.5)
    }

    func testTabsTwoThreeAndMany() throws {
        try check("tabs-2", "preset: tabs\nwidth: 320\nitems: [Movies, Series]", position: 1)
        try check("tabs-3", "preset: tabs\nwidth: 320\nitems: [Account, Invoices, Services]", position: 0.5)
        try check("tabs-6", "preset: tabs\nwidth: 320\nitems: [Home, Movistar Spain eSports 2021, Movies, Series, Kids, Sport]",
                  position: 1.3)
    }

    func testAlignmentCenter() throws {
        try check("align-center", "width: 320\n\(five)\nlayout: {alignment: center}\nbutton: {font: Inter semibold 15}", position: 0)
    }

    func testRightToLeftOverscroll() throws {
        try check("rtl", "width: 320\n\(five)\ndirection: rtl\nbutton: {font: Inter semibold 15}", position: -0.4)
    }

    func testProgressiveDotAndChevron() throws {
        try check("progressive", "width: 320\n\(five)\nbutton: {font: Inter semibold 15}\n"
                  + "indicator: {progressive: true, corners: elliptical}", position: 2.5)
        try check("dot", "width: 320\n\(five)\nbutton: {font: Inter semibold 15}\nindicator: {style: dot}", position: 1.25)
        try check("chevron", "width: 320\n\(five)\nbutton: {font: Inter semibold 15}\nindicator: {style: chevron, weight: heavy}",
                  position: 3)
    }

    func testFadeEdges() throws {
        try check("fade", "width: 240\n\(five)\nlayout: {fadeEdges: true}\nbutton: {font: Inter semibold 15}", position: 2)
    }
}
