import Foundation
import Tabsnap
import XCTest
@testable import TabsnapCheck

/// A transition golden keeps its motion — per frame: time, position, indicator x and width,
/// scroll, each button's selection — and a failure says how the motion changed (overshoot,
/// settling, what a step passes through, the curves' largest gaps) before any pixels; a change
/// of frame rate alone is the same motion. The HTML report draws both curves (issue 30).
final class MotionGoldenTests: XCTestCase {
    private let bar: Bar = {
        var bar = Bar(width: 320, items: ["Alpha", "Beta", "Gamma"].map { BarItem(title: $0) })
        bar.scale = 1
        return bar
    }()

    private func motion(_ steps: [BarTransition.Step], fps: Double = 30, pingPong: Bool = false) -> MotionRecord {
        MotionRecord(of: bar, transition: BarTransition(from: 0, steps: steps, fps: fps, pingPong: pingPong), renderer: Renderer())
    }

    private func swipe(_ easing: Easing = .easeInOut, duration: Double = 0.3, kind: BarTransition.Kind = .swipe) -> [BarTransition.Step] {
        [BarTransition.Step(to: 2, kind: kind, easing: easing, duration: duration)]
    }

    func testTheRecordFollowsTheFrames() throws {
        let record = motion(swipe())
        XCTAssertEqual(record.time.count, 10, "300 ms at 30 fps, both ends")
        XCTAssertEqual(record.position.first, 0)
        XCTAssertEqual(record.position.last, 2)
        XCTAssertEqual(record.fps, 30, accuracy: 0.01)
        XCTAssertEqual(record.duration, 0.3, accuracy: 1e-6)
        XCTAssertEqual(record.titles, ["Alpha", "Beta", "Gamma"])
        let x = try XCTUnwrap(record.indicatorX)
        XCTAssertEqual(x, x.sorted(), "the indicator moves one way")
        XCTAssertEqual(record.selection[0].first, 1)
        XCTAssertEqual(record.selection[2].last, 1)
        XCTAssertTrue(record.isReadable)
        XCTAssertEqual(record.movements, [TransitionMovement(first: 0, last: 9, from: 0, to: 2, kind: .swipe)])
        XCTAssertEqual(record.passedThrough(in: 0), [1], "a swipe from 0 to 2 selects Beta on the way")
        XCTAssertEqual(motion(swipe(kind: .jump)).passedThrough(in: 0), [], "a jump does not")
        XCTAssertEqual(record.overshoot(of: 0), 0)
        XCTAssertGreaterThan(motion(swipe(.spring(damping: 0.5, response: 0.3))).overshoot(of: 0), 0.05)
    }

    func testMovementsRunThereAndBack() {
        let transition = BarTransition(from: 0, steps: [BarTransition.Step(to: 2, frames: 5, hold: 0.2), BarTransition.Step(to: 1, kind: .jump, frames: 4)],
                                       fps: 10, startHold: 0.1, pingPong: true)
        let movements = transition.movements
        XCTAssertEqual(movements.map(\.to), [2, 1, 2, 0])
        XCTAssertEqual(movements.map(\.kind), [.swipe, .jump, .jump, .swipe])
        for movement in movements {
            XCTAssertEqual(transition.frame(movement.first).state.position, movement.from, accuracy: 1e-9, "\(movement)")
            XCTAssertEqual(transition.frame(movement.last).state.position, movement.to, accuracy: 1e-9, "\(movement)")
        }
        XCTAssertEqual(movements.last?.last, transition.frameCount - 1)
    }

