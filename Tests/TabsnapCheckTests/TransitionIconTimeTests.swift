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
        // (A frame at most: the icon moving between pixels, as the frames between draw it.)
        let once = try Renderer().iconTimePerFrame(of: transition, bar: bar.resolved(), scale: 8).milliseconds
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

    /// Hostile round 142: a GIF draws its frames twice (its colours, then its frames) and a
    /// video once a play, and each pass was held to the 60 s alone (a GIF of 28 frames of a
    /// 2.1 s-a-frame bar took 114 s; three plays of 26 frames, 155 s). Every pass counts.
    func testEveryPassOverTheFramesCountsInTheBudget() throws {
        let (fixture, spec) = try Self.fixtureWithABlurredIcon()
        let bar = try SpecLoader.parse(spec, baseDirectory: fixture.specs)
        let transition = BarTransition(from: 0, to: 1, easing: .linear, frames: 4, fps: 60)
        let measuring = Renderer()
        let once = try measuring.iconTimePerFrame(of: transition, bar: bar.resolved(), scale: 8).milliseconds
        XCTAssertGreaterThan(once, 0)
        let reading = measuring.iconReadingMilliseconds
        var frames = FrameRenderer(bar: bar, transition: transition, scale: 8, threads: 1)
        // Room for one pass over the frames, not two (one thread reads the icon once a pass).
        frames.iconBudget = 4 * once + reading + once / 2
        let output = fixture.root.appendingPathComponent("out")
        XCTAssertNoThrow(try frames.writeAnimation(.apng, to: output.appendingPathExtension("png")), "one pass")
        XCTAssertThrowsError(try frames.writeAnimation(.gif, to: output.appendingPathExtension("gif"))) { error in
            XCTAssertTrue("\(error)".contains("in each of its 4 frames, \(once) ms each time, 2 times over"), "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.appendingPathExtension("gif").path), "refused before a frame is drawn")
        var video = frames
        video.transition.loop = .times(3)
        video.iconBudget = (4 * once + reading) * 2 + once / 2
        XCTAssertThrowsError(try video.writeAnimation(.mp4, to: output.appendingPathExtension("mp4"))) { error in
            XCTAssertTrue("\(error)".contains("3 times over"), "\(error)")
        }
    }

    /// Hostile round 143: recording a failing transition golden (and drawing a late failure's
    /// diff) drew its frames again, twice the time its icons were counted for. A transition whose
    /// frames draw SVG icons is a costly source: a check keeps all its frames (`FrameTape`).
    func testATransitionDrawingSVGIconsIsDrawnOnceByACheck() throws {
        let (fixture, spec) = try Self.fixtureWithABlurredIcon()
        let bar = try SpecLoader.parse(spec, baseDirectory: fixture.specs)
        let transition = BarTransition(from: 0, to: 1, easing: .linear, frames: 4, fps: 60)
        XCTAssertTrue(try CaseRenderer.frames(of: bar, transition: transition, scale: 8, with: Renderer()).isCostly)
        let plain = try SpecLoader.parse("preset: tabBar\nwidth: 200\nitems: [A, B]\n")
        XCTAssertFalse(try CaseRenderer.frames(of: plain, transition: transition, scale: 2, with: Renderer()).isCostly)
        // (A check names the spec in a frame's error: the frames stay costly — review of 8187a93.)
        XCTAssertTrue(try CaseRenderer.frames(of: bar, transition: transition, scale: 8, with: Renderer()).mappingErrors { $0 }.isCostly)
    }

    /// Hostile round 95: a spec's goldens each draw the icons again (20 stills of a bar near its
    /// 10 s budget took 100 s). Past the spec's bound (lowered here to two goldens' worth), its
    /// next goldens are errors of their own; another spec has its own bound.
    func testASpecsGoldensTogetherHaveAnIconTimeBudget() throws {
        let (fixture, spec) = try Self.fixtureWithABlurredIcon()
        fixture.writeSpec("a.yaml", spec)
        fixture.writeSpec("b.yaml", spec)
        let once = try Self.iconMilliseconds(of: spec, in: fixture)
        var runner = CheckRunner(specs: [fixture.specs.path], verifier: GoldenVerifier(snapshots: fixture.snapshots, artifacts: fixture.artifacts, mode: .missing),
                                 threads: 1)
        // (Half a golden more, and half of checking and reading the icon, which count once, in
        // the first spec (round 133): so long as they take under a golden's drawing, a third
        // golden fits in either spec and a fourth in neither.)
        let checkingAndReading = try Self.checkingAndReading(spec, in: fixture)
        guard checkingAndReading < once else { throw XCTSkip("checking and reading the icon took longer than drawing it: \(checkingAndReading) ms, \(once) ms") }
        runner.specIconBudget = 2 * once + once / 2 + checkingAndReading / 2
        let report = try runner.run()
        for name in ["a", "b"] {
            let results = report.results.filter { $0.spec.hasSuffix("\(name).yaml") }
            XCTAssertEqual(results.count, 5)
            XCTAssertEqual(results.filter { $0.status == .new }.count, 3, "\(results.map(\.message))")
            XCTAssertEqual(results.filter { $0.status == .error }.count, 2)
            XCTAssertTrue(results.contains { $0.message.contains("\(name).yaml: its goldens have spent 0 s drawing SVG icons") && $0.message.contains("over the ") },
                          "\(results.map(\.message))")
        }
        // Within the real bound, all are drawn.
        XCTAssertEqual(try fixture.run(.missing).results.filter { $0.status == .error }.count, 0)
    }

    /// Hostile round 143: `check` of 30 specs, each with an icon refused for its cost after
    /// some 6.5 s, took 198 s. Past the run's bound on refusals while drawing SVG icons or a
    /// spec's fonts (lowered here to none), no more such goldens are drawn, each saying why; a
    /// bar of neither is drawn still, and within the real bound all are.
    func testARunsRefusalsTogetherHaveABound() throws {
        let (fixture, spec) = try Self.fixtureWithABlurredIcon()
        try Data("<svg xmlns=\"http://www.w3.org/2000/svg\"><unclosed".utf8).write(to: fixture.specs.appendingPathComponent("broken.svg"))
        fixture.writeSpec("a.yaml", "preset: tabBar\nwidth: 200\nitems: [{title: A, icon: broken.svg}, B]\nsnapshots: {transition: false}\n")
        fixture.writeSpec("b.yaml", spec)
        fixture.writeSpec("c.yaml", "preset: tabBar\nwidth: 200\nitems: [A, B]\nsnapshots: {transition: false}\n")
        var runner = CheckRunner(specs: [fixture.specs.path], verifier: GoldenVerifier(snapshots: fixture.snapshots, artifacts: fixture.artifacts, mode: .missing),
                                 threads: 1)
        runner.refusalTime = RefusalTime(budget: 0)
        let results = try runner.run().results
        let b = results.filter { $0.spec.hasSuffix("b.yaml") }
        XCTAssertEqual(b.count, 5)
        XCTAssertTrue(b.allSatisfy { $0.status == .error && $0.message.contains("b.yaml: not drawn: this run has spent 0 s on pictures refused while drawing SVG icons")
            && $0.message.contains("the costliest, of ") && $0.message.contains("a.yaml, ") }, "\(b.map(\.message))")
        XCTAssertTrue(results.filter { $0.spec.hasSuffix("a.yaml") }.allSatisfy { $0.status == .error && !$0.message.contains("not drawn") })
        XCTAssertEqual(results.filter { $0.spec.hasSuffix("c.yaml") }.map(\.status), [.new], "no SVG icon, no own font: drawn")
        // Within the real bound, b's goldens are drawn.
        XCTAssertEqual(try fixture.run(.missing).results.filter { $0.spec.hasSuffix("b.yaml") && $0.status == .new }.count, 5)
    }

    /// Hostile round 96: the gallery drew every picture of such a spec (80 stills, 290 s) where
    /// check refused past the bound; a spec's gallery pictures share it too.
    func testASpecsGalleryPicturesShareTheBound() throws {
        let (fixture, spec) = try Self.fixtureWithABlurredIcon()
        fixture.writeSpec("a.yaml", spec)
        let once = try Self.iconMilliseconds(of: spec, in: fixture)
        let axes = SpecGallery.Axes(positions: nil, themes: nil, scales: nil)
        XCTAssertThrowsError(try SpecGallery.write(specs: [fixture.specs.path], axes: axes, to: fixture.root.appendingPathComponent("low"), iconBudget: 2 * once)) { error in
            XCTAssertTrue("\(error)".contains("a.yaml: its gallery pictures have spent 0 s drawing SVG icons"), "\(error)")
        }
        XCTAssertEqual(try SpecGallery.write(specs: [fixture.specs.path], axes: axes, to: fixture.root.appendingPathComponent("real")).images, 5, "within the real bound")
    }

    /// Code review: the estimate of a frame at most (every icon and selected icon at once) was
    /// held to the bar's own budget, which no frame draws: a transition whose frames each stay
    /// within it was refused as "the bar's SVG icons take over …".
    func testTheEstimateOfAFrameAtMostIsNotHeldToTheBarsBudget() throws {
        let (fixture, _) = try Self.fixtureWithABlurredIcon()
        try FileManager.default.copyItem(at: fixture.specs.appendingPathComponent("blur.svg"), to: fixture.specs.appendingPathComponent("selected.svg"))
        let bar = try SpecLoader.parse("preset: tabBar\nwidth: 200\nscale: 8\nitems: [{title: A, icon: blur.svg, selectedIcon: selected.svg}, B]\n",
                                       baseDirectory: fixture.specs)
        let transition = BarTransition(from: 1, to: 1, easing: .linear, frames: 2, fps: 60)
        // What a frame of it spends (checking, reading and drawing its one icon), as it is drawn.
        let measuring = Renderer()
        _ = try measuring.iconTime(of: measuring.geometry(of: transition.frame(0), bar: bar.resolved()), scale: 8)
        let frame = measuring.iconBudgetSpent
        XCTAssertGreaterThan(frame, 0)
        let renderer = Renderer()
        renderer.iconTimeBudget = frame + frame / 2
        XCTAssertNoThrow(try CaseRenderer.frames(of: bar, transition: transition, scale: 8, with: renderer))
    }

    /// A fixture whose specs folder holds a blurred icon (a fresh file: no verdict kept), and a
    /// spec of five still positions drawing it at 8×.
    private static func fixtureWithABlurredIcon() throws -> (CheckFixture, String) {
        let fixture = CheckFixture()
        let icon = "<svg xmlns=\"http://www.w3.org/2000/svg\" data-test=\"\(UUID().uuidString)\" viewBox=\"0 0 24 24\"><filter id=\"b\"><feGaussianBlur stdDeviation=\"3\"/></filter>"
            + "<circle cx=\"12\" cy=\"12\" r=\"8\" filter=\"url(#b)\"/></svg>"
        try Data(icon.utf8).write(to: fixture.specs.appendingPathComponent("blur.svg"))
        // (Its icon the same size at every position: resting on whole pixels, each golden draws
        // it at the same cost.)
        return (fixture, "preset: tabBar\nwidth: 200\nscale: 8\nbutton: {unselectedIconScale: 1}\nitems: [{title: A, icon: blur.svg}, B]\n"
                + "snapshots: {positions: [0, 0.25, 0.5, 0.75, 1], transition: false}\n")
    }

    /// What checking and reading the spec's icons took, once (ms).
    private static func checkingAndReading(_ spec: String, in fixture: CheckFixture) throws -> Int {
        let measuring = Renderer()
        _ = try measuring.image(of: try SpecLoader.parse(spec, baseDirectory: fixture.specs), scale: 8)
        return measuring.iconBudgetSpent - measuring.iconMilliseconds
    }

    /// What the sandbox measured for the spec's icons, drawn once (ms; never 0 for the blur).
    private static func iconMilliseconds(of spec: String, in fixture: CheckFixture) throws -> Int {
        let measuring = Renderer()
        _ = try measuring.image(of: try SpecLoader.parse(spec, baseDirectory: fixture.specs), scale: 8)
        XCTAssertGreaterThan(measuring.iconMilliseconds, 0)
        return measuring.iconMilliseconds
    }
}
