import ArgumentParser
import Foundation
import Tabsnap
import TabsnapExamples
import TabsnapFuzzing

/// `tabsnap-fuzz`: seeded mutation fuzzing of the spec reader, geometry, renderer and PNG
/// decoders, with the example specs (and any given) as seeds. Each input is written to
/// `--out/current.yaml` before it runs, so a trap leaves its input behind; scripts/fuzz restarts
/// after a crash and keeps every crasher in Tests/TabsnapSpecTests/FuzzCrashes/.
@main
struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "tabsnap-fuzz",
                                                    abstract: "Mutation-fuzz the spec reader, renderer and PNG decoders.")

    @Option(help: "Stop after this many seconds.")
    var seconds: Double = 60

    @Option(help: "Stop after this many inputs.")
    var iterations: Int = Int.max

    @Option(help: "Random seed (the same seed gives the same inputs).")
    var seed: UInt64 = 1

    @Option(help: "Folder for current.yaml (the input being run).")
    var out: String = ".build/fuzz"

    @Option(help: "Also keep every input in this folder as input-NNNNN.yaml (scripts/fingerprint renders them).")
    var keep: String?

    @Argument(help: "More seed specs (files).")
    var seeds: [String] = []

    func run() throws {
        guard seconds > 0, seconds <= 86_400, iterations > 0 else { throw ValidationError("--seconds 0…86400 and --iterations > 0") }
        var texts = ExampleSpecs.files.compactMap { try? String(contentsOf: $0, encoding: .utf8) }
        texts += seeds.compactMap { try? String(contentsOfFile: $0, encoding: .utf8) }
        // Stills and animations (the transition goldens exercise fcTL, fdAT and acTL).
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: "Snapshots")) ?? []).filter { $0.hasSuffix(".png") }.sorted()
        let goldens = (names.filter { $0.contains("transition") || $0.contains("swipe") }.prefix(4) + names.prefix(6)).compactMap { try? [UInt8](Data(contentsOf: URL(fileURLWithPath: "Snapshots/\($0)"))) }
        let folder = URL(fileURLWithPath: out)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        if let keep { try FileManager.default.createDirectory(atPath: keep, withIntermediateDirectories: true) }
        let current = folder.appendingPathComponent("current.yaml")
        let mutator = SpecMutator(seeds: texts)
        let pipeline = FuzzPipeline(baseDirectory: ExampleSpecs.files.first?.deletingLastPathComponent() ?? folder)
        var generator = SeededGenerator(seed: seed)
        let start = Date()
        var counts = (refused: 0, rendered: 0, decoded: 0)
        var done = 0
        while done < iterations, Date().timeIntervalSince(start) < seconds {
            let text = mutator.mutant(using: &generator)
            try Data(text.utf8).write(to: current)
            if let keep {
                try Data(text.utf8).write(to: URL(fileURLWithPath: keep).appendingPathComponent(String(format: "input-%05d.yaml", done)))
            }
            do {
                switch try pipeline.run(text) {
                case .refused: counts.refused += 1
                case .rendered: counts.rendered += 1
                }
            } catch {
                print("finding after \(done) inputs (seed \(seed)): \(error)\ninput kept in \(current.path)")
                throw ExitCode(1)
            }
            if var bytes = goldens.randomElement(using: &generator), !bytes.isEmpty {
                for _ in 0..<Int.random(in: 1...3, using: &generator) { bytes = PNGMutator.mutant(of: bytes, using: &generator) }
                FuzzPipeline.decode(bytes)
                counts.decoded += 1
            }
            done += 1
        }
        try? FileManager.default.removeItem(at: current)
        let elapsed = Date().timeIntervalSince(start)
        print(String(format: "tabsnap-fuzz: %d inputs in %.0f s (seed %llu): %d refused with an error, %d rendered; %d damaged PNGs decoded or refused; no crash",
                     done, elapsed, seed, counts.refused, counts.rendered, counts.decoded))
    }
}