    func testTheWordsSayHowTheMotionChanged() {
        let base = motion(swipe())
        XCTAssertEqual(MotionDiff.changes(from: base, to: motion(swipe())), [])
        XCTAssertEqual(MotionDiff.changes(from: base, to: motion(swipe(), fps: 60)), ["same motion at another frame rate: 30 → 60 fps"])
        XCTAssertEqual(MotionDiff.changes(from: motion(swipe(), fps: 60), to: motion(swipe(), fps: 24)), ["same motion at another frame rate: 60 → 24 fps"])

        let spring = MotionDiff.changes(from: base, to: motion(swipe(.spring(damping: 0.5, response: 0.3))))
        XCTAssertTrue(spring.contains { $0.hasPrefix("overshoot 0 % → ") }, "\(spring)")
        XCTAssertTrue(spring.contains { $0.hasPrefix("settles at ") && $0.hasSuffix("(was 300)") }, "\(spring)")

        let jump = MotionDiff.changes(from: base, to: motion(swipe(kind: .jump)))
        XCTAssertTrue(jump.contains("swipe → jump"), "\(jump)")
        XCTAssertTrue(jump.contains("no longer passes through \"Beta\""), "\(jump)")
        XCTAssertTrue(MotionDiff.changes(from: motion(swipe(kind: .jump)), to: base).contains("now passes through \"Beta\""))

        let slower = MotionDiff.changes(from: base, to: motion(swipe(duration: 0.5)))
        XCTAssertEqual(slower.first, "lasts 300 → 500 ms")
        XCTAssertTrue(slower.contains { $0.hasPrefix("indicator x(t) off by up to ") }, "\(slower)")

        let linear = MotionDiff.changes(from: base, to: motion(swipe(.linear)))
        XCTAssertTrue(linear.contains { $0.hasPrefix("position off by up to ") }, "\(linear)")
        XCTAssertFalse(linear.contains { $0.hasPrefix("overshoot") || $0.hasPrefix("lasts") }, "\(linear)")

        let both = MotionDiff.changes(from: base, to: motion(swipe(duration: 0.5), fps: 60))
        XCTAssertEqual(both.first, "frame rate 30 → 60 fps", "a rate change with another change is named first")

        // A spring given frames spreads them over its settling time: the spacing measured
        // changes, the rate declared does not (hostile round 24: "frame rate 60 → 60 fps").
        let spread = MotionDiff.changes(from: motion([BarTransition.Step(to: 2, frames: 12)], fps: 60),
                                        to: motion([BarTransition.Step(to: 2, easing: .spring(damping: 0.5, response: 0.3), frames: 12)], fps: 60))
        XCTAssertFalse(spread.contains { $0.contains("fps") }, "\(spread)")
        XCTAssertTrue(spread.first?.hasPrefix("lasts 183 → ") == true, "\(spread)")

        let pingPong = motion(swipe(), pingPong: true)
        XCTAssertEqual(MotionDiff.changes(from: base, to: pingPong).first, "lasts 300 → 600 ms")
        XCTAssertTrue(MotionDiff.changes(from: base, to: pingPong).contains("1 movement → 2"))
    }

    func testACheckSaysItAndTheReportDrawsTheCurves() throws {
        let fixture = CheckFixture()
        let spec = "width: 320\nscale: 1\nitems: [Alpha, Beta, Gamma]\ntransition:\n  from: 0\n  fps: 30\n  steps: [{to: 2, duration: 300}]\n"
        fixture.writeSpec("bar.yaml", spec)
        XCTAssertEqual(try fixture.run(.missing).results.map(\.status), [.new, .new])
        let golden = fixture.snapshots.appendingPathComponent("bar.transition.png")
        let kept = try XCTUnwrap(MotionRecord.read(from: PNGBytes(contentsOf: golden, limit: 1 << 26)))
        XCTAssertEqual(kept.time.count, 10)
        XCTAssertEqual(try fixture.run(.never).results.map(\.status), [.passed, .passed])

        fixture.writeSpec("bar.yaml", spec.replacingOccurrences(of: "duration: 300}", with: "duration: 300, easing: spring}"))
        let report = try fixture.run(.never)
        let failed = try XCTUnwrap(report.results.first { $0.kind == "transition" })
        XCTAssertEqual(failed.status, .failed)
        let changes = try XCTUnwrap(failed.changes)
        XCTAssertTrue(changes.first?.hasPrefix("overshoot 0 % → ") == true, "\(changes)")
        XCTAssertTrue(failed.message.hasPrefix(changes.joined(separator: "; ") + " — "), failed.message)
        let curves = try XCTUnwrap(failed.motion)
        XCTAssertEqual(curves.expected.position, kept.position)
        XCTAssertEqual(curves.actual.time.count, 10)

        let html = HTMLReport.html(report)
        XCTAssertTrue(html.contains("<svg class=\"chart\""), "the curves, inline")
        for title in ["position p(t)", "indicator x(t)", "indicator width(t)"] { XCTAssertTrue(html.contains(title), title) }
        XCTAssertFalse(html.contains("scroll(t)"), "a curve that never moves is not drawn")
        // The JSON report carries the curves, and reads back with them.
        let decoded = try JSONDecoder().decode(CheckReport.self, from: report.jsonData())
        XCTAssertEqual(decoded.results.first { $0.kind == "transition" }?.motion, curves)
    }

