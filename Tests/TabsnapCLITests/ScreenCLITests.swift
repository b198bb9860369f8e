import Foundation
import Tabsnap
import XCTest

/// `screen:` on the command line: every output is the screen's picture, the gallery lays it out
/// at the device's width, and a screen spec's mistakes are one line at their place.
extension CLITests {
    func testScreensRenderAnimateAndShowInTheGallery() throws {
        try write("preset: tabBar\nscreen: {device: galaxy-s23, finger: true}\nitems: [Home, Search, Inbox]\n", to: "phone.yaml")
        let still = try runTabsnap(["render", "phone.yaml", "-o", "phone.png", "--scale", "1", "--position", "0.5"])
        XCTAssertEqual(still.status, 0, still.stderr)
        let image = try PNGDecoder.decode([UInt8](Data(contentsOf: folder.appendingPathComponent("phone.png"))))
        XCTAssertEqual([image.width, image.height], [360, 780])
        let animation = try runTabsnap(["animate", "phone.yaml", "-o", "phone.gif", "--scale", "1", "--frames", "4", "--quiet",
                                        "--sheet", "sheet.png", "--sheet-columns", "2"])
        XCTAssertEqual(animation.status, 0, animation.stderr)
        let sheet = try PNGDecoder.decode([UInt8](Data(contentsOf: folder.appendingPathComponent("sheet.png"))))
        XCTAssertGreaterThan(sheet.height, sheet.width, "cells as tall as the screen (they were a bar's height)")
        let gallery = try runTabsnap(["gallery", "phone.yaml", "-o", "gallery", "--positions", "0"])
        XCTAssertEqual(gallery.status, 0, gallery.stderr)
        let page = try String(contentsOf: folder.appendingPathComponent("gallery/index.html"), encoding: .utf8)
        XCTAssertTrue(page.contains("width=\"360\""), page)
        try write("preset: tabBar\nwidth: 320\nscreen: {device: galaxy-s23}\nitems: [Home]\n", to: "both.yaml")
        let both = try runTabsnap(["render", "both.yaml", "-o", "both.png"])
        XCTAssertEqual(both.status, 2)
        XCTAssertEqual(both.stderr, "error: both.yaml:2:8: width: the screen's device sets the bar's width (360 pt on galaxy-s23); leave width out\n")
        XCTAssertFalse(exists("both.png"))
    }
}
