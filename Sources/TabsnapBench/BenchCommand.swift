import ArgumentParser
import Foundation
import Tabsnap
import TabsnapCheck
import TabsnapExamples

/// `tabsnap-bench`: how much `tabsnap check` costs on top of rendering, measured in one run.
///
/// Rendering every case is the baseline (a check cannot do less); the other phases are reported
/// as ratios to it, so the figures mean the same on a fast laptop and a 2-core CI runner.
@main
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tabsnap-bench",
        abstract: "Times tabsnap check (passing, failing, recording) against rendering the same cases.")

    @Argument(help: "Spec files or folders to check (default: the shipped examples, each with 3 positions × 2 scales × 2 themes + its transition).")
    var specs: [String] = []

    @Option(help: "Runs of each phase; the median is reported.")
    var runs: Int = 5

    @Option(help: "Threads (default: all cores, as tabsnap check uses).")
    var threads: Int = ProcessInfo.processInfo.activeProcessorCount

    @Option(name: .customLong("phase"), help: "Phases to time besides the render-only baseline: pass, fail, record (repeatable; default all).")
    var onlyPhases: [BenchPhases.Phase] = []

    @Option(help: "Also write the figures as JSON to this file.")
    var json: String?

    @Flag(help: "Time the sandbox instead: probing an SVG icon in a child against rendering a bar with it.")
    var sandbox = false

    @Flag(help: "Time an SVG icon's checks instead: on a watched thread of their own against in place.")
    var iconChecks = false

    func validate() throws {
        guard runs >= 1 else { throw ValidationError("--runs: needs at least 1 run, got \(runs)") }
        guard threads >= 1 else { throw ValidationError("--threads: needs at least 1 thread, got \(threads)") }
    }

    mutating func run() throws {
        // Unpredictable and private (mode 0700): a shared /tmp name could be a planted link.
        let scratch = try PrivateFolder.make(prefix: "tabsnap-bench")
        defer { try? FileManager.default.removeItem(at: scratch) }
        if sandbox || iconChecks {
            guard let specs = ExampleSpecs.files.first?.deletingLastPathComponent() else {
                throw ValidationError("the example specs are missing from the build")
            }
            let icon = specs.appendingPathComponent("icons/compass.svg")
            print(sandbox ? try SandboxBench(runs: runs).run(icon: icon, in: scratch) : try IconCheckBench(runs: max(runs, 200)).run(icon: icon))
            return
        }
        let suite = try BenchSuite(specs: specs, in: scratch)
        let phases = try BenchPhases(suite: suite, threads: threads)
        print("suite: \(phases.caseCount) goldens (\(phases.frameCount) frames), \(threads) threads, \(runs) runs each")

        let timed = [.render] + BenchPhases.Phase.allCases.filter { $0 != .render && (onlyPhases.isEmpty || onlyPhases.contains($0)) }
        var times = timed.map { PhaseTimes(key: $0.rawValue, name: $0.title) }
        for _ in 0..<runs {
            // Phases interleave, so a machine slowing down mid-run shifts them all alike.
            for (index, phase) in timed.enumerated() {
                try times[index].time { try phases.run(phase) }
            }
        }
        let results = BenchResults(goldens: phases.caseCount, frames: phases.frameCount, threads: threads,
                                   runs: runs, phases: times)
        print(results.table)
        if let json {
            try AtomicFile.write(Array(results.json.utf8), to: URL(fileURLWithPath: json))
        }
    }
}
