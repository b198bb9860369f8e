import ArgumentParser
import Foundation
import Tabsnap

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two PNG or animated PNG files.",
        discussion: "Exit status: 0 they match, 1 they differ, 2 error (unreadable file, not a PNG, a Git LFS pointer)."
    )

    @Argument(help: "The expected image (a golden).")
    var expected: String

    @Argument(help: "The actual image.")
    var actual: String

    @Option(help: "Write the diff image here (unchanged pixels faded grey, changed red, forgiven anti-aliasing yellow).")
    var out: String?

    @Option(help: "Write an expected │ diff │ actual triptych here.")
    var triptych: String?

    @OptionGroup var comparison: ComparisonArguments

    func run() throws {
        try OutputChecks(outputs: (out.map { [("--out", $0)] } ?? []) + (triptych.map { [("--triptych", $0)] } ?? []),
                         inputs: [expected, actual]).check()
        let options = comparison.options
        let expectedImage: AnimatedImage, actualImage: AnimatedImage
        do {
            expectedImage = try SnapshotComparison.load(URL(fileURLWithPath: expected), displayName: expected)
            actualImage = try SnapshotComparison.load(URL(fileURLWithPath: actual), displayName: actual)
        } catch {
            throw CLIError(error.description)
        }
        if triptych != nil, let e = expectedImage.frames.first?.image, let a = actualImage.frames.first?.image {
            let width = max(e.width, a.width), height = max(e.height, a.height)
            if let problem = DiffImage.triptychProblem([(e.width, e.height), (width, height), (a.width, a.height)], diffHeight: height) {
                throw CLIError("--triptych: \(problem); --out writes the diff alone")
            }
        }
        let result = SnapshotComparison.compare(expected: expectedImage, actual: actualImage, options: options)
        do {
            if out != nil || triptych != nil {
                let pictures = result.diffAndTriptychFrames(triptychs: triptych != nil)
                if let out { try SnapshotComparison.write(pictures.diff, to: URL(fileURLWithPath: out)) }
                if let triptych { try SnapshotComparison.write(pictures.triptych, to: URL(fileURLWithPath: triptych)) }
            }
        } catch {
            throw CLIError("\(error)")
        }
        print(result.matches ? "match: \(result.summary)" : "differ: \(result.summary)")
        if !result.matches { throw ExitCode(1) }
    }
}
