import Foundation
import TabsnapGeometry
import TabsnapModel
import XCTest

/// The JSON `tabsnap layout` prints: the issue's exact shape, extra keys allowed.
final class GeometryJSONTests: XCTestCase {
    private func json(_ bar: Bar, at p: Double) throws -> [String: Any] {
        let data = try JSONEncoder().encode(geometry(bar, at: p))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func testShape() throws {
        let object = try json(plainBar(titles: ["Home", "Search"]), at: 0.5)
        for key in ["width", "height", "position", "contentWidth", "scrollOffset", "insets", "buttons", "indicator"] {
            XCTAssertNotNil(object[key], key)
        }
        XCTAssertEqual(Set((object["insets"] as? [String: Double] ?? [:]).keys), ["left", "right", "top", "bottom"])
        let button = try XCTUnwrap((object["buttons"] as? [[String: Any]])?.first)
        for key in ["frame", "selection", "alpha", "color", "title"] { XCTAssertNotNil(button[key], key) }
        XCTAssertEqual(Set((button["frame"] as? [String: Double] ?? [:]).keys), ["x", "y", "width", "height"])
        XCTAssertTrue((button["color"] as? String ?? "").hasPrefix("#"))
        XCTAssertEqual((button["color"] as? String ?? "").count, 9, "#RRGGBBAA")
        XCTAssertEqual(button["selection"] as? Double, 0.5)
        let indicator = try XCTUnwrap(object["indicator"] as? [String: Any])
        XCTAssertEqual(indicator["style"] as? String, "line")
        XCTAssertNotNil(indicator["frame"] as? [String: Double])
    }

    func testNoIndicatorAndNoTitleAreExplicitNulls() throws {
        var bar = plainBar(titles: ["Home"])
        bar.indicator.style = .hidden
        bar.items = [BarItem(icon: nil)]
        let object = try json(bar, at: 0)
        XCTAssertTrue(object["indicator"] is NSNull)
        XCTAssertTrue((object["buttons"] as? [[String: Any]])?.first?["title"] is NSNull)
    }
}
