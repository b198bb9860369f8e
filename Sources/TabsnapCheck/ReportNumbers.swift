import Foundation
import Tabsnap

/// A report read back (`report merge`, the preview's report pages) is input like a spec: its
/// numbers are range-checked once, as it is read, against what a check can write. A crafted
/// shard's `scale: -1`, `differingPixels: -5` or `maxDeltaE: 1e308` was carried into the merged
/// report and its pages as if measured (hostile round 47).
extension CheckReport {
    /// The first number out of its range, `results[2].scale: -1 is out of range 0…8`; nil when
    /// every number is one a check could have written.
    func numberProblem() -> String? {
        var problem: String?
        func check(_ value: Double?, _ place: @autoclosure () -> String, _ range: ClosedRange<Double>) {
            guard problem == nil, let value, !(value.isFinite && range.contains(value)) else { return }
            problem = "\(place()): \(Limits.format(value)) is out of range \(Limits.format(range.lowerBound))…\(Limits.format(range.upperBound))"
        }
        func check(_ value: Int?, _ place: @autoclosure () -> String, _ range: ClosedRange<Int>) {
            check(value.map(Double.init), place(), Double(range.lowerBound)...Double(range.upperBound))
        }
        func check(_ options: ComparisonOptions, _ place: String) {
            check(options.maxDeltaE, "\(place).maxDeltaE", Self.deltaE)
            switch options.allowed {
            case .pixels(let count): check(count, "\(place).allowed", 0...Self.pixels)
            case .ratio(let ratio): check(ratio, "\(place).allowed", 0...1)
            }
        }
        check(seconds, "seconds", Self.seconds)
        check(options, "options")
        for (index, result) in results.enumerated() {
            let place = "results[\(index)]"
            check(result.position, "\(place).position", Limits.position)
            check(result.scale, "\(place).scale", Limits.scale)
            check(result.seconds, "\(place).seconds", Self.seconds)
            check(result.differingPixels, "\(place).differingPixels", 0...Self.pixels)
            check(result.totalPixels, "\(place).totalPixels", 0...Self.pixels)
            if problem == nil, let differing = result.differingPixels, let total = result.totalPixels, differing > total {
                problem = "\(place).differingPixels: \(differing) is more than totalPixels (\(total))"
            }
            check(result.maxDeltaE, "\(place).maxDeltaE", Self.deltaE)
            if let region = result.region {
                for (name, value) in [("x", region.x), ("y", region.y), ("width", region.width), ("height", region.height)] {
                    check(value, "\(place).region.\(name)", 0...Limits.pixelsPerSide)
                }
            }
            for (frame, number) in (result.failingFrames ?? []).enumerated() {
                check(number, "\(place).failingFrames[\(frame)]", 0...Limits.framesPerTransition)
            }
            for (title, fit) in (result.titles ?? []).enumerated() {
                check(fit.item, "\(place).titles[\(title)].item", 0...Limits.items.upperBound)
                check(fit.lines, "\(place).titles[\(title)].lines", 0...Limits.textLength)
            }
            if let options = result.options { check(options, "\(place).options") }
        }
        for (index, finding) in (lint?.findings ?? []).enumerated() {
            check(finding.position, "lint.findings[\(index)].position", Limits.position)
            // Positions lint looks at: each button at rest, halfway between two, and past each end.
            check(finding.positions, "lint.findings[\(index)].positions", 0...(2 * Limits.items.upperBound + 2))
            check(finding.item, "lint.findings[\(index)].item", 1...Limits.items.upperBound)
        }
        return problem
    }

    /// CIE ΔE 2000 as `--delta-e` takes it and a comparison measures it (black to white is 100).
    private static let deltaE = 0.0...200
    /// Pixels of a golden at the most: every frame of the largest transition at the largest side.
    private static let pixels = Limits.framesPerTransition * Limits.pixelsPerSide * Limits.pixelsPerSide
    /// A run's seconds: up to a week.
    private static let seconds = 0.0...(7 * 86_400)
}
