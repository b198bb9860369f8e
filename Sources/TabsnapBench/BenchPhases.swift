import ArgumentParser
import Foundation
import Tabsnap
import TabsnapCheck

/// The phases a benchmark run times, each doing the whole suite. Every phase checks its own
/// outcome (a passing check that failed would time the wrong code path) and throws if it is off.
struct BenchPhases {
    enum Phase: String, CaseIterable, ExpressibleByArgument {
        /// The baseline: render every case, nothing else.
        case render
        /// `tabsnap check` where every golden matches.
        case pass
        /// `tabsnap check` where every golden is off by one pixel: diff, triptych and actual written.
        case fail
        /// `tabsnap check` recording every golden into an empty folder.
        case record

        var title: String {
            switch self {
            case .render: "render only"
            case .pass: "check, all pass"
            case .fail: "check, all fail (1 px shift)"
            case .record: "check, record all new"
            }
        }
    }

    struct Unexpected: Error, CustomStringConvertible {
        var description: String
    }

    let suite: BenchSuite
    let threads: Int
    let cases: [SnapshotCase]
    let matching: URL
    let shifted: URL
    var caseCount: Int { cases.count }
    var frameCount: Int

    init(suite: BenchSuite, threads: Int) throws {
        self.suite = suite
        self.threads = threads
        cases = try SnapshotPlanner.cases(forSpecs: suite.specs)
        matching = try suite.scratch("goldens")
        shifted = try suite.scratch("goldens-shifted")
        frameCount = 0
        // Goldens both check phases compare against, recorded once outside the timings.
        let report = try check(snapshots: matching, mode: .all)
        try Self.expect(report, all: .new)
        for name in report.results.map(\.name) {
            try FileManager.default.copyItem(at: matching.appendingPathComponent(name), to: shifted.appendingPathComponent(name))
        }
        try GoldenShift.shiftAll(in: shifted)
        frameCount = try renderAll()
    }

    func run(_ phase: Phase) throws {
        switch phase {
        case .render: _ = try renderAll()
        case .pass: try Self.expect(check(snapshots: matching, mode: .never, artifacts: "failures-pass"), all: .passed)
        case .fail: try Self.expect(check(snapshots: shifted, mode: .never, artifacts: "failures-fail"), all: .failed)
        case .record: try Self.expect(check(snapshots: suite.scratch("goldens-recorded"), mode: .missing), all: .new)
        }
    }

    /// Renders every case on `threads` threads, one renderer each (as the check runner does);
    /// returns the number of frames rendered.
    private func renderAll() throws -> Int {
        let cases = self.cases
        var frames = 0
        try WorkerPool.run(count: cases.count, threads: threads, window: cases.count,
                           job: { renderer, index in try CaseRenderer.render(cases[index], with: renderer).frames.count },
                           deliver: { _, count in frames += count })
        return frames
    }

    /// A check of `snapshots`, its artifacts in `artifacts` (a folder per phase: a passing check
    /// after a failing one would otherwise time removing the failures' artifacts, 1.4× instead
    /// of 1.0× render; a failing check after a failing one replaces its own, as CI re-runs do).
    private func check(snapshots: URL, mode: RecordMode, artifacts: String = "failures") throws -> CheckReport {
        let verifier = GoldenVerifier(snapshots: snapshots, artifacts: suite.folder.appendingPathComponent(artifacts), mode: mode)
        return try CheckRunner(specs: suite.specs, verifier: verifier, threads: threads).run()
    }

    private static func expect(_ report: CheckReport, all status: SnapshotStatus) throws {
        if let odd = report.results.first(where: { $0.status != status }) {
            throw Unexpected(description: "\(odd.name): expected \(status.rawValue), got \(odd.status.rawValue) (\(odd.message))")
        }
    }
}
