import Foundation
import Tabsnap
@testable import TabsnapCheck
import TabsnapCairo
import TabsnapSequence
import XCTest

/// Hostile round 105: the sandbox bounds one bar's text in a spec's own fonts, but each picture
/// draws it again (raster titles are filled as outlines, not cached): a 78 KB font of heavy
/// glyphs drew for 7.5 s a frame, 21 hours at the frame limit. A transition's frames, and a
/// spec's goldens, are held to bounds on that time (`Limits.transitionTextSeconds`,
/// `Limits.specTextSeconds`), lowered here to what a few pictures take.
final class TransitionTextTimeTests: XCTestCase {
    /// A font whose A is 3 000 overlapping triangles: each filled A costs milliseconds at 8×.
    private static let denseFont = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../TabsnapRenderTests/Fixtures/sandbox/dense-outline.ttf").standardizedFileURL
    private static let spec = "preset: tabBar\nwidth: 200\nscale: 8\nfonts: [dense-outline.ttf]\nbutton: {font: Dense Outline 17}\nitems: [A, A]\n"

    func testTheForecastRefusesOnlyWhatWouldPassTheBound() throws {
        let font = [URL(fileURLWithPath: "/f/a.ttf")]
        // 10 frames, 100 ms: the first frame is never refused; 30 ms a frame foretells 300.
        let time = TransitionTextTime(frames: 10, fonts: font, budget: 100, perFrame: 0)
        XCTAssertNoThrow(try time.checkBeforeFrame())
        time.add(30)
        XCTAssertThrowsError(try time.checkBeforeFrame()) { error in
            XCTAssertTrue("\(error)".hasPrefix("/f/a.ttf: the transition draws the bar's text in the spec's fonts in each of its 10 frames, about 30 ms each: "
                                               + "about 1 s together, over the 0.1 s a transition may spend on such text (and 0 ms a frame)"), "\(error)")
        }
        // Each frame may spend 50 ms besides (an ordinary font's probe of each new size): 30 ms
        // a frame is within 100 + 10 × 50 ms, 70 ms is not.
        let allowing = TransitionTextTime(frames: 10, fonts: font, budget: 100)
        allowing.add(30)
        XCTAssertNoThrow(try allowing.checkBeforeFrame())
        allowing.add(110)
        XCTAssertThrowsError(try allowing.checkBeforeFrame())
        // 10 ms a frame foretells 100: within.
        let within = TransitionTextTime(frames: 10, fonts: font, budget: 100, perFrame: 0)
        for _ in 0..<9 {
            within.add(10)
            XCTAssertNoThrow(try within.checkBeforeFrame())
        }
        // Without brought fonts nothing is held (the bundled fonts' cost is known).
        let bundled = TransitionTextTime(frames: 10, fonts: [], budget: 0)
        bundled.add(1_000)
        XCTAssertNoThrow(try bundled.checkBeforeFrame())
    }

    func testTextIsTimedOnlyInTheSpecsOwnFonts() throws {
        let folder = try Self.folderWithTheDenseFont()
        defer { try? FileManager.default.removeItem(at: folder) }
        let renderer = Renderer()
        _ = try renderer.image(of: try SpecLoader.parse("preset: tabBar\nwidth: 200\nscale: 8\nitems: [A, A]\n", baseDirectory: folder), scale: 8)
        XCTAssertEqual(renderer.textMilliseconds, 0, "the bundled fonts alone")
        _ = try renderer.image(of: try SpecLoader.parse(Self.spec, baseDirectory: folder), scale: 8)
        XCTAssertGreaterThan(renderer.textMilliseconds, 0)
        let taken = renderer.takeTextTime()
        XCTAssertEqual(taken.milliseconds, renderer.textMilliseconds)
        XCTAssertEqual(taken.pictures, 1, "the picture in the spec's own fonts; not the one in the bundled fonts")
        XCTAssertEqual(renderer.takeTextTime().milliseconds, 0, "taken")
        XCTAssertEqual(renderer.takeTextTime().pictures, 0, "taken")
        _ = try renderer.render(try SpecLoader.parse(Self.spec, baseDirectory: folder), format: .svg)
        XCTAssertEqual(renderer.takeTextTime().pictures, 1, "vector output counts its picture too")
    }

