import Foundation
import Tabsnap

/// A report read back (`report merge`) is input like a spec: its numbers are range-checked
/// once, as it is read, against what a check can write, and its golden names are names a check
/// gives. A crafted shard's `scale: -1`, `differingPixels: -5` or `maxDeltaE: 1e308` was carried
/// into the merged report and its pages as if measured (hostile round 47), and a result named ""
/// or "/abs.png" made the real golden an orphan (round 48).
extension CheckReport {
    /// The first value out of its range, `results[2].scale: -1 is out of range 0…8`; nil when
    /// every value is one a check could have written.
    func valueProblem() -> String? {
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
            if problem == nil, result.scale == 0 { problem = "\(place).scale: 0 is out of range; a scale is over 0, up to 8" }
            if problem == nil, result.kind != "spec", let why = Self.nameProblem(result.name) { problem = "\(place).name: \(why)" }
            // A check writes the golden's path as the snapshots folder's and the name (hostile
            // round 128: a shard's `/tmp/outside-secret.png` was carried into the merge).
            if problem == nil, let golden = result.golden, golden.unicodeScalars.contains("\0") || !(golden == result.name || golden.hasSuffix("/" + result.name)) {
                problem = "\(place).golden: not the path of the golden named '\(Self.shown(result.name))' in a snapshots folder"
            }
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
        let lists: [(String, [String]?)] = [("goldens", goldens), ("orphans", orphans), ("pruned", pruned), ("unmarked", unmarked), ("notFiles", notFiles),
                                              ("unentered", unentered)]
        for (list, names) in lists {
            for (index, name) in (names ?? []).enumerated() where problem == nil {
                if let why = Self.nameProblem(name) { problem = "\(list)[\(index)]: \(why)" }
            }
        }
        for (index, finding) in (lint?.findings ?? []).enumerated() {
            check(finding.position, "lint.findings[\(index)].position", Limits.position)
            // Positions lint looks at: each button at rest, halfway between two, and past each end.
            check(finding.positions, "lint.findings[\(index)].positions", 0...(2 * Limits.items.upperBound + 2))
            check(finding.item, "lint.findings[\(index)].item", 1...Limits.items.upperBound)
        }
        return problem
    }

    /// Why `name` is not a golden's name as a check gives it — a path inside the snapshots folder,
    /// without a NUL — or nil when it is one. (Other control characters are in names a check
    /// gives: a spec may be named `line\nbreak.yaml`.)
    private static func nameProblem(_ name: String) -> String? {
        let shown = shown(name)
        if name.isEmpty { return "empty; a golden has a name" }
        if name.unicodeScalars.contains("\0") { return "'\(shown)' holds a NUL character" }
        if name.hasPrefix("/") || name.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
            return "'\(shown)' is not a path inside the snapshots folder"
        }
        return nil
    }

    /// A name as a message shows it: its first 60 characters, control characters as `?`.
    private static func shown(_ name: String) -> String {
        String(name.unicodeScalars.prefix(60).map { $0.properties.generalCategory == .control ? "?" : Character($0) })
    }

    /// CIE ΔE 2000 as `--delta-e` takes it and a comparison measures it (black to white is 100).
    private static let deltaE = 0.0...200
    /// Pixels of a golden at the most: every frame of the largest transition at the largest side.
    private static let pixels = Limits.framesPerTransition * Limits.pixelsPerSide * Limits.pixelsPerSide
    /// A run's seconds: up to a week.
    private static let seconds = 0.0...(7 * 86_400)
}
