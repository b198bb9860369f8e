import Foundation
import Tabsnap
@testable import TabsnapCheck
import XCTest

/// Hostile round 94: each frame draws its bar's SVG icons again, so a bar within the sandbox's
/// budget for one bar (10 s), drawn by each of a transition's 9 961 frames, ran for hours. The
/// frames' time on icons together is bounded (`Limits.transitionIconSeconds`), before a frame
/// is drawn. The budget is lowered here to what a few frames take.
final class TransitionIconTimeTests: XCTestCase {
    func testATransitionsFramesTogetherHaveAnIconTimeBudget() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-icontime-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A blur at 8× costs the sandbox some milliseconds (a fresh file: no verdict kept).
        let icon = "<svg xmlns=\"http://www.w3.org/2000/svg\" data-test=\"\(UUID().uuidString)\" viewBox=\"0 0 24 24\"><filter id=\"b\"><feGaussianBlur stdDeviation=\"3\"/></filter>"
            + "<circle cx=\"12\" cy=\"12\" r=\"8\" filter=\"url(#b)\"/></svg>"
        try Data(icon.utf8).write(to: folder.appendingPathComponent("blur.svg"))
        let bar = try SpecLoader.parse("preset: tabBar\nwidth: 200\nscale: 8\nitems: [{title: A, icon: blur.svg}, B]\n", baseDirectory: folder)
        let transition = BarTransition(from: 0, to: 1, easing: .linear, frames: 40, fps: 60)
        let measuring = Renderer()
        _ = try measuring.image(of: bar, scale: 8)
        let once = measuring.iconMilliseconds
        XCTAssertGreaterThan(once, 0)
        // Forty frames of it: within 40 × once, refused below, before a frame is drawn.
        let renderer = Renderer()
        renderer.transitionIconBudget = 40 * once
        XCTAssertNoThrow(try CaseRenderer.frames(of: bar, transition: transition, scale: 8, with: renderer))
        renderer.transitionIconBudget = 40 * once - 1
        XCTAssertThrowsError(try CaseRenderer.frames(of: bar, transition: transition, scale: 8, with: renderer)) { error in
            XCTAssertTrue("\(error)".contains("blur.svg: the transition draws the bar's SVG icons in each of its 40 frames, \(once) ms each time"), "\(error)")
        }
        XCTAssertNoThrow(try CaseRenderer.frames(of: bar, transition: transition, scale: 8, with: Renderer()), "within the real budget")
    }
}
