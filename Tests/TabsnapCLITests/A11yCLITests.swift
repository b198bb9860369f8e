import Foundation
import XCTest

extension CLITests {
    func testA11yPrintsWhatAScreenReaderSays() throws {
        try write("preset: tabBar\nwidth: 320\nitems: [{title: Home, icon: home}, {icon: bell, accessibilityLabel: Alerts, badge: '2'}]\n", to: "bar.yaml")
        let run = try runTabsnap(["a11y", "bar.yaml", "--position", "1"])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "Home, tab, 1 of 2\nAlerts, tab, 2 of 2, selected, 2 new items\n")
        try write("preset: lineBar\nwidth: 320\nitems: 3\n", to: "line.yaml")
        let none = try runTabsnap(["a11y", "line.yaml"])
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.stderr.contains("line.yaml: the bar draws no buttons (preset lineBar), so a screen reader finds none"), none.stderr)
        try write("preset: lineBar\nwidth: 320\nitems: [{accessibilityLabel: One}, {accessibilityLabel: Two}]\n", to: "line.yaml")
        let labelled = try runTabsnap(["a11y", "line.yaml"])
        XCTAssertEqual(labelled.status, 2)
        XCTAssertTrue(labelled.stderr.contains("so accessibility labels and hints are never drawn"), labelled.stderr)
        try write("width: 320\nitems: [{title: A, accessibilityLabel: \"two\\nlines\"}, B]\n", to: "bad.yaml")
        let bad = try runTabsnap(["a11y", "bad.yaml"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("bad.yaml:2:"), bad.stderr)
        XCTAssertTrue(bad.stderr.contains("items[0].accessibilityLabel"), bad.stderr)
    }
}
