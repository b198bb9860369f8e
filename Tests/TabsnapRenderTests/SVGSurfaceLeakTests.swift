import Foundation
import Tabsnap
@testable import TabsnapCairo
import XCTest

/// Hostile round 144: cairo 1.16's SVG surface keeps about half a kilobyte for every group
/// painted on it until the process ends (librsvg paints one for each element of an icon with an
/// opacity): `check` of 52 SVG goldens of heavy icons held 2.1 GB. The groups a process's SVG
/// output paints are counted (an SVG icon's drawn elements each as one) and bounded; PNG and
/// PDF are not held to it.
final class SVGSurfaceLeakTests: XCTestCase {
    func testWhatSVGOutputLeavesInMemoryIsCountedAndBounded() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-svgleak-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let rects = (0..<40).map { "<rect x=\"\($0 % 20)\" y=\"\($0 / 2)\" width=\"2\" height=\"2\" opacity=\"0.5\"/>" }.joined()
        try Data("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\">\(rects)</svg>".utf8).write(to: folder.appendingPathComponent("dots.svg"))
        let bar = try SpecLoader.parse("preset: tabBar\nwidth: 200\nitems: [{title: A, icon: dots.svg}, B]\n", baseDirectory: folder)
        let plain = try SpecLoader.parse("preset: tabBar\nwidth: 200\nitems: [A, B]\n")
        let renderer = Renderer()
        let budget = SVGSurfaceLeak.budget
        defer { SVGSurfaceLeak.budget = budget }
        var before = SVGSurfaceLeak.keptBytes
        _ = try renderer.render(bar, format: .svg)
        let icon = SVGSurfaceLeak.keptBytes - before
        // (The icon's 40 elements and its own group, at least.)
        XCTAssertGreaterThanOrEqual(icon, 41 * SVGSurfaceLeak.bytesPerGroup)
        before = SVGSurfaceLeak.keptBytes
        _ = try renderer.render(plain, format: .svg)
        let plainBytes = SVGSurfaceLeak.keptBytes - before
        XCTAssertLessThan(plainBytes, icon - 39 * SVGSurfaceLeak.bytesPerGroup, "a bar's own groups count too, fewer")
        before = SVGSurfaceLeak.keptBytes
        _ = try renderer.render(bar, format: .pdf)
        _ = try renderer.render(bar, format: .png)
        XCTAssertEqual(SVGSurfaceLeak.keptBytes, before, "PDF and PNG keep nothing")
        SVGSurfaceLeak.budget = SVGSurfaceLeak.keptBytes + icon
        XCTAssertNoThrow(try renderer.render(bar, format: .svg), "within the bound")
        XCTAssertThrowsError(try renderer.render(bar, format: .svg)) { error in
            XCTAssertTrue("\(error)".contains("dots.svg: SVG output keeps what cairo 1.16's SVG surface holds for each group painted until Tabsnap exits"), "\(error)")
        }
        XCTAssertNoThrow(try renderer.render(bar, format: .pdf))
        XCTAssertNoThrow(try renderer.render(bar, format: .png))
    }
}