    /// Hostile rounds 46 and 47: a golden whose frames all match the render's, differing only in
    /// a frame's timing or in the number of frames (one split in two), was said to differ in
    /// "only pixels", when no pixel did.
    func testMatchingFramesSayTheirTimingOrCountNotPixels() throws {
        let fixture = CheckFixture()
        fixture.writeSpec("bar.yaml", "width: 320\nscale: 1\nitems: [Alpha, Beta, Gamma]\ntransition:\n  from: 0\n  fps: 30\n  steps: [{to: 2, duration: 300}]\n")
        _ = try fixture.run(.missing)
        let golden = fixture.snapshots.appendingPathComponent("bar.transition.png")
        let record = try XCTUnwrap(MotionRecord.read(from: PNGBytes(contentsOf: golden, limit: 1 << 26)))
        let recorded = try APNGDecoder.decode(Array(Data(contentsOf: golden)))
        func rewrite(_ frames: [AnimationFrame]) throws -> [String]? {
            let first = try XCTUnwrap(frames.first)
            let writer = try APNGWriter(url: golden, width: first.image.width, height: first.image.height, frameCount: frames.count,
                                        mark: GoldenMark.spec.chunk, notes: record.note)
            for frame in frames { try writer.append(frame.image, delay: frame.delay) }
            try writer.finish()
            XCTAssertEqual(MotionRecord.read(from: try PNGBytes(contentsOf: golden, limit: 1 << 26)), record)
            let result = try XCTUnwrap(fixture.run(.never).results.first { $0.kind == "transition" })
            XCTAssertEqual(result.status, .failed)
            return result.changes
        }
        // (Each keeps the golden's duration: a record that does not fit its golden's timing is
        // not read.) Half of frame 1's time given to frame 2.
        var retimed = recorded.frames
        retimed[1].delay /= 2
        retimed[2].delay += retimed[1].delay
        XCTAssertEqual(try rewrite(retimed), [MotionDiff.timingOnly])
        // One frame more at the end, in the last one's time (a frame split in two of the same
        // picture is one hold, and passes).
        var longer = recorded.frames
        longer.append(AnimationFrame(image: longer[0].image, delay: longer[longer.count - 1].delay))
        longer[longer.count - 2].delay = 0
        XCTAssertEqual(try rewrite(longer), [MotionDiff.frameCountOnly])
        // A frame's pixels changed: the pixels.
        var changed = recorded.frames
        changed[2].image = changed[0].image
        XCTAssertEqual(try rewrite(changed), [MotionDiff.pixelsOnly])
    }

    /// A golden recorded before motion was kept compares by its pixels, as before; record mode
    /// all adds the motion to it (the same pixels).
    func testAGoldenWithoutMotionComparesByPixelsAndRecordAllAddsIt() throws {
        let fixture = CheckFixture()
        let spec = "width: 320\nscale: 1\nitems: [Alpha, Beta]\ntransition: {from: 0, fps: 20, steps: [{to: 1, duration: 200}]}\n"
        fixture.writeSpec("bar.yaml", spec)
        _ = try fixture.run(.missing)
        let golden = fixture.snapshots.appendingPathComponent("bar.transition.png")
        try Data(Self.removingChunks("iTXt", from: Array(Data(contentsOf: golden)))).write(to: golden)
        XCTAssertNil(MotionRecord.read(from: try PNGBytes(contentsOf: golden, limit: 1 << 26)))

        fixture.writeSpec("bar.yaml", spec.replacingOccurrences(of: "duration: 200}", with: "duration: 200, easing: linear}"))
        let failed = try XCTUnwrap(fixture.run(.never).results.first { $0.kind == "transition" })
        XCTAssertEqual(failed.status, .failed)
        XCTAssertNil(failed.changes, "no motion to compare with: pixels only")
        XCTAssertNil(failed.motion)

        fixture.writeSpec("bar.yaml", spec)
        let added = try XCTUnwrap(fixture.run(.all).results.first { $0.kind == "transition" })
        XCTAssertEqual(added.status, .recorded)
        XCTAssertTrue(added.message.hasPrefix("added the motion to "), added.message)
        XCTAssertNotNil(MotionRecord.read(from: try PNGBytes(contentsOf: golden, limit: 1 << 26)))
        XCTAssertEqual(try fixture.run(.all).results.map(\.status), [.passed, .passed], "nothing more to add")
    }