    func testATransitionsFramesTogetherHaveATextTimeBudget() throws {
        let folder = try Self.folderWithTheDenseFont()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bar = try SpecLoader.parse(Self.spec, baseDirectory: folder)
        let transition = BarTransition(from: 0, to: 1, easing: .linear, frames: 200, fps: 60)
        var frames = FrameRenderer(bar: bar, transition: transition, threads: 1)
        frames.textBudget = 1
        frames.textPerFrame = 0
        XCTAssertThrowsError(try frames.render { _, _ in }) { error in
            XCTAssertTrue("\(error)".contains("dense-outline.ttf: the transition draws the bar's text in the spec's fonts in each of its 200 frames"), "\(error)")
        }
        // SVG frames (their glyphs made when the surface is finished: round 108), and SVGs holding
        // their text as outlines of their own or embedded faces.
        for text in [SVGText.outlines, .embedded, .named] {
            XCTAssertThrowsError(try frames.renderFiles(format: .svg, svgText: text) { _, _, _ in }, "\(text)") { error in
                XCTAssertTrue("\(error)".contains("in each of its 200 frames"), "\(error)")
            }
        }
        // Within the real bound, all frames are drawn.
        var drawn = 0
        try FrameRenderer(bar: bar, transition: BarTransition(from: 0, to: 1, easing: .linear, frames: 8, fps: 60), threads: 1).render { _, _ in drawn += 1 }
        XCTAssertEqual(drawn, 8)
    }

    func testASpecsGoldensTogetherHaveATextTimeBudget() throws {
        let fixture = CheckFixture()
        try FileManager.default.copyItem(at: Self.denseFont, to: fixture.specs.appendingPathComponent("dense-outline.ttf"))
        let spec = Self.spec + "snapshots: {positions: [0, 0.25, 0.5, 0.75, 1], transition: false}\n"
        fixture.writeSpec("a.yaml", spec)
        var runner = CheckRunner(specs: [fixture.specs.path], verifier: GoldenVerifier(snapshots: fixture.snapshots, artifacts: fixture.artifacts, mode: .missing),
                                 threads: 1)
        runner.specTextBudget = 0
        runner.specTextPerPicture = 0
        let results = try runner.run().results
        XCTAssertEqual(results.count, 5)
        XCTAssertEqual(results.filter { $0.status == .new }.count, 1, "\(results.map(\.message))")
        XCTAssertTrue(results.contains { $0.message.contains("a.yaml: its goldens have spent 0 s drawing text in its own fonts") }, "\(results.map(\.message))")
        // Within the real bound, all are drawn.
        XCTAssertEqual(try fixture.run(.missing).results.filter { $0.status == .error }.count, 0)
    }

    private static func folderWithTheDenseFont() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-texttime-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: denseFont, to: folder.appendingPathComponent("dense-outline.ttf"))
        return folder
    }
}

/// A review of round 105's bound: a check reads a golden's frames again (a failing golden's
/// artifacts, recording), a GIF draws them twice and a video once per play, the gallery's
/// transitions and `lint`'s variants count to their spec, and the sandbox's probes of each new
/// size are time spent too (hostile round 106: 200 text scales, each probe just under 2 s).
extension TransitionTextTimeTests {
    func testEachPassOfACheckOverTheFramesHasItsOwnBound() {
        let passes = TextTimePasses(frames: 3, fonts: [URL(fileURLWithPath: "/f/a.ttf")], budget: 100)
        let first = passes.bound(at: 0)
        first.add(40)
        XCTAssertTrue(passes.bound(at: 1) === first)
        first.add(40)
        // Read again from the start: a new pass, not refused for the first one's time.
        let second = passes.bound(at: 0)
        XCTAssertFalse(second === first)
        XCTAssertNoThrow(try second.checkBeforeFrame())
        XCTAssertTrue(passes.bound(at: 2) === second)
    }

