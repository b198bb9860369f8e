import ArgumentParser
import Foundation
import Tabsnap

/// The variant of a spec a command draws — theme, direction, text size — as a spec's
/// `snapshots:` lists them, so a dark, right-to-left or large-text picture or animation needs no
/// copy of the spec. Each overrides the spec's own (and the direction a locale brings).
struct VariantArguments: ParsableArguments {
    @Option(help: "light or dark (overrides the spec's theme).")
    var theme: Theme?

    @Option(help: "ltr or rtl (overrides the spec's direction, and the one a locale brings).")
    var direction: BarDirection?

    // Unconditional: "-1" is a value to refuse as out of range, not a missing one.
    @Option(name: .customLong("text-scale"), parsing: .unconditional, help: "A Dynamic Type size (large, xxxLarge, accessibility3…) or a factor, 0.5…4: the titles' text size (overrides the spec's textScale).",
            transform: { text in
                do { return try SnapshotTextScale(parsing: text) } catch { throw ValidationError("\(error)") }
            })
    var textScale: SnapshotTextScale?

    /// `bar` in the variant asked for; an error when the preset keeps its text size or the
    /// larger text no longer fits the limits.
    func apply(to bar: inout Bar) throws {
        if let theme { bar.theme = theme }
        if let direction { bar.direction = direction }
        if let textScale {
            // The default size (large, 1×) is what such a bar draws anyway: taken, so one command
            // line serves every spec (hostile round 33).
            if bar.largeContent == nil, textScale.factor != 1, let reason = bar.preset.keepsTextSizeReason { throw CLIError("--text-scale: \(reason)") }
            bar.textScale = textScale.factor
            if let problem = bar.textSizeProblem { throw CLIError("--text-scale: \(problem)") }
        }
    }
}
