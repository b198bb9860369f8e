import Foundation
import TabsnapExamples
import TabsnapFuzzing
import XCTest

/// Every input the fuzzer ever crashed on (Tests/TabsnapSpecTests/FuzzCrashes/, kept by
/// scripts/fuzz) runs through the same pipeline, plus a short fuzz run of fixed seeds.
final class FuzzRegressionTests: XCTestCase {
    static let crashes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("FuzzCrashes")
    let pipeline = FuzzPipeline(baseDirectory: ExampleSpecs.files.first?.deletingLastPathComponent() ?? URL(fileURLWithPath: "."))

    func testEveryKeptCrasherIsHandled() throws {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: Self.crashes.path)) ?? []).filter { $0.hasSuffix(".yaml") }.sorted()
        for name in names {
            let text = try String(contentsOf: Self.crashes.appendingPathComponent(name), encoding: .utf8)
            XCTAssertNoThrow(try pipeline.run(text), name)
        }
    }

    func testAShortFuzzRunFindsNothing() throws {
        let seeds = ExampleSpecs.files.compactMap { try? String(contentsOf: $0, encoding: .utf8) }
        XCTAssertGreaterThan(seeds.count, 5)
        let mutator = SpecMutator(seeds: seeds)
        var generator = SeededGenerator(seed: 20261122)
        var outcomes: [FuzzPipeline.Outcome: Int] = [:]
        for _ in 0..<300 {
            let text = mutator.mutant(using: &generator)
            outcomes[try pipeline.run(text), default: 0] += 1
        }
        // Both sides are exercised: mutants that are refused and mutants that render.
        XCTAssertGreaterThan(outcomes[.refused] ?? 0, 30, "\(outcomes)")
        XCTAssertGreaterThan(outcomes[.rendered] ?? 0, 30, "\(outcomes)")
    }
}
