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
        // The pictures are PNG (animated when the inputs are); a name of another kind would
        // hold a PNG all the same (round 44: --out o.jpg, --triptych d.gif).
        for (option, path) in [("--out", out), ("--triptych", triptych)] {
            guard let path, !URL(fileURLWithPath: path).lastPathComponent.lowercased().hasSuffix(".png") else { continue }
            throw CLIError("\(option): \(TerminalText.escaped(path)): the picture is written as PNG; give it a name ending in .png")
        }
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
        if out != nil || triptych != nil, expectedImage.frames.count > 1 || actualImage.frames.count > 1,
           let problem = AnimationComparator.picturesProblem(expected: expectedImage, actual: actualImage, triptychs: triptych != nil) {
            throw CLIError("\(triptych != nil ? "--triptych" : "--out"): \(problem); compare without pictures, or with --out alone")
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
        // Pictures are compared as 8-bit RGBA: a 16-bit PNG's low bytes are not looked at, so
        // two that differ only there match, and say so (round 44: "identical", exit 0).
        let depth = [expected, actual].contains(where: Self.isSixteenBit) ? " (at 8 bits per channel: a 16-bit PNG is compared by its samples' high bytes)" : ""
        print(result.matches ? "match: \(result.summary)\(depth)" : "differ: \(result.summary)")
        if !result.matches { throw ExitCode(1) }
    }

    /// Whether the file is a PNG of 16-bit samples (its header's bit depth).
    private static func isSixteenBit(_ path: String) -> Bool {
        guard let bytes = try? BoundedRead.prefix(of: URL(fileURLWithPath: path), count: 25), bytes.count == 25 else { return false }
        return Array(bytes[12..<16]) == Array("IHDR".utf8) && bytes[24] == 16
    }
}
