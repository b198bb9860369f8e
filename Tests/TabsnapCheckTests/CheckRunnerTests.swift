import Foundation
import Tabsnap
import XCTest
@testable import TabsnapCheck

final class CheckRunnerTests: XCTestCase {
    func testMissingModeRecordsNewGoldensThenPasses() throws {
        let fixture = CheckFixture()
        fixture.writeSpec("bar.yaml", CheckFixture.bar)
        let first = try fixture.run(.missing)
        XCTAssertEqual(first.results.map(\.status), [.new])
        XCTAssertEqual(first.exitCode, 0)
        XCTAssertEqual(fixture.goldens(), ["bar.png"])
        let second = try fixture.run(.never)
        XCTAssertEqual(second.results.map(\.status), [.passed])
        XCTAssertEqual(second.results[0].message, "identical")
        XCTAssertEqual(second.exitCode, 0)
    }

    func testNeverModeFailsOnAMissingGoldenAndWritesNoGolden() throws {
        let fixture = CheckFixture()
        fixture.writeSpec("bar.yaml", CheckFixture.bar)
        let report = try fixture.run(.never)
        XCTAssertEqual(report.results.map(\.status), [.missing])
        XCTAssertEqual(report.exitCode, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: fixture.snapshots.path), "nothing written into the goldens")
        XCTAssertTrue(fixture.exists(report.results[0].artifacts.actual), "the render is left as an artifact")
    }

    /// The perturbations the issue names: each is caught, with a diff and a triptych.
    func testPerturbedRendersAreCaught() throws {
        let perturbations = [
            "indicator 1 px": CheckFixture.bar + "\nposition: 0.01",
            "title colour": CheckFixture.bar.replacingOccurrences(of: "#8E8E93", with: "#FF3B30"),
            "badge removed": CheckFixture.bar.replacingOccurrences(of: ", badge: 3", with: ""),
        ]
        for (what, spec) in perturbations {
            let fixture = CheckFixture()
            fixture.writeSpec("bar.yaml", CheckFixture.bar)
            _ = try fixture.run(.missing)
            fixture.writeSpec("bar.yaml", spec)
            for options in [ComparisonOptions.exact, .tolerant()] {
                let report = try fixture.run(.never, options: options)
                let result = try XCTUnwrap(report.results.first)
                XCTAssertEqual(result.status, .failed, "\(what) must be caught (\(options))")
                XCTAssertEqual(report.exitCode, 1)
                XCTAssertTrue(result.message.contains("pixels differ"), result.message)
                XCTAssertTrue(fixture.exists(result.artifacts.diff) && fixture.exists(result.artifacts.triptych)
                              && fixture.exists(result.artifacts.actual), "\(what): artifacts written")
            }
        }
    }

    func testIndicatorShiftIsReportedWhereItHappened() throws {
        let fixture = CheckFixture()
        // Titles keep their colour and opacity whatever the selection.
        let still = CheckFixture.bar.replacingOccurrences(of: "#8E8E93", with: "#007AFF")
            .replacingOccurrences(of: "button: {", with: "button: {adjustsAlpha: false, ")
        fixture.writeSpec("bar.yaml", still)
        _ = try fixture.run(.missing)
        fixture.writeSpec("bar.yaml", still + "\nposition: 0.01")
        let result = try XCTUnwrap(fixture.run(.never).results.first)
        XCTAssertEqual(result.status, .failed)
        let region = try XCTUnwrap(result.region)
        XCTAssertEqual(region.width, 101, "one column appears, one goes: 0…100 px")
        XCTAssertEqual(region, PixelRegion(x: 0, y: 41, width: 101, height: 4), "only the indicator moved")
    }

    func testRecordFailedAcceptsTheNewRenders() throws {
        let fixture = CheckFixture()
        fixture.writeSpec("bar.yaml", CheckFixture.bar)
        _ = try fixture.run(.missing)
        fixture.writeSpec("bar.yaml", CheckFixture.bar.replacingOccurrences(of: "#007AFF", with: "#FF3B30"))
        XCTAssertEqual(try fixture.run(.never).exitCode, 1)
        let accepted = try fixture.run(.failed)
        XCTAssertEqual(accepted.results.map(\.status), [.recorded])
        XCTAssertEqual(accepted.exitCode, 0)
        XCTAssertEqual(try fixture.run(.never).results.map(\.status), [.passed])
    }

    func testRecordAllRewritesOnlyWhatChanged() throws {
        let fixture = CheckFixture()
        fixture.writeSpec("a.yaml", CheckFixture.bar)
        fixture.writeSpec("b.yaml", CheckFixture.bar)
        _ = try fixture.run(.missing)
        fixture.writeSpec("b.yaml", CheckFixture.bar.replacingOccurrences(of: "One", with: "Uno"))
        let report = try fixture.run(.all)
        XCTAssertEqual(report.results.map(\.status), [.passed, .recorded])
    }

    func testVariantsAndTransitionsBecomeGoldens() throws {
        let fixture = CheckFixture()
        fixture.writeSpec("bar.yaml", CheckFixture.bar + """

        transition: {to: 2, frames: 5}
        snapshots: {positions: [0, 0.5], scales: [1, 2], themes: [light, dark]}
        """)
        let report = try fixture.run(.missing)
        XCTAssertEqual(report.results.map(\.name), [
            "bar.dark.p0.5@1x.png", "bar.dark.p0.5@2x.png", "bar.dark.p0@1x.png", "bar.dark.p0@2x.png",
            "bar.dark.transition@1x.png", "bar.dark.transition@2x.png",
            "bar.light.p0.5@1x.png", "bar.light.p0.5@2x.png", "bar.light.p0@1x.png", "bar.light.p0@2x.png",
            "bar.light.transition@1x.png", "bar.light.transition@2x.png",
        ])
        let animation = try SnapshotComparison.load(fixture.snapshots.appendingPathComponent("bar.light.transition@2x.png"))
        XCTAssertEqual(animation.frames.count, 5)
        XCTAssertEqual(animation.frames[0].image.width, 600)
        XCTAssertEqual(try fixture.run(.never).exitCode, 0, "a fresh render of a transition matches its APNG golden")
    }

    func testTransitionFailuresNameFramesAndFrameCounts() throws {
        let fixture = CheckFixture()
        fixture.writeSpec("bar.yaml", CheckFixture.bar + "\ntransition: {to: 2, frames: 5}\nsnapshots: {transition: true}")
        _ = try fixture.run(.missing)
        fixture.writeSpec("bar.yaml", CheckFixture.bar + "\ntransition: {to: 2, frames: 5, easing: linear}")
        var result = try XCTUnwrap(fixture.run(.never).results.first { $0.kind == "transition" })
        XCTAssertEqual(result.status, .failed)
        XCTAssertEqual(result.failingFrames, [1, 3], "ends agree, and so does the middle: ease-in-out is symmetric")
        // The motion's words first (the golden keeps its motion), then the frames.
        XCTAssertTrue(result.message.hasPrefix("position off by up to 0.24 (at 17 ms); indicator x(t) off by up to "), result.message)
        XCTAssertTrue(pixels(result).hasPrefix("2 of 5 frames differ (1, 3); frame 1:"), result.message)
        let diff = try SnapshotComparison.load(URL(fileURLWithPath: XCTUnwrap(result.artifacts.triptych)))
        XCTAssertEqual(diff.frames.count, 5, "the diff APNG has a triptych per frame")
        XCTAssertEqual(diff.frames[0].image.width, 3 * 300 + 2 * 2)
        fixture.writeSpec("bar.yaml", CheckFixture.bar + "\ntransition: {to: 2, frames: 6}")
        result = try XCTUnwrap(fixture.run(.never).results.first { $0.kind == "transition" })
        XCTAssertTrue(result.message.hasPrefix("lasts 67 → 83 ms; "), result.message)
        XCTAssertTrue(pixels(result).hasPrefix("frame count 6 differs from expected 5"), result.message)
        fixture.writeSpec("bar.yaml", CheckFixture.bar + "\ntransition: {to: 2, frames: 5, fps: 30}")
        result = try XCTUnwrap(fixture.run(.never).results.first { $0.kind == "transition" })
        XCTAssertTrue(result.message.hasPrefix("frame rate 60 → 30 fps; lasts 67 → 133 ms; "), result.message)
        XCTAssertTrue(pixels(result).hasPrefix("timing differs at every frame: 33.3 ms per frame, expected 16.7 ms"), result.message)
    }

    /// Round 38 F1: a motion record was held to itself only, so one whose times were multiplied,
    /// or that claimed 9 999 frames of a 10-frame golden, printed "lasts 300000 → 500 ms" beside
    /// the pixels' own frame count. A record is read only when its times are the golden's (holds
    /// merged, ping-pong, a start hold: the record of a real golden is still read).
    func testAMotionRecordWhoseTimesAreNotTheGoldensIsNotRead() throws {
        let fixture = CheckFixture()
        let transition = "\ntransition: {fps: 30, pingPong: true, steps: [{hold: 100}, {to: 2, duration: 200}, {hold: 150}]}\nsnapshots: {transition: true}"
        fixture.writeSpec("bar.yaml", CheckFixture.bar + transition)
        _ = try fixture.run(.missing)
        let golden = try XCTUnwrap(FileManager.default.contentsOfDirectory(at: fixture.snapshots, includingPropertiesForKeys: nil)
            .first { $0.lastPathComponent.contains("transition") })
        let recorded = try [UInt8](Data(contentsOf: golden))
        fixture.writeSpec("bar.yaml", CheckFixture.bar + transition.replacingOccurrences(of: "duration: 200", with: "duration: 300"))
        let honest = try XCTUnwrap(fixture.run(.never).results.first { $0.kind == "transition" })
        XCTAssertTrue(honest.message.hasPrefix("lasts "), "the golden's own record is read: \(honest.message)")
        let record = try XCTUnwrap(MotionRecord.read(from: PNGBytes(recorded)))
        var stretched = record
        stretched.time = record.time.map { $0 * 1000 }
        var claimed = record
        let frames = 9_999
        claimed.time = (0..<frames).map { Double($0) / 60 }
        claimed.position = Array(repeating: 0, count: frames); claimed.scroll = claimed.position
        claimed.indicatorX = claimed.position; claimed.indicatorWidth = claimed.position
        claimed.selection = record.selection.map { _ in claimed.position }
        claimed.movements = []
        var squeezed = record
        squeezed.time = record.time.map { $0 / 1000 }
        for crafted in [stretched, claimed, squeezed] {
            XCTAssertTrue(crafted.isReadable, "readable on its own: only the golden's timing tells")
            let bytes = Self.replacingMotion(in: recorded, with: crafted.text)
            XCTAssertNotNil(MotionRecord.read(from: PNGBytes(bytes)))
            XCTAssertNil(MotionRecord.read(fitting: PNGBytes(bytes)))
            try Data(bytes).write(to: golden)
            let result = try XCTUnwrap(fixture.run(.never).results.first { $0.kind == "transition" })
            XCTAssertEqual(result.status, .failed)
            XCTAssertFalse(result.message.contains("lasts") || result.message.contains("settles"), result.message)
        }
        XCTAssertNotNil(MotionRecord.read(fitting: PNGBytes(recorded)))
    }

    /// The golden `png` with its motion chunk's text replaced.
    private static func replacingMotion(in png: [UInt8], with text: String) -> [UInt8] {
        var out = Array(png[0..<8]), offset = 8
        while offset + 12 <= png.count {
            let length = png[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            let end = offset + 12 + length
            let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let keyword = Array(MotionRecord.keyword.utf8) + [0]
            if !(type == "iTXt" && png[(offset + 8)...].starts(with: keyword)) { out += png[offset..<end] }
            offset = end
        }
        return PNGInternationalText.inserting(keyword: MotionRecord.keyword, text: text, into: out)
    }

    /// Round 40 F2: a goldens folder holding "é.png" spelt with é and with e + U+0301 crashed
    /// `check` (a duplicate dictionary key: Swift's strings take them for one name), with and
    /// without `--prune`. Named as an error, both left, the check's other goldens still judged.
    func testGoldensWhoseNamesDifferOnlyInNormalisationAreNamedNotCrashedOn() throws {
        let fixture = CheckFixture()
        fixture.writeSpec("x.yaml", CheckFixture.bar)
        _ = try fixture.run(.missing)
        let golden = fixture.snapshots.appendingPathComponent("x.png")
        for name in ["\u{E9}.png", "e\u{301}.png"] {
            try FileManager.default.copyItem(atPath: golden.path, toPath: fixture.snapshots.path + "/" + name)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: fixture.snapshots.path).count, 3)
        for prune in [false, true] {
            let report = try fixture.run(.never, prune: prune)
            XCTAssertEqual(report.results.map(\.status), [.passed])
            XCTAssertTrue(report.errors.contains { $0.contains("holds goldens named e\\u{301}.png and \\u{E9}.png, which differ only in Unicode normalisation") },
                          "\(report.errors)")
            XCTAssertNotEqual(report.exitCode, 0)
            XCTAssertEqual(report.pruned, [])
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: fixture.snapshots.path).count, 3, "both left")
    }

    /// Round 41 F2: goldens "X.png" and "x.png" are one file on macOS and Windows: named, both
    /// left, neither an orphan nor pruned.
    func testGoldensWhoseNamesDifferOnlyInCaseAreNamedAndLeft() throws {
        let fixture = CheckFixture()
        fixture.writeSpec("x.yaml", CheckFixture.bar)
        fixture.writeSpec("y.yaml", CheckFixture.bar)
        _ = try fixture.run(.missing)
        try FileManager.default.copyItem(atPath: fixture.snapshots.path + "/y.png", toPath: fixture.snapshots.path + "/Y.png")
        try FileManager.default.removeItem(at: fixture.specs.appendingPathComponent("y.yaml"))
        // Round 42 F4: spoken goldens whose extensions differ in case were not named.
        for name in ["z.a11y.txt", "z.A11Y.txt", "Z.a11y.TXT"] { try Data("Z".utf8).write(to: fixture.snapshots.appendingPathComponent(name)) }
        let report = try fixture.run(.never, prune: true)
        XCTAssertEqual(report.results.map(\.status), [.passed])
        XCTAssertTrue(report.errors.contains { $0.contains("holds goldens named Y.png and y.png, which differ only in case, which macOS and Windows take for one file; "
                                                          + "neither is listed as an orphan or pruned: remove the one no spec renders") },
                      "\(report.errors)")
        XCTAssertTrue(report.errors.contains { $0.contains("holds goldens named Z.a11y.TXT and z.A11Y.txt and z.a11y.txt, which differ only in case")
                          && $0.hasSuffix("none of them is listed as an orphan or pruned: remove the ones no spec renders") }, "\(report.errors)")
        XCTAssertNotEqual(report.exitCode, 0)
        XCTAssertEqual(report.pruned, [])
        XCTAssertEqual(report.orphans, [])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: fixture.snapshots.path).sorted(),
                       ["Y.png", "Z.a11y.TXT", "x.png", "y.png", "z.A11Y.txt", "z.a11y.txt"])
    }

    /// Round 41 F2: a golden `BAR.png` beside `bar.yaml` (recorded on macOS, where it is bar.png's
    /// golden) was an orphan `--prune` removed. It is named, with the name to give it, and left.
    func testAGoldenTwinOfARenderedGoldenIsNamedNotPruned() throws {
        let fixture = CheckFixture()
        fixture.writeSpec("BAR.yaml", CheckFixture.bar)
        _ = try fixture.run(.missing)
        try FileManager.default.moveItem(at: fixture.specs.appendingPathComponent("BAR.yaml"), to: fixture.specs.appendingPathComponent("bar.yaml"))
        let report = try fixture.run(.never, prune: true)
        XCTAssertEqual(report.results.map(\.status), [.missing], "bar.png has no golden on this file system")
        XCTAssertTrue(report.errors.contains { $0.contains("holds BAR.png, whose name and the golden bar.png of ") && $0.contains("differ only in case")
                          && $0.hasSuffix("rename it to bar.png, or remove it") }, "\(report.errors)")
        XCTAssertEqual(report.pruned, [])
        XCTAssertEqual(report.orphans, [])
        XCTAssertTrue(FileManager.default.fileExists(atPath: fixture.snapshots.path + "/BAR.png"))
    }

    /// Round 41 F4: the artifacts folder moved away while `check` ran kept receiving artifacts
    /// (held open since the start), and the report named paths that no longer led to them. The
    /// report says where they are.
    func testArtifactsFolderMovedAwayWhileCheckingIsSaid() throws {
        let fixture = CheckFixture()
        fixture.writeSpec("a.yaml", CheckFixture.bar)
        fixture.writeSpec("b.yaml", CheckFixture.bar)
        _ = try fixture.run(.missing)
        fixture.writeSpec("a.yaml", CheckFixture.bar.replacingOccurrences(of: "Two", with: "Too"))
        fixture.writeSpec("b.yaml", CheckFixture.bar.replacingOccurrences(of: "Two", with: "Too"))
        let moved = fixture.root.appendingPathComponent("failures.old")
        let verifier = GoldenVerifier(snapshots: fixture.snapshots, artifacts: fixture.artifacts, mode: .never, options: .exact)
        let report = try CheckRunner(specs: [fixture.specs.path], verifier: verifier, threads: 1).run { _ in
            if !FileManager.default.fileExists(atPath: moved.path) { try? FileManager.default.moveItem(at: fixture.artifacts, to: moved) }
        }
        XCTAssertEqual(report.results.map(\.status), [.failed, .failed])
        XCTAssertTrue(report.errors.contains { $0.hasSuffix("failures: was moved away (or something put in its place) while tabsnap ran; "
                                                            + "this run's artifacts are in the folder it wrote into, now at \(moved.path), not where the report's paths lead") },
                      "\(report.errors)")
        XCTAssertNotEqual(report.exitCode, 0)
        // Still where it is: nothing said.
        try FileManager.default.moveItem(at: moved, to: fixture.artifacts)
        XCTAssertEqual(try fixture.run(.never).errors, [])
    }

    /// Round 43 F3: `check --record all` with the goldens folder moved away mid-run went on
    /// recording into the moved folder and said "recorded new golden goldens/…", exit 0. The
    /// report says where the goldens are.
    func testGoldensFolderMovedAwayWhileRecordingIsSaid() throws {
        let fixture = CheckFixture()
        for name in ["a", "b"] { fixture.writeSpec("\(name).yaml", CheckFixture.bar) }
        let moved = fixture.root.appendingPathComponent("goldens.old")
        let verifier = GoldenVerifier(snapshots: fixture.snapshots, artifacts: fixture.artifacts, mode: .all, options: .exact)
        let report = try CheckRunner(specs: [fixture.specs.path], verifier: verifier, threads: 1).run { _ in
            if !FileManager.default.fileExists(atPath: moved.path) {
                try? FileManager.default.moveItem(at: fixture.snapshots, to: moved)
                try? FileManager.default.createDirectory(at: fixture.snapshots, withIntermediateDirectories: true)
            }
        }
        XCTAssertTrue(report.errors.contains { $0.hasSuffix("goldens: was moved away (or something put in its place) while tabsnap ran; "
                                                            + "the goldens it recorded are in the folder it wrote into, now at \(moved.path), not where the messages say") },
                      "\(report.errors)")
        XCTAssertNotEqual(report.exitCode, 0)
    }

    /// A message's pixel part, after the words on what moved.
    private func pixels(_ result: CaseResult) -> String {
        result.message.components(separatedBy: " — ").last ?? ""
    }

    func testOrphansAreListedAndPruned() throws {
        let fixture = CheckFixture()
        fixture.writeSpec("bar.yaml", CheckFixture.bar)
        fixture.writeSpec("old.yaml", CheckFixture.bar)
        _ = try fixture.run(.missing)
        try FileManager.default.removeItem(at: fixture.specs.appendingPathComponent("old.yaml"))
        let report = try fixture.run(.never)
        XCTAssertEqual(report.orphans, ["old.png"])
        XCTAssertEqual(report.exitCode, 0, "an orphan is listed, not a failure")
        let pruned = try fixture.run(.never, prune: true)
        XCTAssertEqual(pruned.pruned, ["old.png"])
        XCTAssertEqual(pruned.orphans, [])
        XCTAssertEqual(fixture.goldens(), ["bar.png"])
    }

    /// Hostile round 117: `--prune` deleted a read-only golden that `--record` refuses to
    /// replace. Its owner protected it: it is kept, with an error naming it (exit 2).
    func testPruneKeepsAReadOnlyGolden() throws {
        let fixture = CheckFixture()
        fixture.writeSpec("bar.yaml", CheckFixture.bar)
        fixture.writeSpec("old.yaml", CheckFixture.bar)
        _ = try fixture.run(.missing)
        try FileManager.default.removeItem(at: fixture.specs.appendingPathComponent("old.yaml"))
        let old = fixture.snapshots.appendingPathComponent("old.png")
        XCTAssertEqual(chmod(old.path, 0o444), 0)
        let report = try fixture.run(.never, prune: true)
        XCTAssertEqual(report.pruned, [])
        XCTAssertEqual(report.orphans, ["old.png"])
        XCTAssertTrue(report.errors.contains { $0.contains("old.png: is read-only; not removing it") }, "\(report.errors)")
        XCTAssertEqual(report.exitCode, 2)
        XCTAssertEqual(fixture.goldens(), ["bar.png", "old.png"])
        // Made writable again, it is pruned.
        XCTAssertEqual(chmod(old.path, 0o644), 0)
        XCTAssertEqual(try fixture.run(.never, prune: true).pruned, ["old.png"])
    }

    /// Round 43 F1: `--shard 2/2 --last-failed` sliced the list of failures, so a failure of the
    /// shard's own slice went unchecked (exit 0) and others' were checked. A shard keeps its
    /// slice of the suite; a filter narrows it. F2: a merge of filtered shards listed goldens
    /// still rendered as orphans; it judges none.
    func testAFilteredShardKeepsItsSliceAndItsMergeJudgesNoOrphans() throws {
        let fixture = CheckFixture()
        for name in ["a", "b", "c", "d"] { fixture.writeSpec("\(name).yaml", CheckFixture.bar) }
        _ = try fixture.run(.missing)
        let verifier = GoldenVerifier(snapshots: fixture.snapshots, artifacts: fixture.artifacts, mode: .never, options: .exact)
        func run(_ shard: Int) throws -> CheckReport {
            var runner = CheckRunner(specs: [fixture.specs.path], verifier: verifier, shard: Shard(index: shard, count: 2), threads: 1)
            runner.filter = .names(["b.png", "c.png", "d.png"])
            return try runner.run()
        }
        let first = try run(1), second = try run(2)
        XCTAssertEqual(first.results.map(\.name), ["c.png"], "shard 1 is a and c; a is filtered out")
        XCTAssertEqual(second.results.map(\.name), ["b.png", "d.png"])
        XCTAssertEqual(second.filtered, true)
        let merged = try CheckReport.merge(try [first, second].map { try JSONDecoder().decode(CheckReport.self, from: $0.jsonData()) })
        XCTAssertNil(merged.orphans, "a.png is rendered: not an orphan")
        XCTAssertEqual(merged.filtered, true)
    }

    func testShardsSplitTheSuiteAndMergeBack() throws {
        let fixture = CheckFixture()
        fixture.writeSpec("bar.yaml", CheckFixture.bar + "\nsnapshots: {positions: [0, 1, 2], scales: [1, 2]}")
        _ = try fixture.run(.missing)
        // A golden tabsnap recorded whose spec is gone, and a picture that is no golden (unmarked).
        try FileManager.default.copyItem(at: fixture.snapshots.appendingPathComponent("bar.p0@2x.png"), to: fixture.snapshots.appendingPathComponent("gone.png"))
        try Data().write(to: fixture.snapshots.appendingPathComponent("notes.png"))
        let first = try fixture.run(.never, shard: Shard(index: 1, count: 2))
        let second = try fixture.run(.never, shard: Shard(index: 2, count: 2))
        XCTAssertEqual(first.results.count, 3)
        XCTAssertEqual(second.results.count, 3)
        XCTAssertTrue(Set(first.results.map(\.name)).isDisjoint(with: second.results.map(\.name)))
        XCTAssertNil(first.orphans, "a shard alone cannot know orphans")
        XCTAssertEqual(try fixture.run(.never, shard: Shard(index: 1, count: 2)).results.map(\.name), first.results.map(\.name),
                       "the same slice every run")
        let roundTripped = try [first, second].map { try JSONDecoder().decode(CheckReport.self, from: $0.jsonData()) }
        let merged = try CheckReport.merge(roundTripped)
        XCTAssertEqual(merged.results.map(\.name), try fixture.run(.never).results.map(\.name))
        XCTAssertEqual(merged.orphans, ["gone.png"])
        XCTAssertEqual(merged.unmarked, ["notes.png"], "never an orphan: nothing proves tabsnap recorded it")
        XCTAssertEqual(merged.exitCode, 0)
        XCTAssertNil(try CheckReport.merge([first]).orphans, "incomplete split")
        XCTAssertThrowsError(try CheckReport.merge([first, first]))
        // A whole run stands alone, and only shards of one run (same goldens, same comparison) merge.
        let whole = try fixture.run(.never)
        XCTAssertThrowsError(try CheckReport.merge([whole, whole]))
        XCTAssertThrowsError(try CheckReport.merge([whole, first]))
        var elsewhere = second
        elsewhere.snapshots = "other-goldens"
        XCTAssertThrowsError(try CheckReport.merge([first, elsewhere]))
        var tolerant = second
        tolerant.options = .tolerant(maxDeltaE: 2)
        XCTAssertThrowsError(try CheckReport.merge([first, tolerant]))
    }

    func testSpecErrorsAreErrorResultsWithTheirPlaceAndTheRestRuns() throws {
        let fixture = CheckFixture()
        fixture.writeSpec("bar.yaml", CheckFixture.bar + "\nsnapshots: {themes: [light, dusk]}")
        fixture.writeSpec("good.yaml", CheckFixture.bar)
        let report = try fixture.run(.missing)
        XCTAssertEqual(report.results.map(\.name), ["good.png", fixture.specs.path + "/bar.yaml"])
        let error = try XCTUnwrap(report.results.last)
        XCTAssertEqual(error.status, .error)
        XCTAssertTrue(error.message.contains("bar.yaml:8:") && error.message.contains("dusk"), error.message)
        XCTAssertEqual(report.exitCode, 2)
    }

    func testUnreadableGoldenIsAnError() throws {
        let fixture = CheckFixture()
        fixture.writeSpec("bar.yaml", CheckFixture.bar)
        try FileManager.default.createDirectory(at: fixture.snapshots, withIntermediateDirectories: true)
        try Data("version https://git-lfs.github.com/spec/v1\n".utf8).write(to: fixture.snapshots.appendingPathComponent("bar.png"))
        let report = try fixture.run(.missing)
        XCTAssertEqual(report.results.map(\.status), [.error])
        XCTAssertTrue(report.results[0].message.contains("Git LFS pointer"), report.results[0].message)
        XCTAssertEqual(report.exitCode, 2)
    }
}

