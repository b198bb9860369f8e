import ArgumentParser
import Tabsnap

/// Tolerance options `diff` and `check` share. With none given the comparison is exact.
struct ComparisonArguments: ParsableArguments {
    @Option(name: .customLong("delta-e"), parsing: .unconditional, help: "Largest CIE ΔE 2000 two pixels may differ by and still match (2 ≈ just noticeable). Turns on anti-aliasing tolerance unless --strict.")
    var deltaE: Double?

    @Option(parsing: .unconditional, help: "Differing pixels allowed: a count (12) or a share of all pixels (0.1%). Turns on anti-aliasing tolerance unless --strict.",
            transform: ComparisonOptions.Allowance.parsing)
    var allow: ComparisonOptions.Allowance?

    @Flag(help: "Count anti-aliased pixels as differences too.")
    var strict = false

    func validate() throws {
        // Exact comparison has no tolerance for --strict to take away: say so rather than ignore it.
        if strict && deltaE == nil && allow == nil { throw ValidationError("--strict goes with --delta-e or --allow") }
        if let deltaE, !(deltaE >= 0 && deltaE <= 100) {
            throw ValidationError("--delta-e: \(Limits.format(deltaE)) is out of range; expected 0 to 100")
        }
        // As a spec's `allow:` is bounded: more pixels than a frame holds allows nothing more.
        if case .pixels(let count)? = allow, count > Limits.pixelsPerFrame {
            throw ValidationError("--allow: \(count) is out of range; expected 0 to \(Limits.pixelsPerFrame) pixels, or a share such as 0.1%")
        }
    }

    var options: ComparisonOptions {
        var options = ComparisonOptions.exact
        if let deltaE { options.maxDeltaE = deltaE }
        if let allow { options.allowed = allow }
        options.toleratesAntialiasing = (deltaE != nil || allow != nil) && !strict
        return options
    }
}