    func testEveryPassOfOneFileCountsToOneBound() throws {
        let folder = try Self.folderWithTheDenseFont()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bar = try SpecLoader.parse(Self.spec, baseDirectory: folder)
        var frames = FrameRenderer(bar: bar, transition: BarTransition(from: 0, to: 1, easing: .linear, frames: 4, fps: 60), threads: 1)
        frames.textBudget = 1
        frames.textPerFrame = 0
        XCTAssertThrowsError(try frames.writeAnimation(.gif, to: folder.appendingPathComponent("a.gif"))) { error in
            XCTAssertTrue("\(error)".contains("in each of its 4 frames (2 times over)"), "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("a.gif").path), "nothing half-written")
        // The sequence ends where the bound refuses.
        XCTAssertEqual(Array(frames.frames).count, 1)
        // A Lottie file's frames too (each measured and probed at its sizes: titles that grow as
        // they are selected are probed again at each frame; sizes of their own, so no probe of
        // an earlier test in the process stands for them: the subset run of stop 64 failed so).
        let growing = try SpecLoader.parse(Self.spec.replacingOccurrences(of: "17}", with: "17, selectedScale: 1.\(Int.random(in: 100...999))}"), baseDirectory: folder)
        var lottie = FrameRenderer(bar: growing, transition: BarTransition(from: 0, to: 1, easing: .linear, frames: 4, fps: 60), threads: 1)
        lottie.textBudget = 0
        lottie.textPerFrame = 0
        XCTAssertThrowsError(try lottie.lottie(name: "a")) { error in
            XCTAssertTrue("\(error)".contains("in each of its 4 frames"), "\(error)")
        }
    }

    func testTheSandboxsProbesOfNewTextCountToo() throws {
        let folder = try Self.folderWithTheDenseFont()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A title no probe has seen: measuring it starts a child (its time counts).
        let spec = Self.spec.replacingOccurrences(of: "items: [A, A]", with: "items: [A\(UUID().uuidString.prefix(4)), A]")
        let renderer = Renderer()
        _ = renderer.geometry(of: try SpecLoader.parse(spec, baseDirectory: folder))
        XCTAssertGreaterThan(renderer.textMilliseconds, 0)
    }

    func testASpecsLintVariantsShareTheBound() throws {
        let fixture = CheckFixture()
        try FileManager.default.copyItem(at: Self.denseFont, to: fixture.specs.appendingPathComponent("dense-outline.ttf"))
        fixture.writeSpec("a.yaml", Self.spec + "snapshots: {directions: [ltr, rtl], themes: [light, dark]}\n")
        let plan = try SnapshotPlanner.plan(forSpecs: [fixture.specs.path])
        let errors = Linter.lint(plan, threads: 1, textBudget: 0, textPerVariant: 0).errors
        XCTAssertTrue(errors.contains { $0.contains("a.yaml: its variants have spent 0 s drawing text in its own fonts") }, "\(errors)")
        XCTAssertFalse(Linter.lint(plan, threads: 1).errors.contains { $0.contains("its variants have spent") }, "within the real bound")
    }

    /// Hostile round 140: lint counted a spec's SVG icons as nothing, so its variants (themes ×
    /// locales × directions) checked and drew them again without a bound. They share check's.
    func testASpecsLintVariantsShareTheIconBound() throws {
        let fixture = CheckFixture()
        try Data("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"24\" height=\"24\"><filter id=\"b\"><feGaussianBlur stdDeviation=\"3\"/></filter><circle cx=\"12\" cy=\"12\" r=\"8\" filter=\"url(#b)\"/></svg>".utf8)
            .write(to: fixture.specs.appendingPathComponent("blur.svg"))
        fixture.writeSpec("a.yaml", "preset: tabBar\nwidth: 200\nitems: [{title: A, icon: blur.svg}, B]\nsnapshots: {directions: [ltr, rtl], themes: [light, dark]}\n")
        let plan = try SnapshotPlanner.plan(forSpecs: [fixture.specs.path])
        let errors = Linter.lint(plan, threads: 1, iconBudget: 0).errors
        XCTAssertTrue(errors.contains { $0.contains("a.yaml: its variants have spent 0 s drawing SVG icons") }, "\(errors)")
        XCTAssertFalse(Linter.lint(plan, threads: 1).errors.contains { $0.contains("its variants have spent") }, "within the real bound")
    }

    /// Review of stop 63: a golden refused before drawing counted its pictures (a transition's
    /// frames) to its spec's allowance, so refusals made room for the next golden.
    func testAGoldenRefusedBeforeDrawingAddsNoPicturesToItsSpecsAllowance() throws {
        let fixture = CheckFixture()
        try FileManager.default.copyItem(at: Self.denseFont, to: fixture.specs.appendingPathComponent("dense-outline.ttf"))
        fixture.writeSpec("a.yaml", Self.spec + "transition: {to: 1, frames: 10}\nsnapshots: {positions: [0], transition: true}\n")
        let plan = try SnapshotPlanner.plan(forSpecs: [fixture.specs.path])
        let transition = try XCTUnwrap(plan.cases.first { if case .transition = $0.kind { true } else { false } })
        let time = SpecDrawTime(textBudget: 0, textPerPicture: 1_000)
        time.add(0, text: 1_500, pictures: 1, to: transition.spec)
        XCTAssertNotNil(time.refusal(for: transition.spec))
        let verifier = GoldenVerifier(snapshots: fixture.snapshots, artifacts: fixture.artifacts, mode: .missing)
        let result = CheckRunner.check(transition, verifier: verifier, renderer: Renderer(), drawTime: time)
        XCTAssertEqual(result.status, .error)
        XCTAssertNotNil(time.refusal(for: transition.spec), "its 10 frames were not drawn, so they make no room")
    }
}