extension CheckRunnerTests {
    func testAnUnreadableSpecIsReportedOnceAfterMergingShards() throws {
        let fixture = CheckFixture()
        fixture.writeSpec("bar.yaml", CheckFixture.bar + "\nsnapshots: {positions: [0, 1, 2]}")
        fixture.writeSpec("bad.yaml", "width: 300\nitems: [A]\nindicator: {style: nope}\n")
        let shards = try (1...2).map { try fixture.run(.missing, shard: Shard(index: $0, count: 2)) }
        XCTAssertTrue(shards.allSatisfy { $0.results.contains { $0.kind == "spec" } }, "every shard reports it")
        let merged = try CheckReport.merge(shards)
        XCTAssertEqual(merged.results.filter { $0.kind == "spec" }.count, 1)
        XCTAssertEqual(merged.results.count, 4)
        XCTAssertEqual(merged.exitCode, 2)
    }
}

extension CheckRunnerTests {
    /// Hostile round 45 F1: `--prune` judged orphans by the specs it read at the start, so a spec
    /// added while it ran (another run recording it, a pull bringing it with its goldens) lost its
    /// goldens. The specs are read again before pruning, and a golden written since the check
    /// began is not judged by it; a true orphan is still pruned.
    func testPruneLeavesASpecAddedWhileItRanAndWhatWasWrittenMeanwhile() throws {
        let fixture = CheckFixture()
        fixture.writeSpec("a.yaml", CheckFixture.bar)
        fixture.writeSpec("new.yaml", CheckFixture.bar)
        fixture.writeSpec("old.yaml", CheckFixture.bar)
        fixture.writeSpec("late.yaml", CheckFixture.bar)
        _ = try fixture.run(.missing)
        let spare = fixture.specs.deletingLastPathComponent().appendingPathComponent("spare")
        try FileManager.default.createDirectory(at: spare, withIntermediateDirectories: true)
        for name in ["new.yaml", "old.yaml", "late.yaml"] {
            try FileManager.default.moveItem(at: fixture.specs.appendingPathComponent(name), to: spare.appendingPathComponent(name))
        }
        let lateGolden = fixture.snapshots.appendingPathComponent("late.png")
        try FileManager.default.moveItem(at: lateGolden, to: spare.appendingPathComponent("late.png"))
        let verifier = GoldenVerifier(snapshots: fixture.snapshots, artifacts: fixture.artifacts, mode: .never)
        var pulled = false
        let report = try CheckRunner(specs: [fixture.specs.path], verifier: verifier, prune: true, threads: 1).run { _ in
            guard !pulled else { return }
            pulled = true
            // Files are stamped by a coarse clock (a tick behind Date()): what happens in the
            // check's first tick may look older than the check. Mid-run means after it.
            Thread.sleep(forTimeInterval: 0.03)
            // Mid-run: a pull brings new.yaml back; late.png (an orphan's golden) is written anew.
            try? FileManager.default.moveItem(at: spare.appendingPathComponent("new.yaml"), to: fixture.specs.appendingPathComponent("new.yaml"))
            try? FileManager.default.moveItem(at: spare.appendingPathComponent("late.png"), to: lateGolden)
        }
        XCTAssertTrue(pulled)
        XCTAssertEqual(report.pruned, ["old.png"])
        XCTAssertEqual(fixture.goldens(), ["a.png", "late.png", "new.png"])
    }
}
