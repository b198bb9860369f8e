import Tabsnap
import TabsnapTesting
import XCTest

/// A handful of renders compared pixel for pixel with the goldens in Snapshots/.
final class GoldenRenderTests: XCTestCase {
    private let renderer = Renderer()

    private func bar(_ yaml: String) throws -> Bar { try SpecLoader.parse(yaml) }

    private let buttonBar = """
        preset: buttonBar
        width: 320
        items: [Home, Trending, Library]
        """

    func testButtonBarAtRestMidSwipeAndOverscroll() throws {
        let b = try bar(buttonBar)
        for (p, name) in [(0.0, "button-bar-p0"), (0.5, "button-bar-p0.5"), (1.75, "button-bar-p1.75"),
                          (-0.3, "button-bar-overscroll-start"), (2.4, "button-bar-overscroll-end")] {
            assertTabBarSnapshot(of: .bar(b, position: p), scale: 2, named: name)
        }
    }

    func testButtonBarDarkAtOneX() throws {
        let b = try bar(buttonBar + "\ntheme: dark\nposition: 1\nindicator: {weight: light, corners: elliptical}")
        assertTabBarSnapshot(of: .bar(b), scale: 1, named: "button-bar-dark-1x")
    }

    /// Every example (the demo gallery), at 2× for the README.
    func testExamples() throws {
        let entries = try DemoGallery.entries()
        XCTAssertEqual(entries.count, 10)
        for entry in entries {
            assertTabBarSnapshot(of: .bar(entry.bar), scale: 2, named: "example-\(entry.name)")
        }
    }
}
