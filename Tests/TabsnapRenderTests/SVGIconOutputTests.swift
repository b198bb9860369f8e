import Foundation
import Tabsnap
@testable import TabsnapCairo
import XCTest

/// Hostile round 144: cairo 1.16's SVG surface keeps every SVG picture in which a group was
/// painted (librsvg paints one for each element with an opacity) until the process ends: `check`
/// of 52 SVG goldens of heavy icons held 2.1 GB. The process's SVG output drawing SVG icons is
/// bounded; SVG of other bars, and PNG and PDF, are not held to it.
final class SVGIconOutputTests: XCTestCase {
    func testSVGOutputDrawingSVGIconsIsBoundedForTheProcess() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-svgout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let rects = (0..<40).map { "<rect x=\"\($0 % 20)\" y=\"\($0 / 2)\" width=\"2\" height=\"2\" opacity=\"0.5\"/>" }.joined()
        try Data("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\">\(rects)</svg>".utf8).write(to: folder.appendingPathComponent("dots.svg"))
        let bar = try SpecLoader.parse("preset: tabBar\nwidth: 200\nitems: [{title: A, icon: dots.svg}, B]\n", baseDirectory: folder)
        let plain = try SpecLoader.parse("preset: tabBar\nwidth: 200\nitems: [A, B]\n")
        let renderer = Renderer()
        let budget = SVGIconOutput.budget
        defer { SVGIconOutput.budget = budget }
        let before = SVGIconOutput.writtenBytes
        let svg = try renderer.render(bar, format: .svg)
        XCTAssertEqual(SVGIconOutput.writtenBytes, before + svg.count, "counted")
        _ = try renderer.render(plain, format: .svg)
        _ = try renderer.render(bar, format: .pdf)
        XCTAssertEqual(SVGIconOutput.writtenBytes, before + svg.count, "other bars' SVG, and PDF, are not")
        SVGIconOutput.budget = SVGIconOutput.writtenBytes + 1
        XCTAssertNoThrow(try renderer.render(bar, format: .svg), "within the bound")
        XCTAssertThrowsError(try renderer.render(bar, format: .svg)) { error in
            XCTAssertTrue("\(error)".contains("dots.svg: SVG output that draws SVG icons stays in memory until Tabsnap exits"), "\(error)")
        }
        XCTAssertNoThrow(try renderer.render(plain, format: .svg), "a bar without SVG icons is drawn")
        XCTAssertNoThrow(try renderer.render(bar, format: .png))
        XCTAssertNoThrow(try renderer.render(bar, format: .pdf))
    }
}
