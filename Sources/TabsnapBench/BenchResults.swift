import Foundation

/// A benchmark run's figures: each phase's median, and its ratio to the render-only baseline
/// measured in the same run.
struct BenchResults: Encodable {
    struct Row: Encodable {
        /// The phase's name on the command line (`render`, `pass`, `fail`, `record`).
        var key: String
        var phase: String
        var medianSeconds: Double
        var ratioToRender: Double
        var samples: [Double]
    }

    var goldens: Int
    var frames: Int
    var threads: Int
    var runs: Int
    var rows: [Row]

    init(goldens: Int, frames: Int, threads: Int, runs: Int, phases: [PhaseTimes]) {
        self.goldens = goldens
        self.frames = frames
        self.threads = threads
        self.runs = runs
        let baseline = phases.first?.median ?? .nan
        rows = phases.map { Row(key: $0.key, phase: $0.name, medianSeconds: $0.median, ratioToRender: $0.median / baseline, samples: $0.seconds) }
    }

    var table: String {
        let width = rows.map(\.phase.count).max() ?? 0
        var lines = ["\("phase".padding(toLength: width, withPad: " ", startingAt: 0))   median   × render"]
        for row in rows {
            let name = row.phase.padding(toLength: width, withPad: " ", startingAt: 0)
            lines.append("\(name)  \(String(format: "%6.3f s", row.medianSeconds))   \(String(format: "%6.2f", row.ratioToRender))")
        }
        return lines.joined(separator: "\n")
    }

    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self) + "\n"
    }
}