    /// A crafted or damaged record is not read as one (its curves would be read out of range),
    /// and a crafted report's curves draw without trapping.
    func testACraftedRecordIsNotRead() throws {
        var record = motion(swipe())
        XCTAssertTrue(record.isReadable)
        for damage in [{ (r: inout MotionRecord) in r.position.removeLast() },
                       { r in r.movements[0].last = 99 },
                       { r in r.movements[0].to = 1e300 },
                       { r in r.selection[1] = [] },
                       { r in r.time.swapAt(0, 5) },
                       { r in r.indicatorWidth = nil },
                       { r in r.version = 2 },
                       // Round 27: more buttons than a bar has, more frames or steps than a transition.
                       { r in r.titles = (0...100).map { "b\($0)" }; r.selection = r.titles.map { _ in r.time.map { _ in 0 } } },
                       { r in r.movements = Array(repeating: r.movements[0], count: r.time.count + 1) },
                       // Round 38: numbers no transition has, read into words.
                       { r in r.selection[1][3] = 5 },
                       { r in r.selection[0][0] = -5 },
                       { r in r.selection[2][9] = 1e300 },
                       { r in r.indicatorWidth?[4] = -3 },
                       { r in r.time = r.time.map { $0 + 1 } },
                       { r in r.position[2] = 5_000 },
                       { r in
                           let frames = Limits.framesPerTransition + 1
                           r.time = (0..<frames).map { Double($0) / 60 }
                           r.position = Array(repeating: 0, count: frames); r.scroll = r.position
                           r.indicatorX = r.position; r.indicatorWidth = r.position
                           r.selection = r.selection.map { _ in r.position }
                       }] {
            var damaged = record
            damage(&damaged)
            XCTAssertFalse(damaged.isReadable)
        }
        record.time = [0, 1e308]
        record.position = [-1e308, 1e308]
        let curves = MotionCurves(record)
        let html = MotionChart.html(try XCTUnwrap(MotionComparison(expected: motion(swipe()), actual: motion(swipe()))))
        XCTAssertTrue(html.contains("<polyline"))
        var crafted = try XCTUnwrap(MotionComparison(expected: motion(swipe()), actual: motion(swipe())))
        crafted.actual = curves
        XCTAssertEqual(MotionChart.html(crafted), "", "numbers no transition has are not drawn (they printed as nan)")
    }

    /// A merged report keeps only drawable curves, and no more than its budget of them (hostile
    /// round 24: crafted shards took a merge to 1 GB and a 192 MB report).
    func testAMergeKeepsOnlyDrawableCurvesWithinABudget() throws {
        let fixture = CheckFixture()
        let spec = "width: 320\nscale: 1\nitems: [Alpha, Beta, Gamma]\ntransition:\n  from: 0\n  fps: 30\n  steps: [{to: 2, duration: 300}]\n"
        fixture.writeSpec("bar.yaml", spec)
        _ = try fixture.run(.missing)
        fixture.writeSpec("bar.yaml", spec.replacingOccurrences(of: "duration: 300}", with: "duration: 300, easing: linear}"))
        let report = try fixture.run(.never)
        var failed = try XCTUnwrap(report.results.first { $0.kind == "transition" })
        XCTAssertNotNil(failed.motion)
        func shard(_ index: Int, _ results: [CaseResult]) -> CheckReport {
            var shard = report
            shard.shards = [Shard(index: index, count: 2)]
            shard.results = results
            return shard
        }
        var huge = failed
        huge.name = "huge.transition.png"
        huge.motion?.actual.position[3] = 1e300
        var many: [CaseResult] = []
        for index in 0..<(MotionCurves.reportBudget / 50 + 10) {
            failed.name = "many\(index).transition.png"
            many.append(failed)
        }
        let merged = try CheckReport.merge([shard(1, [huge]), shard(2, many)])
        XCTAssertNil(merged.results.first { $0.name == "huge.transition.png" }?.motion, "not drawable: dropped")
        let kept = merged.results.compactMap(\.motion)
        XCTAssertGreaterThan(kept.count, 0)
        XCTAssertLessThanOrEqual(kept.reduce(0) { $0 + $1.pointCount }, MotionCurves.reportBudget)
        XCTAssertLessThan(kept.count, many.count, "past the budget, failures keep their words but no chart")
    }

    /// `png` without its chunks of `type` (a golden as an older Tabsnap recorded it).
    private static func removingChunks(_ type: String, from png: [UInt8]) -> [UInt8] {
        var out = Array(png[0..<8])
        var offset = 8
        while offset + 8 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let end = offset + 12 + length
            if String(decoding: png[offset + 4..<offset + 8], as: UTF8.self) != type { out += png[offset..<end] }
            offset = end
        }
        return out
    }
}
