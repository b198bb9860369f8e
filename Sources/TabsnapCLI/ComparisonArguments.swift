import ArgumentParser
import Tabsnap

/// Tolerance options `diff` and `check` share. With none given the comparison is exact.
struct ComparisonArguments: ParsableArguments {
    @Option(name: .customLong("delta-e"), help: "Largest CIE ΔE 2000 two pixels may differ by and still match (2 ≈ just noticeable). Turns on anti-aliasing tolerance unless --strict.")
    var deltaE: Double?

    @Option(help: "Differing pixels allowed: a count (12) or a share of all pixels (0.1%). Turns on anti-aliasing tolerance unless --strict.")
    var allow: String?

    @Flag(help: "Count anti-aliased pixels as differences too.")
    var strict = false

    func options() throws -> ComparisonOptions {
        var options = ComparisonOptions.exact
        if let deltaE {
            guard deltaE >= 0, deltaE <= 100 else { throw fail("--delta-e: \(deltaE) is out of range; expected 0 to 100") }
            options.maxDeltaE = deltaE
        }
        if let allow {
            guard let allowance = ComparisonOptions.Allowance(parsing: allow) else {
                throw fail("--allow: '\(allow)' is not a pixel count (12) or a percentage (0.1%)")
            }
            options.allowed = allowance
        }
        options.toleratesAntialiasing = (deltaE != nil || allow != nil) && !strict
        return options
    }
}
